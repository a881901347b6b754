package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// Walk (session 64, export goal): a variable holding two references to the
// deleted db (${db_hostname}:${db_port}) had the export's note name db as
// gone twice for that one variable. The note names each missing service
// once, with every variable that references it and its references.
func TestExport_DeletedServiceNamedOncePerVariable(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev",
		"variables": []any{"DB_ADDR=${db_hostname}:${db_port}", "DB_USER=${db_user}", "MODE=prod"}}, "env")
	wantOK(t, res)
	res, _ = h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "del")
	wantOK(t, res)
	res, m := h.call(t, "zerops_export", map[string]any{})
	wantOK(t, res)
	note := str(m["note"])
	if n := strings.Count(note, "db is no longer in the project"); n != 1 {
		t.Errorf("the note says db is gone %d times, want once: %s", n, note)
	}
	for _, w := range []string{"appdev.DB_ADDR references ${db_hostname}, ${db_port}", "appdev.DB_USER references ${db_user}"} {
		if !strings.Contains(note, w) {
			t.Errorf("the note lacks %q: %s", w, note)
		}
	}
	if strings.Contains(note, "MODE") {
		t.Errorf("the note names a variable without a reference: %s", note)
	}
}
