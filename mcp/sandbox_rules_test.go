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

// Each failure rule of the sandbox end to end, as an agent meets it: a user
// mistake in the working directory, zerops_deploy followed with progress,
// an answer that is not "live", the tool's or runtime's own words in
// zerops_logs and a 502 from the app's port; then the fix, and the next
// deploy is live and answers 200.
func TestSandbox_FailsFromUserMistakes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		broken  map[string]string // written over demoApp
		verdict string
		build   bool   // the line is in the build's log (else the runtime's)
		line    string // in zerops_logs
	}{
		{"BrokenBuild", map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "buildCommands: [npm ci]", "buildCommands: [npm ci, npm run biuld]")},
			string(platform.VerdictBuildFailed), true, `npm error Missing script: \"biuld\"`},
		{"NpmCiWithoutLock", map[string]string{"zerops.yml": demoZeropsYml, "package-lock.json": ""},
			string(platform.VerdictBuildFailed), true, "npm error code EUSAGE"},
		{"MissingStartFile", map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "node index.js", "node server.js")},
			string(platform.VerdictNotAnswering), false, "Error: Cannot find module '/var/www/server.js'"},
		{"WrongPort", map[string]string{"index.js": "require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT || 8080);\n"},
			string(platform.VerdictNotAnswering), false, "Listening on 0.0.0.0:8080"},
		{"Localhost", map[string]string{"index.js": "require('node:http').createServer((q, s) => s.end('ok')).listen(3000, 'localhost');\n"},
			string(platform.VerdictNotAnswering), false, "Listening on 127.0.0.1:3000"},
		{"MissingServiceReference", map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
			"start: node index.js\n      envVariables:\n        DATABASE_URL: ${database_connectionString}")},
			string(platform.VerdictNotAnswering), false, "Error: getaddrinfo ENOTFOUND database"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// An app that does not answer is asked again for 3 s, not a minute.
			h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) { d.ReadyWait = 3 * time.Second }})
			wd := h.workDir(t)
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			for name, content := range tt.broken {
				if content == "" {
					must(t, os.Remove(filepath.Join(wd, name)))
					continue
				}
				writeApp(t, wd, map[string]string{name: content})
			}

			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, tt.name)
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict = %v, want %s: %s", m["verdict"], tt.verdict, text(res))
			}
			logArgs := map[string]any{"serviceHostname": "appstage", "limit": 200}
			if tt.build {
				logArgs["buildId"] = m["appVersionId"]
			}
			res, _ = h.call(t, "zerops_logs", logArgs)
			if !strings.Contains(text(res), tt.line) {
				t.Errorf("zerops_logs lacks %q: %s", tt.line, text(res))
			}
			if code := get(t, fakeapi.ProbeURL(h.fake.URL(), "appstage", 3000, "/")); code != http.StatusBadGateway {
				t.Errorf("appstage:3000 answered %d, want 502 (nothing of this deploy answers)", code)
			}

			writeApp(t, wd, demoApp) // the fix
			res, m = h.callWith(t, context.Background(), "zerops_deploy", args, tt.name+"-fixed")
			if m["verdict"] != string(platform.VerdictLive) {
				t.Fatalf("after the fix, verdict = %v: %s", m["verdict"], text(res))
			}
			if code := get(t, fakeapi.ProbeURL(h.fake.URL(), "appstage", 3000, "/")); code != http.StatusOK {
				t.Errorf("after the fix appstage:3000 answered %d", code)
			}
		})
	}
}

func get(t *testing.T, url string) int {
	t.Helper()
	resp, err := testClient.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	return resp.StatusCode
}
