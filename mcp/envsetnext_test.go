package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestEnvSetNext_BadReferenceFixSurvives: a set whose step after it is
// another problem's (values joined into one item, or keys zerops.yml also
// declares) keeps the fix of a bad reference where the agent reads it: in
// next, or in its warning. A fix said only in a next that another step
// replaced is lost (issue 34 walk).
func TestEnvSetNext_BadReferenceFixSurvives(t *testing.T) {
	t.Parallel()
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js",
		"start: node index.js\n      envVariables:\n        REDIS_HOST: ${cache_hostname}")
	for _, tc := range []struct {
		name string
		vars []string
	}{
		{"joined values beside it", []string{"PGHOST=${postgres_hostname}", "A=1,B=2"}},
		{"a zerops.yml key beside it", []string{"PGHOST=${postgres_hostname}", "REDIS_HOST=cache"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			ctx := context.Background()
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
			if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy"); m["verdict"] != "live" {
				t.Fatalf("deploy: %s", text(res))
			}
			res, m := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": tc.vars}, "set")
			wantOK(t, res)
			if n := strings.Count(text(res), "${db_hostname}"); n != 1 {
				t.Errorf("the answer states the fix ${db_hostname} %d times, want once: %s", n, text(res))
			}
			if !strings.Contains(str(m["next"]), "PGHOST") && !strings.Contains(fmt.Sprint(m["warnings"]), "${db_hostname}") {
				t.Errorf("next %q neither fixes PGHOST nor leaves the fix in its warning", str(m["next"]))
			}
		})
	}
}

// TestEnvSetNext_BadReferenceOnZeropsYmlKey: the agent sets as a service
// variable a broken reference on a key the deployed zerops.yml declares
// with one that resolves (REDIS_HOST: ${cache_hostname}). The value set
// here reaches the app neither way: next deletes it, keeping the
// zerops.yml value, and proposes neither using the value set here nor
// setting the service variable's reference (a duplicate key again).
func TestEnvSetNext_BadReferenceOnZeropsYmlKey(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
		"start: node index.js\n      envVariables:\n        REDIS_HOST: ${cache_hostname}")})
	if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	for _, restart := range []bool{false, true} {
		res, m := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage",
			"variables": []string{"REDIS_HOST=${redis_hostname}"}, "restart": restart}, "set")
		wantOK(t, res)
		next := str(m["next"])
		const del = `zerops_env action=delete serviceHostname=appstage variables=["REDIS_HOST"]`
		if !strings.Contains(next, del) {
			t.Errorf("restart=%v: next %q: want %s", restart, next, del)
		}
		if strings.Contains(next, "value set here, remove it") || strings.Contains(next, "zerops_deploy") {
			t.Errorf("restart=%v: next proposes the broken value set here: %s", restart, next)
		}
		if strings.Contains(text(res), "keeping the key: ${cache_hostname}") || strings.Contains(next, `REDIS_HOST=${cache_hostname}`) {
			t.Errorf("restart=%v: the answer proposes the reference as a service variable, which zerops.yml declares: %s", restart, text(res))
		}
	}
}

// TestEnvSetNext_UnfollowedSetNamesRestartAfterProcess: a service set the
// call did not follow (no progress token) names the process check and,
// after it, the restart, once, in next; the note does not say the restart
// again (walk 84: next named only the process, the note the restart).
func TestEnvSetNext_UnfollowedSetNamesRestartAfterProcess(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Hour})
	res, m := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"LOG_LEVEL=debug"}})
	wantOK(t, res)
	next := str(m["next"])
	check, restart := strings.Index(next, "zerops_process processId="), strings.Index(next, "zerops_manage action=restart serviceHostname=appdev")
	if check < 0 || restart < check || strings.Count(text(res), "action=restart") != 1 {
		t.Errorf("unfollowed set: want the process check, then the restart once: %s", text(res))
	}
}

// TestEnvSetNext_GetWarnsOfUnresolvedReference: a get lists a service
// variable whose reference does not resolve with a warning naming it
// (walk 85: ${db_hostname_wrong} was listed as any other value).
func TestEnvSetNext_GetWarnsOfUnresolvedReference(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"DB_HOST=${db_hostname_wrong}"}})
	wantOK(t, res)
	h.fake.EndProcesses()
	res, m := h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": "appdev"})
	wantOK(t, res)
	if w := fmt.Sprint(m["warnings"]); !strings.Contains(w, "${db_hostname_wrong}: db has no variable hostname_wrong") {
		t.Errorf("get: warnings %s, want the unresolved reference named", w)
	}
	res, m = h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": "appstage"})
	wantOK(t, res)
	if w := fmt.Sprint(m["warnings"]); strings.Contains(w, "hostname_wrong") {
		t.Errorf("appstage's get warns of appdev's variable: %s", w)
	}
}
