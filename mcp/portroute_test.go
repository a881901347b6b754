package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A port written in the code, PORT set nowhere: the fix may offer the PORT
// variable, but then it also sets PORT, since code that reads an unset PORT
// listens on a port the system picks. Taken as the answer words it, the
// PORT route is live on the next deploy.
func TestDeploy_HardcodedPortFixSetsPortWhenOfferingIt(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	writeApp(t, h.workDir(t), map[string]string{"index.js": "const http = require('node:http');\n" +
		"http.createServer((req, res) => res.end('ok')).listen(8080, '0.0.0.0');\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "hardcoded")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "PORT variable") {
		t.Fatalf("verdict %v; want not-answering offering the PORT variable: %s", m["verdict"], text(res))
	}
	if !strings.Contains(next, `PORT: "3000"`) {
		t.Fatalf("next offers the PORT variable without setting PORT to 3000: %s", next)
	}
	// The PORT route, as offered: the code reads PORT, zerops.yml sets it.
	writeApp(t, h.workDir(t), map[string]string{
		"index.js": "const http = require('node:http');\n" +
			"http.createServer((req, res) => res.end('ok')).listen(process.env.PORT, '0.0.0.0');\n",
		"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        PORT: \"3000\""),
	})
	res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "port-route")
	if m["verdict"] != "live" {
		t.Fatalf("the PORT route as offered is %v, want live: %s", m["verdict"], text(res))
	}
}
