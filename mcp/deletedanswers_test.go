package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// After deleting db (with a backup) that appdev's variable references, the
// delete answer describes getting db back once, and zerops_export warns
// that the exported ${db_...} reference names a service the project no
// longer has (walk: the restore twice; the reference kept silently).
func TestDelete_AnswersAfterTheDeletion(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	set := map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"DATABASE_URL=${db_connectionString}"}}
	if res, _ := h.callWith(t, ctx, "zerops_env", set, "env"); res.IsError {
		t.Fatalf("env set: %s", text(res))
	}
	if res, _ := h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": "db"}); res.IsError {
		t.Fatalf("backup: %s", text(res))
	}
	res, m := h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "del")
	wantOK(t, res)
	next := str(m["next"])
	if n := strings.Count(strings.ToLower(next), "restore its backup"); n != 1 || strings.Contains(next, "as above") || !strings.Contains(next, "appdev (DATABASE_URL)") {
		t.Errorf("delete next describes the restore %d times (want once) or lacks the reference: %s", n, next)
	}
	res, m = h.call(t, "zerops_export", map[string]any{})
	wantOK(t, res)
	if note := str(m["note"]); !strings.Contains(note, "appdev.DATABASE_URL") || !strings.Contains(note, "no longer in the project") {
		t.Errorf("export keeps ${db_connectionString} without a warning that db is gone: %s", text(res))
	}
}
