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
}
