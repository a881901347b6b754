package diagnose

import (
	"slices"
)

// Families of causes that a crash, a refusal or a validation prints in
// words other than its tool's usual ones. Each section below holds one
// family: its expressions, its rules and the fix it fits.

// withCrashCauses is specs with the rules of these families after them.
func withCrashCauses(specs []ruleSpec) []ruleSpec { return slices.Concat(specs, crashCauseSpecs) }

// crashCauseSpecs are the rules of these families.
var crashCauseSpecs = slices.Concat(unsetURLSpecs, phpExtSpecs, dbWordSpecs, signal9Specs, ymlSpecs)

// crashCauseFix fits d, read from text (lines[n] past its stamp) in stage,
// to what these families show where no other fix has fitted it yet (a PHP
// extension, over any).
func (d *Diagnosis) crashCauseFix(lines []string, n int, text string, stage Stage) {
	if composerVerdictRe.MatchString(text) {
		text = composerProblemBelow(lines, n, text) // the problem names what the base lacks
	}
	d.phpExtFix(text, stage) // an extension, not the package another fix took it for
	if s := signalByID[d.Signal]; s == nil || d.Cause != s.cause {
		return // another fix already fits it to what the line names
	}
	d.unsetURLFix(text, stage)
	d.ymlKeyFix(text)
	d.uvicornFix(text)
}
