package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A service variable whose whole value is a reference to a missing service,
// with one service of the kind it names, gets a fix an agent can send as it
// is: the zerops_env call carries the reference to that service, not "…".
// Followed, the app is healthy.
func TestEnv_BadReferenceFixCarriesTheReference(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "first"); m["verdict"] != "live" {
		t.Fatalf("first deploy: %s", text(res))
	}
	res, m := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage",
		"variables": []string{"PGHOST=${postgres_hostname}"}, "restart": true}, "set")
	wantOK(t, res)
	const call = `zerops_env action=set serviceHostname=appstage variables=["PGHOST=${db_hostname}"] restart=true`
	if next := str(m["next"]); !strings.Contains(next, call) || strings.Contains(next, "…") {
		t.Errorf("env set next %q: want %s", next, call)
	}
	if n := strings.Count(text(res), "${db_hostname}"); n != 1 {
		t.Errorf("env set states the fix %d times, want once (in next): %s", n, text(res))
	}
	v := h.verifyUntil(t, func(svc map[string]any) bool { return svc["diagnoses"] != nil })
	if next := str(v["next"]); !strings.Contains(next, call) || strings.Contains(next, "…") {
		t.Errorf("verify next %q: want %s", next, call)
	}
	res, _ = h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"PGHOST=${db_hostname}"}, "restart": true})
	wantOK(t, res)
	h.verifyUntil(t, func(svc map[string]any) bool { return svc["verdict"] == "healthy" })
}

// TestEnv_BadReferenceSetHasNoRestartNote: a set whose value references a
// service that does not exist, without restart, answers the fix in next and
// no note to restart: a restart now would start the app with the
// unresolved text (issue 34 walk).
func TestEnv_BadReferenceSetHasNoRestartNote(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "first"); m["verdict"] != "live" {
		t.Fatalf("first deploy: %s", text(res))
	}
	res, m := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"PGHOST=${postgres_hostname}"}})
	wantOK(t, res)
	if next := str(m["next"]); !strings.Contains(next, "${db_hostname}") {
		t.Fatalf("next %q: want the reference's fix, so this checks something", next)
	}
	if strings.Contains(text(res), "after a restart") {
		t.Errorf("a set with a bad reference suggests a restart beside its fix: %s", text(res))
	}
}
