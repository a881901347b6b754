package ops_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/ops"
)

// TestEnv_BadRefFixHandsItsWarningBothWays: a set whose value is a missing
// service's reference alone, with one service of the kind it names, hands
// the fix with its warning as Warnings hold it (naming the fix) and without
// the fix, for an answer whose next call sends it: mcp then says it once
// by picking a warning, not by cutting one.
func TestEnv_BadRefFixHandsItsWarningBothWays(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	res, err := ops.Env(context.Background(), ops.Project{Client: c, ID: fake.ProjectID()}, nil, "set",
		ops.EnvTarget{Hostname: "appdev"}, []string{"PGHOST=${postgres_hostname}"})
	if err != nil {
		t.Fatal(err)
	}
	fix, ok := res.BadRefFixes["PGHOST"]
	if !ok || fix.Ref != "${db_hostname}" {
		t.Fatalf("fixes %+v: want PGHOST's to be ${db_hostname}", res.BadRefFixes)
	}
	if !slices.Contains(res.Warnings, fix.Warning) || !strings.Contains(fix.Warning, fix.Ref) {
		t.Errorf("the fix's warning %q is not in the warnings %q naming the fix", fix.Warning, res.Warnings)
	}
	if problem := strings.TrimSuffix(fix.Problem, "."); problem == "" || strings.Contains(problem, fix.Ref) ||
		!strings.HasPrefix(fix.Warning, problem+"; ") || !strings.Contains(problem, "${postgres_hostname}") {
		t.Errorf("the warning without the fix %q: want %q's problem alone", fix.Problem, fix.Warning)
	}
}
