package ops_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/yamlcheck"
)

// long is agent input far beyond any clip; letters only, so it passes as an
// env key or a YAML key and reaches the deepest checks.
var long = strings.Repeat("Ab", 500)

func repeatLines(n int, line string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = line
	}
	return out
}

// wantBounded checks that msg echoes no more than a clip of long and stays small.
func wantBounded(t *testing.T, what, msg string, max int) {
	t.Helper()
	if strings.Contains(msg, long[:200]) {
		t.Errorf("%s echoes the input unbounded: %.200s…", what, msg)
	}
	if len(msg) > max {
		t.Errorf("%s is %d bytes, want ≤ %d: %.200s…", what, len(msg), max, msg)
	}
}

func TestErrors_AgentInputBounded(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	tests := []struct {
		name string
		run  func() error
		code string
	}{
		{"env value newline, long key", func() error { _, err := ops.ParseEnvLines([]string{long + "=a\nb"}); return err }, platform.ErrInvalidEnvFormat},
		{"env thousands of bad lines", func() error { _, err := ops.ParseEnvLines(repeatLines(5000, "no equals")); return err }, platform.ErrInvalidEnvFormat},
		{"env thousands of bad keys", func() error { _, err := ops.ParseEnvKeys(repeatLines(5000, "bad key")); return err }, platform.ErrInvalidEnvFormat},
		{"import thousands of bad services", func() error {
			_, err := ops.Import(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "services:\n"+strings.Repeat("  - hostname: Bad_Name\n    type: x@@1\n", 2000), ops.Published{}, ops.ImportOptions{})
			return err
		}, platform.ErrInvalidImportYml},
		{"import unknown mode", func() error {
			_, err := ops.Import(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "services:\n  - hostname: db\n    type: postgresql:"+long+"@16\n", ops.Published{}, ops.ImportOptions{})
			return err
		}, platform.ErrInvalidImportYml},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := tt.run()
			wantCode(t, err, tt.code)
			var pe *platform.PlatformError
			if !errors.As(err, &pe) {
				t.Fatalf("%v is not a PlatformError", err)
			}
			wantBounded(t, "message", pe.Message, 8<<10)
			if strings.Contains(tt.name, "thousands") && !strings.Contains(pe.Message, "more") {
				t.Errorf("message does not say that more problems were left out: %.300s", pe.Message)
			}
		})
	}
}

func TestChecks_IssuesBounded(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("zerops:\n  - setup: a\n    run:\n      start: x\n")
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&b, "      %s%d: 1\n", long[:60], i)
	}
	b.WriteString("      envVariables:\n        " + long + ": [1]\n")
	res, err := yamlcheck.Validate(b.String(), "")
	if err != nil {
		t.Fatal(err)
	}
	if res.Valid || len(res.Errors) > 21 {
		t.Fatalf("valid=%v with %d errors, want invalid with at most 20 listed plus a count", res.Valid, len(res.Errors))
	}
	if last := res.Errors[len(res.Errors)-1]; !strings.Contains(last.Problem, "981 more") {
		t.Errorf("last issue = %+v, want the count of the 981 left out", last)
	}
	for _, is := range res.Errors {
		wantBounded(t, "issue", is.String(), 700)
	}

	var imp strings.Builder
	imp.WriteString("services:\n")
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&imp, "  - hostname: app%d\n    type: nodejs@22\n    envVariables: {A: 1}\n", i)
	}
	plan, err := ops.CheckImport(context.Background(), ops.Project{Client: nil, ID: ""}, imp.String(), ops.Published{})
	if err != nil {
		t.Fatal(err)
	}
	// Service-level envVariables are warnings: bounded like the problems.
	// Offline (nil client) two more say what could not be checked.
	if len(plan.Warnings) < 21 || len(plan.Warnings) > 23 || !strings.Contains(plan.Warnings[20].Problem, "80 more") {
		t.Errorf("%d warnings (%d problems); want 20 listed plus the count of 80 more: %+v", len(plan.Warnings), len(plan.Problems), plan.Warnings)
	}
}
