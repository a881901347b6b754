package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestValidate_FileNamesItsOwnDeploy: a zerops.yml validated by its path
// is deployed from its directory. After a deploy from another app's
// directory, next named that directory and told to add the setup there,
// though the file validated has it (issue 34 walk).
func TestValidate_FileNamesItsOwnDeploy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	wd := h.workDir(t)
	writeApp(t, wd+"/api", map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "setup: appstage", "setup: other"),
		"index.js": demoApp["index.js"], "package.json": demoApp["package.json"], "package-lock.json": demoApp["package-lock.json"]})
	writeApp(t, wd+"/shop", map[string]string{"zerops.yml": demoZeropsYml,
		"index.js": demoApp["index.js"], "package.json": demoApp["package.json"], "package-lock.json": demoApp["package-lock.json"]})
	res, _ := h.callWith(t, ctx, "zerops_deploy", map[string]any{"workingDir": "api", "targetService": "appdev"}, "api")
	wantOK(t, res)
	res, m := h.call(t, "zerops_validate", map[string]any{"filePath": "shop/zerops.yml"})
	wantOK(t, res)
	next := str(m["next"])
	if !strings.Contains(next, "zerops_deploy workingDir=shop targetService=appstage") || strings.Contains(next, "api") {
		t.Errorf("next %q: want the deploy from shop, the file's directory", next)
	}
	// By its absolute path too (walk 75c: the last push's folder was named).
	res, m = h.call(t, "zerops_validate", map[string]any{"filePath": wd + "/shop/zerops.yml"})
	wantOK(t, res)
	if next := str(m["next"]); !strings.Contains(next, "zerops_deploy workingDir="+wd+"/shop targetService=appstage") {
		t.Errorf("next %q: want the deploy from %s/shop, the file's directory", next, wd)
	}
}

// TestVerify_NeverDeployedOffersItsOwnCode: a service with no code yet,
// after a push from a directory whose zerops.yml lacks its setup, is told
// to add the setup there, or, when it runs other code, to deploy from
// that code's directory: the last push's may be another app's (issue 34
// walk: shopdev was sent to api/zerops.yml alone).
func TestVerify_NeverDeployedOffersItsOwnCode(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t)+"/api", map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "setup: appstage", "setup: other"),
		"index.js": demoApp["index.js"], "package.json": demoApp["package.json"], "package-lock.json": demoApp["package-lock.json"]})
	res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": "api", "targetService": "appdev"}, "api")
	wantOK(t, res)
	res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	next := str(m["next"])
	if !strings.Contains(next, "add an entry `setup: appstage`") || !strings.Contains(next, "if appstage runs other code") {
		t.Errorf("next %q: want the setup added, or a deploy from appstage's own code", next)
	}
}

// TestValidate_InlineContentOfAnotherAppNamesNoFolder: walk 79 validated
// a new app's zerops.yml given inline (setup godb, no service yet) after a
// push from another app's folder; next named that folder, "zerops_deploy
// workingDir=/tmp/walk9/nodesyn setup=godb", which would push the other
// app's code. Inline content whose setups the last source's file lacks
// names no folder; content sharing its setup still does.
func TestValidate_InlineContentOfAnotherAppNamesNoFolder(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	wd := h.workDir(t)
	writeApp(t, wd+"/api", map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "setup: appstage", "setup: other"),
		"index.js": demoApp["index.js"], "package.json": demoApp["package.json"], "package-lock.json": demoApp["package-lock.json"]})
	res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": "api", "targetService": "appdev"}, "api")
	wantOK(t, res)
	for _, tt := range []struct {
		setup  string
		folder bool
	}{{"godb", false}, {"other", true}} {
		yml := "zerops:\n  - setup: " + tt.setup + "\n    build:\n      base: nodejs@22\n      deployFiles: ./\n    run:\n      base: nodejs@22\n      start: node index.js\n"
		res, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
		wantOK(t, res)
		if next := str(m["next"]); strings.Contains(next, "workingDir=api") != tt.folder {
			t.Errorf("setup %s: next %q, want the folder api named: %v", tt.setup, next, tt.folder)
		}
	}
}
