package mcp_test

import (
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/deploy"
)

// TestDeploy_PushedAnswerNamesItsFollow: a push answered before its build
// (no progress token) names the app version it created and the one call
// that waits for its verdict, and that call, made at once, follows it
// (the search lists a new version a second late: the answer's own version
// is known by its service).
func TestDeploy_PushedAnswerNamesItsFollow(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true, buildStep: 50 * time.Millisecond})
	wd := h.workDir(t)
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node server.mjs")
	yml = strings.ReplaceAll(yml, "port: 3000", "port: 8080")
	writeApp(t, wd, map[string]string{"zerops.yml": yml,
		"server.mjs": "import http from 'node:http';\nhttp.createServer((q, s) => s.end('ok')).listen(8080);\n"})

	res, m := h.call(t, "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "appstage"})
	wantOK(t, res)
	id, _ := m["appVersionId"].(string)
	next, _ := m["next"].(string)
	if m["status"] != deploy.StatusPushed || id == "" || !strings.Contains(next, "zerops_deploy follow="+id) {
		t.Fatalf("pushed answer = %s, want its appVersionId and next naming zerops_deploy follow=<it>", text(res))
	}
	if strings.Count(next, "zerops_verify") > 0 {
		t.Errorf("next = %q: the follow already checks the app", next)
	}

	res, m = h.call(t, "zerops_deploy", map[string]any{"follow": id})
	wantOK(t, res)
	if m["verdict"] == nil || m["verdict"] == "" {
		t.Errorf("follow right after the push = %s, want a verdict", text(res))
	}
}
