package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestEnv_GetNamesAKeySetBothAsSecretAndInZeropsYml: FOO is a service
// secret and run.envVariables of the deployed zerops.yml declare it too.
// get names the clash, says the app gets one of the two, and its next
// step is the call that keeps one (walk 9: get listed both and its next
// step only said "never both").
func TestEnv_GetNamesAKeySetBothAsSecretAndInZeropsYml(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, _ := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"FOO=from-secret"}}, "set"); res.IsError {
		t.Fatalf("set: %s", text(res))
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.Replace(demoZeropsYml, "      start: node index.js\n", "      start: node index.js\n      envVariables:\n        FOO: from-yml\n", 1)})
	if res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "appstage"}, "deploy"); res.IsError {
		t.Fatalf("deploy: %s", text(res))
	}
	res, m := h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": "appstage"})
	if res.IsError {
		t.Fatalf("get: %s", text(res))
	}
	var both int
	for _, v := range m["variables"].([]any) {
		if v.(map[string]any)["key"] == "FOO" {
			both++
		}
	}
	if both < 2 {
		t.Fatalf("the fake lists FOO %d time(s), want the secret and the zerops.yml one: %s", both, text(res))
	}
	warn, next := text(res), str(m["next"])
	if !strings.Contains(warn, "FOO is set both as a service secret and in run.envVariables") {
		t.Errorf("get does not name FOO's clash: %s", warn)
	}
	if !strings.Contains(next, `zerops_env action=delete serviceHostname=appstage variables=["FOO"]`) || !strings.Contains(next, "zerops_deploy") {
		t.Errorf("next does not offer the calls that keep one: %q", next)
	}
}
