package mcp_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A failing deploy offers no rollback when the only version before it was
// seen not answering itself: v1 runs out of memory, v2 lacks its start
// file; neither the deploy's nor zerops_verify's next step names a
// rollback, which would be refused (no earlier version known to work).
func TestDeploy_NoRollbackOfferedToAVersionSeenNotAnswering(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	wd := h.workDir(t)
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	ctx := context.Background()

	writeApp(t, wd, leakyApp)
	res, m := h.callWith(t, ctx, "zerops_deploy", args, "v1")
	if m["verdict"] == "live" {
		t.Fatalf("the leaky v1 is live: %s", text(res))
	}
	must(t, os.Remove(filepath.Join(wd, "index.js")))
	res, m = h.callWith(t, ctx, "zerops_deploy", args, "v2")
	if m["verdict"] == "live" {
		t.Fatalf("v2 without its start file is live: %s", text(res))
	}
	if next := str(m["next"]); strings.Contains(next, "rollback=true") {
		t.Errorf("deploy of v2 offers a rollback to v1, which did not answer either: %s", next)
	}
	_, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	if next := str(m["next"]); strings.Contains(next, "rollback=true") {
		t.Errorf("verify of v2 offers a rollback to v1, which did not answer either: %s", next)
	}
}
