package mcp_test

import (
	"maps"
	"strings"
	"testing"
)

// A Go app that stops when a variable is unset (log.Fatal, panic,
// os.Exit in the block of an if testing it empty) is not answered live
// while no variable sets it: the sandbox does not print what the program
// would, so the verdict is unverified, naming the variable and the line
// (walk 6: main.go's `if redisURL == "" { log.Fatal("REDIS_URL is not
// set") }` deployed without REDIS_URL was answered live). A fallback
// (`port = "8080"`) stops nothing; with the variable set it is live.
func TestDeploy_GoRequiredVariable(t *testing.T) {
	t.Parallel()
	main := "package main\n\nimport (\n\t\"log\"\n\t\"net/http\"\n\t\"os\"\n)\n\nfunc main() {\n%s\n\tlog.Fatal(http.ListenAndServe(\":\"+os.Getenv(\"PORT\"), nil))\n}\n"
	app := func(check string, env map[string]string) map[string]string {
		env = maps.Clone(env)
		if env == nil {
			env = map[string]string{}
		}
		env["PORT"] = "8080"
		return map[string]string{
			"zerops.yml": setupYml{base: "go@1", build: []string{"go build -o app ."}, deploy: "./app", env: env, start: "./app"}.String(),
			"go.mod":     "module example.com/app\n\ngo 1.22\n",
			"main.go":    strings.Replace(main, "%s", check, 1),
		}
	}
	// The reason names the variable and the line; set or with a fallback, live.
	stops := func(name, check, want string) deployCase {
		return deployCase{name: name, files: app(check, nil), verdict: "unverified", reason: []string{want}}
	}
	redis := "\turl := os.Getenv(\"REDIS_URL\")\n\tif url == \"\" {\n\t\tlog.Fatal(\"REDIS_URL is not set\")\n\t}"
	runDeployCases(t, []deployCase{
		stops("variable then log.Fatal", redis, "without REDIS_URL: main.go:11"),
		stops("Getenv in the if, panic", "\tif os.Getenv(\"API_TOKEN\") == \"\" {\n\t\tpanic(\"API_TOKEN missing\")\n\t}", "without API_TOKEN: main.go:10"),
		stops("os.Exit", "\tdsn := os.Getenv(\"DATABASE_URL\")\n\tif dsn == \"\" {\n\t\tlog.Println(\"no DATABASE_URL\")\n\t\tos.Exit(1)\n\t}", "without DATABASE_URL: main.go:11"),
		{name: "set", files: app(redis, map[string]string{"REDIS_URL": "${cache_connectionString}"}), verdict: "live"},
		{name: "a fallback", files: app("\tmode := os.Getenv(\"MODE\")\n\tif mode == \"\" {\n\t\tmode = \"prod\"\n\t}\n\tlog.Println(mode)", nil), verdict: "live"},
	})
}
