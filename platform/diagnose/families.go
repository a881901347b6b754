package diagnose

// This file owns the list of the rule families kept in files of their own
// (each says under its package clause which it holds) and the fix that
// reads several of them.

import "slices"

// familySpecs are the rules of the families kept in files of their own,
// each beside its fix and its tests, in the order the classifier tries
// them after ruleSpecs.
var familySpecs = slices.Concat(
	unsetURLSpecs, phpExtSpecs, dbWordSpecs, signal9Specs, ymlSpecs,
	testRunSpecs, execFormatSpecs, servesTLSSpecs, versionNeededSpecs, packageAbsentSpecs, phpScriptSpecs, pyDistSpecs,
	opensslMD4Specs, zodEnvSpecs, clapArgSpecs, consoleOptSpecs,
)

// familyFix fits d, read from text (lines[n] past its stamp) in stage, to
// what those families read where no other fix has fitted it yet: a URL
// from an unset variable, a zerops.yml key, uvicorn's module; a PHP
// extension (under Composer's verdict, the problem below it) over any.
func (d *Diagnosis) familyFix(lines []string, n int, text string, stage Stage, code *Code) {
	if composerVerdictRe.MatchString(text) {
		text = composerProblemBelow(lines, n, text) // the problem names what the base lacks
	}
	d.phpExtFix(text, stage) // an extension, not the package another fix took it for
	if s := signalByID[d.Signal]; s == nil || d.Cause != s.cause {
		return // another fix already fits it to what the line names
	}
	d.clapArgFix(lines, n, text, stage)
	d.consoleOptFix(lines, n, text, stage)
	d.unsetURLFix(text, stage)
	d.ymlKeyFix(text)
	d.uvicornFix(text)
	d.pyDistFix(text, code)
}
