package mcp_test

import (
	"strings"
	"testing"
)

// An app that stops without DB_URL, which no variable sets: the step
// names the reference to the project's database, in run.envVariables,
// not a secret to type the URL into (walk 75b: the previous version had
// DB_URL: ${db_connectionString}; the answer offered a token secret).
// A variable that names no service's address keeps the secret step.
func TestDeploy_UnsetAddressVariableNamesTheReference(t *testing.T) {
	t.Parallel()
	app := func(key string) map[string]string {
		return map[string]string{
			"zerops.yml": setupYml{base: "go@1", build: []string{"go build -o app ."}, deploy: "app", start: "./app", port: 8080}.String(),
			"go.mod":     "module example.com/api\n\ngo 1.22\n",
			"main.go": "package main\n\nimport (\n\t\"log\"\n\t\"net/http\"\n\t\"os\"\n)\n\nfunc main() {\n\tif os.Getenv(\"" + key + "\") == \"\" {\n\t\tlog.Fatal(\"" + key + " is required\")\n\t}\n" +
				"\thttp.HandleFunc(\"/\", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte(\"ok\")) })\n\tlog.Fatal(http.ListenAndServe(\":8080\", nil))\n}\n",
		}
	}
	runDeployCases(t, []deployCase{
		{name: "DB_URL", files: app("DB_URL"), verdict: "unverified", next: []string{"`DB_URL: ${db_connectionString}` (db is postgresql@16)", "run.envVariables"}},
		{name: "API_TOKEN", files: app("API_TOKEN"), verdict: "unverified", next: []string{"set API_TOKEN, which the code reads and no variable sets, as a secret with zerops_env"},
			and: func(t *testing.T, answer string, _ map[string]any) {
				if strings.Contains(answer, "${db_") {
					t.Errorf("a token is offered a database reference: %s", answer)
				}
			}},
		// A walk: MAIL_HOST was offered as a secret.
		{name: "MAIL_HOST", files: app("MAIL_HOST"), verdict: "unverified", next: []string{"set MAIL_HOST, which the code reads and no variable sets, in run.envVariables of zerops.yml"},
			and: func(t *testing.T, answer string, _ map[string]any) {
				if strings.Contains(answer, "as a secret") {
					t.Errorf("a host is offered as a secret: %s", answer)
				}
			}},
	})
}
