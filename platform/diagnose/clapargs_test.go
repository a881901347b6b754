package diagnose

import "testing"

// A command-line parser built on Rust's clap (deno, cargo, the tools
// cargo builds) refuses an argument it does not know: clap 4's
// `error: unexpected argument 'X' found`, older clap's `Found argument 'X'
// which wasn't expected`, with the close option it suggests below (`tip: a
// similar argument exists: 'Y'`, `Did you mean 'Y'?`) when there is one.
// In a start command that is start-command-invalid, in a build the build
// command's failure, the fix naming the suggested option; a server up with
// the options right, and an app's own "unexpected argument" warning, are
// nothing.
func TestClassify_ClapUnexpectedArgument(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"DenoTip", Runtime, []string{"$ deno run --alow-read --allow-net server.ts",
			"error: unexpected argument '--alow-read' found", "",
			"  tip: a similar argument exists: '--allow-read'", "",
			"Usage: deno run [OPTIONS] [SCRIPT_ARG]...", "For more information, try '--help'.",
			"app process ended, exit code 1"}, "start-command-invalid", "to `--allow-read`"},
		{"CargoInBuild", Build, []string{"[build] > cargo build --relase --locked",
			"[build] error: unexpected argument '--relase' found",
			"[build]   tip: a similar argument exists: '--release'",
			"[build] Usage: cargo build [OPTIONS]",
			"[build] ERROR: a build command finished with exit code 1"}, "build-command-failed", "to `--release` in `build.buildCommands`"},
		{"OlderClapDidYouMean", Runtime, []string{"error: Found argument '--alow-env' which wasn't expected, or isn't valid in this context",
			"\tDid you mean '--allow-env'?", "USAGE:", "    deno run <SCRIPT_ARG>...",
			"For more information try --help"}, "start-command-invalid", "to `--allow-env`"},
		{"PositionalNoSuggestion", Runtime, []string{"error: unexpected argument 'serve' found",
			"  tip: to pass 'serve' as a value, use '-- serve'",
			"Usage: ledger-api [OPTIONS]", "For more information, try '--help'.", "exited with code 2"}, "start-command-invalid", "`serve`"},
		{"HealthyServer", Runtime, []string{"Task start deno run --allow-net --allow-env main.ts",
			"WARN ignoring unexpected argument 'utm_source' in query of GET /landing",
			"Listening on http://0.0.0.0:8000/"}, "", ""},
	}
	runFamilyCases(t, tests)
}
