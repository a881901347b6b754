package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A Bun app's own modules, imported by a relative path, are followed as
// Bun resolves them (no extension, a `.js` naming its `.ts`, a directory's
// index): one the deploy lacks fails the start with Bun's line and the
// diagnosis names the module and its importer, never live (walk 6: an
// index.ts importing "./routes" with only lib/routes.ts deployed was
// answered live).
func TestDeploy_BunOwnModule(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: bun@1.2
      buildCommands:
        - bun install
      deployFiles:
        - index.ts
        - lib
        - package.json
        - node_modules
    run:
      base: bun@1.2
      envVariables:
        PORT: "3000"
      ports:
        - port: 3000
          httpSupport: true
      start: bun run start
`
	entry := "import { routes } from \"%s\";\n\nexport default { port: Bun.env.PORT, fetch(req: Request) { return routes(req); } };\n"
	tests := []struct {
		name, spec string
		files      map[string]string
		live       bool
		want       []string
	}{
		{name: "missing", spec: "./routes", want: []string{`Cannot find module "./routes" from "/var/www/index.ts"`, "`./routes`", "from index.ts"}},
		{name: "missing two deep", spec: "./lib/routes", files: map[string]string{"lib/routes.ts": "export { routes } from \"./handlers\";\n"},
			want: []string{`Cannot find module "./handlers" from "/var/www/lib/routes.ts"`, "`./handlers`", "from lib/routes.ts"}},
		{name: "no extension", spec: "./lib/routes", live: true},
		{name: "js naming ts", spec: "./lib/routes.js", live: true},
		{name: "directory index", spec: "./lib", files: map[string]string{"lib/index.ts": "export { routes } from \"./routes\";\n"}, live: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{
				"zerops.yml":    yml,
				"package.json":  `{"name":"bunapi","version":"1.0.0","scripts":{"start":"bun run index.ts"}}`,
				"index.ts":      strings.Replace(entry, "%s", tt.spec, 1),
				"lib/routes.ts": "export function routes(req: Request) { return new Response(\"ok\"); }\n",
			}
			for k, v := range tt.files {
				files[k] = v
			}
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			if tt.live {
				if m["verdict"] != "live" {
					t.Errorf("verdict %v, want live: %s", m["verdict"], text(res))
				}
				return
			}
			check, _ := m["check"].(map[string]any)
			first := firstDiagnosis(check["diagnoses"])
			if m["verdict"] != "not-answering" || first["signal"] != "module-not-found-at-runtime" {
				t.Fatalf("verdict %v, first diagnosis %v; want not-answering naming module-not-found-at-runtime: %s", m["verdict"], first, text(res))
			}
			said := first["evidence"] + " " + first["cause"] + " " + str(m["next"])
			for _, w := range tt.want {
				if !strings.Contains(said, w) {
					t.Errorf("the diagnosis and next lack %q: %s", w, text(res))
				}
			}
			if strings.Contains(text(res), "names the file with its extension") {
				t.Errorf("the answer asks Bun for an extension it does not need: %s", text(res))
			}
		})
	}
}

// A Bun app importing a package its deployed node_modules lacks (the
// build's install put in what package.json lists) fails as Bun does,
// and the fix adds the package with Bun's own command; with no
// node_modules deployed Bun installs it itself (walk 7: an index.ts
// importing "hono", which package.json did not list, was answered live).
func TestDeploy_BunPackageNotInstalled(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: bun@1.2\n      buildCommands:\n        - bun install\n      deployFiles:\n        - index.ts\n        - package.json\n%s" +
		"    run:\n      base: bun@1.2\n      ports:\n        - port: 3000\n          httpSupport: true\n      start: bun run start\n"
	tests := []struct {
		name, deps, modules, verdict string
	}{
		{"not listed", "{}", "        - node_modules\n", "not-answering"},
		{"listed", `{"hono": "^4.6.0"}`, "        - node_modules\n", "live"},
		{"no node_modules deployed", "{}", "", "live"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml":   fmt.Sprintf(yml, tt.modules),
				"package.json": `{"name": "bh", "version": "1.0.0", "scripts": {"start": "bun run index.ts"}, "dependencies": ` + tt.deps + `}`,
				"index.ts":     "import { Hono } from \"hono\";\n\nconst app = new Hono();\napp.get(\"/\", (c) => c.text(\"ok\"));\n\nexport default { port: 3000, fetch: app.fetch };\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "bun")
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, text(res))
			}
			if tt.verdict == "live" {
				return
			}
			if !strings.Contains(text(res), `error: Cannot find package 'hono' from '/var/www/index.ts'`) {
				t.Errorf("no Bun line for the missing package: %s", text(res))
			}
			if next := str(m["next"]); !strings.Contains(next, "`bun add hono`") || strings.Contains(next, "npm install") {
				t.Errorf("next %q, want `bun add hono`, not npm", next)
			}
		})
	}
}
