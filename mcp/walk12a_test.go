package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestDeploy_BottleRunBindsWhereItSays: Bottle's run(app, host=…, port=…)
// listens where its keywords say, 127.0.0.1:8080 unless told: a localhost
// host is not live but the bind named in the code, and 0.0.0.0 is live
// (issue 34 walk 12: `run(app, host="localhost", port=…)` answered live).
func TestDeploy_BottleRunBindsWhereItSays(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, run, verdict string
		want               []string
	}{
		{"localhost keyword", `run(app, host="localhost", port=int(os.environ.get("PORT", "8000")))`, string(platform.VerdictNotAnswering),
			[]string{"app.py, line 9", "0.0.0.0"}},
		{"no host keyword", `run(app, port=8000)`, string(platform.VerdictNotAnswering), []string{"0.0.0.0"}},
		{"every address", `bottle.run(app, host="0.0.0.0", port=8000)`, string(platform.VerdictLive), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": pyZeropsYml("python app.py"), "requirements.txt": "bottle==0.13.2\n",
				"app.py": "import os\nimport bottle\nfrom bottle import Bottle, run\napp = Bottle()\n@app.route('/')\ndef index():\n    return 'ok'\n" +
					"if __name__ == '__main__':\n    " + tt.run + "\n"})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, text(res))
			}
			if tt.want == nil {
				return
			}
			check, _ := m["check"].(map[string]any)
			first := firstDiagnosis(check["diagnoses"])
			if first["signal"] != "listening-on-localhost" {
				t.Fatalf("first diagnosis %v, want listening-on-localhost: %s", first, text(res))
			}
			said := first["cause"] + " " + first["fix"] + " " + str(m["next"])
			for _, w := range tt.want {
				if !strings.Contains(said, w) {
					t.Errorf("the answer lacks %q: %s", w, said)
				}
			}
			if strings.Contains(said, "Flask") || strings.Contains(said, "uvicorn") {
				t.Errorf("another server's words: %s", said)
			}
		})
	}
}

// TestDeploy_ListenArgumentWithCallsInside: a listen call whose port is an
// expression with calls and commas of its own (Tornado's
// app.listen(int(os.environ.get("PORT", "8888")))) listens on that port,
// on every address: the string inside the port's expression is not its
// host (issue 34 walk 12: the sandbox read host "8888" and answered that
// nothing listens on the port, with no cause).
func TestDeploy_ListenArgumentWithCallsInside(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, listen, verdict string
	}{
		{"port from a call with a fallback", `app.listen(int(os.environ.get("PORT", "8000")))`, string(platform.VerdictLive)},
		{"and a keyword address", `app.listen(int(os.environ.get("PORT", "8000")), address="127.0.0.1")`, string(platform.VerdictNotAnswering)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": pyZeropsYml("python server.py"), "requirements.txt": "tornado==6.4.2\n",
				"server.py": "import asyncio\nimport os\nimport tornado.web\n\nclass Main(tornado.web.RequestHandler):\n    def get(self):\n        self.write('ok')\n\n" +
					"async def main():\n    app = tornado.web.Application([(r'/', Main)])\n    " + tt.listen + "\n    await asyncio.Event().wait()\n\n" +
					"if __name__ == '__main__':\n    asyncio.run(main())\n"})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, text(res))
			}
			if tt.verdict != string(platform.VerdictLive) {
				check, _ := m["check"].(map[string]any)
				if first := firstDiagnosis(check["diagnoses"]); first["signal"] != "listening-on-localhost" {
					t.Errorf("first diagnosis %v, want listening-on-localhost: %s", first, text(res))
				}
			}
		})
	}
}

