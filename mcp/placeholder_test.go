package mcp_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

var (
	// answerCall is a tool call an answer names, with its key=value
	// arguments; a value is a <placeholder>, a [list] or a plain word.
	answerCall = regexp.MustCompile(`zerops_[a-z]+((?: [A-Za-z]+=(?:<[^<>]*>|\[[^\]]*\]|[^\s<]\S*))+)`)
	// placeholderArg is an argument of such a call whose whole value is a
	// <placeholder>: nothing an agent can send as it is.
	placeholderArg = regexp.MustCompile(`(?:^| )([A-Za-z]+=<[^<>]*>)`)
)

// placeholderArgs lists the calls in the strings of a JSON answer m that
// pass an argument a <placeholder>, such as sourceService=<the container
// holding the code> or maxContainers=<n>.
func placeholderArgs(v any) []string {
	var out []string
	switch x := v.(type) {
	case string:
		for _, c := range answerCall.FindAllStringSubmatch(x, -1) {
			for _, a := range placeholderArg.FindAllStringSubmatch(c[1], -1) {
				out = append(out, strings.SplitN(c[0], " ", 2)[0]+" "+a[1])
			}
		}
	case map[string]any:
		for _, e := range x {
			out = append(out, placeholderArgs(e)...)
		}
	case []any:
		for _, e := range x {
			out = append(out, placeholderArgs(e)...)
		}
	}
	return out
}

// checkNoPlaceholderArgs fails when the answer of tool (m) names a call an
// agent cannot make as it is: every answer of every test is checked.
func checkNoPlaceholderArgs(t testing.TB, tool string, m map[string]any) {
	t.Helper()
	if bad := placeholderArgs(m); len(bad) > 0 {
		t.Errorf("%s answers a call with a placeholder for an argument (real values, or a description instead): %v", tool, bad)
	}
}

func TestPlaceholderArgs_Finds(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		text string
		want string
	}{
		{"Next: zerops_deploy sourceService=<the container holding the code> targetService=appstage.", "[zerops_deploy sourceService=<the container holding the code>]"},
		{"raise: zerops_manage action=scale serviceHostname=app maxContainers=<n>.", "[zerops_manage maxContainers=<n>]"},
		{"zerops_env action=set variables=[\"A=<v>\"] restart=true", "[]"},
		{"zerops_deploy targetService=appstage with sourceService set to the container holding the code", "[]"},
		{"reference it as ${<hostname>_KEY}", "[]"},
	} {
		if got := fmt.Sprint(placeholderArgs(map[string]any{"next": tt.text})); got != tt.want {
			t.Errorf("%q: %s, want %s", tt.text, got, tt.want)
		}
	}
}

// Next steps carry real values: walked through the answers that once
// named a placeholder (a deploy before any push and after one, the scaling
// for more load, the restart after a project variable, a rollback with no
// version known to work), none passes one; and every call of every test
// is checked the same way (checkNoPlaceholderArgs in callWith).
func TestNext_NoPlaceholderArguments(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	answer := func(tool string, args map[string]any) map[string]any {
		t.Helper()
		res, m := h.callWith(t, ctx, tool, args, tool)
		if m == nil {
			t.Fatalf("%s: no JSON answer: %s", tool, text(res))
		}
		return m
	}
	// Before any push the source is unknown: described, not made up.
	m := answer("zerops_validate", map[string]any{"content": strings.ReplaceAll(demoZeropsYml, "setup: appstage", "setup: prod2")})
	if next := str(m["next"]); !strings.Contains(next, "zerops_deploy") || !strings.Contains(next, "sourceService set to") {
		t.Errorf("validate before any push: next %q, want a deploy call that says what to add", next)
	}
	answer("zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"})
	// After a push from appdev, a deploy step names it.
	m = answer("zerops_validate", map[string]any{"content": demoZeropsYml})
	if next := str(m["next"]); !strings.Contains(next, "zerops_deploy sourceService=appdev targetService=appstage") {
		t.Errorf("validate after a push from appdev: next %q, want the deploy from appdev", next)
	}
	m = answer("zerops_metrics", map[string]any{"serviceHostname": "appstage"})
	if next := str(m["next"]); m["verdict"] == "ok" && !regexp.MustCompile(`maximum of \d+ containers?; .*zerops_manage action=scale serviceHostname=appstage\.`).MatchString(next) {
		t.Errorf("metrics ok: next %q, want the containers in force and the call, with no value proposed", next)
	}
	m = answer("zerops_env", map[string]any{"action": "set", "project": true, "variables": []any{"LOG_LEVEL=debug"}})
	if next := str(m["next"]); !strings.Contains(next, "zerops_manage action=restart serviceHostname=appdev") ||
		!strings.Contains(next, "zerops_manage action=restart serviceHostname=appstage") {
		t.Errorf("project variable set: next %q, want the restart of appdev and appstage", next)
	}
}
