package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// ${zeropsSubdomain} referenced before the subdomain is on (walk 12: a
// Bottle app's PUBLIC_URL): the platform leaves the reference as written,
// so the sandbox does not call the app live but names the reference and
// when the variable exists; the enable then restarts the app (a reference
// resolves at start), and after the restart the app is live with the URL.
func TestSubdomainRef_BeforeEnable(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
		"start: node index.js\n      envVariables:\n        PUBLIC_URL: ${zeropsSubdomain}")})
	res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "d")
	wantOK(t, res)
	if m["verdict"] == "live" || !strings.Contains(text(res), "PUBLIC_URL holds ${zeropsSubdomain}") ||
		!strings.Contains(text(res), "once its subdomain is enabled") {
		t.Fatalf("a deploy whose PUBLIC_URL holds an unresolved ${zeropsSubdomain}: %s", text(res))
	}

	res, m = h.callWith(t, ctx, "zerops_subdomain", map[string]any{"action": "enable", "serviceHostname": "appstage"}, "s")
	wantOK(t, res)
	next := str(m["next"])
	if !strings.Contains(next, "zerops_manage action=restart serviceHostname=appstage") || !strings.Contains(next, "PUBLIC_URL") {
		t.Fatalf("enable next %q: want the restart that resolves PUBLIC_URL", next)
	}
	wantKnownArgs(t, h, next)

	if res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}, "r"); res.IsError {
		t.Fatalf("restart: %s", text(res))
	}
	res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	if m["verdict"] != "healthy" {
		t.Errorf("after the restart PUBLIC_URL holds the URL, the app is live: %s", text(res))
	}

	// Without a reference to it, the enable's next is the check at the URL.
	res, m = h.callWith(t, ctx, "zerops_subdomain", map[string]any{"action": "enable", "serviceHostname": "appdev"}, "s2")
	wantOK(t, res)
	if next := str(m["next"]); strings.Contains(next, "restart") {
		t.Errorf("enable on a service whose variables do not reference it: next %q names a restart", next)
	}
}
