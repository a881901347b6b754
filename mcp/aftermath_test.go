package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A confirmed delete answers what it leaves behind (issue 34, walked as an
// agent): the services whose variables still reference the deleted one and
// its latest backup; the deletion it followed to the end is not sent to
// zerops_discover to be checked again.
func TestDelete_ConfirmedNamesWhatStillReferencesIt(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        DATABASE_URL: ${db_connectionString}")
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "ok"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	if res, _ := h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": "db"}); res.IsError {
		t.Fatalf("backup: %s", text(res))
	}
	res, m := h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "del")
	wantOK(t, res)
	next := str(m["next"])
	for _, w := range []string{"appstage (DATABASE_URL in zerops.yml)", "latest backup db-"} {
		if !strings.Contains(next, w) {
			t.Errorf("confirmed delete next lacks %q: %s", w, next)
		}
	}
	if strings.Contains(next, "once the deletion finishes") || strings.Contains(next, "zerops_discover") {
		t.Errorf("confirmed delete next sends a finished deletion to be checked again: %s", next)
	}
	if strings.Contains(next, "zerops_env") {
		t.Errorf("confirmed delete next names zerops_env for a reference only zerops.yml holds: %s", next)
	}
}

// A confirmed delete of a service nothing references says only that it is
// gone: no referrer, no backup it does not have.
func TestDelete_ConfirmedUnreferenced(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.callWith(t, context.Background(), "zerops_delete", map[string]any{"serviceHostname": "cache", "confirm": true}, "del")
	wantOK(t, res)
	next := str(m["next"])
	if !strings.Contains(next, "cache is deleted") || strings.Contains(next, "reference") || strings.Contains(next, "zerops_discover") {
		t.Errorf("confirmed delete next: %s", next)
	}
}

// The answer to a scale holds the range in force (`scaling`): its next step
// is the use under that range (zerops_metrics), not zerops_discover, which
// shows the same range again.
func TestScale_NextIsNotTheRangeAgain(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.callWith(t, context.Background(), "zerops_manage",
		map[string]any{"action": "scale", "serviceHostname": "appdev", "minContainers": 2, "maxContainers": 3}, "scale")
	wantOK(t, res)
	next := str(m["next"])
	if strings.Contains(next, "zerops_discover") || !strings.Contains(next, "zerops_metrics serviceHostname=appdev") {
		t.Errorf("scale next %q: want the use under the new range (zerops_metrics serviceHostname=appdev), not zerops_discover", next)
	}
}

// An export leaves the project section out; the project's variables, which
// an import cannot carry, are named so that they are not lost on the way.
func TestExport_NamesTheProjectVariablesLeftOut(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	set := map[string]any{"action": "set", "project": true, "variables": []string{"APP_ENV=production", "LOG_FORMAT=json"}}
	if res, _ := h.callWith(t, context.Background(), "zerops_env", set, "env"); res.IsError {
		t.Fatalf("env set: %s", text(res))
	}
	res, m := h.call(t, "zerops_export", map[string]any{})
	wantOK(t, res)
	note := str(m["note"])
	for _, w := range []string{"APP_ENV", "LOG_FORMAT", "zerops_env action=set project=true"} {
		if !strings.Contains(note, w) {
			t.Errorf("export note lacks %q: %s", w, note)
		}
	}
	if strings.Contains(note, "production") {
		t.Errorf("export note shows a project variable's value: %s", note)
	}
}

