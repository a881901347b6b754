package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestRollback_PutsBackTheVariablesOfThatVersion: Zerops' docs (Restore
// an archived version) say activating an earlier version puts the
// service's variables back as they stood when it was last active, and
// ZCP's rollback answer says so; the sandbox does it too. A secret changed
// after v1 went live reads, once rolled back to v1, as v1 ran with it;
// changed and then restarted under v1, v1 last ran with the new value,
// which stays. One deleted since comes back, and the app started with
// what the rollback put back: an app that needs it, broken by its
// deletion, answers again, and get names no restart pending.
func TestRollback_PutsBackTheVariablesOfThatVersion(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		needs   bool // the app throws when FOO is unset
		del     bool // FOO deleted after v1 went live; else set to "two"
		restart bool // a restart after that, v1 still live
		want    string
	}{
		{"changed since", false, false, false, "one"},
		{"changed, then restarted", false, false, true, "two"},
		{"deleted since, the app needs it", true, true, false, "one"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			ctx := context.Background()
			if tt.needs {
				writeApp(t, h.workDir(t), map[string]string{"index.js": "if (!process.env.FOO) { throw new Error('FOO is required'); }\n" + demoApp["index.js"]})
			}
			env := func(action, variable string) {
				t.Helper()
				res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": action, "serviceHostname": "appstage", "variables": []string{variable}}, action+"-"+variable)
				wantOK(t, res)
				h.fake.EndProcesses()
			}
			deploy := func(token string, live bool) string {
				t.Helper()
				res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, token)
				if (m["verdict"] == "live") != live {
					t.Fatalf("%s: verdict %v, want live %v: %s", token, m["verdict"], live, text(res))
				}
				return appVersionOf(m)
			}
			env("set", "FOO=one")
			v1 := deploy("v1", true)
			if tt.del {
				env("delete", "FOO")
			} else {
				env("set", "FOO=two")
			}
			if tt.restart {
				res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}, "restart")
				wantOK(t, res)
			}
			deploy("v2", !tt.needs)
			res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"rollback": true, "targetService": "appstage", "appVersionId": v1}, "back")
			if m["verdict"] != "live" {
				t.Fatalf("the rollback to v1 is not live: %s", text(res))
			}
			res, m = h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": "appstage"})
			wantOK(t, res)
			if got, _ := envVars(m)["FOO"]["value"].(string); got != tt.want {
				t.Errorf("FOO after the rollback to v1 = %q, want %q: %s", got, tt.want, text(res))
			}
			if next := str(m["next"]); strings.Contains(next, "after its app last started") {
				t.Errorf("get names a restart pending after the rollback: %s", next)
			}
		})
	}
}
