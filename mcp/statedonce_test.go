package mcp_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// onceCall is a call an answer names with its arguments.
var onceCall = regexp.MustCompile(`zerops_[a-z]+(?: [A-Za-z]+=(?:\[[^\]]*\]|[^\s,;)]+))+`)

// onceRun is how long a stretch of text shared by next and a note or warning
// must be to count as the same fix said twice.
const onceRun = 50

// repeatedInNext lists what an answer says twice: a call (with arguments)
// or a stretch of onceRun characters that next and one of its notes or
// warnings both state. An answer states each fix once: in next when it is
// the step to take, or in the warning, not in both.
func repeatedInNext(m map[string]any) []string {
	next, _ := m["next"].(string)
	if next == "" {
		return nil
	}
	var asides []string
	for _, key := range []string{"notes", "warnings"} {
		list, _ := m[key].([]any)
		for _, x := range list {
			switch v := x.(type) {
			case string:
				asides = append(asides, v)
			case map[string]any:
				for _, f := range []string{"problem", "fix"} {
					if s, _ := v[f].(string); s != "" {
						asides = append(asides, s)
					}
				}
			}
		}
	}
	var out []string
	for _, a := range asides {
		for _, c := range onceCall.FindAllString(a, -1) {
			if c = strings.TrimRight(c, "."); strings.Contains(next, c) {
				out = append(out, fmt.Sprintf("the call %q is in next and in %q", c, a))
			}
		}
		for i := 0; i+onceRun <= len(a); i++ {
			if run := a[i : i+onceRun]; strings.Contains(next, run) {
				out = append(out, fmt.Sprintf("%q is in next and in %q", run, a))
				break
			}
		}
	}
	return out
}

// wantStatedOnce fails when an answer says a fix twice (repeatedInNext).
func wantStatedOnce(t *testing.T, what string, m map[string]any) {
	t.Helper()
	for _, r := range repeatedInNext(m) {
		t.Errorf("%s states a fix twice: %s\nnext: %v", what, r, m["next"])
	}
}

// TestAnswers_RepeatedInNextCatchesRepeats: the guard finds a call or a
// sentence stated both in next and in a note or warning, and lets distinct
// ones pass.
func TestAnswers_RepeatedInNextCatchesRepeats(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		m    map[string]any
		want bool
	}{
		{"same call", map[string]any{"next": "Next: zerops_manage action=backups serviceHostname=db lists it.",
			"notes": []any{"It appears in zerops_manage action=backups serviceHostname=db once stored."}}, true},
		{"same sentence", map[string]any{"next": "Next: x. Warnings (1): the project has no service \"nosuch\", so nothing resolves it",
			"warnings": []any{map[string]any{"problem": "the project has no service \"nosuch\", so nothing resolves it", "fix": "Reference one."}}}, true},
		{"distinct", map[string]any{"next": "Next: restore a backup in the Zerops UI.",
			"notes": []any{"1 backup(s); automatic backups on schedule 0 0 * * * (UTC)."}}, false},
		{"bare tool names", map[string]any{"next": "Next: fix it, then zerops_deploy.", "warnings": []any{"then zerops_deploy."}}, false},
	}
	for _, tt := range tests {
		if got := len(repeatedInNext(tt.m)) > 0; got != tt.want {
			t.Errorf("%s: repeated = %v, want %v (%v)", tt.name, got, tt.want, repeatedInNext(tt.m))
		}
	}
}

// TestDeploy_WarningsStatedOnce: a push whose zerops.yml references a
// service the project does not have answers the warning in warnings, with
// its fix, and next points at it without restating it.
func TestDeploy_WarningsStatedOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
		"start: node index.js\n      envVariables:\n        FOO: ${nosuch_value}")})
	res, m := h.call(t, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"})
	wantOK(t, res)
	if len(issuesOf(m, "warnings")) != 1 {
		t.Fatalf("want the one warning: %s", text(res))
	}
	wantStatedOnce(t, "zerops_deploy", m)
	next, _ := m["next"].(string)
	if n := strings.Count(text(res), "nosuch_value"); n != 1 {
		t.Errorf("the reference is named %d times, want once (in the warning): %s", n, text(res))
	}
	if !strings.Contains(next, "warning") || !strings.Contains(next, "zerops_events serviceHostname=appstage") {
		t.Errorf("next neither points at the warning nor follows the build: %s", next)
	}
}

