package mcp_test

import (
	"context"
	"maps"
	"strings"
	"testing"
)

// subdomainApp is demoApp as the service web, whose zerops.yml reads its
// own subdomain URL (the official recipes' APP_URL: ${zeropsSubdomain}).
func subdomainApp() map[string]string {
	app := maps.Clone(demoApp)
	app["zerops.yml"] = strings.Replace(strings.Replace(demoZeropsYml, "setup: appdev", "setup: web", 1),
		"start: node index.js", "start: node index.js\n      envVariables: {ORIGIN: '${zeropsSubdomain}'}", 1)
	return app
}

// Walk 14: a service an import created with enableSubdomainAccess: true,
// its zerops.yml reading ORIGIN: ${zeropsSubdomain}, was called unverified
// at its first deploy ("the service has zeropsSubdomain once its subdomain
// is enabled"), and so was every verify after. The import's subdomain takes
// effect with that deploy, and the official recipes read the variable from
// their first start: the deploy is live, and so is the verify.
func TestSubdomain_ImportedSubdomainResolvesAtFirstDeploy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), subdomainApp())
	res, _ := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: web\n    type: nodejs@22\n    enableSubdomainAccess: true\n"})
	wantOK(t, res)
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "web"}, "deploy")
	if m["verdict"] != "live" || strings.Contains(text(res), "zeropsSubdomain") {
		t.Errorf("deploy verdict %v, want live with no word of zeropsSubdomain: %s", m["verdict"], text(res))
	}
	res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "web"})
	if m["verdict"] != "healthy" {
		t.Errorf("verify %v, want healthy: %s", m["verdict"], text(res))
	}
}
