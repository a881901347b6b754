package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A Vite server left on its defaults prints two lines for one listener:
// "use --host to expose" (localhost) and "Local: http://localhost:4173/"
// (another port). The localhost fix already binds the declared port, so
// the answer states the port change once, not again as a wrong-port fix
// (walk9b: SvelteKit's `npm run preview`, both fixes in one answer).
func TestDeploy_VitePreviewFixStatedOnce(t *testing.T) {
	t.Parallel()
	cases := []struct{ name, start, script string }{
		{"preview script", "npm run preview", "vite preview"},
		{"dev server", "npx vite", "vite"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{
				"zerops.yml":   strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: "+tc.start),
				"package.json": `{"name": "demo", "version": "1.0.0", "scripts": {"preview": "` + tc.script + `"}, "devDependencies": {"vite": "^5.2.0"}}` + "\n",
				"package-lock.json": `{"name": "demo", "version": "1.0.0", "lockfileVersion": 3, "requires": true, "packages": {"": {"name": "demo", "version": "1.0.0", "devDependencies": {"vite": "^5.2.0"}},` +
					` "node_modules/vite": {"version": "5.2.0"}}}` + "\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "vite")
			if m["verdict"] != "not-answering" {
				t.Fatalf("a Vite server on its defaults answers: %s", text(res))
			}
			answer := text(res)
			if !strings.Contains(answer, "--port 3000") {
				t.Fatalf("the answer names no --port 3000: %s", answer)
			}
			if n := strings.Count(answer, "--port 3000"); n != 1 {
				t.Errorf("the answer states the port change %d times, want once: %s", n, answer)
			}
		})
	}
}
