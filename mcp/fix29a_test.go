package mcp_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// fix29aOnce fails t for each of once not in answer exactly once and each
// of lacks in it.
func fix29aOnce(t *testing.T, answer string, once, lacks []string) {
	t.Helper()
	for _, w := range once {
		if n := strings.Count(answer, w); n != 1 {
			t.Errorf("%q appears %d times, want once: %s", w, n, answer)
		}
	}
	for _, l := range lacks {
		if strings.Contains(answer, l) {
			t.Errorf("the answer has %q: %s", l, answer)
		}
	}
}

// Several references to one missing service in one value (agent walk 29,
// goal "env"): the next step elided the value ("DATABASE_URL=…") and each
// reference's warning carried its own fix, so the agent spliced three fixes
// by hand. The step now carries the whole value with every reference to
// the missing host rewritten to the service of its kind, keys kept, said
// once; references to two different missing hosts stay the elided form.
func TestFix29a_EnvSeveralRefsToOneMissingHost(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, value string
		once        []string
		lacks       []string
	}{
		{"user, password and host of pg", "postgres://${pg_user}:${pg_password}@${pg_hostname}:5432/app",
			[]string{`variables=[\"DATABASE_URL=postgres://${db_user}:${db_password}@${db_hostname}:5432/app\"] restart=true (db is postgresql@16)`},
			[]string{"DATABASE_URL=…", "keeping the key", "${db_user}, ", "a reference the warning names"}},
		{"the same reference twice", "${pg_hostname},${pg_hostname}",
			[]string{`variables=[\"DATABASE_URL=${db_hostname},${db_hostname}\"]`},
			[]string{"DATABASE_URL=…", "keeping the key"}},
		{"two missing hosts stay elided", "postgres://${pg_user}@${redis_hostname}",
			[]string{"DATABASE_URL=…"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			res, _ := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"DATABASE_URL=" + tt.value}})
			wantOK(t, res)
			fix29aOnce(t, text(res), tt.once, tt.lacks)
		})
	}
}

// A start naming a file by a typo of one the upload holds (agent walk 29,
// goal "a start file missing"): the answer said the file is not deployed
// and to add it to build.deployFiles, when the upload holds the file under
// a name one letter off. The answer now names that file and the start
// with it, once.
func TestFix29a_StartFileTypoNamesTheNearestUploaded(t *testing.T) {
	t.Parallel()
	serve := "const http = require('node:http')\nhttp.createServer((req, res) => res.end('ok')).listen(process.env.PORT || 3000, '0.0.0.0')\n"
	runDeployCases(t, []deployCase{
		{name: "node serer.js", files: map[string]string{"server.js": serve,
			"zerops.yml": setupYml{base: "nodejs@22", deploy: "./", port: 3000, start: "node serer.js"}.String()},
			verdict: "not-answering", signal: "start-file-missing",
			once:  []string{"`node server.js`"},
			says:  []string{"`server.js`"},
			lacks: []string{"Add `serer.js` to `build.deployFiles`"}},
		{name: "python ap.py", files: map[string]string{"app.py": "import os\nfrom http.server import HTTPServer, BaseHTTPRequestHandler\nHTTPServer(('0.0.0.0', int(os.environ.get('PORT', '8000'))), BaseHTTPRequestHandler).serve_forever()\n",
			"zerops.yml": setupYml{base: "python@3.12", deploy: "./", port: 8000, start: "python ap.py"}.String()},
			verdict: "not-answering", signal: "start-file-missing",
			once: []string{"`python app.py`"}},
		{name: "nothing alike stays missing", files: map[string]string{"server.js": serve,
			"zerops.yml": setupYml{base: "nodejs@22", deploy: "./", port: 3000, start: "node index.js"}.String()},
			verdict: "not-answering", signal: "start-file-missing",
			lacks: []string{"`node server.js`"}},
	})
}

