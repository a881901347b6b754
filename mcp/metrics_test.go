package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

// leakyApp is demoApp whose server keeps every request's buffer forever:
// Node runs out of heap shortly after it starts.
var leakyApp = map[string]string{
	"index.js": "const kept = [];\nwhile (true) { kept.push(Buffer.alloc(1 << 20)); }\n",
}

// TestMetrics_IdleVersusOutOfMemory asks "is it RAM?" after an idle start
// (nothing near a limit) and after the app ran out of memory (RAM at the
// ceiling, the verdict naming the scale call).
func TestMetrics_IdleVersusOutOfMemory(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}

	res, m := h.callWith(t, ctx, "zerops_deploy", args, "idle")
	wantOK(t, res)
	if m["verdict"] != deploy.VerdictLive {
		t.Fatalf("the demo app is not live: %s", text(res))
	}
	res, m = h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	if m["verdict"] != ops.MetricsOK || !strings.Contains(m["next"].(string), "nothing near a limit") {
		t.Fatalf("an idle app is judged %v: %s", m["verdict"], text(res))
	}

	writeApp(t, h.workDir(t), leakyApp)
	res, _ = h.callWith(t, ctx, "zerops_deploy", args, "oom")
	wantOK(t, res)
	res, m = h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "appstage", "window": "30m"})
	wantOK(t, res)
	svc := m["services"].([]any)[0].(map[string]any)
	next := m["next"].(string)
	if m["verdict"] != ops.MetricsNearLimit || !strings.HasPrefix(svc["reason"].(string), "RAM at 9") ||
		!strings.Contains(next, "zerops_manage action=scale serviceHostname=appstage maxRam=") {
		t.Fatalf("an out-of-memory app is not judged at its RAM ceiling: %s", text(res))
	}

	// Every service: the idle ones are listed too, the worst verdict wins.
	res, m = h.call(t, "zerops_metrics", map[string]any{})
	wantOK(t, res)
	if m["verdict"] != ops.MetricsNearLimit || len(m["services"].([]any)) < 3 {
		t.Errorf("all services: %s", text(res))
	}

	for _, bad := range []map[string]any{{"window": "8d"}, {"window": "soon"}, {"window": "10s"}} {
		res, m := h.call(t, "zerops_metrics", bad)
		wantError(t, res, m, platform.ErrInvalidParameter)
	}
	res, m = h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "nosuch"})
	wantError(t, res, m, platform.ErrServiceNotFound)
}
