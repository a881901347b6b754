package diagnose

// This file holds the family of an option refused by a Symfony console
// (Composer, Laravel's artisan, Symfony's bin/console):
// build-command-failed, at a start start-command-invalid, and its fix.

import (
	"regexp"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/editdist"
	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// consoleOptionRefused is Symfony's ArgvInput refusing an option: one the
// command does not define, a flag given a value, a value left out.
const consoleOptionRefused = `The "(--?[^"\s]+)" option (does not exist|does not accept a value|requires a value)\.`

var (
	consoleOptionRe = lazyregexp.New(consoleOptionRefused)
	// consoleSynopsis is the command's synopsis the console prints below
	// its refusal: the command's name, then its options in brackets.
	consoleSynopsis = lazyregexp.New(`^\s*([a-z][\w:-]*) (\[.*)$`)
	// consoleLong reads the long options of a synopsis.
	consoleLong = regexp.MustCompile(`--([a-z][\w-]*)`)
)

// consoleContext bounds how many lines below the refusal are read for the
// synopsis.
const consoleContext = 8

// consoleOptSpecs are this family's rules.
var consoleOptSpecs = []ruleSpec{
	{build: "build-command-failed", runtime: "start-command-invalid", keys: []string{"option does not exist.", "option does not accept a value.", "option requires a value."}, re: consoleOptionRefused},
}

// consoleOptFix fits d, read from text (lines[n]), to a Symfony console's
// refusal of an option: the option, and, for one the command does not
// define, the options of its synopsis within two edits of it.
func (d *Diagnosis) consoleOptFix(lines []string, n int, text string, stage Stage) {
	m := consoleOptionRe.FindStringSubmatch(text)
	if m == nil {
		return
	}
	opt, why := m[1], m[2]
	cmd, near := "", []string(nil)
	for _, raw := range lines[min(n+1, len(lines)):min(len(lines), n+consoleContext)] {
		l := lineTagRe.ReplaceAllString(stripStamp(stripANSI(raw)), "")
		s := consoleSynopsis.FindStringSubmatch(l)
		if s == nil {
			continue
		}
		cmd, near = s[1], nearOptions(strings.TrimLeft(opt, "-"), consoleLong.FindAllStringSubmatch(s[2], -1))
		break
	}
	where := "`run.start`"
	if stage == Build {
		where = "`build.buildCommands`"
	}
	tool := "The console"
	if cmd != "" {
		tool = "The console's `" + cmd + "` command"
	}
	switch why {
	case "does not accept a value":
		d.Cause = tool + " refuses `" + opt + "` given a value: the option is a flag, so the command prints its usage and exits with code 1."
		d.Fix = "Remove the value (`=…`) after `" + opt + "` in " + where + ", then deploy again."
		return
	case "requires a value":
		d.Cause = tool + " refuses `" + opt + "` given no value (the next word starts with `-`, or none follows), so the command prints its usage and exits with code 1."
		d.Fix = "Give `" + opt + "` its value in " + where + " (`" + opt + "=VALUE`), then deploy again."
		return
	}
	d.Cause = tool + " has no option `" + opt + "` (a Symfony console takes no abbreviated or misspelt option), so it prints its usage and exits with code 1 before doing anything."
	d.Fix = "Remove or correct `" + opt + "` in " + where + " (the usage line below the refusal lists the options the command takes), then deploy again."
	if len(near) > 0 {
		d.Fix = "Correct `" + opt + "` in " + where + " to `" + strings.Join(near, "` or `") + "` (the nearest options the command takes), or remove it; then deploy again."
	}
}

// nearOptions are the long options (submatches of consoleLong) nearest to
// typed, within two edits (a swap of neighbours one), as `--name`; none
// when typed is short.
func nearOptions(typed string, opts [][]string) []string {
	if len(typed) < 4 {
		return nil
	}
	best, out := 3, []string(nil)
	for _, o := range opts {
		name := "--" + o[1]
		switch dist := editdist.SwapDistanceWithin(typed, o[1], 3); {
		case dist < best:
			best, out = dist, []string{name}
		case dist == best && best < 3 && !slices.Contains(out, name):
			out = append(out, name)
		}
	}
	return out
}
