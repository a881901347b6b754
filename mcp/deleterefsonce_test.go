package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestDelete_NamesAReferencingServiceOnce: appstage references db both in
// a service variable and in its deployed zerops.yml; the delete answers,
// before and after confirm, name appstage once with both places and both
// keys (walk 10: "appstage (DB_PASS), appstage (DATABASE_URL in
// zerops.yml)"), and the change still names both ways to make it.
func TestDelete_NamesAReferencingServiceOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        DATABASE_URL: ${db_connectionString}")
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "ok"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	if res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"DB_PASS=${db_password}"}}, "env"); res.IsError {
		t.Fatalf("env: %s", text(res))
	}
	res, m := h.call(t, "zerops_delete", map[string]any{"serviceHostname": "db"})
	wantError(t, res, m, "CONFIRM_REQUIRED")
	before := str(m["error"])
	res, m = h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "del")
	wantOK(t, res)
	for what, answer := range map[string]string{"without confirm": before, "after the delete": str(m["next"])} {
		if n := strings.Count(answer, "appstage ("); n != 1 {
			t.Errorf("%s: appstage is named %d times, want once: %s", what, n, answer)
		}
		for _, w := range []string{"DB_PASS as a service variable", "DATABASE_URL in zerops.yml", "zerops_env; those in zerops.yml there, then zerops_deploy"} {
			if !strings.Contains(answer, w) {
				t.Errorf("%s: lacks %q: %s", what, w, answer)
			}
		}
	}
}

// TestDelete_SaysWhenNothingReferences: walk 80 asked to remove an unused
// cache; the delete without confirm said nothing of references, and the
// agent scanned every service's variables to learn none used it. The
// answer says no variable references it; once one does, it names it.
func TestDelete_SaysWhenNothingReferences(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	const none = "No variable of another service or of the project references cache"
	res, m := h.call(t, "zerops_delete", map[string]any{"serviceHostname": "cache"})
	wantError(t, res, m, "CONFIRM_REQUIRED")
	if !strings.Contains(str(m["error"]), none) {
		t.Fatalf("unreferenced: %s", text(res))
	}
	if res, _ := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"CACHE=${cache_hostname}"}}, "env"); res.IsError {
		t.Fatalf("env: %s", text(res))
	}
	res, m = h.call(t, "zerops_delete", map[string]any{"serviceHostname": "cache"})
	wantError(t, res, m, "CONFIRM_REQUIRED")
	if out := str(m["error"]); strings.Contains(out, none) || !strings.Contains(out, "appstage (CACHE") {
		t.Fatalf("referenced by appstage: %s", text(res))
	}
}
