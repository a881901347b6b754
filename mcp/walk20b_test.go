package mcp_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The official ghost recipe commits `current` as a symlink to
// ./versions/<version>, builds with `cd ./current && yarn` and deploys
// both. zcli packs a symlink as a link and the platform's build follows
// it (walk 20: the sandbox's upload left the link out, so the build failed
// with `can't cd to ./current` and the answer blamed deployFiles).
func TestDeploy_SymlinkedDirectoryIsUploaded(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	index := "const http = require('http');\nhttp.createServer((req, res) => res.end('ok')).listen(8080, '0.0.0.0');\n"
	yml := setupYml{base: "nodejs@22", build: []string{"cd ./current && npm install"}, deploy: "[current, versions]", start: "node current/index.js"}.String()
	wd := h.ownApp(t, map[string]string{
		"zerops.yml":                  yml,
		"versions/1.2.3/package.json": `{"name":"blog","version":"1.2.3","main":"index.js"}`,
		"versions/1.2.3/index.js":     index,
	})
	must(t, os.Symlink("./versions/1.2.3", filepath.Join(wd, "current")))
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
	answer := text(res)
	if v := str(m["verdict"]); v != "live" && v != "unverified" {
		t.Fatalf("verdict %q, want live or unverified (the link is part of the upload): %s", v, answer)
	}
	for _, bad := range []string{"can't cd to", "deployFiles"} {
		if strings.Contains(answer, bad) {
			t.Errorf("the answer has %q: %s", bad, answer)
		}
	}
}

// A hostname an import reuses that is a managed service (a database,
// object storage) takes no deploy: the fix names wiring to it only (walk
// 20: "drop it from the import and deploy to it or wire to it" for db and
// storage).
func TestImport_TakenManagedHostnameIsNotDeployedTo(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, tc := range []struct {
		name, yml string
		deploy    bool
	}{
		{"postgresql", "services:\n  - hostname: db\n    type: postgresql@16\n    mode: NON_HA\n", false},
		{"object storage", "services:\n  - hostname: storage\n    type: object-storage\n    objectStorageSize: 2\n", false},
		{"runtime", "services:\n  - hostname: appdev\n    type: nodejs@22\n", true},
	} {
		res, m := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": tc.yml, "dryRun": true}, "dry-"+tc.name)
		problems := fmt.Sprint(m["problems"])
		if !strings.Contains(problems, "already exists") {
			t.Fatalf("%s: no taken-hostname problem: %s", tc.name, text(res))
		}
		if got := strings.Contains(problems, "deploy to it"); got != tc.deploy {
			t.Errorf("%s: fix says deploy to it: %v, want %v: %s", tc.name, got, tc.deploy, problems)
		}
	}
}

// The official umami recipe sets DATABASE_URL from ${db_…} in both
// build.envVariables and run.envVariables. With both pointing at a service
// the project lacks, the diagnosis's fix names run.envVariables only, and
// the build's reference must stay in the answer (walk 20: it was dropped
// as stated, so the agent fixed the run side, deployed, and only then
// learned of the build's).
func TestDeploy_MissingServiceInBuildEnvToo(t *testing.T) {
	t.Parallel()
	ref := "${postgres_connectionString}"
	yml := setupYml{base: "nodejs@22", deploy: "./", start: "node index.js", port: 3000,
		buildEnv: map[string]string{"DATABASE_URL": ref}, env: map[string]string{"DATABASE_URL": ref}}.String()
	index := "const http = require('http');\nconst db = require('net').connect(5432, new URL(process.env.DATABASE_URL).hostname);\nhttp.createServer((req, res) => res.end('ok')).listen(3000, '0.0.0.0');\n"
	runDeployCases(t, []deployCase{{name: "both sides", files: map[string]string{"zerops.yml": yml, "index.js": index,
		"package.json": `{"name":"a","main":"index.js"}`},
		verdict: "not-answering", signal: "host-not-found", says: []string{"build.envVariables", "${db_connectionString}"}}})
}

// When the fix is to create the deleted service again, the build's
// reference resolves with it: its warning would state the same fix again.
func TestDeploy_DeletedServiceInBuildEnvStatedOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ref := "${db_connectionString}"
	yml := setupYml{base: "nodejs@22", deploy: "./", start: "node index.js", port: 3000,
		buildEnv: map[string]string{"DATABASE_URL": ref}, env: map[string]string{"DATABASE_URL": ref}}.String()
	index := "const http = require('http');\nconst db = require('net').connect(5432, new URL(process.env.DATABASE_URL).hostname);\nhttp.createServer((req, res) => res.end('ok')).listen(3000, '0.0.0.0');\n"
	h.ownApp(t, map[string]string{"zerops.yml": yml, "index.js": index, "package.json": `{"name":"a","main":"index.js"}`})
	del, _ := h.callWith(t, context.Background(), "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "delete")
	wantOK(t, del)
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
	answer := text(res)
	if n := strings.Count(answer, "Create db again"); n != 1 {
		t.Errorf("the answer states the fix %d times, want once: %s", n, answer)
	}
	if !strings.Contains(str(m["next"]), "Create db again") {
		t.Errorf("next %q lacks the fix", m["next"])
	}
}

// A deploy of the symlink alone, without the folder it leads to: the
// docs do not say whether the platform deploys the link as a link (then
// dangling) or what it leads to, so the sandbox cannot call it live.
func TestDeploy_SymlinkWithoutItsTargetIsUnverified(t *testing.T) {
	t.Parallel()
	index := "const http = require('http');\nhttp.createServer((req, res) => res.end('ok')).listen(8080, '0.0.0.0');\n"
	for _, tc := range []struct{ deploy, verdict, reason string }{
		{"[current, versions]", "live", ""},
		{"[current]", "unverified", "deployed through a symlink to `versions/1.2.3/index.js`"},
	} {
		t.Run(tc.deploy, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			yml := setupYml{base: "nodejs@22", build: []string{"cd ./current && npm install"}, deploy: tc.deploy, start: "node current/index.js"}.String()
			wd := h.ownApp(t, map[string]string{"zerops.yml": yml,
				"versions/1.2.3/package.json": `{"name":"blog","version":"1.2.3","main":"index.js"}`, "versions/1.2.3/index.js": index})
			must(t, os.Symlink("./versions/1.2.3", filepath.Join(wd, "current")))
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			if v := str(m["verdict"]); v != tc.verdict {
				t.Fatalf("verdict %q, want %s: %s", v, tc.verdict, text(res))
			}
			if check, _ := m["check"].(map[string]any); !strings.Contains(str(check["reason"]), tc.reason) {
				t.Errorf("reason %q lacks %q", check["reason"], tc.reason)
			}
		})
	}
}
