package mcp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// A runtime imported with startWithoutCode is ACTIVE with no code of the
// user's: verify says so and leads to zerops_deploy, as for a runtime
// waiting for its first deploy, never "nothing to fix". Its first build
// failing is a failed first deploy: no earlier version of the user's stays
// ACTIVE, whatever the empty one's status.
func TestVerify_StartWithoutCodeLeadsToDeploy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	content := "services:\n  - hostname: web2\n    type: nodejs@22\n    startWithoutCode: true\n"
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": content}, "import"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "web2"})
		svc := firstService(m)
		if svc["status"] == "ACTIVE" && svc["appVersion"] != nil { // its NONE-source version is listed
			reason, next := str(svc["reason"]), str(svc["next"])
			if svc["verdict"] == "healthy" || !strings.Contains(reason, "no code") ||
				!strings.Contains(next, "zerops_deploy") || strings.Contains(next, "nothing to fix") {
				t.Fatalf("verify of a service started without code: verdict %v, reason %q, next %q; want no code deployed, zerops_deploy next: %s",
					svc["verdict"], reason, next, text(res))
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("web2 did not become ACTIVE in 20 s: %s", text(res))
		}
		time.Sleep(50 * time.Millisecond)
	}

	writeApp(t, h.workDir(t), demoApp)
	h.fake.FailNextBuild(h.fake.ServiceID("web2"), "make: *** [all] Error 2")
	args := map[string]any{"sourceService": "appdev", "targetService": "web2", "setup": "appstage"}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "first")
	wantError(t, res, m, platform.ErrBuildFailed)
	if said := str(m["error"]) + " " + str(m["suggestion"]); strings.Contains(said, "stays ACTIVE") {
		t.Errorf("the first build of a service started without code claims an earlier version runs: %s", said)
	}
	res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "web2"})
	if svc := firstService(m); svc["verdict"] != "failing" || !strings.Contains(str(svc["reason"]), "the first deploy") || strings.Contains(str(svc["reason"]), "stays ACTIVE") {
		t.Errorf("verify after the failed first build: verdict %v, reason %q; want failing, the first deploy named: %s", svc["verdict"], svc["reason"], text(res))
	}
}
