package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// A fix whose own words end in a zerops_deploy (a PORT in zerops.yml's
// run.envVariables) is not followed by a second "then zerops_deploy
// again" (walk: the deploy said twice in one step).
func TestDeploy_FixEndingInADeploySaysItOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        PORT: \"8080\"")
	index := "const http = require('node:http');\n" +
		"http.createServer((req, res) => res.end('ok')).listen(process.env.PORT, '0.0.0.0', () => console.log('Listening on 0.0.0.0:' + process.env.PORT));\n"
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml, "index.js": index})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "port")
	if m["verdict"] != string(platform.VerdictNotAnswering) {
		t.Fatalf("a PORT the app listens on that run.ports lacks: %s", text(res))
	}
	next := str(m["next"])
	if n := strings.Count(next, "zerops_deploy") - strings.Count(next, "rollback=true"); n != 1 {
		t.Errorf("next names a deploy %d times, want once: %s", n, next)
	}
}
