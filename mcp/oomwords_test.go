package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// An out-of-memory crash at the platform's most RAM is answered by the
// deploy's diagnosis, verify and metrics: each tells a leak from a steady
// need in the same words, and none offers a fix another rules out (a
// higher heap cap while the container's RAM is full, a scale at 48 GB).
func TestOutOfMemory_AnswersAgreeAtTheRAMMaximum(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), leakyApp)
	res, d := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "oom")
	wantOK(t, res)
	_, v := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	_, m := h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "appstage", "window": "30m"})
	const leak = "If RAM climbs until the app dies, and again after each restart, it is a leak: fix the code"
	for what, next := range map[string]string{"deploy": str(d["next"]), "verify": str(v["next"]), "metrics": str(m["next"])} {
		if !strings.Contains(next, leak) {
			t.Errorf("%s next lacks the leak's test %q: %s", what, leak, next)
		}
		if strings.Contains(next, "action=scale") {
			t.Errorf("%s next scales a maxRam already at 48 GB: %s", what, next)
		}
		// A higher runtime limit helps only while the RAM is not full.
		if i := strings.Index(next, "max-old-space-size"); i >= 0 && !strings.Contains(next[:i], "RAM stays below") {
			t.Errorf("%s next raises the heap cap without the RAM below its ceiling: %s", what, next)
		}
	}
}