// npm's `Missing script: "x"` at the start (agent walk 29, goal "a start
// that runs a script"): the answer said to correct the name "to a script
// package.json's scripts has" without naming one, though the sandbox
// reads package.json. It now lists the scripts there are and proposes the
// closest in the start, once.
func TestFix29a_MissingScriptListsTheScripts(t *testing.T) {
	t.Parallel()
	serve := "const http = require('node:http')\nhttp.createServer((req, res) => res.end('ok')).listen(process.env.PORT || 3000, '0.0.0.0')\n"
	pkg := `{"name":"app","scripts":{"serve":"node server.js","start:prod":"node server.js","lint":"eslint ."}}`
	runDeployCases(t, []deployCase{
		{name: "npm run sevre", files: map[string]string{"server.js": serve, "package.json": pkg,
			"zerops.yml": setupYml{base: "nodejs@22", deploy: "./", port: 3000, start: "npm run sevre"}.String()},
			verdict: "not-answering", signal: "npm-missing-script",
			says:  []string{"`lint`, `serve`, `start:prod`"},
			once:  []string{"`npm run serve`"},
			lacks: []string{"where `run.start` names it"}},
		{name: "a script that runs the missing one", files: map[string]string{"server.js": serve,
			"package.json": `{"name":"app","scripts":{"start":"npm run sevre","serve":"node server.js"}}`,
			"zerops.yml":   setupYml{base: "nodejs@22", deploy: "./", port: 3000, start: "npm start"}.String()},
			verdict: "not-answering", signal: "npm-missing-script",
			once:  []string{"In the package.json script that runs it, run `serve` in place of `sevre`"},
			lacks: []string{"In `run.start`, run"}},
		{name: "npm start without any script", files: map[string]string{"index.js": serve, "package.json": `{"name":"app","main":"index.js"}`,
			"zerops.yml": setupYml{base: "nodejs@22", deploy: "./", port: 3000, start: "npm start"}.String()},
			verdict: "not-answering", signal: "npm-missing-script",
			says:  []string{"has no scripts", "start the entry itself (`node index.js`) in place of the script"},
			lacks: []string{"run one of the scripts package.json has"}},
		// walk 74b: "run one of the scripts package.json has" of one whose only script is its test
		{name: "npm start with only a test script", files: map[string]string{"index.js": serve, "package.json": `{"name":"app","main":"index.js","scripts":{"test":"echo no tests"}}`,
			"zerops.yml": setupYml{base: "nodejs@22", deploy: "./", port: 3000, start: "npm start"}.String()},
			verdict: "not-answering", signal: "npm-missing-script",
			says:  []string{"start the entry itself (`node index.js`) in place of the script"},
			lacks: []string{"run one of the scripts package.json has"}},
		{name: "npm start without a start script", files: map[string]string{"index.js": serve, "package.json": `{"name":"app","scripts":{"dev":"node index.js","build":"true"}}`,
			"zerops.yml": setupYml{base: "nodejs@22", deploy: "./", port: 3000, start: "npm start"}.String()},
			verdict: "not-answering", signal: "npm-missing-script",
			says:  []string{"`build`, `dev`"},
			lacks: []string{"where `run.start` names it"}},
	})
}

// Metrics after a resize (agent walk 29, goal "scale"): the leaky app ran
// out of memory under maxRam 2 GB 20 minutes ago, a fixed version replaced
// it, and zerops_manage raised maxRam to 4 GB. The answer said RAM "peaked
// at 96% of its limit" (the old one, unsaid) and "if it recurs, scale it",
// the fix just made. It now weighs the peak against the new maxRam too,
// says it was measured before the change, and proposes no scale for it.
func TestFix29a_MetricsAfterAResize(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	scale := func(maxRAM float64) {
		t.Helper()
		res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appstage", "maxRam": maxRAM}, fmt.Sprint("scale", maxRAM))
		wantOK(t, res)
	}
	scale(2)
	writeApp(t, h.workDir(t), leakyApp)
	res, _ := h.callWith(t, ctx, "zerops_deploy", args, "oom")
	wantOK(t, res)
	h.fake.AgeAppRuns(h.fake.ServiceID("appstage"), 20*time.Minute)
	writeApp(t, h.workDir(t), demoApp)
	if res, m := h.callWith(t, ctx, "zerops_deploy", args, "fixed"); m["verdict"] != "live" {
		t.Fatalf("the fixed app is not live: %s", text(res))
	}
	scale(4)
	res, m := h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "appstage", "window": "30m"})
	wantOK(t, res)
	if m["verdict"] != "peaked" {
		t.Fatalf("verdict %v, want peaked: %s", m["verdict"], text(res))
	}
	fix29aOnce(t, text(res), []string{"of the 2 GB it had at", "before the change of maxRam to 4 GB at", "measured before maxRam went from 2 GB to 4 GB", "is unverified"},
		[]string{"if it recurs", "of its limit;", "maxRam="})
}

// Rollback twice (agent walk 29, goal "rollback"): v1 and v2 live, v3 not
// answering; the first rollback went back to v2, which answered; a second
// default rollback went on to v1 without saying it left v2, healthy. It is
// now refused with the version ids: v2 to keep, v1 to pass as appVersionId
// to go there anyway; passing it goes there.
func TestFix29a_RollbackTwiceStopsAtTheHealthyVersion(t *testing.T) {
	t.Parallel()
	r := newRollbackRig(t)
	must(t, os.WriteFile(filepath.Join(r.wd, "CHANGELOG"), []byte("v2\n"), 0o600))
	res, m := r.deploy(t, "v2")
	if m["verdict"] != "live" {
		t.Fatalf("v2 is not live: %s", text(res))
	}
	v2 := appVersionOf(m)
	r.removeStart(t)
	r.deployBroken(t, "v3")
	res, m = r.rollback(t, "back")
	if appVersionOf(m) != v2 || m["verdict"] != "live" {
		t.Fatalf("the first rollback did not go live on v2 %s: %s", v2, text(res))
	}
	res, m = r.callWith(t, r.ctx, "zerops_deploy", map[string]any{"rollback": true, "targetService": "appstage", "repeat": true}, "again")
	wantError(t, res, m, platform.ErrInvalidParameter)
	fix29aOnce(t, text(res), []string{"appVersionId=" + r.v1}, []string{"appVersionId=" + v2})
	if all := text(res); !strings.Contains(all, v2) || !strings.Contains(all, "answered") {
		t.Errorf("the refusal does not name %s as the healthy version it would leave: %s", v2, all)
	}
	res, m = r.callWith(t, r.ctx, "zerops_deploy", map[string]any{"rollback": true, "targetService": "appstage", "appVersionId": r.v1}, "to v1")
	wantOK(t, res)
	if appVersionOf(m) != r.v1 {
		t.Errorf("the rollback with appVersionId did not go to v1 %s: %s", r.v1, text(res))
	}
}
