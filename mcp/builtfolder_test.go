package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// deployFiles naming a folder the build did not write: the answer names
// the folder the build did write, where the sandbox reads it (vite's dist
// or its build.outDir, tsc's outDir, Next's .next, Angular's
// dist/<name>/browser), as the fix (walk 12: "Make build.deployFiles name
// paths the build actually produces" without saying which).
func TestDeploy_DeployFilesMissingNamesWhatTheBuildWrote(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands: [npm ci, npm run build]
      deployFiles: %s
    run:
      base: nodejs@22
      ports: [{port: 3000, httpSupport: true}]
      start: node server.js
`
	lock := `{"lockfileVersion":3,"packages":{"":{"name":"web"}}}`
	pkg := func(build string) string {
		return `{"name":"web","version":"1.0.0","scripts":{"build":"` + build + `"}}`
	}
	tests := []struct {
		name, deploy string
		files        map[string]string
		wrote        string // the folder the answer names as the build's
	}{
		{"ViteDefault", "[build, server.js]", map[string]string{"package.json": pkg("vite build"), "index.html": "<div id=app></div>\n"}, "dist"},
		{"ViteOutDir", "[dist, server.js]", map[string]string{"package.json": pkg("vite build"), "index.html": "<div></div>\n",
			"vite.config.js": "import { defineConfig } from 'vite'\nexport default defineConfig({ build: { outDir: 'public/app' } })\n"}, "public/app"},
		{"TscOutDir", "[dist, server.js]", map[string]string{"package.json": pkg("tsc"), "src/index.ts": "export const x = 1;\n",
			"tsconfig.json": `{"compilerOptions": {"outDir": "lib", "target": "es2022"}, "include": ["src"]}`}, "lib"},
		{"Next", "[dist, server.js]", map[string]string{"package.json": pkg("next build"), "app/page.js": "export default function P() { return 'hi' }\n"}, ".next"},
		{"AngularApplication", "[dist/browser, server.js]", map[string]string{"package.json": pkg("ng build"),
			"angular.json": `{"projects": {"shop": {"architect": {"build": {"builder": "@angular/build:application", "options": {"outputPath": "dist/shop"}}}}}}`}, "dist/shop/browser"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{"zerops.yml": fmt.Sprintf(yml, tt.deploy), "package-lock.json": lock,
				"server.js": "require('node:http').createServer((q, s) => s.end('ok')).listen(3000);\n"}
			for k, v := range tt.files {
				files[k] = v
			}
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "tok")
			answer := text(res)
			if m["verdict"] != "build-failed" {
				t.Fatalf("verdict %v, want build-failed: %s", m["verdict"], answer)
			}
			if want := "the build wrote `" + tt.wrote + "`"; !strings.Contains(answer, want) {
				t.Errorf("the answer lacks %q: %s", want, answer)
			}
		})
	}
}
