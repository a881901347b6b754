package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestDeploy_InitFileTypoNamesTheFile: `php artisn config:cache` in
// run.initCommands beside an uploaded `artisan` fails with PHP's line as
// evidence and a fix correcting the name, not one deploying a file named
// `artisn` (walk 87, own: the Laravel goal); a file with an extension
// (seed.php for sed.php) is corrected the same way, and a name nothing
// is near keeps the deploy-or-correct fix.
func TestDeploy_InitFileTypoNamesTheFile(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, init, evidence, fix string }{
		{"artisan", "php artisn config:cache", "Could not open input file: artisn", "In `php artisn config:cache` in `run.initCommands`, write `artisan` in place of `artisn`"},
		{"a php script", "php sed.php", "Could not open input file: sed.php", "write `seed.php` in place of `sed.php`"},
		{"nothing near", "php bootstrap.php", "", "Deploy `bootstrap.php`: the build must have it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: php-nginx@8.4\n"}, "import"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			yml := "zerops:\n  - setup: api\n    build:\n      base: php@8.4\n      deployFiles: ./\n    run:\n      base: php-nginx@8.4\n      documentRoot: public\n" +
				"      initCommands:\n        - " + tc.init + "\n"
			wd := h.ownApp(t, map[string]string{"zerops.yml": yml, "artisan": "<?php\n", "seed.php": "<?php\n", "public/index.php": "<?php\necho 'ok';\n"})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": wd, "targetService": "api"}, "deploy")
			if m["verdict"] != "deploy-failed" {
				t.Fatalf("verdict %v, want deploy-failed: %s", m["verdict"], text(res))
			}
			if s := str(m["suggestion"]); !strings.Contains(s, tc.fix) {
				t.Errorf("suggestion %q lacks %q", s, tc.fix)
			}
			if tc.evidence != "" && !strings.Contains(text(res), `"evidence":"`+tc.evidence) {
				t.Errorf("the evidence is not PHP's line %q: %s", tc.evidence, text(res))
			}
		})
	}
}

// TestDeploy_WorkerBesideWebServerIsSaid: a run.start beside php-nginx's
// web server (a queue worker) was not mentioned at all; one that cannot
// start (`php artisn`) is said with PHP's line, one that may run is said
// not followed, and neither is called live.
func TestDeploy_WorkerBesideWebServerIsSaid(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ start, says string }{
		{"php artisn queue:work", "run.start `php artisn queue:work` exits at once here (\"Could not open input file: artisn\")"},
		{"php artisan queue:work", "whether run.start `php artisan queue:work`, beside the web server, keeps running: the sandbox does not follow it"},
	} {
		t.Run(tc.start, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: php-nginx@8.4\n"}, "import"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			yml := "zerops:\n  - setup: api\n    build:\n      base: php@8.4\n      deployFiles: ./\n    run:\n      base: php-nginx@8.4\n      documentRoot: public\n      start: " + tc.start + "\n"
			wd := h.ownApp(t, map[string]string{"zerops.yml": yml, "artisan": "<?php\n", "public/index.php": "<?php\necho 'ok';\n"})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": wd, "targetService": "api"}, "deploy")
			check, _ := m["check"].(map[string]any)
			if m["verdict"] != "unverified" || !strings.Contains(str(check["reason"]), tc.says) {
				t.Errorf("verdict %v, want unverified saying %q: %s", m["verdict"], tc.says, text(res))
			}
		})
	}
}

// TestDeploy_WebServerRunBaseOnAnotherType: php-nginx pushed as the run
// base of a nodejs service, with run.ports 3000 and a start beside the
// web server: port 80 is its web server's, so the fix drops run.ports and
// run.start, never a PORT variable the PHP code cannot use (walk 88).
func TestDeploy_WebServerRunBaseOnAnotherType(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	yml := "zerops:\n  - setup: appdev\n    build:\n      base: php@8.3\n      deployFiles: ./\n    run:\n      base: php-nginx@8.3\n      documentRoot: public\n" +
		"      ports:\n        - port: 3000\n          httpSupport: true\n      start: php artisn serve --host=0.0.0.0 --port=3000\n"
	wd := h.ownApp(t, map[string]string{"zerops.yml": yml, "artisan": "<?php\n", "public/index.php": "<?php\necho 'ok';\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": wd, "targetService": "appdev"}, "deploy")
	if next := str(m["next"]); m["verdict"] != "not-answering" || !strings.Contains(next, "Remove `run.ports` (and `run.start`) from zerops.yml: php-nginx needs neither") ||
		strings.Contains(text(res), "getenv('PORT')") {
		t.Errorf("verdict %v: want run.ports and run.start dropped, no PORT: %s", m["verdict"], text(res))
	}
}
