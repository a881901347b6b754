package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestDeploy_NodemonEntryIsFollowed: walk 80 started `nodemon server.js`
// (npm start) with server.js requiring ./config.json, never deployed; the
// deploy was live, "nothing to fix", while `node server.js` was not. The
// module is followed as under node; with the file deployed it is live.
func TestDeploy_NodemonEntryIsFollowed(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      buildCommands: [npm install]\n      deployFiles: ./\n" +
		"    run:\n      base: nodejs@22\n      ports: [{port: 3000, httpSupport: true}]\n      start: npm start\n"
	files := map[string]string{
		"zerops.yml":   yml,
		"package.json": `{"name": "g6", "scripts": {"start": "nodemon --watch . server.js"}, "dependencies": {}, "devDependencies": {"nodemon": "^3.1.0"}}`,
		"server.js":    "const cfg = require('./config.json');\nrequire('node:http').createServer((q, s) => s.end(cfg.name)).listen(3000, '0.0.0.0');\n",
	}
	h := newHarness(t, harnessOpts{sandboxPush: true})
	wd := h.ownApp(t, files)
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": wd, "targetService": "appstage"}, "d1")
	if m["verdict"] == "live" || !strings.Contains(text(res), "config.json") {
		t.Errorf("a require of a file not deployed, under nodemon: %s", text(res))
	}
	files["config.json"] = `{"name": "ok"}`
	writeApp(t, wd, files)
	res, m = h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": wd, "targetService": "appstage"}, "d2")
	if m["verdict"] != "live" {
		t.Errorf("with config.json deployed: %s", text(res))
	}
}
