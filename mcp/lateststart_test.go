package mcp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/mcp"
)

// Verify reads the log since the app's latest start: after an env change
// and a restart fixed the app, and a second change and restart broke it
// again, the earlier start's "Listening on 0.0.0.0:3000" does not hide the
// latest start's wrong port or localhost bind.
func TestVerify_JudgesTheLatestStartsLog(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, code, key string
		signal, want    string
	}{
		{"PORT deleted again", "http.createServer((q, s) => s.end('ok')).listen(process.env.PORT || 8080, '0.0.0.0');\n",
			"PORT=3000", "wrong-port", "8080"},
		{"HOST deleted again", "http.createServer((q, s) => s.end('ok')).listen(3000, process.env.HOST || '127.0.0.1');\n",
			"HOST=0.0.0.0", "listening-on-localhost", "127.0.0.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{"index.js": "const http = require('node:http');\n" + tt.code})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			if first := firstDiagnosis(firstCheck(m)); first["signal"] != tt.signal {
				t.Fatalf("deploy diagnosis %v, want %s: %s", first, tt.signal, text(res))
			}
			env := func(action, v string) {
				t.Helper()
				res, _ := h.callWith(t, context.Background(), "zerops_env",
					map[string]any{"action": action, "serviceHostname": "appstage", "variables": []string{v}, "restart": true}, action)
				if res.IsError {
					t.Fatalf("env %s: %s", action, text(res))
				}
			}
			env("set", tt.key)
			h.verifyUntil(t, func(svc map[string]any) bool { return svc["verdict"] == "healthy" })
			env("delete", strings.Split(tt.key, "=")[0])
			res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
			svc := firstService(m)
			first := firstDiagnosis(svc["diagnoses"])
			if svc["verdict"] != "failing" || first["signal"] != tt.signal || !strings.Contains(first["evidence"], tt.want) {
				r1, _ := h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage", "severity": "debug"})
				r2, _ := h.call(t, "zerops_events", map[string]any{"serviceHostname": "appstage"})
				t.Log(text(r1), "\n", text(r2))
				t.Fatalf("verify after the variable was deleted: verdict %v, first diagnosis %v; want failing, %s from the latest start (%s): %s",
					svc["verdict"], first, tt.signal, tt.want, text(res))
			}
		})
	}
}

// firstCheck is a deploy answer's check diagnoses.
func firstCheck(m map[string]any) any {
	c, _ := m["check"].(map[string]any)
	return c["diagnoses"]
}

// An app that answers nowhere and whose log names no cause gets a step
// that changes something, not "read zerops_logs": zerops_logs, finding no
// cause either, points back at zerops_verify, and the two would loop.
func TestVerify_NoCauseInLogIsNoLoopWithLogs(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) { d.ReadyWait = time.Second }})
	writeApp(t, h.workDir(t), map[string]string{"index.js": "require('node:http').createServer((q, s) => s.end('ok')).listen(3000, '10.1.2.3');\n"})
	h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
	res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	svc := firstService(m)
	if svc["verdict"] != "failing" || svc["diagnoses"] != nil {
		t.Fatalf("verify of an app that listens nowhere: verdict %v, diagnoses %v; want failing with none: %s", svc["verdict"], svc["diagnoses"], text(res))
	}
	next := str(svc["next"])
	if strings.Contains(next, "read zerops_logs") || !strings.Contains(next, "0.0.0.0:3000") || !strings.Contains(next, "zerops_deploy") {
		t.Errorf("verify next %q: want the bind to make and a deploy, not zerops_logs", next)
	}
	_, m = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
	if next := str(m["next"]); strings.Contains(next, "zerops_verify") && strings.Contains(str(svc["next"]), "zerops_logs") {
		t.Errorf("verify and logs point at each other: %q / %q", svc["next"], next)
	}
}
