package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A variable holding several references to a service deleted since its
// app started is named once in zerops_verify's reason and next (walk 8:
// CLICKHOUSE_URL built from four ${olap_...} references was named four
// times, "point CLICKHOUSE_URL, CLICKHOUSE_URL, CLICKHOUSE_URL, ..."), and
// the reason names every reference the variables started from (walk9b:
// "QDRANT_API_KEY, QDRANT_URL from ${vec_apiKey}", QDRANT_URL being
// ${vec_connectionString}), whole (walk11b: cut mid-word).
func TestVerify_DeletedServiceVariableNamedOnce(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		variables []string
		key       string
		refs      []string
	}{
		{"several references in one variable", []string{"CACHE_URL=redis://:${cache_password}@${cache_hostname}:${cache_port}"}, "CACHE_URL",
			[]string{"${cache_password}", "${cache_hostname}", "${cache_port}"}},
		{"a reference per variable", []string{"CACHE_HOST=${cache_hostname}", "CACHE_PASSWORD=${cache_password}"}, "CACHE_HOST",
			[]string{"${cache_hostname}", "${cache_password}"}},
		// walk11b: three variables made the reason longer than the probe's
		// clip, and it ended "(the start fails: host not fou…".
		{"three variables", []string{"CACHE_HOST=${cache_hostname}", "CACHE_PASSWORD=${cache_password}", "CACHE_PORT=${cache_port}"}, "CACHE_HOST",
			[]string{"${cache_hostname}", "${cache_password}", "${cache_port}"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			ctx := context.Background()
			set := map[string]any{"action": "set", "serviceHostname": "appdev", "variables": tt.variables, "restart": true}
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
			reason := str(firstService(m)["reason"])
			for _, ref := range tt.refs {
				if !strings.Contains(reason, ref) {
					t.Errorf("the reason does not name %s: %s", ref, reason)
				}
			}
			if !strings.Contains(reason, "host not found)") {
				t.Errorf("the reason is cut before its end: %s", reason)
			}
			if strings.Contains(out, tt.key+", "+tt.key) || strings.Contains(str(m["next"]), tt.key+", "+tt.key) {
				t.Errorf("%s named more than once: %s", tt.key, out)
			}
		})
	}
}
