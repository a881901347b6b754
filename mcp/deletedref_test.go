package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// After zerops_delete of a managed service (db) that appstage's zerops.yml
// still references, every failing answer about appstage (verify, a deploy,
// its logs, a rollback) says that db was deleted, names its latest backup
// and how to get it back (create db again, then restore the backup), and
// never offers a rollback: the version before references db as well. The
// rollback's own answer does not blame a local change either.
func TestDeletedService_NoRollbackOffered(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        DATABASE_URL: ${db_connectionString}")
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	deploy := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	for _, v := range []string{"v1", "v2"} { // a version before to go back to
		if res, m := h.callWith(t, ctx, "zerops_deploy", deploy, v); m["verdict"] != "live" {
			t.Fatalf("deploy %s: %s", v, text(res))
		}
	}
	if res, _ := h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": "db"}); res.IsError {
		t.Fatalf("backup: %s", text(res))
	}
	res, m := h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "del")
	wantOK(t, res)
	// The type in the form an import takes without a warning (walk 5).
	if next := str(m["next"]); !strings.Contains(next, "create db again") || !strings.Contains(next, "then restore its backup db-") ||
		!strings.Contains(next, "type postgresql:single@16)") {
		t.Errorf("delete next does not say how to get db back: %s", next)
	}
	if res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}, "rs"); res.IsError {
		t.Fatalf("restart: %s", text(res))
	}
	check := func(what, answer string) {
		t.Helper()
		for _, w := range []string{"db (postgresql@16) was deleted", "its latest backup is db-", "Create db again", "type postgresql:single@16)", "then restore its backup db-"} {
			if !strings.Contains(answer, w) {
				t.Errorf("%s lacks %q: %s", what, w, answer)
			}
		}
		for _, w := range []string{"rollback=true", "go back", "still hold the change"} {
			if strings.Contains(answer, w) {
				t.Errorf("%s says %q, which cannot help: db is gone for every version: %s", what, w, answer)
			}
		}
	}
	res, _ = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	check("verify", text(res))
	res, _ = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
	check("logs", text(res))
	res, _ = h.callWith(t, ctx, "zerops_deploy", deploy, "v3")
	check("deploy", text(res))
	res, _ = h.callWith(t, ctx, "zerops_deploy", map[string]any{"targetService": "appstage", "rollback": true}, "rb")
	check("rollback", text(res))
}

// TestDeletedService_UnverifiedNamesTheWayBack: right after zerops_delete
// of db, appstage still runs with the values it started with, so the
// sandbox answers unverified; its next step says how to get past the
// deletion (change the references or create db again with its backup),
// not zerops_verify, the call just made (walk 5).
func TestDeletedService_UnverifiedNamesTheWayBack(t *testing.T) {
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
	wantOK(t, res)
	res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	next := str(m["next"])
	if m["verdict"] != "unverified" || !strings.Contains(next, "create db again") || !strings.Contains(next, "then restore its backup db-") ||
		!strings.Contains(next, "DATABASE_URL") || strings.Contains(next, "zerops_verify") {
		t.Errorf("verify after the delete: want unverified with the way past the deletion, not verify again: %s", text(res))
	}
}

// TestDeletedService_NoOtherOfItsKind: db, the project's only PostgreSQL,
// is deleted while appstage references it, in zerops.yml and in a service
// variable. The way back is db again with its backup, the reference kept;
// no answer offers the other services (runtimes, the cache, the storage)
// as what to reference instead (walk 6: "reference the key hostname of a
// service of the kind the app needs, if the project has one (api, appdev,
// …, storage)").
func TestDeletedService_NoOtherOfItsKind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		yml  string   // appstage's variables in zerops.yml
		env  []string // appstage's service variables
		want []string
	}{
		{name: "zerops.yml", yml: "DATABASE_URL: ${db_connectionString}",
			want: []string{"no other service of db's kind", "keep DATABASE_URL in zerops.yml", "zerops_deploy again"}},
		{name: "service variable", yml: "APP_NAME: shop", env: []string{"DATABASE_URL=${db_connectionString}"},
			want: []string{"no other service of db's kind", "zerops_manage action=restart serviceHostname=appstage", `variables=["DATABASE_URL"]`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			ctx := context.Background()
			yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        "+tt.yml)
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
			if tt.env != nil {
				if res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": tt.env}, "env"); res.IsError {
					t.Fatalf("env: %s", text(res))
				}
			}
			if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1"); m["verdict"] != "live" {
				t.Fatalf("deploy: %s", text(res))
			}
			if res, _ := h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": "db"}); res.IsError {
				t.Fatalf("backup: %s", text(res))
			}
			res, _ := h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "del")
			wantOK(t, res)
			if res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}, "rs"); res.IsError {
				t.Fatalf("restart: %s", text(res))
			}
			for _, tool := range []string{"zerops_verify", "zerops_logs"} {
				_, m := h.call(t, tool, map[string]any{"serviceHostname": "appstage"})
				answer := str(m["next"])
				for _, w := range append([]string{"Create db again", "then restore its backup db-"}, tt.want...) {
					if !strings.Contains(answer, w) {
						t.Errorf("%s lacks %q: %s", tool, w, answer)
					}
				}
				for _, w := range []string{"of the kind the app needs", "${cache_", "${storage_", "${appdev_"} {
					if strings.Contains(answer, w) {
						t.Errorf("%s offers %q, no service of db's kind: %s", tool, w, answer)
					}
				}
			}
		})
	}
}

