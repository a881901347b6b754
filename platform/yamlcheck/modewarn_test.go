package yamlcheck_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/yamlcheck"
)

// A managed service whose import says neither mode nor an HA type is
// created single: the dry run warns so, at its type, naming the fix.
func TestValidate_ManagedWithoutModeWarns(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, content string
		warned        bool
		// fix is what the warning's fix says; notFix what it must not (a
		// form the platform does not publish for the type).
		fix, notFix string
	}{
		{"no mode", "services:\n  - hostname: db\n    type: postgresql@16\n", true, "postgresql:single@16", ""},
		{"shared storage, no mode", "services:\n  - hostname: files\n    type: shared-storage\n", true, "mode: HA", "shared-storage:"},
		{"mode given", "services:\n  - hostname: db\n    type: postgresql@16\n    mode: NON_HA\n", false, "", ""},
		{"runtime", "services:\n  - hostname: app\n    type: nodejs@22\n", false, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := yamlcheck.Validate(tt.content, "import.yml")
			if err != nil {
				t.Fatal(err)
			}
			warned := false
			for _, w := range res.Warnings {
				if strings.HasSuffix(w.Path, ".type") && strings.Contains(w.Problem, "does not say single or HA") && w.Fix != "" {
					warned = true
					if !strings.Contains(w.Fix, tt.fix) || (tt.notFix != "" && strings.Contains(w.Fix, tt.notFix)) {
						t.Errorf("fix %q: want it to say %q and not %q", w.Fix, tt.fix, tt.notFix)
					}
				}
			}
			if warned != tt.warned {
				t.Errorf("warned = %v, want %v: errors %v, warnings %v", warned, tt.warned, res.Errors, res.Warnings)
			}
		})
	}
}