// TestBackup_NextIsNotTheCallJustMade: a backup whose answer already lists
// the new backup names it and sends the agent on, not to list it again;
// nothing is said twice.
func TestBackup_NextIsNotTheCallJustMade(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": "db"})
	wantOK(t, res)
	list, _ := m["backups"].([]any)
	if len(list) != 1 {
		t.Fatalf("the new backup is not listed: %s", text(res))
	}
	name, _ := list[0].(map[string]any)["name"].(string)
	wantStatedOnce(t, "backup", m)
	if strings.Contains(text(res), "action=backups") {
		t.Errorf("the answer lists the new backup and still sends the agent to list it: %s", text(res))
	}
	if !strings.Contains(fmt.Sprint(m["notes"]), name) {
		t.Errorf("the notes do not name the new backup %s: %v", name, m["notes"])
	}
	res, m = h.call(t, "zerops_manage", map[string]any{"action": "backups", "serviceHostname": "db"})
	wantOK(t, res)
	wantStatedOnce(t, "backups", m)
	if strings.Contains(m["next"].(string), "action=backups") {
		t.Errorf("backups' next is the call just made: %s", m["next"])
	}
}

// TestMetrics_NextNamesTheService: the load planning of an ok verdict names
// a real hostname, the one asked about or the busiest runtime (db scales to
// the platform's maxima on its own: nothing to call).
func TestMetrics_NextNamesTheService(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, tt := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"serviceHostname": "appdev"}, "serviceHostname=appdev"},
		{map[string]any{"serviceHostname": "db"}, "db peaked"},
		{map[string]any{}, "serviceHostname=app"},
	} {
		res, m := h.call(t, "zerops_metrics", tt.args)
		wantOK(t, res)
		next, _ := m["next"].(string)
		if m["verdict"] != "ok" {
			t.Fatalf("verdict %v: %s", m["verdict"], text(res))
		}
		if strings.Contains(next, "<service>") || !strings.Contains(next, tt.want) {
			t.Errorf("%v: next = %q, want %s", tt.args, next, tt.want)
		}
	}
}

// TestValidate_NextIsACall: a valid zerops.yml's next step is the deploy
// call with its arguments: the setup's service as the target.
func TestValidate_NextIsACall(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	one := "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      deployFiles: ./\n    run:\n      base: nodejs@22\n      start: node index.js\n"
	for _, tt := range []struct {
		name, content string
		want          []string
	}{
		// Before any push the source is said, not made up (TestNext_NoPlaceholderArguments).
		{"one setup", one, []string{"zerops_deploy targetService=appstage", "sourceService set to"}},
		{"setups named after services", demoZeropsYml, []string{"targetService=appstage", "targetService=appdev", "each with sourceService set to"}},
		{"setup named after no service", strings.Replace(one, "setup: appstage", "setup: prod", 1),
			[]string{"zerops_deploy setup=prod", "sourceService set to", "targetService set to"}},
	} {
		res, m := h.call(t, "zerops_validate", map[string]any{"content": tt.content})
		wantOK(t, res)
		next, _ := m["next"].(string)
		for _, w := range tt.want {
			if !strings.Contains(next, w) {
				t.Errorf("%s: next = %q, want %q", tt.name, next, w)
			}
		}
	}

}

// TestEnv_SetOnZeropsYmlKeySaysBothReadingsOnce: a service variable set on
// a key the deployed zerops.yml's run.envVariables also declare is sent (the
// platform decides) with one warning that gives both readings of the Zerops
// docs and advises one place per key; the fix is stated once, in next, and
// no restart, which cannot help, is offered.
func TestEnv_SetOnZeropsYmlKeySaysBothReadingsOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
		"start: node index.js\n      envVariables:\n        API_KEY: fromyml")})
	res, _ := h.call(t, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"})
	wantOK(t, res)
	res, m := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []any{"API_KEY=secret"}})
	wantOK(t, res)
	wantStatedOnce(t, "zerops_env set", m)
	warnings := fmt.Sprint(m["warnings"])
	for _, w := range []string{"API_KEY", "run.envVariables", "refuses", "userDataDuplicateKey", "overrides"} {
		if !strings.Contains(strings.ToLower(warnings), strings.ToLower(w)) {
			t.Errorf("the warning lacks %q: %s", w, warnings)
		}
	}
	// One place per key is next's (walk 85: the warning said it too).
	if strings.Contains(strings.ToLower(warnings), "never declare") || !strings.Contains(str(m["next"]), "in one place") {
		t.Errorf("one place per key is not said once, in next: warnings %s, next %s", warnings, m["next"])
	}
	if n := strings.Count(text(res), "zerops_deploy") - strings.Count(text(res), "(local: zerops_deploy"); n != 1 {
		t.Errorf("the fix (change zerops.yml, deploy) is stated %d times, want once: %s", n, text(res))
	}
	if next := str(m["next"]); !strings.Contains(next, "zerops_deploy sourceService=") || !strings.Contains(next, "zerops_env action=delete serviceHostname=appstage") ||
		!strings.Contains(next, "a new value is then written there and deployed") {
		t.Errorf("next does not name both ways to keep the key in one place: %s", next)
	}
	if strings.Contains(text(res), "action=restart") {
		t.Errorf("a restart cannot give the app this value, yet it is offered: %s", text(res))
	}
}
