package mcp_test

import (
	"context"
	"maps"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// A failed build says "the previous version keeps running" only when one
// does: not after the service's first build, yes once a version is live.
func TestDeploy_FailedFirstBuildClaimsNoPreviousVersion(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	broken := maps.Clone(demoApp)
	maps.Copy(broken, noBuildScript)
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	const claim = "previous version keeps running"

	writeApp(t, h.workDir(t), broken)
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "first")
	wantError(t, res, m, platform.ErrBuildFailed)
	if s, _ := m["suggestion"].(string); strings.Contains(s, claim) || !strings.Contains(s, "zerops_deploy again") {
		t.Errorf("first build's suggestion %q: want zerops_deploy again, no %q", s, claim)
	}

	writeApp(t, h.workDir(t), demoApp)
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "fixed"); m["verdict"] != "live" {
		t.Fatalf("the fixed deploy is not live: %s", text(res))
	}
	writeApp(t, h.workDir(t), broken)
	res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "again")
	wantError(t, res, m, platform.ErrBuildFailed)
	if s, _ := m["suggestion"].(string); !strings.Contains(s, claim) {
		t.Errorf("a failed build after a live one: suggestion %q lacks %q", s, claim)
	}
}
