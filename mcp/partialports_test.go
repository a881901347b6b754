package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestPartialPorts_DeclaredPortNobodyListensOn: two HTTP ports declared,
// the app listens on one. The deploy's and verify's next step name the
// cause (9090 declared, the app listens only on 3000) and the fix (drop
// 9090 from run.ports or listen on it), never a step to zerops_logs, whose
// answer points back at verify: a loop.
func TestPartialPorts_DeclaredPortNobodyListensOn(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml,
		"ports: [{port: 3000, httpSupport: true}]", "ports: [{port: 3000, httpSupport: true}, {port: 9090, httpSupport: true}]")})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "appstage"}, "deploy")
	if m["verdict"] != "degraded" {
		t.Fatalf("deploy verdict %v, want degraded: %s", m["verdict"], text(res))
	}
	_, v := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	svc := firstService(v)
	for what, next := range map[string]string{"deploy": str(m["next"]), "verify": str(svc["next"])} {
		for _, w := range []string{"9090", "run.ports", "listens only on 3000", "zerops_deploy"} {
			if !strings.Contains(next, w) {
				t.Errorf("%s next lacks %q: %s", what, w, next)
			}
		}
		if strings.Contains(next, "zerops_logs") {
			t.Errorf("%s next sends to zerops_logs, which points back at verify: %s", what, next)
		}
	}
}
