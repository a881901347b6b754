package mcp_test

import (
	"context"
	"fmt"
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

// Walk 14: api's ORIGIN: ${web_zeropsSubdomain}, where the same import
// created web with enableSubdomainAccess: true, was warned "enable web's
// subdomain" (zerops_subdomain action=enable), though the import asked for
// it and it takes effect with web's first deploy; the env set's next step
// then asked to fix a reference that is right. It is warned of no more
// (the one rule of envrefs.go: a subdomain on or asked for at import gives
// the variable); to a service whose subdomain nobody asked for, the warning
// still says to enable it.
func TestSubdomain_ReferenceToAnImportedSubdomainAsksNoEnable(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: web\n    type: nodejs@22\n    enableSubdomainAccess: true\n  - hostname: api\n    type: nodejs@22\n"}, "import")
	wantOK(t, res)
	for _, tt := range []struct{ ref, want, not string }{
		{"${web_zeropsSubdomain}", "", "action=enable"}, // no warning: the reference is right
		{"${appstage_zeropsSubdomain}", "zerops_subdomain serviceHostname=appstage action=enable", "deploy appstage first"},
	} {
		yml := "zerops:\n  - setup: api\n    build: {base: nodejs@22, deployFiles: ./}\n    run:\n      base: nodejs@22\n      start: node index.js\n      envVariables:\n        ORIGIN: " + tt.ref + "\n"
		res, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
		wantOK(t, res)
		var fixes string
		for _, w := range issuesOf(m, "warnings") {
			if strings.Contains(w["problem"], tt.ref) {
				fixes += w["fix"] + "\n"
			}
		}
		if !strings.Contains(fixes, tt.want) || strings.Contains(fixes, tt.not) || tt.want == "" && fixes != "" {
			t.Errorf("validate %s: fix %q, want it to name %q and not %q\n%s", tt.ref, fixes, tt.want, tt.not, text(res))
		}
		res, m = h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "api",
			"variables": []string{"ORIGIN=" + tt.ref}}, "set")
		wantOK(t, res)
		warnings := fmt.Sprint(m["warnings"])
		if !strings.Contains(warnings, tt.want) || strings.Contains(warnings, tt.not) || tt.want == "" && m["warnings"] != nil {
			t.Errorf("env set %s: warnings %q, want them to name %q and not %q", tt.ref, warnings, tt.want, tt.not)
		}
		if fixAsked := strings.Contains(str(m["next"]), "Fix the variable"); fixAsked != (tt.ref != "${web_zeropsSubdomain}") {
			t.Errorf("env set %s: next %q asks to fix the variable: %v", tt.ref, str(m["next"]), fixAsked)
		}
	}
}
