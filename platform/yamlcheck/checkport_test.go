package yamlcheck_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/yamlcheck"
)

// An httpGet check asking a port run.ports does not declare is warned of
// at the check's port, naming the declared port as the fix; never refused,
// as the check may ask any port the app listens on in its container.
func TestValidate_CheckPortNotDeclared(t *testing.T) {
	t.Parallel()
	const head = "zerops:\n  - setup: app\n    build: {base: nodejs@22, deployFiles: ./}\n"
	tests := []struct {
		name, content string
		path          string // the warning's path; "" none
		fix           string // what its fix says
	}{
		{"health check on another port", head + "    run: {base: nodejs@22, start: node index.js, ports: [{port: 8080, httpSupport: true}], healthCheck: {httpGet: {port: 3000, path: /status}}}\n",
			"zerops[0].run.healthCheck.httpGet.port", "Set run.healthCheck.httpGet.port to 8080"},
		{"readiness check on another port", head + "    deploy: {readinessCheck: {httpGet: {port: 3000, path: /}}}\n    run: {base: nodejs@22, start: node index.js, ports: [{port: 8080, httpSupport: true}]}\n",
			"zerops[0].deploy.readinessCheck.httpGet.port", "Set deploy.readinessCheck.httpGet.port to 8080"},
		{"several ports declared", head + "    run: {base: nodejs@22, start: node index.js, ports: [{port: 8080}, {port: 9000}], healthCheck: {httpGet: {port: 3000, path: /}}}\n",
			"zerops[0].run.healthCheck.httpGet.port", "(8080, 9000)"},
		{"check on a declared port", head + "    deploy: {readinessCheck: {httpGet: {port: 9000, path: /}}}\n    run: {base: nodejs@22, start: node index.js, ports: [{port: 8080}, {port: 9000}], healthCheck: {httpGet: {port: 8080, path: /}}}\n", "", ""},
		{"exec check", head + "    run: {base: nodejs@22, start: node index.js, ports: [{port: 8080}], healthCheck: {exec: {command: curl -f localhost:3000}}}\n", "", ""},
		{"no ports (web server on 80)", head + "    run: {base: php-nginx@8.3, healthCheck: {httpGet: {port: 80, path: /}}}\n", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := yamlcheck.Validate(tt.content, "zerops.yml")
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range res.Errors {
				if strings.Contains(e.Path, "httpGet") {
					t.Errorf("error at the check: %+v", e)
				}
			}
			var got string
			for _, w := range res.Warnings {
				if strings.Contains(w.Problem, "which run.ports does not declare") {
					got = w.Path
					if !strings.Contains(w.Fix, tt.fix) {
						t.Errorf("fix %q: want it to say %q", w.Fix, tt.fix)
					}
				}
			}
			if got != tt.path {
				t.Errorf("warning at %q, want %q: warnings %+v", got, tt.path, res.Warnings)
			}
		})
	}
}
