package mcp_test

import (
	"context"
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

// A rollback of a service whose one deployed version runs and was not seen
// failing says there is nothing to roll back and how to check it, not "Fix
// the code" (walk9b: a Django service live after its first good deploy,
// rolled back by a hurried agent, was told to fix the code).
func TestDeploy_RollbackOfTheOnlyVersionKeepsIt(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		failFirst bool // a failed deploy came before the live one
	}{
		{"one deploy", false},
		{"a failed build before", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			if tt.failFirst {
				writeApp(t, h.workDir(t), noBuildScript)
				h.callWith(t, context.Background(), "zerops_deploy", args, "bad")
				writeApp(t, h.workDir(t), map[string]string{"zerops.yml": demoZeropsYml})
			}
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "good")
			if m["verdict"] != "live" {
				t.Fatalf("the deploy is not live: %s", text(res))
			}
			live := appVersionOf(m)
			res, m = h.call(t, "zerops_deploy", map[string]any{"targetService": "appstage", "rollback": true})
			wantError(t, res, m, "NOT_FOUND")
			sugg := str(m["suggestion"])
			if strings.HasPrefix(sugg, "Fix the code") || !strings.Contains(sugg, "Nothing to roll back") || !strings.Contains(sugg, live) || !strings.Contains(sugg, "zerops_verify") {
				t.Errorf("suggestion %q: want nothing to roll back, keep %s, zerops_verify to check it; no unconditional code fix", sugg, live)
			}
		})
	}
}

// Walk 10: an agent asked to roll back the database (rollback: true on
// pg) was told to deploy code to a runtime instead. A managed service has
// no versions: its data comes back from a backup, which the answer names.
func TestDeploy_RollbackOfAManagedServiceNamesItsBackups(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	res, m := h.call(t, "zerops_deploy", map[string]any{"targetService": "db", "rollback": true})
	wantError(t, res, m, "INVALID_PARAMETER")
	if sugg := str(m["suggestion"]); !strings.Contains(sugg, "zerops_manage action=backups serviceHostname=db") || strings.Contains(sugg, "Deploy the code") {
		t.Errorf("want the backups of db named, no deploy of code: %s", text(res))
	}
}
