package mcp_test

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A runtime imported with startWithoutCode is ACTIVE with no code of the
// user's: verify says so and leads to zerops_deploy, as for a runtime
// waiting for its first deploy, never "nothing to fix".
func TestVerify_StartWithoutCodeLeadsToDeploy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
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
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("web2 did not become ACTIVE in 20 s: %s", text(res))
		}
		time.Sleep(50 * time.Millisecond)
	}
}
