package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestEvents_NewestVariableChangeIsNamed: walk 80 asked what changed
// since an app began failing; the timeline held the variable change and
// restart made just before, but the next step pointed only at verify. The
// step names the newest change of variables when no build came after it,
// and not once a deploy has.
func TestEvents_NewestVariableChangeIsNamed(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"PRICE_RATE=0"}, "restart": true}, "env")
	wantOK(t, res)
	h.fake.EndProcesses()
	const named = "The newest change is of appdev's variables (stack.updateUserData at "
	_, m := h.call(t, "zerops_events", map[string]any{})
	if next := str(m["next"]); !strings.Contains(next, named) || !strings.Contains(next, "zerops_env action=get serviceHostname=appdev") {
		t.Errorf("after the variable change: next %q", next)
	}
	res, _ = h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appdev"}, "deploy")
	wantOK(t, res)
	h.fake.EndProcesses()
	if _, m = h.call(t, "zerops_events", map[string]any{}); strings.Contains(str(m["next"]), named) {
		t.Errorf("after a deploy: next %q still names the variable change", str(m["next"]))
	}
}
