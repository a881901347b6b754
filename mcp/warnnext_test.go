package mcp_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestWarningsNext_CheckWithWarningsFixesFirst: a dry run or validation
// that passes with warnings does not say "go ahead": its next step leads to
// the warnings first (naming unknown keys as ignored, counting only those
// listed), then the check again, then the step a clean check names.
func TestWarningsNext_CheckWithWarningsFixesFirst(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	var manyServices string // each service's envVariables is a warning
	for i := range 25 {
		manyServices += fmt.Sprintf("  - hostname: worker%d\n    type: nodejs@22\n    envVariables: {A: 1}\n", i)
	}
	zyml := "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      deployFiles: ./\n    run:\n      base: nodejs@22\n      start: node index.js\n"
	tests := []struct {
		name, tool string
		args       map[string]any
		want       []string
		notWant    string
	}{
		{"import with warnings", "zerops_import",
			map[string]any{"content": "services:\n  - hostname: worker\n    type: nodejs@22\n    envVariables: {A: 1}\n  - hostname: pg\n    type: postgresql@16\n", "dryRun": true},
			[]string{"fix (or knowingly accept) the 2 warnings first", "run the dry run again", "without dryRun"},
			"Next: import for real"},
		{"import with more warnings than listed", "zerops_import",
			map[string]any{"content": "services:\n" + manyServices, "dryRun": true},
			[]string{"fix (or knowingly accept) the 20 warnings listed first", "more are not listed"},
			"25 warnings"},
		{"import clean", "zerops_import",
			map[string]any{"content": "services:\n  - hostname: worker\n    type: nodejs@22\n", "dryRun": true},
			[]string{"Next: import for real with zerops_import"}, "warning"},
		{"validate unresolved refs", "zerops_validate",
			map[string]any{"content": zyml + "      envVariables:\n        A: ${postgres_user}\n        B: ${db_pasword}\n        X: ${X}\n"},
			[]string{"fix (or knowingly accept) the 3 warnings first", "validate again and deploy: zerops_deploy targetService=appstage with sourceService set to"},
			"Next: deploy: "},
		{"validate clean", "zerops_validate",
			map[string]any{"content": zyml},
			[]string{"Next: deploy: zerops_deploy targetService=appstage with sourceService set to"}, "warning"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, m := h.call(t, tt.tool, tt.args)
			wantOK(t, res)
			next, _ := m["next"].(string)
			if m["valid"] != true {
				t.Fatalf("valid = %v: %s", m["valid"], text(res))
			}
			for _, w := range tt.want {
				if !strings.Contains(next, w) {
					t.Errorf("next = %q, want %q", next, w)
				}
			}
			if strings.Contains(next, tt.notWant) {
				t.Errorf("next = %q, must not say %q", next, tt.notWant)
			}
		})
	}
}
