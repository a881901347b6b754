package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A NATS service generates connectionString, as the docs and the
// knowledge base say (walk 7: the sandbox's NATS lacked it, so the
// recommended NATS_URL: ${bus_connectionString} was warned about as a
// reference to a missing variable), and its user is zerops.
func TestEnv_NATSConnectionString(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: bus\n    type: nats:single@2.12\n"}, "imp"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	res, m := h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": "bus"})
	wantOK(t, res)
	vars := fmt.Sprint(m["variables"])
	if !strings.Contains(vars, "key:connectionString") || !strings.Contains(vars, "key:user") || !strings.Contains(vars, "value:zerops") {
		t.Errorf("bus lacks connectionString or the user zerops: %s", vars)
	}
	res, m = h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"NATS_URL=${bus_connectionString}"}})
	wantOK(t, res)
	if m["warnings"] != nil {
		t.Errorf("${bus_connectionString} warned about: %s", text(res))
	}
}