// TestDeploy_MissingServiceRefsAllFixedAtOnce: two variables referencing
// one missing service (${postgres_hostname}, ${postgres_password}, the
// project's PostgreSQL being db) get one fix that changes both, each
// keeping its key: followed once, the deploy is live, with no second
// round for the variable the fix left out (issue 34 walk 12: the fix named
// MEILI_KEY only, while the cause said "MEILI_URL references meilisearch
// too").
func TestDeploy_MissingServiceRefsAllFixedAtOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	yml := func(host string) string {
		return strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n"+
			"        DB_HOST: ${"+host+"_hostname}\n        DB_PASS: ${"+host+"_password}")
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml("postgres")})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
	next := str(m["next"])
	for _, w := range []string{"DB_HOST", "${db_hostname}", "DB_PASS", "${db_password}"} {
		if !strings.Contains(next, w) {
			t.Errorf("next %q lacks %q: %s", next, w, text(res))
		}
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml("db")})
	if res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "fixed"); m["verdict"] != string(platform.VerdictLive) {
		t.Fatalf("with both references fixed the verdict is %v, want live: %s", m["verdict"], text(res))
	}
}

// TestDeploy_PythonHostOfSearchAPINotFound: a Python app referencing a
// missing Meilisearch service logs the host not resolving in an HTTP
// client's words, at the port its URL names, not in PostgreSQL's (issue
// 34 walk 12: a Quart app with meilisearch-python-sdk logged
// `psycopg.OperationalError: could not translate host name "meilisearch"`).
func TestDeploy_PythonHostOfSearchAPINotFound(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{
		"zerops.yml":       strings.Replace(pyZeropsYml("python app.py"), "      start:", "      envVariables:\n        MEILI_URL: http://${meilisearch_hostname}:7700\n      start:", 1),
		"requirements.txt": "requests==2.32.3\n",
		"app.py":           "import os\nimport requests\nfrom http.server import HTTPServer, BaseHTTPRequestHandler\nHEALTH = requests.get(os.environ['MEILI_URL'] + '/health')\nHTTPServer(('0.0.0.0', 8000), BaseHTTPRequestHandler).serve_forever()\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
	check, _ := m["check"].(map[string]any)
	first := firstDiagnosis(check["diagnoses"])
	if first["signal"] != "host-not-found" || !strings.Contains(first["evidence"], "Failed to resolve 'meilisearch'") || !strings.Contains(first["evidence"], "port=7700") ||
		strings.Contains(text(res), "psycopg") {
		t.Fatalf("first diagnosis %v: want host-not-found in an HTTP client's words, no psycopg: %s", first, text(res))
	}
}

// TestValidate_OwnSubdomainBeforeItIsEnabled: ${zeropsSubdomain} in the
// run.envVariables of a setup whose service has no subdomain access names
// no variable (the platform makes it when the subdomain is enabled), so
// the app would get the literal text: validate warns with the call that
// enables it; once enabled, no warning (issue 34 walk 12: PUBLIC_URL:
// ${zeropsSubdomain} on a service without a subdomain passed silently).
func TestValidate_OwnSubdomainBeforeItIsEnabled(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        PUBLIC_URL: ${zeropsSubdomain}")
	_, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
	w := fmt.Sprint(m["warnings"])
	if !strings.Contains(w, "${zeropsSubdomain}") || !strings.Contains(w, "zerops_subdomain serviceHostname=appdev action=enable") {
		t.Fatalf("want ${zeropsSubdomain} warned for appdev with the call that enables its subdomain: %v", m)
	}
	// appstage has no HTTP port before its first deploy: its subdomain is
	// enabled after the deploy, then a restart gives the app the variable.
	if !strings.Contains(w, "zerops_subdomain serviceHostname=appstage action=enable, then zerops_manage action=restart serviceHostname=appstage") {
		t.Errorf("want appstage, not deployed yet, told to deploy, enable and restart: %v", w)
	}
	res, _ := h.callWith(t, context.Background(), "zerops_subdomain", map[string]any{"serviceHostname": "appdev", "action": "enable"}, "enable")
	wantOK(t, res)
	_, m = h.call(t, "zerops_validate", map[string]any{"content": yml})
	if w := fmt.Sprint(m["warnings"]); strings.Contains(w, "appdev has no subdomain") {
		t.Errorf("subdomain enabled, still warned: %v", m)
	}
}

// TestValidate_CheckOverHTTPS: a readiness or health check with
// httpGet.scheme https speaks TLS to the app itself, which behind the
// balancer serves plain HTTP: validate warns at the key, with its removal
// as the fix; plain http is not warned (issue 34 walk 12: `scheme: https`
// on both checks of a gunicorn app passed silently).
func TestValidate_CheckOverHTTPS(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, scheme string
		warned       bool
	}{
		{"https", "https", true},
		{"http", "http", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			yml := strings.Replace(demoZeropsYml, "    run: &run\n", "    deploy:\n      readinessCheck: {httpGet: {port: 3000, path: /health, scheme: "+tt.scheme+"}}\n    run: &run\n", 1)
			_, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
			w := fmt.Sprint(m["warnings"])
			if got := strings.Contains(w, "deploy.readinessCheck.httpGet.scheme"); got != tt.warned {
				t.Fatalf("scheme %s warned: %v, want %v: %v", tt.scheme, got, tt.warned, m)
			}
			if tt.warned && !strings.Contains(w, "Remove scheme") {
				t.Errorf("the warning lacks its fix: %v", w)
			}
		})
	}
}

