package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// A database stopped under a running app (walk 74, goal "monitor"): verify
// answered healthy, "nothing to fix; appstage is live", while db, which the
// app's DATABASE_URL references, was STOPPED. The verdict is degraded, the
// reason names db, the variable and its status, and the next step starts
// it; a stopped service the app does not reference leaves it healthy, and
// once db runs again, so does the app. The stop itself names the variables
// that reach the stopped service, as a delete does.
func TestVerify_StoppedReferencedServiceDegrades(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, stop, verdict, stopSays string
		says                          []string
	}{
		{"the referenced database", "db", string(platform.VerdictDegraded), "Variables that reach db: appstage (DATABASE_URL)",
			[]string{"db, which DATABASE_URL reaches, is STOPPED", "zerops_manage action=start serviceHostname=db"}},
		{"a service it does not reference", "cache", string(platform.VerdictHealthy), "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			ctx := context.Background()
			res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			if m["verdict"] != string(platform.VerdictLive) {
				t.Fatalf("deploy: %s", text(res))
			}
			set := map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"DATABASE_URL=${db_connectionString}"}, "restart": true}
			if res, _ := h.callWith(t, ctx, "zerops_env", set, "env"); res.IsError {
				t.Fatalf("env set: %s", text(res))
			}
			h.fake.EndProcesses()
			res, _ = h.call(t, "zerops_manage", map[string]any{"action": "stop", "serviceHostname": tt.stop})
			wantOK(t, res)
			if stopped := text(res); tt.stopSays != "" && !strings.Contains(stopped, tt.stopSays) || tt.stopSays == "" && strings.Contains(stopped, "Variables that reach") {
				t.Errorf("stop answer, want %q: %s", tt.stopSays, stopped)
			}
			h.fake.EndProcesses()
			res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
			out := text(res)
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, out)
			}
			for _, w := range tt.says {
				if !strings.Contains(out, w) {
					t.Errorf("answer lacks %q: %s", w, out)
				}
			}
			if tt.verdict != string(platform.VerdictDegraded) {
				return
			}
			res, _ = h.call(t, "zerops_manage", map[string]any{"action": "start", "serviceHostname": tt.stop})
			wantOK(t, res)
			h.fake.EndProcesses()
			if res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"}); m["verdict"] != string(platform.VerdictHealthy) {
				t.Errorf("after the start: %s", text(res))
			}
		})
	}
}
