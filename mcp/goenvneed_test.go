package mcp_test

import (
	"context"
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
	yml := `zerops:
  - setup: appstage
    build:
      base: go@1
      buildCommands:
        - go build -o app .
      deployFiles: ./app
    run:
      base: go@1
      envVariables:
        PORT: "8080"%s
      ports:
        - port: 8080
          httpSupport: true
      start: ./app
`
	main := "package main\n\nimport (\n\t\"log\"\n\t\"net/http\"\n\t\"os\"\n)\n\nfunc main() {\n%s\n\tlog.Fatal(http.ListenAndServe(\":\"+os.Getenv(\"PORT\"), nil))\n}\n"
	tests := []struct {
		name, check, env string
		want             string // in the reason; "": live
	}{
		{"variable then log.Fatal", "\turl := os.Getenv(\"REDIS_URL\")\n\tif url == \"\" {\n\t\tlog.Fatal(\"REDIS_URL is not set\")\n\t}", "", "without REDIS_URL: main.go:11"},
		{"Getenv in the if, panic", "\tif os.Getenv(\"API_TOKEN\") == \"\" {\n\t\tpanic(\"API_TOKEN missing\")\n\t}", "", "without API_TOKEN: main.go:10"},
		{"os.Exit", "\tdsn := os.Getenv(\"DATABASE_URL\")\n\tif dsn == \"\" {\n\t\tlog.Println(\"no DATABASE_URL\")\n\t\tos.Exit(1)\n\t}", "", "without DATABASE_URL: main.go:11"},
		{"set", "\turl := os.Getenv(\"REDIS_URL\")\n\tif url == \"\" {\n\t\tlog.Fatal(\"REDIS_URL is not set\")\n\t}", "\n        REDIS_URL: ${cache_connectionString}", ""},
		{"a fallback", "\tmode := os.Getenv(\"MODE\")\n\tif mode == \"\" {\n\t\tmode = \"prod\"\n\t}\n\tlog.Println(mode)", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml": strings.Replace(yml, "%s", tt.env, 1),
				"go.mod":     "module example.com/app\n\ngo 1.22\n",
				"main.go":    strings.Replace(main, "%s", tt.check, 1),
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			if tt.want == "" {
				if m["verdict"] != "live" {
					t.Errorf("verdict %v, want live: %s", m["verdict"], text(res))
				}
				return
			}
			check, _ := m["check"].(map[string]any)
			if reason := str(check["reason"]); m["verdict"] != "unverified" || !strings.Contains(reason, tt.want) {
				t.Errorf("verdict %v, reason %q; want unverified naming %q: %s", m["verdict"], reason, tt.want, text(res))
			}
		})
	}
}
