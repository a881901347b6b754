package mcp_test

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// The most common Node deploy mistake end to end: npm ci in the build, but
// deployFiles without node_modules. The app dies at start on the package it
// requires; the deploy is not live, names the package, and its fix is to
// deploy node_modules. With that applied the next deploy is live.
func TestSandbox_NodeModulesNotDeployed(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) { d.ReadyWait = 3 * time.Second }})
	wd := h.workDir(t)
	broken := strings.ReplaceAll(demoZeropsYml, "deployFiles: ./", "deployFiles: [index.js, package.json]")
	writeApp(t, wd, map[string]string{
		"zerops.yml":   broken,
		"package.json": `{"name": "demo", "version": "1.0.0", "scripts": {"start": "node index.js"}, "dependencies": {"express": "^4.21.0"}}` + "\n",
		"package-lock.json": `{"name": "demo", "lockfileVersion": 3, "packages": {"": {"dependencies": {"express": "^4.21.0"}},` +
			` "node_modules/express": {"version": "4.21.2"}}}` + "\n", // in sync: npm ci installs it
		"index.js": "const express = require('express');\nconst app = express();\napp.get('/', (q, s) => s.send('ok'));\n" +
			"app.listen(3000, '0.0.0.0', () => console.log('Listening on 0.0.0.0:3000'));\n",
	})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "nomods")
	if m["verdict"] != string(platform.VerdictNotAnswering) {
		t.Fatalf("verdict = %v, want %s: %s", m["verdict"], string(platform.VerdictNotAnswering), text(res))
	}
	body := text(res)
	for _, want := range []string{"module-not-found-at-runtime", "Cannot find module 'express'", "`express`"} {
		if !strings.Contains(body, want) {
			t.Errorf("deploy answer lacks %q: %s", want, body)
		}
	}
	if next, _ := m["next"].(string); !strings.Contains(next, "node_modules") || !strings.Contains(next, "build.deployFiles") {
		t.Errorf("next %q lacks the fix: node_modules in build.deployFiles", next)
	}
	if code := get(t, fakeapi.ProbeURL(h.fake.URL(), "appstage", 3000, "/")); code != http.StatusBadGateway {
		t.Errorf("appstage:3000 answered %d, want 502", code)
	}

	writeApp(t, wd, map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "deployFiles: ./", "deployFiles: [index.js, package.json, node_modules]")})
	res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "nomods-fixed")
	if m["verdict"] != string(platform.VerdictLive) {
		t.Fatalf("after the fix, verdict = %v: %s", m["verdict"], text(res))
	}
	if code := get(t, fakeapi.ProbeURL(h.fake.URL(), "appstage", 3000, "/")); code != http.StatusOK {
		t.Errorf("after the fix appstage:3000 answered %d", code)
	}
}

// composer's vendor left out of deployFiles on php-nginx: the server runs
// but every request is PHP's fatal error, 500. The deploy is not live, and
// its fix is to deploy vendor.
func TestSandbox_VendorNotDeployed(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) { d.ReadyWait = 3 * time.Second }})
	yml := func(deployFiles string) string {
		return "zerops:\n  - setup: appstage\n    build:\n      base: php@8.4\n      buildCommands: [composer install --no-dev]\n" +
			"      deployFiles: " + deployFiles + "\n    run:\n      base: php-nginx@8.4\n      documentRoot: public\n"
	}
	wd := h.workDir(t)
	writeApp(t, wd, map[string]string{"zerops.yml": yml("[public, src, composer.json]"), "composer.json": `{"require": {"slim/slim": "^4"}}`,
		"public/index.php": "<?php\nrequire __DIR__ . '/../vendor/autoload.php';\n", "src/App.php": "<?php\n"})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "novendor")
	if m["verdict"] == string(platform.VerdictLive) {
		t.Fatalf("verdict live with vendor not deployed: %s", text(res))
	}
	if next, _ := m["next"].(string); !strings.Contains(next, "Add `vendor` to `build.deployFiles`") {
		t.Errorf("next %q lacks the fix: vendor in build.deployFiles: %s", next, text(res))
	}
	writeApp(t, wd, map[string]string{"zerops.yml": yml("[public, src, vendor, composer.json]")})
	res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "vendor")
	if m["verdict"] != string(platform.VerdictLive) {
		t.Fatalf("after the fix, verdict = %v: %s", m["verdict"], text(res))
	}
}

