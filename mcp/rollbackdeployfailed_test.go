package mcp_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestRollback_ToADeployFailedVersionSaysItsDeployFailed: v2's build
// passes and its init command fails, so it ends DEPLOY_FAILED; v3 is live.
// Asking to roll back to v2 by id is not refused by ZCP (whether the
// platform redeploys such a version is its call): the redeploy goes to the
// platform, whose answer decides, and the answer says what happened (its
// deploy failed, not its build: walk9b) without claiming what was not
// checked. In the sandbox it fails again for the same reason, and v3 stays.
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
	if m["code"] == string(platform.ErrInvalidParameter) {
		t.Fatalf("ZCP refused what the platform decides: %s", text(res))
	}
	wantError(t, res, m, platform.ErrDeployFailed)
	msg := text(res)
	if !strings.Contains(msg, "init command failed") || !strings.Contains(msg, "stays ACTIVE") {
		t.Errorf("the failed redeploy does not say why or what runs: %s", msg)
	}
	if strings.Contains(msg, "would meet") || strings.Contains(msg, "build failed") {
		t.Errorf("the answer claims what was not checked, or a build failure v2 did not have: %s", msg)
	}
	vs, err = r.client.SearchAppVersions(r.ctx, platform.AppVersionFilter{ServiceID: r.fake.ServiceID("appstage")})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if v.ID == v2 && v.Status != platform.AppVersionDeployFailed {
			t.Errorf("v2 is %s after its redeploy failed", v.Status)
		}
	}
}
