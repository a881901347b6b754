package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// Metrics of a runtime whose app does not answer are not load (walk 12,
// monitor: an app crash-looping on a missing module got "about 2.8× that
// load fits at this size"): the answer says the app serves nothing and
// sends to the check that says why, no plan for load.
func TestMetrics_AppNotAnsweringIsNoLoad(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		start  string
		down   bool
		window string
	}{
		{"crash loop", "node missing.js", true, "30m"},
		{"live", "node index.js", false, "30m"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: "+tt.start)})
			h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "d")
			res, m := h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "appstage", "window": tt.window})
			wantOK(t, res)
			next := str(m["next"])
			said := strings.Contains(next, "appstage did not answer") && strings.Contains(next, "zerops_verify serviceHostname=appstage")
			if said != tt.down || tt.down && strings.Contains(next, "load fits") {
				t.Errorf("next (app down: %v): %s", tt.down, next)
			}
			wantKnownArgs(t, h, next)
		})
	}
}
