package mcp_test

import (
	"strings"
	"testing"
)

// A mutation repeated with a boolean written as a string ("true" for true),
// as agents do, is the same call: it is answered as a replay and nothing is
// sent again (a repeated rollback would otherwise go one version further back).
func TestReplay_BooleanAsStringIsTheSameCall(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	h.callOK(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"B=1"}, "restart": true})
	sent := mutations(h)
	again := h.callOK(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"B=1"}, "restart": "true"})
	if mutations(h) != sent {
		t.Fatal("the same call with restart \"true\" was sent again")
	}
	if next, _ := decode(again)["next"].(string); !strings.HasPrefix(next, "REPLAY:") {
		t.Errorf("next = %q, want a replay", next)
	}
}
