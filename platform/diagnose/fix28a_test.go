package diagnose

import (
	"slices"
	"testing"
)

// A Symfony console's shortened command name that several commands start
// with (Composer's `composer in`, artisan's) is the command's own failure:
// the cause names the name, the fix writes it in full.
func TestClassify_AmbiguousConsoleCommand(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		stage Stage
		lines []string
		want  string
	}{
		{"ComposerInTheBuild", Build, []string{"$ composer in --no-dev", "", `  Command "in" is ambiguous.`, "  Did you mean one of these?", "      init", "      install", "      info", "",
			"ERROR: build command failed with exit code 1: composer in --no-dev"}, "build-command-failed"},
		{"ArtisanAtStart", Runtime, []string{`  Command "m" is ambiguous.`, "  Did you mean one of these?", "      make:model", "      migrate", "process exited with code 1"}, "start-command-invalid"},
		{"Stamped", Build, []string{`2026-12-02T10:00:00Z [build] Command "re" is ambiguous.`}, "build-command-failed"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, tt.stage)
			if got := signalIDs(ds); !slices.Equal(got, []string{tt.want}) {
				t.Fatalf("signals = %v, want [%s]", got, tt.want)
			}
			wantIn(t, "cause", ds[0].Cause, []string{"the start of several of them"}, nil)
			wantIn(t, "fix", ds[0].Fix, []string{"full name"}, nil)
		})
	}
}
