package diagnose

// This file owns one family: the kernel refusing to run a file as a
// program (a binary for another platform, a script with no #! line).

import "github.com/zeropsio/zcp/platform/lazyregexp"

// execFormat is the kernel refusing to run a file as a program (Go's, a
// shell's, Python's, Node's ENOEXEC): a binary built for another OS or CPU, or a script
// with no #! line.
const execFormat = `(?i)\bexec format error\b|cannot execute binary file|\bspawn \S+ ENOEXEC\b`

// execFormatSpecs are the rules of a file the kernel refuses to run.
var execFormatSpecs = []ruleSpec{
	{build: "build-command-failed", runtime: "start-command-invalid", keys: []string{"exec format error", "cannot execute binary file", "enoexec"}, re: execFormat},
}

// execFormatRe reads execFormat.
var execFormatRe = lazyregexp.New(execFormat)

// execFormatFix fits d, read from a line where the kernel refused to run
// a file (text), to a program built for another platform. It reports
// whether text was such a line.
func (d *Diagnosis) execFormatFix(text string, stage Stage) bool {
	if !execFormatRe.MatchString(text) {
		return false
	}
	where := "`run.start`"
	if stage == Build {
		where = "`build.buildCommands`"
	}
	d.Cause = "The file " + where + " runs is not a program this container can execute: a binary built for another OS or CPU (on a Mac, or for arm64), or a script without a `#!` first line."
	d.Fix = "Build the binary in `build.buildCommands` for Linux on x86_64 (the build container's own platform: `go build` there, or GOOS=linux GOARCH=amd64) and deploy that output instead of one built elsewhere; for a script, give it a `#!` line or name its interpreter in " + where + " (`sh start.sh`, `node server.js`); then deploy again."
	return true
}
