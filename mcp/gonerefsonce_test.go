package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A variable holding several references to a service deleted since its
// app started is named once in zerops_verify's reason and next (walk 8:
// CLICKHOUSE_URL built from four ${olap_...} references was named four
// times, "point CLICKHOUSE_URL, CLICKHOUSE_URL, CLICKHOUSE_URL, ...").
func TestVerify_DeletedServiceVariableNamedOnce(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, variable, key string }{
		{"several references in one variable", "CACHE_URL=redis://:${cache_password}@${cache_hostname}:${cache_port}", "CACHE_URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			ctx := context.Background()
			set := map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{tt.variable}, "restart": true}
			if res, _ := h.callWith(t, ctx, "zerops_env", set, "env"); res.IsError {
				t.Fatalf("env set: %s", text(res))
			}
			if res, _ := h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "cache", "confirm": true}, "del"); res.IsError {
				t.Fatalf("delete: %s", text(res))
			}
			res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appdev"})
			out := text(res)
			if !strings.Contains(out, "deleted since") {
				t.Fatalf("verify does not say cache is deleted since the start: %s", out)
			}
			if strings.Contains(out, tt.key+", "+tt.key) || strings.Contains(str(m["next"]), tt.key+", "+tt.key) {
				t.Errorf("%s named more than once: %s", tt.key, out)
			}
		})
	}
}
