package mcp_test

import (
	"fmt"
	"testing"
)

// walk 17: the official gin-postgres-api recipe reads its database URL with
// `dbUrl, ok := os.LookupEnv(DbUrl)` (DbUrl a const naming DB_URL) and
// panics when it is unset. Deployed without DB_URL it was answered live;
// the sandbox does not print the panic, so the verdict is unverified,
// naming the variable and the line. With DB_URL set it is live.
func TestDeploy_GoLookupEnvRequired(t *testing.T) {
	t.Parallel()
	main := "package main\n\nimport (\n\t\"log\"\n\t\"net/http\"\n\t\"os\"\n)\n\n%s\nfunc main() {\n%s\n\tlog.Fatal(http.ListenAndServe(\":8080\", nil))\n}\n"
	app := func(decl, check string, env map[string]string) map[string]string {
		return map[string]string{
			"zerops.yml": setupYml{base: "go@1", build: []string{"go build -o app ."}, deploy: "./app", env: env, start: "./app"}.String(),
			"go.mod":     "module example.com/app\n\ngo 1.22\n",
			"main.go":    fmt.Sprintf(main, decl, check),
		}
	}
	lookupConst := "\tdbUrl, ok := os.LookupEnv(DbUrl)\n\tif !ok {\n\t\tpanic(\"database url missing set \" + DbUrl + \" env\")\n\t}\n\t_ = dbUrl"
	runDeployCases(t, []deployCase{
		{name: "LookupEnv of a const, panic", files: app("const DbUrl = \"DB_URL\"\n", lookupConst, nil),
			verdict: "unverified", reason: []string{"without DB_URL: main.go:13"}},
		{name: "LookupEnv of a literal, log.Fatal", files: app("", "\tif _, ok := os.LookupEnv(\"API_TOKEN\"); !ok {\n\t\tlog.Fatal(\"API_TOKEN missing\")\n\t}", nil),
			verdict: "unverified", reason: []string{"without API_TOKEN: main.go:11"}},
		{name: "Getenv of a const, os.Exit", files: app("const key = \"SECRET\"\n", "\tif os.Getenv(key) == \"\" {\n\t\tos.Exit(1)\n\t}", nil),
			verdict: "unverified", reason: []string{"without SECRET: main.go:12"}},
		{name: "set", files: app("const DbUrl = \"DB_URL\"\n", lookupConst, map[string]string{"DB_URL": "${db_connectionString}"}), verdict: "live"},
		{name: "a fallback", files: app("", "\tmode, ok := os.LookupEnv(\"MODE\")\n\tif !ok {\n\t\tmode = \"prod\"\n\t}\n\tlog.Println(mode)", nil), verdict: "live"},
	})
}
