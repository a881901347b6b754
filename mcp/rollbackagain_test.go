package mcp_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// An agent that rolls back twice (the second time acting on the state
// before the first, with repeat: true past the replay): the second answer
// says the target already runs the version the first went back to, and
// does not offer to redeploy the version that failed.
func TestRollback_AgainSaysItAlreadyRunsTheWayBack(t *testing.T) {
	t.Parallel()
	r := newRollbackRig(t)
	v1 := r.v1
	r.removeStart(t)
	res, m := r.deploy(t, "v2")
	if m["verdict"] != string(platform.VerdictNotAnswering) {
		t.Fatalf("v2 without its start file answers: %s", text(res))
	}
	v2 := appVersionOf(m)
	res, _ = r.rollback(t, "back")
	wantOK(t, res)
	res, m = r.callWith(t, r.ctx, "zerops_deploy", map[string]any{"rollback": "true", "targetService": "appstage", "repeat": true}, "again")
	wantError(t, res, m, platform.ErrNotFound)
	all := text(res)
	if !strings.Contains(all, "already runs "+v1) || !strings.Contains(all, "Nothing to roll back") {
		t.Errorf("the second rollback does not say appstage already runs %s: %s", v1, all)
	}
	if strings.Contains(all, "appVersionId="+v2) {
		t.Errorf("the second rollback offers to redeploy %s, the version that failed: %s", v2, all)
	}
}
