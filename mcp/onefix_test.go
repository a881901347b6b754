package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// One cause, one fix (issue 34): a crash the start-file signal explains is
// not also an app-crash, and each answer of the debug path (the deploy's
// verdict, zerops_verify, zerops_logs) states the fix once.
func TestAnswers_OneCauseOneFix(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node missing.js")})
	const fix = "name `index.js` in place of `missing.js`" // the start-file fix's words
	answers := map[string]string{}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "crash")
	answers["deploy"] = text(res)
	check, _ := m["check"].(map[string]any)
	if list, _ := check["diagnoses"].([]any); len(list) != 1 || firstDiagnosis(list)["signal"] != "start-file-missing" {
		t.Errorf("deploy diagnoses %v, want start-file-missing alone (no app-crash for the same line)", check["diagnoses"])
	}
	res, _ = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	answers["verify"] = text(res)
	res, _ = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
	answers["logs"] = text(res)
	for what, answer := range answers {
		if n := strings.Count(answer, fix); n != 1 {
			t.Errorf("%s states the fix %d times, want once: %s", what, n, answer)
		}
		if strings.Contains(answer, `"app-crash"`) {
			t.Errorf("%s also diagnoses app-crash for the line start-file-missing explains: %s", what, answer)
		}
	}
}

// A failed build's answer names the specific cause alone: the build
// command's exit status, which that cause explains, brings no generic
// build-command-failed fix beside it (issue 34, Acceptance 1).
func TestAnswers_FailedBuildHasNoGenericFixBesideTheCause(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), noBuildScript)
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "build")
	if list, _ := m["diagnoses"].([]any); len(list) != 1 || firstDiagnosis(list)["signal"] != "npm-missing-script" {
		t.Errorf("deploy diagnoses %v, want npm-missing-script alone: %s", m["diagnoses"], text(res))
	}
	res, _ = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	if strings.Contains(text(res), "build-command-failed") {
		t.Errorf("verify names the generic build-command-failed beside the cause: %s", text(res))
	}
}

// A reference to a service that does not exist keeps the variable's key
// and names the project's service of the kind it means; when ZCP deleted
// that service a moment ago, the answer says so and names its latest backup.
func TestEnv_MissingServiceReferenceKeepsTheKey(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "first"); m["verdict"] != "live" {
		t.Fatalf("first deploy: %s", text(res))
	}
	res, m := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage",
		"variables": []string{"DATABASE_URL=${postgres_connectionString}"}, "restart": true}, "set")
	wantOK(t, res)
	const kept = "${db_connectionString} (db is postgresql@16)"
	if w := fmt.Sprint(m["warnings"]) + " " + str(m["next"]); !strings.Contains(w, "${db_connectionString}") || !strings.Contains(w, "(db is postgresql@16)") || strings.Contains(w, "${db_password}") {
		t.Errorf("env set warnings and next %q, want %s", w, kept)
	}
	_, v := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	if next := str(v["next"]); !strings.Contains(next, `variables=["DATABASE_URL=${db_connectionString}"]`) || !strings.Contains(next, "(db is postgresql@16)") {
		t.Errorf("verify next %q, want %s", next, kept)
	}

	if res, _ := h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": "db"}); res.IsError {
		t.Fatalf("backup: %s", text(res))
	}
	if res, _ := h.callWith(t, context.Background(), "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "del"); res.IsError {
		t.Fatalf("delete: %s", text(res))
	}
	res, m = h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"DB=${db_connectionString}"}})
	wantOK(t, res)
	if w := fmt.Sprint(m["warnings"]); !strings.Contains(w, "db (postgresql@16) was deleted") || !strings.Contains(w, "its latest backup is db-") {
		t.Errorf("after deleting db, warnings %q: want it named deleted with its latest backup", w)
	}
}
