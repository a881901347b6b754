package mcp_test

import (
	"fmt"
	"maps"
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
	// app deploys deploy, the build wrote wrote: the answer names wrote.
	app := func(name, deploy, wrote string, own map[string]string) deployCase {
		files := map[string]string{"zerops.yml": fmt.Sprintf(yml, deploy), "package-lock.json": lock,
			"server.js": "require('node:http').createServer((q, s) => s.end('ok')).listen(3000);\n"}
		maps.Copy(files, own)
		return deployCase{name: name, files: files, verdict: "build-failed", says: []string{"the build wrote `" + wrote + "`"}}
	}
	runDeployCases(t, []deployCase{
		app("ViteDefault", "[build, server.js]", "dist", map[string]string{"package.json": pkg("vite build"), "index.html": "<div id=app></div>\n"}),
		app("ViteOutDir", "[dist, server.js]", "public/app", map[string]string{"package.json": pkg("vite build"), "index.html": "<div></div>\n",
			"vite.config.js": "import { defineConfig } from 'vite'\nexport default defineConfig({ build: { outDir: 'public/app' } })\n"}),
		app("TscOutDir", "[dist, server.js]", "lib", map[string]string{"package.json": pkg("tsc"), "src/index.ts": "export const x = 1;\n",
			"tsconfig.json": `{"compilerOptions": {"outDir": "lib", "target": "es2022"}, "include": ["src"]}`}),
		app("Next", "[dist, server.js]", ".next", map[string]string{"package.json": pkg("next build"), "app/page.js": "export default function P() { return 'hi' }\n"}),
		app("AngularApplication", "[dist/browser, server.js]", "dist/shop/browser", map[string]string{"package.json": pkg("ng build"),
			"angular.json": `{"projects": {"shop": {"architect": {"build": {"builder": "@angular/build:application", "options": {"outputPath": "dist/shop"}}}}}}`}),
	})
}
