package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// Walk 8's faults in the bootstrap and debug starts (issue 34, Acceptance
// 1), each through MCP against the fake as an agent meets it.

// npm ci installs the lock exactly and refuses a package.json listing a
// dependency the lock lacks; the sandbox fails that build in npm's words
// and the answer names the lock, not a deploy of an app that would never
// have been built (walk 8: a NestJS app whose lock predated its
// dependencies answered live).
func TestDeploy_NpmCiLockOutOfSync(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands:
        - npm ci
      deployFiles: ./
    run:
      base: nodejs@22
      ports:
        - port: 3000
          httpSupport: true
      start: node index.js
`
	pkg := `{"name":"api","version":"1.0.0","dependencies":{"express":"^4.21.0"},"devDependencies":{"typescript":"^5.6.0"}}`
	tests := []struct {
		name, lock string
		missing    []string // Missing: lines the build log must show
	}{
		{name: "lock lists nothing", lock: `{"lockfileVersion":3,"packages":{"":{"name":"api"}}}`,
			missing: []string{"express@^4.21.0", "typescript@^5.6.0"}},
		{name: "lock lacks a dev dependency", lock: `{"lockfileVersion":3,"packages":{"":{"name":"api"},"node_modules/express":{"version":"4.21.1"}}}`,
			missing: []string{"typescript@^5.6.0"}},
		{name: "v1 lock in sync", lock: `{"lockfileVersion":1,"dependencies":{"express":{"version":"4.21.1"},"typescript":{"version":"5.6.2"}}}`},
		{name: "lock in sync", lock: `{"lockfileVersion":3,"packages":{"":{"name":"api"},"node_modules/express":{"version":"4.21.1"},"node_modules/typescript":{"version":"5.6.2","dev":true}}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml":        yml,
				"package.json":      pkg,
				"package-lock.json": tt.lock,
				"index.js":          "require('express')().listen(3000, '0.0.0.0');\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "npmci")
			answer := text(res)
			if len(tt.missing) == 0 {
				if m["verdict"] == "build-failed" {
					t.Fatalf("a lock in sync failed the build: %s", answer)
				}
				return
			}
			if m["verdict"] != "build-failed" || !strings.Contains(answer, "can only install packages when your package.json and package-lock.json") {
				t.Fatalf("verdict %v, want build-failed with npm ci's out-of-sync lines: %s", m["verdict"], answer)
			}
			for _, p := range tt.missing {
				if !strings.Contains(answer, "Missing: "+p+" from lock file") {
					t.Errorf("the answer lacks `Missing: %s from lock file`: %s", p, answer)
				}
			}
			if sugg := str(m["suggestion"]); !strings.Contains(sugg, "npm install") {
				t.Errorf("suggestion %q does not say to update the lock with npm install", sugg)
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

// npm started by run.start with package.json left out of deployFiles:
// the answer names package.json in deployFiles, not "make run.start name
// a file the build produces" (walk 8: a NestJS app deploying only dist
// and started with `npm run start:prod`).
func TestDeploy_NpmStartWithoutPackageJSON(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	h.ownApp(t, map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands:
        - mkdir -p dist && cp server.js dist/main.js
      deployFiles:
        - dist
    run:
      base: nodejs@22
      ports:
        - port: 3000
          httpSupport: true
      start: npm run start:prod
`,
		"package.json": `{"name":"api","version":"1.0.0","scripts":{"start:prod":"node dist/main.js"}}`,
		"server.js":    "require('http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n",
	})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "npmstart")
	answer := text(res)
	if m["verdict"] != "not-answering" {
		t.Fatalf("verdict %v, want not-answering: %s", m["verdict"], answer)
	}
	next := str(m["next"])
	if !strings.Contains(next, "Add `package.json` to `build.deployFiles`") || strings.Contains(answer, "name a file the build produces") {
		t.Errorf("next %q does not name package.json in deployFiles (or the answer still says the build should produce it): %s", next, answer)
	}
}
