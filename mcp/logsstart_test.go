package mcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestLogs_UndeclaredPortJudgedSinceLatestStart: a version listening on the
// declared port, then one listening elsewhere; the logs window holds both
// versions' listen lines. The next step names the new version's undeclared
// port: the old version's line must not mask it (review5 F28).
func TestLogs_UndeclaredPortJudgedSinceLatestStart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	args := map[string]any{"workingDir": ".", "targetService": "appstage"}
	if _, m := h.callWith(t, context.Background(), "zerops_deploy", args, "good"); m["verdict"] != "live" {
		t.Fatalf("first deploy verdict %v, want live", m["verdict"])
	}
	writeApp(t, h.workDir(t), map[string]string{"index.js": "const http = require('node:http');\n" +
		"http.createServer((req, res) => res.end('ok')).listen(8080, '0.0.0.0', () => console.log('Listening on 0.0.0.0:8080'));\n"})
	h.callWith(t, context.Background(), "zerops_deploy", args, "wrong")
	res, m := h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	if !strings.Contains(text(res), "Listening on 0.0.0.0:3000") {
		t.Fatalf("the window lacks the old version's listen line, so this checks nothing: %s", text(res))
	}
	if next := str(m["next"]); !strings.Contains(next, "does not declare") || !strings.Contains(next, "8080") {
		t.Errorf("logs next = %q; want the undeclared port 8080 named", next)
	}
}

// TestLogs_FixedFailureNotFixedAgain: a version whose start file is missing,
// then a fixed one that answers. The window still holds the old crash; the
// next step must not propose its fix again (issue 34 walk: monitoring a
// healthy service proposed editing run.start), but send to zerops_verify;
// nor may the old crash's diagnosis carry it (walk9b: Django's missing
// DJANGO_SECRET_KEY, set and restarted, was still given "Set
// DJANGO_SECRET_KEY" as the fix of the lines before that start).
func TestLogs_FixedFailureNotFixedAgain(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	args := map[string]any{"workingDir": ".", "targetService": "appstage"}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node missing.js")})
	h.callWith(t, ctx, "zerops_deploy", args, "broken")
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": demoZeropsYml})
	if _, m := h.callWith(t, ctx, "zerops_deploy", args, "fixed"); m["verdict"] != "live" {
		t.Fatalf("fixed deploy verdict %v, want live", m["verdict"])
	}
	for _, call := range []map[string]any{{"serviceHostname": "appstage"}, {}} {
		res, m := h.call(t, "zerops_logs", call)
		wantOK(t, res)
		if !strings.Contains(text(res), "missing.js") {
			t.Fatalf("the window lacks the old crash, so this checks nothing: %s", text(res))
		}
		if next := str(m["next"]); strings.Contains(next, "run.start") || !strings.Contains(next, "zerops_verify") || !strings.Contains(next, "before") {
			t.Errorf("logs %v next = %q; want no fix for the crash before the latest start, and zerops_verify", call, next)
		}
		if strings.Contains(text(res), "name a file the build produces") { // the start-file fix's words
			t.Errorf("logs %v: the crash before the latest start still carries its fix: %s", call, text(res))
		}
	}
}

// TestEvents_FixStatedOnce: a failed build's diagnosis sits on its event
// and leads next; the fix is said once, in next (issue 34 Deliver 1).
func TestEvents_FixStatedOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "buildCommands: [npm ci]", "buildCommands: [npm run biuld]")})
	h.callWith(t, ctx, "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "appstage"}, "typo")
	res, m := h.call(t, "zerops_events", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	raw, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	const fix = "Correct the script name"
	if n := strings.Count(string(raw), fix); n != 1 || !strings.Contains(str(m["next"]), fix) {
		t.Errorf("events state the fix %d times (want once, in next): %s", n, raw)
	}
}
