package mcp_test

import (
	"context"
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
