package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A log that still holds an earlier version's failure leads with the
// running version's: v1 crashes on a missing module, v2 runs out of
// memory; zerops_logs (the service's, and the project's) names v2's cause
// and fix, not v1's, which a redeploy has already replaced.
func TestLogs_CurrentFailureBeforeAnEarlierVersions(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	wd := h.workDir(t)
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	ctx := context.Background()

	writeApp(t, wd, map[string]string{"index.js": "require('./lib');\nrequire('node:http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"})
	res, m := h.callWith(t, ctx, "zerops_deploy", args, "v1")
	if first := firstDiagnosis(firstCheck(m)); first["signal"] != "module-not-found-at-runtime" {
		t.Fatalf("v1 diagnosis %v, want module-not-found-at-runtime: %s", first, text(res))
	}
	writeApp(t, wd, map[string]string{"index.js": "const a = [];\nsetInterval(() => a.push(Buffer.alloc(1e6)), 1);\nrequire('node:http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"})
	res, m = h.callWith(t, ctx, "zerops_deploy", args, "v2")
	if first := firstDiagnosis(firstCheck(m)); first["signal"] != "out-of-memory" {
		t.Fatalf("v2 diagnosis %v, want out-of-memory: %s", first, text(res))
	}
	for _, a := range []map[string]any{{"serviceHostname": "appstage"}, {"severity": "warning"}} {
		res, m = h.call(t, "zerops_logs", a)
		wantOK(t, res)
		next := str(m["next"])
		signals := fmt.Sprint(m["diagnoses"])
		if !strings.Contains(next, "out-of-memory") || strings.Contains(next, "module") || strings.Contains(signals, "module-not-found") {
			t.Errorf("zerops_logs %v after v2 replaced v1: want v2's out-of-memory alone, not v1's missing module: %s", a, text(res))
		}
	}
}
