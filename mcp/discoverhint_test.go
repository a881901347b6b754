package mcp_test

import (
	"strings"
	"testing"
)

// TestDiscover_ScalingHintSkipsObjectStorage: once every service but
// storage shows its scaling in the project list, the list's next step
// names no discover of storage for its scaling: object storage has none
// (that call would show what the list shows).
func TestDiscover_ScalingHintSkipsObjectStorage(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, host := range []string{"appdev", "appstage", "cache", "db"} {
		res, _ := h.call(t, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": host, "maxRam": 4})
		wantOK(t, res)
	}
	res, m := h.call(t, "zerops_discover", map[string]any{})
	wantOK(t, res)
	if next := str(m["next"]); strings.Contains(next, "serviceHostname=storage") {
		t.Errorf("the list sends the agent to storage's scaling, which it has none of: %s", next)
	}
}
