package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestImport_RecreatedServiceSaysRestoreAndRestart: db, backed up, is
// deleted while appstage's zerops.yml references it, then created again
// with zerops_import, as the delete answer says. The import's next step
// says db came back empty, names the backup to restore and the restart
// that gives appstage the new values, and following it appstage is
// healthy; it does not send the agent to write zerops.yml and deploy
// (walk, delete goal). A service nothing references gets the usual step.
func TestImport_RecreatedServiceSaysRestoreAndRestart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        DATABASE_URL: ${db_connectionString}")
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	if res, _ := h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": "db"}); res.IsError {
		t.Fatalf("backup: %s", text(res))
	}
	res, _ := h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "del")
	if res.IsError {
		t.Fatalf("delete: %s", text(res))
	}
	// The backup is loaded as PostgreSQL's backups are, as zerops_manage
	// backup says (walk11b: "the service's own tool" here, pg_restore there).
	if !strings.Contains(text(res), "pg_restore") {
		t.Errorf("delete of db: the restore does not name pg_restore: %s", text(res))
	}
	res, m := h.callWith(t, ctx, "zerops_import", map[string]any{"content": "services:\n  - hostname: db\n    type: postgresql@16\n    mode: NON_HA\n"}, "imp")
	wantOK(t, res)
	next := str(m["next"])
	for _, w := range []string{"not its data: it starts empty", "Restore its backup db-", "pg_restore", "appstage (DATABASE_URL in zerops.yml)",
		"zerops_manage action=restart serviceHostname=appstage"} {
		if !strings.Contains(next, w) {
			t.Errorf("import of db again: next lacks %q: %s", w, next)
		}
	}
	if strings.Contains(next, "write zerops.yml") {
		t.Errorf("import of db again sends the agent to write zerops.yml: %s", next)
	}
	if res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}, "rs"); res.IsError {
		t.Fatalf("restart: %s", text(res))
	}
	h.verifyUntil(t, func(svc map[string]any) bool {
		return svc["serviceHostname"] == "appstage" && svc["verdict"] == "healthy"
	})

	res, m = h.callWith(t, ctx, "zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: nodejs@22\n"}, "imp2")
	wantOK(t, res)
	if next := str(m["next"]); !strings.Contains(next, "write zerops.yml") || strings.Contains(next, "restart") {
		t.Errorf("import of a new runtime nothing references: %s", next)
	}
}

// TestImport_RecreatedAsOtherKindSaysNoRestore: db, a backed-up
// PostgreSQL, is deleted and its hostname taken by a MariaDB (an official
// recipe's import, ghost, names its database db). The import's next step
// does not tell the agent to load the PostgreSQL backup into MariaDB with
// pg_restore; it says the backup is of another kind (walk14b, backup and
// delete goal).
func TestImport_RecreatedAsOtherKindSaysNoRestore(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	if res, _ := h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": "db"}); res.IsError {
		t.Fatalf("backup: %s", text(res))
	}
	if res, _ := h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "del"); res.IsError {
		t.Fatalf("delete: %s", text(res))
	}
	res, m := h.callWith(t, ctx, "zerops_import", map[string]any{"content": "services:\n  - hostname: db\n    type: mariadb@10.6\n    mode: NON_HA\n"}, "imp")
	wantOK(t, res)
	next := str(m["next"])
	if strings.Contains(next, "pg_restore") || strings.Contains(next, "Restore its backup") {
		t.Errorf("db again as MariaDB: next restores the PostgreSQL backup into it: %s", next)
	}
	for _, w := range []string{"not its data: it starts empty", "mariadb@10.6", "postgresql@16"} {
		if !strings.Contains(next, w) {
			t.Errorf("db again as MariaDB: next lacks %q: %s", w, next)
		}
	}
}

// TestImport_ReferencesWithinOneImportNeedNoRestart: an official recipe's
// import (supertokens) creates services whose envSecrets reference each
// other. None of them has started, so the next step does not ask to
// restart them to pick the values up; it sends the agent to deploy
// (walk14b, env goal).
func TestImport_ReferencesWithinOneImportNeedNoRestart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	content := "services:\n  - hostname: kv\n    type: valkey@7.2\n    mode: NON_HA\n  - hostname: api\n    type: nodejs@22\n    envSecrets:\n      KV_HOST: ${kv_hostname}\n"
	res, m := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": content}, "imp")
	wantOK(t, res)
	next := str(m["next"])
	if strings.Contains(next, "restart") {
		t.Errorf("services created together are sent to restart: %s", next)
	}
	if !strings.Contains(next, "zerops_deploy") {
		t.Errorf("next does not send the agent to deploy: %s", next)
	}
}