// TestDeletedService_AnotherOfItsKind: pgdb, Mattermost's database, is
// deleted after a backup while the project keeps db, another app's
// PostgreSQL. After a restart the fix was only "reference ${db_user}
// instead of ${pgdb_user}": the app moved onto another app's database,
// its own data left in the backup (walk 13). The way back (pgdb again
// with its backup) comes first; db is offered as another database.
func TestDeletedService_AnotherOfItsKind(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	if res, _ := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: pgdb\n    type: postgresql@16\n    mode: NON_HA\n"}); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        connectionString: postgres://${pgdb_user}:${pgdb_password}@${pgdb_hostname}:${pgdb_port}")
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	if res, _ := h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": "pgdb"}); res.IsError {
		t.Fatalf("backup: %s", text(res))
	}
	res, _ := h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "pgdb", "confirm": true}, "del")
	wantOK(t, res)
	if res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}, "rs"); res.IsError {
		t.Fatalf("restart: %s", text(res))
	}
	for _, tool := range []string{"zerops_verify", "zerops_logs"} {
		res, m := h.call(t, tool, map[string]any{"serviceHostname": "appstage"})
		next := str(m["next"])
		for _, w := range []string{"Create pgdb again", "then restore its backup pgdb-", "${db_user}", "its data is not pgdb's"} {
			if !strings.Contains(next, w) {
				t.Errorf("%s next lacks %q: %s", tool, w, text(res))
			}
		}
		if i, j := strings.Index(next, "Create pgdb again"), strings.Index(next, "${db_user}"); i < 0 || j < i {
			t.Errorf("%s offers db before the way back: %s", tool, next)
		}
	}
}

// TestDeletedService_CreatedAgainNeedsARestart: pgdb, deleted, is created
// again as the way back said; the app, crash-looping since its restart
// on host not found, still looks up pgdb with the values it started with.
// zerops_verify said "Point the app at a service that exists (…
// ${postgres_connectionString} becomes ${db_connectionString})": pgdb
// exists. The fix is the restart (walk 13).
func TestDeletedService_CreatedAgainNeedsARestart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	imp := map[string]any{"content": "services:\n  - hostname: pgdb\n    type: postgresql:single@16\n"}
	if res, _ := h.call(t, "zerops_import", imp); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        DATABASE_URL: ${pgdb_connectionString}")
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	res, _ := h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "pgdb", "confirm": true}, "del")
	wantOK(t, res)
	if res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}, "rs"); res.IsError {
		t.Fatalf("restart: %s", text(res))
	}
	if res, _ := h.callWith(t, ctx, "zerops_import", imp, "again"); res.IsError {
		t.Fatalf("import again: %s", text(res))
	}
	res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	next := str(m["next"])
	if !strings.Contains(next, "zerops_manage action=restart serviceHostname=appstage") || strings.Contains(next, "a service that exists") {
		t.Errorf("verify after pgdb is back: want the restart, not another service: %s", text(res))
	}
}

// TestDeletedService_RemovingTheReferenceIsOffered: after a service is
// deleted (maybe on purpose) and the app restarted, the verify of the app
// that still references it offers both ways, dropping the reference or
// creating the service again, never the second alone (walk 75c: "Fix it
// with zerops_env: create api again" after api was deleted on purpose).
func TestDeletedService_RemovingTheReferenceIsOffered(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	set := map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"CACHE_HOST=${cache_hostname}"}, "restart": true}
	if res, _ := h.callWith(t, ctx, "zerops_env", set, "env"); res.IsError {
		t.Fatalf("env set: %s", text(res))
	}
	if res, _ := h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "cache", "confirm": true}, "del"); res.IsError {
		t.Fatalf("delete: %s", text(res))
	}
	if res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}, "rs"); res.IsError {
		t.Fatalf("restart: %s", text(res))
	}
	res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	next := str(m["next"])
	if !strings.Contains(next, "create cache again") || !strings.Contains(next, `zerops_env action=delete serviceHostname=appstage variables=["CACHE_HOST"]`) ||
		strings.Contains(next, "Fix it with zerops_env: create") {
		t.Errorf("verify next %q, want both ways: drop CACHE_HOST or create cache again: %s", next, text(res))
	}
}

// TestDelete_RefusalCountsAVariableJustSet: a variable referencing api set
// a moment before, its change still running, is named by the refusal of
// the delete without confirm (walk 75c: it came up only once api was
// gone, after the user was asked).
func TestDelete_RefusalCountsAVariableJustSet(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	res, _ := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"CACHE_HOST=${cache_hostname}"}})
	wantOK(t, res)
	res, m := h.call(t, "zerops_delete", map[string]any{"serviceHostname": "cache"})
	if !strings.Contains(str(m["error"]), "appstage (CACHE_HOST)") {
		t.Errorf("the refusal does not name appstage's CACHE_HOST: %s", text(res))
	}
}
