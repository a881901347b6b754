package mcp_test

import (
	"strings"
	"testing"
)

// envVars maps a zerops_env get answer's variables by key.
func envVars(m map[string]any) map[string]map[string]any {
	out := map[string]map[string]any{}
	vars, _ := m["variables"].([]any)
	for _, v := range vars {
		e, _ := v.(map[string]any)
		k, _ := e["key"].(string)
		out[k] = e
	}
	return out
}

// TestEnvTypes_GetShowsGeneratedReadOnly checks that zerops_env get marks the
// platform's variables read-only and the user's own not.
func TestEnvTypes_GetShowsGeneratedReadOnly(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"MINE=1"}})
	wantOK(t, res)
	res, m := h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": "appdev"})
	wantOK(t, res)
	vars := envVars(m)
	for k, ro := range map[string]bool{"MINE": false, "hostname": true, "serviceId": true, "NODE_ENV": true} {
		if got, _ := vars[k]["readOnly"].(bool); got != ro {
			t.Errorf("appdev %s readOnly = %v, want %v (%v)", k, got, ro, vars[k])
		}
	}
	res, m = h.call(t, "zerops_env", map[string]any{"action": "get", "project": true})
	wantOK(t, res)
	if got, _ := envVars(m)["zeropsSubdomainHost"]["readOnly"].(bool); !got {
		t.Errorf("project zeropsSubdomainHost not read-only: %v", envVars(m))
	}
}

// TestEnvTypes_RefusesGenerated checks that set/delete of a generated or
// SYSTEM variable is a structured error naming the fix, and that a set keeps
// the generated variables out of the env file it writes.
func TestEnvTypes_RefusesGenerated(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	tests := []struct {
		name string
		args map[string]any
		want string
	}{
		{"delete ENV", map[string]any{"action": "delete", "serviceHostname": "appdev", "variables": []string{"NODE_ENV"}}, "generated"},
		{"delete INTERNAL", map[string]any{"action": "delete", "serviceHostname": "appdev", "variables": []string{"serviceId"}}, "generated"},
		{"set READ_ONLY", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"hostname=x"}}, "generated"},
		{"delete SYSTEM", map[string]any{"action": "delete", "project": true, "variables": []string{"zeropsSubdomainHost"}}, "SYSTEM"},
		{"set SYSTEM", map[string]any{"action": "set", "project": true, "variables": []string{"storageCdnUrl=x"}}, "generated"},
	}
	for _, tt := range tests {
		res, _ := h.call(t, "zerops_env", tt.args)
		if !res.IsError || !strings.Contains(text(res), tt.want) || !strings.Contains(text(res), "suggestion") {
			t.Errorf("%s: want a structured error containing %q, got %s", tt.name, tt.want, text(res))
		}
	}
	// The fake refuses an env file naming a generated key, so this set fails
	// if ZCP copies generated variables into the file it writes.
	res, _ := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"MINE=1"}})
	wantOK(t, res)
}
