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
