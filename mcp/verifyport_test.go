package mcp_test

import (
	"context"
	"maps"
	"strings"
	"testing"
)

// Walk 10: a Ktor app's zerops.yml declared `port: 80800` with
// httpSupport: true on a service with a subdomain. The deploy warned of
// the range, and zerops_verify then said the zerops.yml "declares no
// run.ports entry with httpSupport: true" and told the agent to mark the
// port httpSupport: true, which it was. The answer names the range the
// port must be in, and claims nothing of the file it did not read.
func TestVerify_SubdomainWithAPortOutOfRange(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	writeApp(t, h.workDir(t), demoApp)
	res, _ := h.callWith(t, ctx, "zerops_deploy", args, "good")
	wantOK(t, res)
	res, _ = h.callWith(t, ctx, "zerops_subdomain", map[string]any{"action": "enable", "serviceHostname": "appstage"}, "sub")
	wantOK(t, res)
	app := maps.Clone(demoApp)
	app["zerops.yml"] = strings.Replace(demoZeropsYml, "port: 3000", "port: 80800", 1)
	writeApp(t, h.workDir(t), app)
	res, _ = h.callWith(t, ctx, "zerops_deploy", args, "bad")
	wantOK(t, res)
	res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	answer := text(res)
	if strings.Contains(answer, "declares no run.ports entry") {
		t.Errorf("verify claims what the zerops.yml declares: %s", answer)
	}
	if next := str(m["next"]); !strings.Contains(next, "10–65435") {
		t.Errorf("next %q does not name the range the port must be in", next)
	}
}
