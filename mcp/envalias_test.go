package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// Code holding a variable in a constant and throwing when it is unset
// (`const secret = process.env.JWT_SECRET; if (!secret) throw …`) fails the
// start as the app does, and the answer sets the variable (walk 10: such
// an app was answered live).
func TestDeploy_RequiredVariableThroughAConstant(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	app := map[string]string{}
	for k, v := range demoApp {
		app[k] = v
	}
	app["index.js"] = "const secret = process.env.JWT_SECRET;\nif (!secret) { throw new Error('JWT_SECRET is required'); }\n" + demoApp["index.js"]
	writeApp(t, h.workDir(t), app)
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "env")
	answer := text(res)
	if m["verdict"] != "not-answering" || !strings.Contains(answer, "Error: JWT_SECRET is required") {
		t.Fatalf("verdict %v, want not-answering with the app's own error: %s", m["verdict"], answer)
	}
	if next := str(m["next"]); !strings.Contains(next, "JWT_SECRET") {
		t.Errorf("next %q does not set JWT_SECRET", next)
	}
}
