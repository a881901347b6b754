package diagnose

// This file holds the family of an argument refused by a command-line
// parser built on Rust's clap (deno, cargo, the tools cargo builds):
// start-command-invalid, in a build the build command's failure, and its fix.

import "github.com/zeropsio/zcp/platform/lazyregexp"

// clapUnexpected is clap's refusal of an argument: clap 4's wording, and
// the one before it.
const clapUnexpected = `(?i:error): (?:unexpected argument '([^']+)' found|Found argument '([^']+)' which wasn't expected)`

var (
	clapUnexpectedRe = lazyregexp.New(clapUnexpected)
	// clapSuggests is the option clap suggests below its refusal: clap 4's
	// tip, the older "Did you mean".
	clapSuggests = lazyregexp.New(`^\s*(?:tip: a similar argument exists: '([^']+)'|Did you mean '?(-[^'?\s]+)'?\?)`)
	// clapUsage is clap's usage line below its refusal, naming the program
	// and its subcommand.
	clapUsage = lazyregexp.New(`^\s*Usage: (\S+(?: [a-z][\w-]*)?)`)
)

// clapContext bounds how many lines below the refusal are read for its
// suggestion and usage line.
const clapContext = 8

// clapArgSpecs are this family's rules.
var clapArgSpecs = []ruleSpec{
	{build: "build-command-failed", runtime: "start-command-invalid", keys: []string{"unexpected argument '", "which wasn't expected"}, re: clapUnexpected},
}

// clapArgFix fits d, read from text (lines[n]), to clap's refusal of an
// argument: the argument, and the option clap suggests where it does.
func (d *Diagnosis) clapArgFix(lines []string, n int, text string, stage Stage) {
	m := clapUnexpectedRe.FindStringSubmatch(text)
	if m == nil {
		return
	}
	arg, meant, prog := m[1]+m[2], "", "its program"
	for _, raw := range lines[n+1 : min(len(lines), n+clapContext)] {
		l := lineTagRe.ReplaceAllString(stripStamp(stripANSI(raw)), "")
		if s := clapSuggests.FindStringSubmatch(l); s != nil && meant == "" {
			meant = s[1] + s[2]
		}
		if u := clapUsage.FindStringSubmatch(l); u != nil {
			prog = "`" + u[1] + "`"
			break
		}
	}
	where, what := "`run.start`", "The start command"
	if stage == Build {
		where, what = "`build.buildCommands`", "A build command"
	}
	d.Cause = what + " passes `" + arg + "`, an argument " + prog + " does not accept, so it prints its usage and exits."
	d.Fix = "Correct or remove `" + arg + "` in " + where + " (or the package.json script or deno task it runs): the program's `--help` lists what it accepts; then deploy again."
	if meant != "" {
		d.Cause = what + " passes `" + arg + "`, an argument " + prog + " does not accept (it suggests `" + meant + "`), so it prints its usage and exits."
		d.Fix = "Correct `" + arg + "` to `" + meant + "` in " + where + " (or the package.json script or deno task it runs), as the program suggests; then deploy again."
	}
}
