package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// Angular 17+'s application builder writes its browser files under
// outputPath's browser/: `dist/shopfront/~` on static deploys browser/
// without an index at the top, which answers 404, and the answer names the
// browser folder; `dist/shopfront/browser/~` is live; a builder whose
// outputs it does not read is not answered live (walk 10:
// `dist/shopfront/~` was answered live).
func TestDeploy_AngularBrowserFolder(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: web
    build:
      base: nodejs@22
      buildCommands:
        - npm install
        - npm run build
      deployFiles: %s
    run:
      base: static
`
	angular := `{"version": 1, "projects": {"shopfront": {"projectType": "application", "root": "", "sourceRoot": "src",
  "architect": {"build": {"builder": "%s", "options": {"outputPath": "dist/shopfront", "index": "src/index.html", "browser": "src/main.ts"}}}}}}`
	tests := []struct {
		name, builder, deploy, want string
	}{
		{"ApplicationOutputPath", "@angular/build:application", "dist/shopfront/~", "degraded"},
		{"ApplicationBrowser", "@angular/build:application", "dist/shopfront/browser/~", "live"},
		{"OlderBrowserBuilder", "@angular-devkit/build-angular:browser", "dist/shopfront/~", "live"},
		{"UnknownBuilder", "@nx/angular:webpack-browser", "dist/shopfront/~", "unverified"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: web\n    type: static\n"}, "import"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			h.ownApp(t, map[string]string{
				"zerops.yml":     strings.Replace(yml, "%s", tt.deploy, 1),
				"package.json":   `{"name": "shopfront", "version": "0.0.0", "scripts": {"build": "ng build"}, "devDependencies": {"@angular/cli": "^19.0.0"}}`,
				"angular.json":   strings.Replace(angular, "%s", tt.builder, 1),
				"src/index.html": "<app-root></app-root>\n",
				"src/main.ts":    "console.log(1)\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "web"}, "ng")
			answer := text(res)
			if m["verdict"] != tt.want {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.want, answer)
			}
			if tt.want == "degraded" && !strings.Contains(str(m["next"]), "browser/~") {
				t.Errorf("next %q does not name the browser folder", m["next"])
			}
		})
	}
}
