package diagnose

import (
	"slices"
	"strings"
	"testing"
)

// A program the shell did not find is run.start's typo when its name is
// one slip from a program the container has, else a package or tool
// missing; a tool's unknown task is run.start's too. Each is one cause:
// no generic crash for the exit status after it.
func TestClassify_MisspeltProgramOrTaskIsTheStartCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		stage Stage
		lines []string
		want  []string
		cause []string // in the first diagnosis' cause
		fix   []string // and its fix
	}{
		{"DashTypo", Runtime, []string{"Starting application: nmp run start", "/bin/sh: 1: nmp: not found", "container exited with status 127"},
			[]string{"start-command-invalid"}, []string{"`nmp`", "`npm`"}, []string{"`nmp` to `npm` in `run.start`"}},
		{"ZshTypoInTheBuild", Build, []string{"zsh:1: command not found: pyhton", "build command failed with exit code 127"},
			[]string{"build-command-failed"}, []string{"`pyhton`", "`python`"}, []string{"`build.buildCommands`"}},
		{"PackageCommandStaysMissing", Runtime, []string{"/bin/sh: 1: gunicorn: not found", "Process exited with code 127"},
			[]string{"module-not-found-at-runtime"}, []string{"`gunicorn`", "pip"}, []string{"requirements.txt"}},
		{"KnownToolStaysMissing", Runtime, []string{"sh: pnpm: not found"},
			[]string{"module-not-found-at-runtime"}, []string{"`pnpm`"}, []string{"run.prepareCommands"}},
		{"MixTaskWithSuggestion", Runtime, []string{"start: mix phx.serve", `** (Mix) The task "phx.serve" could not be found. Did you mean "phx.server"?`, "process exited with code 1"},
			[]string{"start-command-invalid"}, []string{"`phx.serve`"}, []string{"`run.start` to `phx.server`"}},
		{"DjangoCommandWithSuggestion", Runtime, []string{"Unknown command: 'runsever'. Did you mean runserver?", "Type 'manage.py help' for usage."},
			[]string{"start-command-invalid"}, []string{"`runsever`"}, []string{"to `runserver`"}},
		{"ArtisanWithoutOneSuggestion", Runtime, []string{`   ERROR  Command "octane:strt" is not defined. Did you mean one of these?`, "  ⇂ octane:start", "  ⇂ octane:status"},
			[]string{"start-command-invalid"}, []string{"`octane:strt`"}, []string{"`php artisan list`"}},
		{"RakeTaskInTheBuild", Build, []string{"rake aborted!", "Don't know how to build task 'assets:precompil' (See the list of available tasks with `rake --tasks`)"},
			[]string{"build-command-failed"}, []string{"`assets:precompil`"}, []string{"`build.buildCommands`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, tt.stage)
			if got := signalIDs(ds); !slices.Equal(got, tt.want) {
				t.Fatalf("signals = %v, want %v", got, tt.want)
			}
			wantIn(t, "cause", ds[0].Cause, tt.cause, nil)
			wantIn(t, "fix", ds[0].Fix, tt.fix, nil)
		})
	}
}

// Node.js refusing an option, and a bundle over its size budget, are the
// command's own failures: the fix names the option (and the base, for
// another version's) or the budget, and no exit status is a second cause.
func TestClassify_NodeOptionAndBudgetAreTheCommands(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		stage      Stage
		lines      []string
		want       []string
		cause, fix []string
	}{
		{"NodeOptionMisspelt", Runtime, []string{"[zerops] starting: node --experimental-strip-type src/server.ts", "node: bad option: --experimental-strip-type", "[zerops] process exited with code 9"},
			[]string{"start-command-invalid"}, []string{"`--experimental-strip-type`", "code 9"}, []string{"in `run.start`", "`run.base`", "node --help"}},
		{"NodeOptionInTheBuild", Build, []string{"$ node --env-file-if-exists=.env scripts/gen.js", "node: bad option: --env-file-if-exists=.env", "build command failed with exit code 9"},
			[]string{"build-command-failed"}, []string{"`--env-file-if-exists`"}, []string{"in `build.buildCommands`", "`build.base`"}},
		{"AngularBudget", Build, []string{"Application bundle generation failed. [11.204 seconds]", "✘ [ERROR] bundle initial exceeded maximum budget. Budget 1.00 MB was not met by 98.20 kB with a total of 1.10 MB.",
			"npm error Lifecycle script `build` failed with error:", "npm error code 1"},
			[]string{"build-command-failed"}, []string{"size budget", "compiles"}, []string{"`maximumError`", "angular.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, tt.stage)
			if got := signalIDs(ds); !slices.Equal(got, tt.want) {
				t.Fatalf("signals = %v, want %v", got, tt.want)
			}
			wantIn(t, "cause", ds[0].Cause, tt.cause, nil)
			wantIn(t, "fix", ds[0].Fix, tt.fix, nil)
		})
	}
}

// slip takes a typist's slip (two letters swapped, one doubled; for a
// long name one left out, added or changed), never another real program.
func TestSlip_OneTypistsSlip(t *testing.T) {
	t.Parallel()
	tests := []struct {
		typed, name string
		want        bool
	}{
		{"nmp", "npm", true}, {"ndoe", "node", true}, {"nnpm", "npm", true}, {"nodee", "node", true},
		{"pyton", "python", true}, {"gunicorm", "gunicorn", true}, {"pythn3", "python3", true}, {"composr", "composer", true},
		{"make", "rake", false}, {"server", "serve", false}, {"pnpm", "npm", false}, {"npx", "npm", false},
		{"node", "node", false}, {"nod", "node", false}, {"demo", "deno", false}, {"nmpx", "npm", false},
	}
	for _, tt := range tests {
		if got := slip(tt.typed, tt.name); got != tt.want {
			t.Errorf("slip(%q, %q) = %v, want %v", tt.typed, tt.name, got, tt.want)
		}
	}
}

// wantIn fails for each of want that text (the diagnosis' what) lacks and
// each of not that it has.
func wantIn(t *testing.T, what, text string, want, not []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s %q lacks %q", what, text, w)
		}
	}
	for _, n := range not {
		if strings.Contains(text, n) {
			t.Errorf("%s %q has %q", what, text, n)
		}
	}
}
