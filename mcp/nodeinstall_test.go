package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// An app importing a package whose build installs none, with the whole
// tree deployed (deployFiles: ./), is missing the install, not a
// deployFiles entry: the fix adds the install, and applied, it is live.
func TestDeploy_MissingPackageWithoutInstallAddsTheInstall(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	yml := func(install string) string {
		return strings.ReplaceAll(demoZeropsYml, "buildCommands: [npm ci]", "buildCommands: ["+install+"]")
	}
	files := map[string]string{
		"zerops.yml":   yml("echo build"),
		"package.json": `{"name":"app","version":"1.0.0","main":"index.js","dependencies":{"express":"^4.19.2"}}`,
		"index.js":     "const express = require('express');\nconst app = express();\napp.get('/', (req, res) => res.send('ok'));\napp.listen(process.env.PORT || 3000, '0.0.0.0');\n",
	}
	writeApp(t, h.workDir(t), files)
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "no install")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "npm install") || !strings.Contains(next, "`build.buildCommands`") ||
		strings.Contains(next, "add `node_modules`") {
		t.Fatalf("verdict %v, next %q: want the install added to build.buildCommands, not node_modules to deployFiles: %s", m["verdict"], next, text(res))
	}
	files["zerops.yml"] = yml("npm install")
	writeApp(t, h.workDir(t), files)
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "install"); m["verdict"] != "live" {
		t.Fatalf("with the install the deploy is not live: %s", text(res))
	}
}
