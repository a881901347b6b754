package mcp_test

import (
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
