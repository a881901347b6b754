package mcp_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestRollback_ToADeployFailedVersionSaysItsDeployFailed: v2's build
// passes and its init command fails, so it ends DEPLOY_FAILED; v3 is live.
// Asking to roll back to v2 by id is refused for what happened (it never ran), not
// for a build failure it did not have (walk9b: "a version whose build
// failed" of a version whose build passed), and that it may fail again.
func TestRollback_ToADeployFailedVersionSaysItsDeployFailed(t *testing.T) {
	t.Parallel()
	r := newRollbackRig(t)
	writeApp(t, r.wd, map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "      start: node index.js", "      initCommands: [node migrate.js]\n      start: node index.js")})
	res, m := r.deploy(t, "v2")
	if m["verdict"] == string(platform.VerdictLive) {
		t.Fatalf("v2 with a failing init command is live: %s", text(res))
	}
	vs, err := r.client.SearchAppVersions(r.ctx, platform.AppVersionFilter{ServiceID: r.fake.ServiceID("appstage")})
	if err != nil {
		t.Fatal(err)
	}
	v2 := ""
	for _, v := range vs {
		if v.Status == platform.AppVersionDeployFailed {
			v2 = v.ID
		}
	}
	if v2 == "" {
		t.Fatalf("no version ended DEPLOY_FAILED: %+v", vs)
	}
	writeApp(t, r.wd, map[string]string{"zerops.yml": demoZeropsYml})
	if res, m = r.deploy(t, "v3"); m["verdict"] != string(platform.VerdictLive) {
		t.Fatalf("v3 is not live: %s", text(res))
	}
	res, m = r.callWith(t, r.ctx, "zerops_deploy", map[string]any{"rollback": true, "targetService": "appstage", "appVersionId": v2}, "back")
	wantError(t, res, m, platform.ErrInvalidParameter)
	msg := str(m["error"])
	if strings.Contains(msg, "build failed") || !strings.Contains(msg, "deploy failed") || !strings.Contains(msg, "never ran") {
		t.Errorf("the refusal does not say v2's deploy failed and it never ran: %s", text(res))
	}
	// ZCP did not deploy v2 again: it says it may fail again, and why, not
	// that it would (walk 10).
	if strings.Contains(msg, "would meet") || !strings.Contains(msg, "may fail the same way") || !strings.Contains(msg, "same code and zerops.yml") {
		t.Errorf("the refusal claims what was not checked, or not why it may fail again: %s", msg)
	}
}
