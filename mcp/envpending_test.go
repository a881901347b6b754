package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// An env get after a set without restart says the running app still has
// the values it started with (walk 12: a Bottle app's FEATURE_X set, no
// restart, and get answered only how to reference variables); after the
// restart, or a set with restart: true, it does not.
func TestEnvGet_SetSinceTheAppStarted(t *testing.T) {
	t.Parallel()
	const restartCall = "zerops_manage action=restart serviceHostname=appstage"
	for _, tt := range []struct {
		name    string
		set     map[string]any // a set after the deploy; nil: none
		restart bool           // a zerops_manage restart after it
		pending bool
	}{
		{"service secret, no restart", map[string]any{"serviceHostname": "appstage", "variables": []string{"FEATURE_X=on"}}, false, true},
		{"project variable, no restart", map[string]any{"project": true, "variables": []string{"GREETING=hi"}}, false, true},
		{"restarted after", map[string]any{"serviceHostname": "appstage", "variables": []string{"FEATURE_X=on"}}, true, false},
		{"set with restart", map[string]any{"serviceHostname": "appstage", "variables": []string{"FEATURE_X=on"}, "restart": true}, false, false},
		{"nothing set", nil, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			ctx := context.Background()
			if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "d"); m["verdict"] != "live" {
				t.Fatalf("deploy: %s", text(res))
			}
			if tt.set != nil {
				tt.set["action"] = "set"
				if res, _ := h.callWith(t, ctx, "zerops_env", tt.set, "set"); res.IsError {
					t.Fatalf("set: %s", text(res))
				}
			}
			if tt.restart {
				if res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}, "r"); res.IsError {
					t.Fatalf("restart: %s", text(res))
				}
			}
			res, m := h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": "appstage"})
			wantOK(t, res)
			next := str(m["next"])
			if got := strings.Contains(next, restartCall) && strings.Contains(next, "after its app last started"); got != tt.pending {
				t.Errorf("get next names the pending restart: %v, want %v: %s", got, tt.pending, next)
			}
		})
	}
}