// A package the code requires that package.json does not list, with
// node_modules deployed: npm ci installs the lock file, which lacks it, so
// the app dies at start. The deploy is not live (issue 34 walk: it said
// live), and its fix lists the package in package.json, not node_modules
// in deployFiles, which are there. Listed (lock updated), it is live.
func TestSandbox_PackageNotInManifest(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	wd := h.workDir(t)
	manifest := func(deps string) map[string]string {
		return map[string]string{
			"package.json": `{"name": "demo", "version": "1.0.0", "dependencies": {` + deps + `}}` + "\n",
			"package-lock.json": `{"name": "demo", "lockfileVersion": 3, "packages": {"": {"dependencies": {` + deps + `}},` +
				strings.NewReplacer(`"express": "^4.21.0"`, `"node_modules/express": {"version": "4.21.2"}`, `"dotenv": "^16.4.5"`, `"node_modules/dotenv": {"version": "16.4.5"}`).Replace(deps) + `}}` + "\n",
		}
	}
	writeApp(t, wd, manifest(`"express": "^4.21.0"`))
	writeApp(t, wd, map[string]string{"index.js": "require('dotenv').config();\nconst express = require('express');\nconst app = express();\n" +
		"app.get('/', (q, s) => s.send('ok'));\napp.listen(3000, '0.0.0.0');\n"})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "undeclared")
	if m["verdict"] != string(platform.VerdictNotAnswering) || !strings.Contains(text(res), "Cannot find module 'dotenv'") {
		t.Fatalf("verdict = %v, want not-answering naming dotenv: %s", m["verdict"], text(res))
	}
	next := str(m["next"])
	if !strings.Contains(next, "package.json") || !strings.Contains(next, "npm install dotenv") || strings.Contains(next, "Add `node_modules`") {
		t.Errorf("next %q: want dotenv listed in package.json, not node_modules deployed", next)
	}
	writeApp(t, wd, manifest(`"dotenv": "^16.4.5", "express": "^4.21.0"`))
	if res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "declared"); m["verdict"] != string(platform.VerdictLive) {
		t.Fatalf("with dotenv listed, verdict = %v: %s", m["verdict"], text(res))
	}
}

// Without a lock file, a package package.json does not list may come with
// another one (npm install resolves their dependencies): the sandbox cannot
// tell, so the deploy is unverified, naming the package, never live.
func TestSandbox_PackageNotInManifestNoLock(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	wd := h.workDir(t)
	if err := os.Remove(filepath.Join(wd, "package-lock.json")); err != nil {
		t.Fatal(err)
	}
	writeApp(t, wd, map[string]string{
		"zerops.yml":   strings.ReplaceAll(demoZeropsYml, "buildCommands: [npm ci]", "buildCommands: [npm install]"),
		"package.json": `{"name": "demo", "version": "1.0.0", "dependencies": {"express": "^4.21.0"}}` + "\n",
		"index.js": "const debug = require('debug')('demo');\nconst express = require('express');\nconst app = express();\n" +
			"app.get('/', (q, s) => s.send('ok'));\napp.listen(3000, '0.0.0.0');\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "nolock")
	if m["verdict"] != string(platform.VerdictUnverified) || !strings.Contains(text(res), "whether node_modules holds `debug`") {
		t.Fatalf("verdict = %v, want unverified naming debug: %s", m["verdict"], text(res))
	}
}

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

// The fix for packages left out of the deploy names only what deployFiles
// lacks: `node_modules`, not package.json when it is listed (walk 9: a
// NestJS app deploying dist, package.json and prisma was told to add
// `node_modules` and `package.json`).
func TestDeploy_NodeModulesFixNamesOnlyWhatIsMissing(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	h.ownApp(t, map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands: [npm ci]
      deployFiles: [index.js, package.json]
    run:
      base: nodejs@22
      ports: [{port: 3000, httpSupport: true}]
      start: node index.js
`,
		"package.json":      `{"name":"api","version":"1.0.0","dependencies":{"express":"^4.21.0"}}`,
		"package-lock.json": `{"lockfileVersion":3,"packages":{"":{"name":"api"},"node_modules/express":{"version":"4.21.1"}}}`,
		"index.js":          "require('express')().listen(3000, '0.0.0.0');\n",
	})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "nm")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "add `node_modules` to `build.deployFiles`") || strings.Contains(next, "`package.json` to `build.deployFiles`") {
		t.Errorf("verdict %v, next %q: want node_modules alone added to deployFiles: %s", m["verdict"], next, text(res))
	}
}
