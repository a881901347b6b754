package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// The agent sets as a service variable the key whose zerops.yml reference
// is broken (DATABASE_URL: ${postgres_connectionString}, no service
// postgres): next keeps the key in one place, and never offers keeping the
// zerops.yml value, which does not resolve.
func TestEnv_YmlKeyWithBrokenReferenceIsNotTheOneToKeep(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
		"start: node index.js\n      envVariables:\n        DATABASE_URL: ${postgres_connectionString}")})
	res, _ := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
	wantOK(t, res)
	res, m := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage",
		"variables": []string{"DATABASE_URL=${db_connectionString}"}, "restart": true}, "set")
	wantOK(t, res)
	next := str(m["next"])
	if !strings.Contains(strings.ToLower(next), "remove it from `run.envvariables`") {
		t.Errorf("next does not move the key out of zerops.yml: %s", text(res))
	}
	if strings.Contains(next, "To keep the zerops.yml value") || strings.Contains(next, "action=delete") {
		t.Errorf("next offers to keep the zerops.yml value, whose reference does not resolve: %s", next)
	}
}
