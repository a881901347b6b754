package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A run.start on php-nginx or php-apache runs beside the web server. For a
// worker (a queue consumer) that start is the point of the setup: the
// warning keeps it and never tells the agent to remove it, which would
// leave the worker doing nothing (walk9: `messenger:consume` told "Remove
// run.start"). A development server of the app's own is still told to go.
func TestValidate_PHPWebServerStartFitsAWorker(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, base, start string
		worker            bool
	}{
		{"messenger consumer", "php-nginx@8.4", "php bin/console messenger:consume async --time-limit=3600", true},
		{"laravel queue", "php-apache@8.4", "php artisan queue:work --tries=3", true},
		{"horizon", "php-nginx@8.4", "php artisan horizon", true},
		{"artisan serve", "php-nginx@8.4", "php artisan serve --host=0.0.0.0 --port=8000", false},
		{"php built-in server", "php-apache@8.4", "php -d memory_limit=256M -S 0.0.0.0:8000 -t public", false},
	}
	h := newHarness(t, harnessOpts{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			content := "zerops:\n  - setup: worker\n    build:\n      base: php@8.4\n      buildCommands: [composer install --no-dev]\n      deployFiles: ./\n" +
				"    run:\n      base: " + tt.base + "\n      start: " + tt.start + "\n"
			res, m := h.call(t, "zerops_validate", map[string]any{"content": content})
			wantOK(t, res)
			var fix string
			ws, _ := m["warnings"].([]any)
			for _, w := range ws {
				if w, _ := w.(map[string]any); w["path"] == "zerops[0].run.start" {
					fix = str(w["fix"])
				}
			}
			if fix == "" {
				t.Fatalf("no warning at run.start: %s", text(res))
			}
			removes := strings.HasPrefix(fix, "Remove run.start")
			switch {
			case tt.worker && (removes || !strings.Contains(fix, "keep run.start")):
				t.Errorf("a worker's start is told to go (or not kept): %s", fix)
			case !tt.worker && !removes:
				t.Errorf("an app server of its own on a web server runtime is not told to go: %s", fix)
			}
		})
	}
}

// A worker deployed on php-nginx: its web server has no index to serve,
// so port 80 answers 404. That is no fault of the worker, and the answer
// does not send the agent to set a documentRoot nor to remove the start
// (walk9: "set run.documentRoot" for a messenger consumer).
func TestDeploy_PHPWorkerOnAWebServerRuntime(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: worker\n    type: php-nginx@8.4\n"}, "imp"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	h.ownApp(t, map[string]string{
		"zerops.yml": "zerops:\n  - setup: worker\n    build:\n      base: php@8.4\n      buildCommands:\n        - composer install --no-dev\n      deployFiles: ./\n" +
			"    run:\n      base: php-nginx@8.4\n      start: php bin/console messenger:consume async --time-limit=3600\n",
		"composer.json":    `{"require": {}}`,
		"bin/console":      "#!/usr/bin/env php\n<?php\n",
		"public/index.php": "<?php echo 'hi';\n",
	})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "worker"}, "v1")
	out, next := text(res), str(m["next"])
	if strings.Contains(out, `"fix":"Remove run.start`) || strings.Count(out, "keep run.start") != 1 {
		t.Errorf("a worker is told to remove its start, or to keep it more than once: %s", out)
	}
	if !strings.Contains(next, "is a worker") || strings.Contains(next, "if it still fails") || strings.Contains(next, "set run.documentRoot in zerops.yml") {
		t.Errorf("the next step does not fit a worker: %s", out)
	}
}
