package mcp_test

import (
	"strings"
	"testing"
)

// A database's RAM starts at 0.25 GB where its docs say so (walk 7: minRam 0.125 on MariaDB
// passed ZCP's check and the API's refusal came with a suggestion about
// min ≤ max and the HA mode, neither the cause): the refusal is ZCP's,
// naming the range of that service.
func TestManage_ScaleDatabaseRAMFloor(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "db", "minRam": 0.125, "maxRam": 1})
	wantError(t, res, m, "INVALID_SCALING")
	msg, sugg := str(m["error"]), str(m["suggestion"])
	if !strings.Contains(msg, "minRam 0.125 is outside 0.25–48 GB") || !strings.Contains(sugg, "RAM 0.25–48 GB") || strings.Contains(sugg, "HA mode") {
		t.Errorf("want the refusal to name db's RAM range 0.25–48 GB, no HA mode: %s", text(res))
	}
	if n := h.fake.CountRequests("", "/service-stack/"+h.fake.ServiceID("db")+"/autoscaling"); n != 0 {
		t.Errorf("%d scaling requests sent; want none", n)
	}
	if res, _ = h.call(t, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev", "minRam": 0.125}); res.IsError {
		t.Errorf("a runtime's minRam 0.125 refused: %s", text(res))
	}
	// Valkey's docs publish no floor above the platform's 0.125 GB step:
	// neither ZCP nor the fake refuses it (the platform would answer).
	if res, _ = h.call(t, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "cache", "minRam": 0.125, "maxRam": 1}); res.IsError {
		t.Errorf("valkey's minRam 0.125 refused: %s", text(res))
	}
}
