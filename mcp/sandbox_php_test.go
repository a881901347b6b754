package mcp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
)

// The walk's PHP recipe with a misspelt composer option: the sandbox's
// build fails as Composer's console refuses it, the deploy answers
// build-failed, and the diagnosis names the options it is nearest to.
func TestSandbox_ComposerOptionTypo(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) { d.ReadyWait = 3 * time.Second }})
	h.ownApp(t, map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: [php@8.3]
      buildCommands:
        - composer install --optimize-autoloader --no-dev --ignore-platform-reqz
      deployFiles: [./index.php, ./vendor]
    run:
      base: php-nginx@8.3
`,
		"composer.json": `{"require": {"ramsey/uuid": "^4.7"}}`,
		"index.php":     "<?php\nrequire 'vendor/autoload.php';\n\necho 'hello';\n",
	})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "composer-option")
	diags := m["diagnoses"]
	if check, ok := m["check"].(map[string]any); ok {
		diags = check["diagnoses"]
	}
	first := firstDiagnosis(diags)
	if m["verdict"] != string(platform.VerdictBuildFailed) || first["signal"] != "build-command-failed" {
		t.Fatalf("verdict %v, first diagnosis %v; want build-failed naming build-command-failed:\n%s", m["verdict"], first, text(res))
	}
	if fix := str(m["suggestion"]); !strings.Contains(fix, "`--ignore-platform-req` or `--ignore-platform-reqs`") {
		t.Errorf("the suggestion names no near option: %q\n%s", fix, text(res))
	}
}

// recipe-php's nginx setup checks /status while it runs: php-nginx hands
// the path to index.php, whose code the sandbox does not read for routes,
// so the verdict is unverified naming the check, as it is for a Go, Node
// or Python app checked alike (walk G05 was told live); checked at a file
// the deploy carries, it is live.
func TestSandbox_PHPHealthCheckPath(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, path, verdict, reason string }{
		{"a path PHP answers", "/status", "unverified", "whether the app answers 2xx at /status on port 80, which run.healthCheck asks while it runs (the web server hands the path to PHP"},
		{"a deployed file", "/status.txt", "live", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) { d.ReadyWait = 3 * time.Second }})
			h.ownApp(t, map[string]string{
				"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: [php@8.3]
      buildCommands:
        - composer install --optimize-autoloader --no-dev
      deployFiles: [./index.php, ./status.txt, ./vendor]
    run:
      base: php-nginx@8.3
      healthCheck:
        httpGet:
          port: 80
          path: ` + tc.path + `
`,
				"composer.json": `{"require": {"ramsey/uuid": "^4.7"}}`,
				"index.php":     "<?php\nrequire 'vendor/autoload.php';\n\nif (parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) == '/status') {\n    echo json_encode(['status' => 'UP']);\n    exit;\n}\necho 'hello';\n",
				"status.txt":    "UP\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "php-health")
			check, _ := m["check"].(map[string]any)
			if m["verdict"] != tc.verdict || !strings.Contains(str(check["reason"]), tc.reason) {
				t.Errorf("verdict %v (reason %q), want %s naming %q:\n%s", m["verdict"], check["reason"], tc.verdict, tc.reason, text(res))
			}
		})
	}
}
