package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A php-nginx (or static) setup with a server of its own in run.start and
// its port in run.ports: the diagnosis says to remove both, and the
// zerops.yml warning saying the same is not repeated beside it, nor sent
// as a step to take first with the diagnosis's fix as a fallback "if it
// still fails" (walk 6: `php artisan serve --port=8000` on php-nginx).
func TestDeploy_WebServerStartFixOnce(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, base, start string
		files             map[string]string
	}{
		{"artisan serve", "php-nginx@8.4", "php artisan serve --port=8000", map[string]string{"artisan": "#!/usr/bin/env php\n<?php\n", "public/index.php": "<?php echo 'hi';\n"}},
		{"npx serve", "static@1.0", "npx serve -l 8000", map[string]string{"public/index.html": "<h1>hi</h1>\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			imp := "services:\n  - hostname: site\n    type: " + tt.base + "\n"
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": imp}, "imp"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			files := map[string]string{"zerops.yml": `zerops:
  - setup: site
    build:
      base: nodejs@22
      deployFiles: ./
    run:
      base: ` + tt.base + `
      documentRoot: public
      ports:
        - port: 8000
          httpSupport: true
      start: ` + tt.start + "\n"}
			for k, v := range tt.files {
				files[k] = v
			}
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "site"}, "v1")
			if m["verdict"] == "live" {
				t.Fatalf("live: %s", text(res))
			}
			answer := text(res)
			if n := strings.Count(answer, "Remove run.start") + strings.Count(answer, "Remove `run.ports` (and `run.start`)"); n != 1 {
				t.Errorf("the fix to remove run.start is said %d times, want once: %s", n, answer)
			}
			if strings.Contains(answer, "if it still fails") {
				t.Errorf("the answer sends the agent through the same fix twice: %s", answer)
			}
		})
	}
}
