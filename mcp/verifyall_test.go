package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// Verifying every service, the answer's next step is the fix of a service
// whose failure has a diagnosis, not "deploy code" to a service that was
// never deployed and comes earlier in the list.
func TestVerify_AllLeadsWithTheDiagnosedFailure(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: nodejs@22\n"}, "import"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	yml := demoZeropsYml + "  - setup: api\n    build: *build\n    run:\n      base: nodejs@22\n      ports: [{port: 3000, httpSupport: true}]\n      start: node missing.js\n"
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "api"}, "broken"); m["verdict"] != "not-answering" {
		t.Fatalf("broken deploy: %s", text(res))
	}
	res, m := h.call(t, "zerops_verify", map[string]any{})
	if next := str(m["next"]); !strings.Contains(next, "deployFiles") || strings.Contains(next, "targetService=appstage") {
		t.Errorf("verify of every service: next %q, want api's start fix first: %s", next, text(res))
	}
}
