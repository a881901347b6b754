package mcp_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestRollback_AfterAFailedBuildKeepsTheLiveVersion: v1 and v2 live, v3's
// build fails. A default rollback is refused: v3 never went live, v2
// still runs, and going back would replace v2 (not seen failing) with v1
// (walk: the agent asked to undo a failed build and lost the live
// version). The refusal names the one call that goes back anyway, and
// that call does.
func TestRollback_AfterAFailedBuildKeepsTheLiveVersion(t *testing.T) {
	t.Parallel()
	r := newRollbackRig(t)
	h, v1 := r.harness, r.v1
	res, m := r.deploy(t, "v2")
	if m["verdict"] != string(platform.VerdictLive) {
		t.Fatalf("v2 is not live: %s", text(res))
	}
	v2 := appVersionOf(m)
	writeApp(t, r.wd, noBuildScript)
	res, m = r.deploy(t, "v3")
	wantError(t, res, m, platform.ErrBuildFailed)

	res, m = r.rollback(t, "back")
	wantError(t, res, m, platform.ErrNotFound)
	msg, sugg := str(m["error"]), str(m["suggestion"])
	if !strings.Contains(msg, "nothing to roll back") || !strings.Contains(msg, "never went live") || !strings.Contains(msg, v2) {
		t.Errorf("the refusal does not say the failed build never went live and %s still runs: %s", v2, text(res))
	}
	if !strings.Contains(sugg, "zerops_deploy rollback=true targetService=appstage appVersionId="+v1) {
		t.Errorf("the refusal names no way back further: %s", text(res))
	}
	vs, err := h.client.SearchAppVersions(r.ctx, platform.AppVersionFilter{ServiceID: h.fake.ServiceID("appstage")})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if (v.ID == v2) != (v.Status == platform.AppVersionActive) {
			t.Errorf("after the refused rollback version %s (#%d) is %s; want only v2 %s ACTIVE", v.ID, v.Sequence, v.Status, v2)
		}
	}

	res, m = h.callWith(t, r.ctx, "zerops_deploy", map[string]any{"rollback": true, "targetService": "appstage", "appVersionId": v1}, "further")
	wantOK(t, res)
	if m["verdict"] != string(platform.VerdictLive) || appVersionOf(m) != v1 {
		t.Errorf("the named rollback did not bring v1 back live: %s", text(res))
	}
}
