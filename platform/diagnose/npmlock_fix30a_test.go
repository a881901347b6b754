package diagnose

import (
	"strings"
	"testing"
)

// npm ci refusing to install (issue 34, fix30a item 2): the fix listed
// every ecosystem's lock command. It now answers in npm's alone.
func TestNpmLockFix_AnswersInNpm(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, line string
		want       string
	}{
		{"no lockfile", "npm ERR! The `npm ci` command can only install with an existing package-lock.json or", "commit package-lock.json and deploy"},
		{"out of step", "npm ERR! `npm ci` can only install packages when your package.json and package-lock.json or npm-shrinkwrap.json are in sync.", "commit package-lock.json with package.json"},
		{"missing from lock", "npm ERR! Missing: left-pad@1.3.0 from lock file", "commit package-lock.json with package.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := ClassifyWith([]string{tt.line}, Build, Options{})
			var fix string
			for _, d := range ds {
				if d.Signal == "lockfile-mismatch" {
					fix = d.Fix
				}
			}
			if strings.Count(fix, tt.want) != 1 {
				t.Errorf("fix lacks %q once: %q (diagnoses %v)", tt.want, fix, ds)
			}
			for _, l := range []string{"composer", "cargo", "poetry", "go mod tidy"} {
				if strings.Contains(fix, l) {
					t.Errorf("fix names %q: %s", l, fix)
				}
			}
		})
	}
}
