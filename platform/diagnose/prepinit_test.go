package diagnose_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/diagnose"
)

// TestClassify_InitRunsWhatPrepareMadeElsewhere: an init command running
// a file a run.prepareCommands line ran or downloaded in its own working
// directory (/home/zerops) is told to cd there first; a line only naming
// the same word (a package) is no such evidence.
func TestClassify_InitRunsWhatPrepareMadeElsewhere(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, file string
		prepare    []string
		cd         bool
	}{
		{"ran there", "q3server", []string{"sudo -u zerops -n ./q3server auto-install"}, true},
		{"downloaded there", "linuxgsm.sh", []string{"curl -Lo linuxgsm.sh https://linuxgsm.sh"}, true},
		{"cd first", "q3server", []string{"cd /var/www && ./q3server auto-install"}, false},
		{"a package of that name", "nginx", []string{"sudo apt-get install -y nginx"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			lines := []string{"$ ./" + tc.file + " start", "/bin/sh: ./" + tc.file + ": not found", "RUN.INIT COMMANDS FINISHED WITH ERROR",
				`ERROR: init command failed: "./` + tc.file + ` start" exited with code 127`}
			got := diagnose.ClassifyWith(lines, diagnose.Runtime, diagnose.Options{Code: &diagnose.Code{Prepare: tc.prepare}})
			if len(got) == 0 || got[0].Signal != "init-command-failed" {
				t.Fatalf("diagnoses %+v, want init-command-failed first", got)
			}
			if cd := strings.Contains(got[0].Fix, "cd /var/www && "); cd != tc.cd {
				t.Errorf("fix names the cd: %v, want %v: %s", cd, tc.cd, got[0].Fix)
			}
		})
	}
}
