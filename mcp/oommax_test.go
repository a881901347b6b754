package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// An app out of memory on a service whose RAM may already grow to the
// platform's maximum (the demo's maxRam is 48 GB) is not told to raise
// maxRam: no scale call can; the fix is the leak or the runtime's own limit.
func TestDeploy_OutOfMemoryAtTheRAMMaximumProposesNoScale(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), leakyApp)
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "oom")
	if first := firstDiagnosis(firstCheck(m)); first["signal"] != "out-of-memory" {
		t.Fatalf("diagnosis %v, want out-of-memory: %s", first, text(res))
	}
	_, v := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	for what, next := range map[string]string{"deploy": str(m["next"]), "verify": str(v["next"])} {
		if strings.Contains(next, "raise maxRam") || strings.Contains(next, "action=scale") || !strings.Contains(next, "it is a leak") {
			t.Errorf("%s next %q: want the leak or the runtime's limit, no scale of a maxRam already at 48 GB", what, next)
		}
	}
}
