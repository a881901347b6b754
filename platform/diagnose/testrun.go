package diagnose

// This file owns one family: a test runner's failures behind a stage's or
// a task runner's tag on the line.

import "github.com/zeropsio/zcp/platform/lazyregexp"

// lineTag is what a build log or a task runner puts before a tool's own
// line: the platform's stage ("[build] "), turbo's and pnpm -r's
// package:task ("web:test: ").
const lineTag = `^(?:\[[a-z]+\] +|[\w@/.-]+:[\w.-]+: +)`

// lineTagRe reads lineTag.
var lineTagRe = lazyregexp.New(lineTag)

// testsRanFailed reports whether line, past a tag, is a test runner's
// summary of failed tests.
func testsRanFailed(line string) bool {
	return testsFailedRe.MatchString(line) || testsFailedRe.MatchString(lineTagRe.ReplaceAllString(line, ""))
}

// taggedTestsFailed is testsRanFailed as a rule's nearFunc.
func taggedTestsFailed(_ []string, _ int, line string) bool { return testsRanFailed(line) }

// testRunSpecs are the rules of a test run's failures behind a tag.
var testRunSpecs = []ruleSpec{
	// A test runner's failures behind a tag ("[build] 1 failed, 31 passed").
	{build: "build-command-failed", runtime: "", keys: []string{"fail"}, re: lineTag + `.*(?i:fail)`, near: taggedTestsFailed},
}
