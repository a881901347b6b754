package mcp_test

import (
	"strings"
	"testing"
)

// A rollback of a service never deployed says so (walk 7: it answered
// "none built and deployed before the current one … Fix the code", though
// there was no current one and nothing had failed).
func TestDeploy_RollbackNeverDeployed(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	res, m := h.call(t, "zerops_deploy", map[string]any{"targetService": "appstage", "rollback": true})
	wantError(t, res, m, "NOT_FOUND")
	if msg, sugg := str(m["error"]), str(m["suggestion"]); !strings.Contains(msg, "no code has been deployed to it yet") || strings.Contains(sugg, "Fix the code") {
		t.Errorf("want the never-deployed service named as such, no code fix: %s", text(res))
	}
}
