package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestEnv_RestartSaidOnce: a variable change whose next step is the
// restart says so once: no note repeats that the change applies after a
// restart (issue 34 walk).
func TestEnv_RestartSaidOnce(t *testing.T) {
	t.Parallel()
	for _, call := range []map[string]any{
		{"action": "set", "serviceHostname": "appdev", "variables": []any{"LOG_LEVEL=debug"}},
		{"action": "set", "project": true, "variables": []any{"LOG_LEVEL=debug"}},
	} {
		t.Run(fmt.Sprint(call["serviceHostname"], call["project"]), func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			res, m := h.callWith(t, context.Background(), "zerops_env", call, "env")
			wantOK(t, res)
			if next := str(m["next"]); !strings.Contains(next, "zerops_manage action=restart") {
				t.Fatalf("next %q is not the restart, so this checks nothing", next)
			}
			notes, _ := m["notes"].([]any)
			for _, n := range notes {
				if strings.Contains(fmt.Sprint(n), "restart") {
					t.Errorf("a note says the restart again: %q (next: %v)", n, m["next"])
				}
			}
		})
	}
}
