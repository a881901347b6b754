package mcp_test

import (
	"context"
	"os"
	"path/filepath"
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
	h := newHarness(t, harnessOpts{sandboxPush: true})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	ctx := context.Background()
	res, m := h.callWith(t, ctx, "zerops_deploy", args, "v1")
	if m["verdict"] != string(platform.VerdictLive) {
		t.Fatalf("v1 is not live: %s", text(res))
	}
	v1 := m["build"].(map[string]any)["appVersionId"].(string)
	must(t, os.Remove(filepath.Join(h.workDir(t), "index.js")))
	res, m = h.callWith(t, ctx, "zerops_deploy", args, "v2")
	if m["verdict"] != string(platform.VerdictNotAnswering) {
		t.Fatalf("v2 without its start file answers: %s", text(res))
	}
	v2 := m["build"].(map[string]any)["appVersionId"].(string)
	res, _ = h.callWith(t, ctx, "zerops_deploy", map[string]any{"rollback": true, "targetService": "appstage"}, "back")
	wantOK(t, res)
	res, m = h.callWith(t, ctx, "zerops_deploy", map[string]any{"rollback": "true", "targetService": "appstage", "repeat": true}, "again")
	wantError(t, res, m, platform.ErrNotFound)
	all := text(res)
	if !strings.Contains(all, "already runs "+v1) || !strings.Contains(all, "Nothing to roll back") {
		t.Errorf("the second rollback does not say appstage already runs %s: %s", v1, all)
	}
	if strings.Contains(all, "appVersionId="+v2) {
		t.Errorf("the second rollback offers to redeploy %s, the version that failed: %s", v2, all)
	}
}
