package mcp_test

import (
	"fmt"
	"strings"
	"testing"
)

// Two variables an agent joined into one string ("A=1,B=2") are one
// variable A whose value runs past the comma: the answer says B was not set
// and next sets them as separate items, without echoing the value; a value
// that merely holds commas or lower-case pairs warns nothing.
func TestEnv_JoinedVariablesAreNamed(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, tt := range []struct {
		name    string
		vars    any
		restart bool
		joined  bool
	}{
		{"comma-joined string", "API_KEY=sk-live-123,LOG_LEVEL=debug", false, true},
		{"space-joined item, with restart", []string{"API_KEY=sk-live-123 LOG_LEVEL=debug"}, true, true},
		{"a list of commas", []string{"CORS_ORIGINS=https://a.example,https://b.example"}, false, false},
		{"a connection string's pairs", []string{"DSN=Server=db;Database=app;User Id=app"}, false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, m := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": tt.vars, "restart": tt.restart})
			wantOK(t, res)
			warnings, next := fmt.Sprint(m["warnings"]), str(m["next"])
			if !tt.joined {
				if strings.Contains(warnings, "separate") || strings.Contains(next, "separate") {
					t.Errorf("a value with commas is taken for joined variables: %s", text(res))
				}
				return
			}
			if !strings.Contains(warnings, "LOG_LEVEL") || !strings.Contains(warnings, "not set") {
				t.Errorf("the warnings do not say LOG_LEVEL was not set: %s", text(res))
			}
			if !strings.Contains(next, `variables=["API_KEY=…","LOG_LEVEL=…"]`) || m["notes"] != nil {
				t.Errorf("next does not set them as separate items, or a restart note stays beside it: %s", text(res))
			}
			if strings.Contains(text(res), "sk-live-123") || strings.Contains(text(res), "debug") {
				t.Errorf("the answer echoes the value: %s", text(res))
			}
		})
	}
}
