package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// Right after zerops_delete of db, appstage's container still runs with the
// values its ${db_…} references had at its start, but db is gone: the
// sandbox cannot tell the app still works, so zerops_verify answers
// unverified, naming db, the variable and what a restart would do.
func TestVerify_SandboxReferencedServiceDeletedIsUnverified(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
		"start: node index.js\n      envVariables:\n        DATABASE_URL: ${db_connectionString}")})
	if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	if res, _ := h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "del"); res.IsError {
		t.Fatalf("delete: %s", text(res))
	}
	res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	if m["verdict"] != string(platform.VerdictUnverified) {
		t.Fatalf("verify after db's deletion answered %v, want unverified: %s", m["verdict"], text(res))
	}
	for _, w := range []string{"without db", "DATABASE_URL from ${db_connectionString}", "a restart or redeploy would not resolve"} {
		if !strings.Contains(text(res), w) {
			t.Errorf("verify lacks %q: %s", w, text(res))
		}
	}
}
