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

// TestDiscover_ScalingHintNamesWhatIsLeftOut: the list's hint at a
// service's scaling says what the list leaves out, not that the service
// is "not shown" (walk 84: appdev was in that same list).
func TestDiscover_ScalingHintNamesWhatIsLeftOut(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_discover", map[string]any{})
	wantOK(t, res)
	next := str(m["next"])
	if strings.Contains(next, "not shown") || !strings.Contains(next, "leaves out each service's scaling") {
		t.Errorf("discover next %q: want it to say the list leaves out scaling, not that a service is not shown", next)
	}
}
