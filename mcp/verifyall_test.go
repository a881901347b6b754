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
	if next := str(m["next"]); !strings.Contains(next, "name `index.js` in place of `missing.js`") || strings.Contains(next, "targetService=appstage") {
		t.Errorf("verify of every service: next %q, want api's start fix first: %s", next, text(res))
	}
}

// TestVerify_AllNeverDeployedIsNoFailure: verifying every runtime when the
// deployed one answers and the only finding is a runtime never deployed
// (appstage) answers healthy, its service not-deployed, with the deploy
// call and no guessed source, never failing: a service that waits for its
// first deploy is not a broken one (issue 34 walk; walk 74b: the project's
// not-deployed sent a monitoring agent to deploy the last folder pushed).
func TestVerify_AllNeverDeployedIsNoFailure(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_verify", map[string]any{})
	wantOK(t, res)
	if m["verdict"] != "healthy" {
		t.Errorf("verdict %v, want healthy: %s", m["verdict"], text(res))
	}
	if next := str(m["next"]); !strings.Contains(next, "zerops_deploy targetService=appstage with its source") || strings.Contains(next, "workingDir=") {
		t.Errorf("next %q, want the deploy call for appstage: %s", next, text(res))
	}
	svcs, _ := m["services"].([]any)
	got := map[string]string{}
	for _, s := range svcs {
		sm, _ := s.(map[string]any)
		got[str(sm["serviceHostname"])] = str(sm["verdict"]) + " " + str(sm["reason"])
	}
	if !strings.HasPrefix(got["appdev"], "healthy") || !strings.HasPrefix(got["appstage"], "not-deployed") ||
		!strings.Contains(got["appstage"], "not deployed") || strings.Contains(got["appstage"], "failing") {
		t.Errorf("services %v: want appdev healthy, appstage not-deployed and said so", got)
	}
}
