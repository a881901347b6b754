package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A Meilisearch service has the keys the platform generates for it: the
// backend's defaultAdminKey and the browser's defaultSearchKey beside the
// root masterKey. A reference to a key it lacks is warned about with the
// keys it has, the application keys among them, so the agent is not left
// with the root key alone (walk 7: "it has: hostname, masterKey, port").
func TestDeploy_MeilisearchKeysAsGenerated(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: search\n    type: meilisearch@1.10\n"}, "import")
	wantOK(t, res)
	withKey := func(ref string) map[string]string {
		return map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
			"start: node index.js\n      envVariables:\n        MEILI_HOST: http://${search_hostname}:7700\n        MEILI_KEY: "+ref)}
	}
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	writeApp(t, h.workDir(t), withKey("${search_adminKey}"))
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "wrong key")
	if w := fmt.Sprint(m["warnings"]); !strings.Contains(w, "defaultAdminKey") || !strings.Contains(w, "defaultSearchKey") {
		t.Errorf("warnings %s, want the keys search has, defaultAdminKey and defaultSearchKey among them: %s", w, text(res))
	}
	writeApp(t, h.workDir(t), withKey("${search_defaultAdminKey}"))
	res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "admin key")
	if m["verdict"] != "live" || m["warnings"] != nil {
		t.Errorf("with ${search_defaultAdminKey}: verdict %v, warnings %v, want live without warnings: %s", m["verdict"], m["warnings"], text(res))
	}
}