// The debug workflow tells the agent where verify's fix is: in the answer's
// next step, since a verify diagnosis carries no fix of its own (stated
// once). The workflow once sent it to a diagnosis's `fix` that verify
// leaves out.
func TestDebugWorkflow_SaysWhereVerifysFixIs(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node missing.js")})
	h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "broken")
	_, v := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	svcs, _ := v["services"].([]any)
	if len(svcs) != 1 {
		t.Fatalf("verify services: %v", v)
	}
	diags, _ := svcs[0].(map[string]any)["diagnoses"].([]any)
	if len(diags) == 0 || str(v["next"]) == "" {
		t.Fatalf("verify of a broken start: no diagnosis or next: %v", v)
	}
	_, hasFix := diags[0].(map[string]any)["fix"]
	res, _ := h.call(t, "zerops_workflow", map[string]any{"workflow": "debug"})
	step1, _, _ := strings.Cut(text(res), "## Step 2")
	if !hasFix && (strings.Contains(step1, "`fix` (") || !strings.Contains(step1, "`next` states the fix")) {
		t.Errorf("verify's diagnosis has no fix (its next states it), but the debug workflow's Step 1 says otherwise:\n%s", step1)
	}
}

// The deploy workflow tells the agent where a deploy's fix is (walk 12: it
// said "apply the first diagnosis' `fix`", which a deploy's diagnosis does
// not carry: next states it, or an error's suggestion).
func TestDeployWorkflow_SaysWhereTheFixIs(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node missing.js")})
	_, d := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "broken")
	check, _ := d["check"].(map[string]any)
	diags, _ := check["diagnoses"].([]any)
	if len(diags) == 0 || str(d["next"]) == "" {
		t.Fatalf("deploy of a broken start: no diagnosis or next: %v", d)
	}
	_, hasFix := diags[0].(map[string]any)["fix"]
	res, _ := h.call(t, "zerops_workflow", map[string]any{"workflow": "deploy"})
	step4, _, _ := strings.Cut(text(res), "## Step 5")
	if !hasFix && (strings.Contains(step4, "diagnosis' `fix`") || strings.Contains(step4, ", `fix`,") || !strings.Contains(step4, "answer's `next`")) {
		t.Errorf("the deploy's diagnosis has no fix (its next states it), but the deploy workflow's Step 4 says otherwise:\n%s", step4)
	}
}

// The live stack list names every version as it can be written: a type the
// catalog offers bare as well (java, static) is not shown as an empty
// version inside the braces (`java@{17,21,}`).
func TestStackList_NoEmptyVersion(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_workflow", map[string]any{"workflow": "bootstrap"})
	body := text(res)
	if strings.Contains(body, ",}") || strings.Contains(body, "{,") || strings.Contains(body, "@{}") {
		t.Errorf("the stack list shows an empty version:\n%s", body[:min(len(body), 1500)])
	}
	if !strings.Contains(body, "java@{17,21} or java") {
		t.Errorf("the stack list lacks java's versions and its bare name:\n%s", body[:min(len(body), 1500)])
	}
}

// After a rollback the zerops.yml of the version rolled back to is still
// known: an env set on a key its run.envVariables declare is warned about
// (a restart would not bring the new value), and an unconfirmed delete of
// the service it references names it. A rollback once forgot the deployed
// zerops.yml, so both answers went quiet.
func TestRollback_KeepsTheDeployedZeropsYml(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        DATABASE_URL: ${db_connectionString}")
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	dep := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	if res, m := h.callWith(t, ctx, "zerops_deploy", dep, "ok"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(yml, "start: node index.js", "start: node missing.js")})
	h.callWith(t, ctx, "zerops_deploy", dep, "broken")
	if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"targetService": "appstage", "rollback": true}, "back"); m["verdict"] != "live" {
		t.Fatalf("rollback: %s", text(res))
	}
	res, m := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"DATABASE_URL=postgres://x"}})
	wantOK(t, res)
	if w := fmt.Sprint(m["warnings"]); !strings.Contains(w, "DATABASE_URL") || !strings.Contains(w, "zerops.yml") {
		t.Errorf("env set on a key the rolled-back-to zerops.yml declares: warnings %q, want it named: %s", w, text(res))
	}
	res, m = h.call(t, "zerops_delete", map[string]any{"serviceHostname": "db"})
	wantError(t, res, m, "CONFIRM_REQUIRED")
	if w := "appstage (DATABASE_URL in zerops.yml)"; !strings.Contains(str(m["error"]), w) {
		t.Errorf("unconfirmed delete after a rollback lacks %q: %s", w, text(res))
	}
}
