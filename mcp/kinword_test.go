package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestDeploy_MissingDatabaseHostKeepsItsKind: a reference to a database
// service the project lacks, under a hostname that is no kind's word
// (apidb) but ends in one (db), is fixed with the project's database, never
// with a runtime whose hostname looks alike (api has no connectionString;
// issue 34 walk).
func TestDeploy_MissingDatabaseHostKeepsItsKind(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	res, _ := h.callWith(t, ctx, "zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: python@3.12\n"}, "import")
	wantOK(t, res)
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
		"start: node index.js\n      envVariables:\n        DATABASE_URL: ${apidb_connectionString}")})
	res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "${db_connectionString}") || strings.Contains(next, "${api_") {
		t.Fatalf("verdict %v, next %q: want ${db_connectionString}, never api's: %s", m["verdict"], next, text(res))
	}
}
