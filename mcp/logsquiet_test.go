package mcp_test

import (
	"strings"
	"testing"
	"time"
)

// Logs asked for before a service has run anything say why they are empty
// (walk 7: asked while the first deploy built, the answer was "widen since
// or severity", which finds nothing either): a deploy under way names the
// version to follow; a service never deployed, the deploy.
func TestLogs_EmptyBeforeTheFirstDeploySaysWhy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true, buildStep: time.Hour})
	t.Cleanup(func() { h.fake.FinishBuilds() })

	res, m := h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	if next := str(m["next"]); !strings.Contains(next, "appstage has no code deployed yet") || strings.Contains(next, "widen") {
		t.Errorf("never deployed: next %q", next)
	}

	call := h.deployAsync(t, map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
	h.awaitProgress(t, "v1", "Deploying appstage")
	res, m = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	if next := str(m["next"]); !strings.Contains(next, "zerops_deploy follow=") || strings.Contains(next, "widen") {
		t.Errorf("deploy under way: next %q", next)
	}
	h.fake.FinishBuilds()
	recv(t, call)
}
