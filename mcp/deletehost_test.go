package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A variable naming a service as a host (redis://cache:6379, a bare
// hostname) is no ${} reference, yet its app reaches nothing once the
// service is deleted: zerops_delete names it before (without confirm) and
// after, beside the references (walk 6: API_URL=http://goapi:8080 went
// unmentioned). A word that only contains the hostname is not it.
func TestDelete_NamesVariablesUsingTheHost(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, variable string
		named          bool
		target         string // default cache
	}{
		{"url", "REDIS_URL=redis://cache:6379/0", true, ""},
		{"bare hostname", "CACHE_HOST=cache", true, ""},
		{"user at host", "QUEUE=amqp://u:p@cache/vhost", true, ""},
		{"a longer word", "MODE=nocache", false, ""},
		{"a reference", "REDIS_URL=${cache_connectionString}", false, ""}, // a reference: said as one
		{"a runtime", "API_URL=http://appstage:3000/v1", true, "appstage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			ctx := context.Background()
			if res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{tt.variable}}, "env"); res.IsError {
				t.Fatalf("env: %s", text(res))
			}
			key, _, _ := strings.Cut(tt.variable, "=")
			target := tt.target
			if target == "" {
				target = "cache"
			}
			res, _ := h.call(t, "zerops_delete", map[string]any{"serviceHostname": target})
			before := text(res)
			if strings.Contains(before, "confirm: true Variables") {
				t.Errorf("the refusal runs its sentences together: %s", before)
			}
			res, m := h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": target, "confirm": true}, "del")
			wantOK(t, res)
			after := str(m["next"])
			for what, answer := range map[string]string{"without confirm": before, "after the delete": after} {
				says := strings.Contains(answer, "as a host") && strings.Contains(answer, "appdev ("+key+")")
				if says != tt.named {
					t.Errorf("%s: names %s as using %s as a host: %v, want %v: %s", what, key, target, says, tt.named, answer)
				}
			}
		})
	}
}