// TestDeploy_DevDependencyPrunedBeforeTheStart: a package the app requires
// that package.json lists in devDependencies only is gone after the
// build's `npm prune --omit=dev` (or an install omitting dev): the start
// fails as Node does, not live; listed in dependencies it is live (issue
// 34 walk 12: morgan in devDependencies, pruned, answered live).
func TestDeploy_DevDependencyPrunedBeforeTheStart(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, cmds, deps, verdict string
	}{
		{"prune omits dev", "[npm ci, npm prune --omit=dev]", `"devDependencies": {"morgan": "1.10.0"}`, string(platform.VerdictNotAnswering)},
		{"install omits dev", "[npm ci --omit=dev]", `"devDependencies": {"morgan": "1.10.0"}`, string(platform.VerdictNotAnswering)},
		{"prune keeps dependencies", "[npm ci, npm prune --omit=dev]", `"dependencies": {"morgan": "1.10.0"}`, string(platform.VerdictLive)},
		{"no prune", "[npm ci]", `"devDependencies": {"morgan": "1.10.0"}`, string(platform.VerdictLive)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			dev := strings.Contains(tt.deps, "devDependencies")
			lockEntry := `"node_modules/morgan": {"version": "1.10.0"}`
			if dev {
				lockEntry = `"node_modules/morgan": {"version": "1.10.0", "dev": true}`
			}
			writeApp(t, h.workDir(t), map[string]string{
				"zerops.yml":        strings.Replace(demoZeropsYml, "buildCommands: [npm ci]", "buildCommands: "+tt.cmds, 1),
				"package.json":      `{"name": "demo", "version": "1.0.0", ` + tt.deps + `}` + "\n",
				"package-lock.json": `{"name": "demo", "version": "1.0.0", "lockfileVersion": 3, "requires": true, "packages": {"": {"name": "demo", "version": "1.0.0", ` + tt.deps + `}, ` + lockEntry + `}}` + "\n",
				"index.js":          "const morgan = require('morgan');\n" + demoApp["index.js"]})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, text(res))
			}
			if tt.verdict == string(platform.VerdictLive) {
				return
			}
			check, _ := m["check"].(map[string]any)
			first := firstDiagnosis(check["diagnoses"])
			said := first["cause"] + " " + str(m["next"])
			if first["signal"] != "module-not-found-at-runtime" || !strings.Contains(said, "morgan") || !strings.Contains(said, "devDependencies") {
				t.Errorf("first diagnosis %v, next %q: want morgan's module not found, naming devDependencies: %s", first, m["next"], text(res))
			}
		})
	}
}
