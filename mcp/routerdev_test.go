package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// React Router's and Remix's dev commands run Vite's dev server, on
// localhost:5173 unless told otherwise: `npm run dev` as run.start with
// ports 3000 answers not-answering with Vite's --host/--port fix, as `vite`
// does (walk 10: `react-router dev` was unverified, "could not check where
// `npm run dev` listens").
func TestDeploy_RouterDevServerOnLocalhost(t *testing.T) {
	t.Parallel()
	for _, dev := range []string{"react-router dev", "remix vite:dev"} {
		t.Run(dev, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			pkg := strings.Fields(dev)[0]
			if pkg == "remix" {
				pkg = "@remix-run/dev"
			} else {
				pkg = "@react-router/dev"
			}
			writeApp(t, h.workDir(t), map[string]string{
				"zerops.yml":   strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: npm run dev"),
				"package.json": `{"name": "demo", "version": "1.0.0", "scripts": {"dev": "` + dev + `"}, "devDependencies": {"` + pkg + `": "^7.1.0", "vite": "^5.4.0"}}` + "\n",
				"package-lock.json": `{"name": "demo", "version": "1.0.0", "lockfileVersion": 3, "requires": true, "packages": {"": {"name": "demo", "version": "1.0.0", "devDependencies": {"` + pkg + `": "^7.1.0", "vite": "^5.4.0"}},` +
					` "node_modules/` + pkg + `": {"version": "7.1.0"}, "node_modules/vite": {"version": "5.4.0"}}}` + "\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "dev")
			answer := text(res)
			if m["verdict"] != "not-answering" {
				t.Fatalf("Vite's dev server on its defaults answers: %s", answer)
			}
			if !strings.Contains(answer, "--port 3000") || !strings.Contains(answer, "--host") {
				t.Errorf("the answer names no --host and --port 3000: %s", answer)
			}
		})
	}
}

// Vite's dev and preview servers answer only Host headers they allow
// (localhost and IP addresses unless vite.config's allowedHosts lists
// more): bound to every address on the declared port, the app is not
// answered live but unverified, naming allowedHosts; a config listing them
// is live (walk 10: `react-router dev --host 0.0.0.0 --port 3000` was
// answered live, where Vite answers the subdomain with 403).
func TestDeploy_ViteAllowedHosts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, script, config, want string
	}{
		{"DevOnEveryAddress", "vite --host 0.0.0.0 --port 3000", "", "unverified"},
		{"PreviewOnEveryAddress", "vite preview --host --port 3000", "", "unverified"},
		{"AllowedHostsListed", "vite --host 0.0.0.0 --port 3000", "export default { server: { allowedHosts: ['.zerops.app', 'appstage'] } };\n", "live"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			app := map[string]string{
				"zerops.yml":   strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: npm run dev"),
				"package.json": `{"name": "demo", "version": "1.0.0", "scripts": {"dev": "` + tt.script + `"}, "devDependencies": {"vite": "^6.0.0"}}` + "\n",
				"package-lock.json": `{"name": "demo", "version": "1.0.0", "lockfileVersion": 3, "requires": true, "packages": {"": {"name": "demo", "version": "1.0.0", "devDependencies": {"vite": "^6.0.0"}},` +
					` "node_modules/vite": {"version": "6.0.11"}}}` + "\n",
			}
			if tt.config != "" {
				app["vite.config.js"] = tt.config
			}
			writeApp(t, h.workDir(t), app)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "dev")
			answer := text(res)
			if m["verdict"] != tt.want {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.want, answer)
			}
			if tt.want == "unverified" && !strings.Contains(answer, "allowedHosts") {
				t.Errorf("the unverified answer does not name allowedHosts: %s", answer)
			}
		})
	}
}
