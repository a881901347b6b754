package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A build command whose tool finds no manifest among the uploaded files
// (go.mod, pip's requirements file, composer.json) fails the build; the
// diagnosis names the file, not only that a command exited non-zero
// (walk 6: `go build` without go.mod, `pip install -r requirements.txt`
// with requirement.txt uploaded, both answered "Read the lines before the
// failure").
func TestDeploy_BuildNamesTheMissingManifest(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, base, command string
		files               map[string]string
		want                []string
	}{
		{"go.mod", "go@1", "go build -o app .", map[string]string{"main.go": "package main\n\nfunc main() {}\n"}, []string{"`go.mod`", "go mod init"}},
		{"requirements file", "python@3.12", "pip install -r requirements.txt", map[string]string{"requirement.txt": "flask\n", "app.py": "print(1)\n"}, []string{"`requirements.txt`"}},
		{"composer.json", "php@8.4", "composer install --no-dev", map[string]string{"index.php": "<?php echo 1;\n"}, []string{"`composer.json`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{"zerops.yml": "zerops:\n  - setup: appstage\n    build:\n      base: " + tt.base +
				"\n      buildCommands:\n        - " + tt.command + "\n      deployFiles: ./\n    run:\n      base: nodejs@22\n      start: node index.js\n"}
			for k, v := range tt.files {
				files[k] = v
			}
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			if m["verdict"] != "build-failed" {
				t.Fatalf("verdict %v, want build-failed: %s", m["verdict"], text(res))
			}
			d := firstDiagnosis(m["diagnoses"])
			said := str(m["error"]) + " " + d["cause"] + " " + d["evidence"] + " " + d["fix"] + " " + str(m["suggestion"])
			for _, w := range tt.want {
				if !strings.Contains(said, w) {
					t.Errorf("the diagnosis lacks %q: %s", w, text(res))
				}
			}
			// walk 74b: the error and the diagnosis said the same cause
			if c := strings.TrimSuffix(d["cause"], "."); c != "" && strings.Contains(str(m["error"]), c) {
				t.Errorf("the cause is said twice, in the error and the diagnosis: %s", text(res))
			}
		})
	}
}

// Composer runs composer.json's scripts at install: Laravel's `@php
// artisan package:discover` with no artisan uploaded fails the build in
// PHP's and Composer's words, so the answer names the missing file
// (walk 8: such a Laravel app was answered live).
func TestDeploy_ComposerScriptFileMissing(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: php@8.4
      buildCommands:
        - composer install --no-dev%s
      deployFiles: ./
    run:
      base: php-nginx@8.4
      documentRoot: public
      ports:
        - port: 80
          httpSupport: true
`
	composer := `{"require":{"laravel/framework":"^11.0"},"scripts":{"post-autoload-dump":["Illuminate\\Foundation\\ComposerScripts::postAutoloadDump","@php artisan package:discover --ansi"]}}`
	tests := []struct {
		name, flags string
		artisan     bool
		failed      bool
	}{
		{name: "artisan missing", failed: true},
		{name: "artisan uploaded", artisan: true},
		{name: "no scripts", flags: " --no-scripts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{
				"zerops.yml":       fmt.Sprintf(yml, tt.flags),
				"composer.json":    composer,
				"public/index.php": "<?php echo 'hi';\n",
			}
			if tt.artisan {
				files["artisan"] = "#!/usr/bin/env php\n<?php\n"
			}
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "composer")
			answer := text(res)
			if !tt.failed {
				if m["verdict"] == "build-failed" {
					t.Fatalf("the build failed: %s", answer)
				}
				return
			}
			for _, want := range []string{"Could not open input file: artisan",
				"Script @php artisan package:discover --ansi handling the post-autoload-dump event returned with error code 1"} {
				if m["verdict"] != "build-failed" || !strings.Contains(answer, want) {
					t.Fatalf("verdict %v, want build-failed with %q: %s", m["verdict"], want, answer)
				}
			}
			if sugg := str(m["suggestion"]); !strings.Contains(sugg, "artisan") {
				t.Errorf("suggestion %q does not name artisan", sugg)
			}
		})
	}
}
