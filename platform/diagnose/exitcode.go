package diagnose

import (
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// exitLineRe is a line saying that the process exited with a code other
// than 0; stackFrameRe a line of a stack trace (Node's, Python's, Go's,
// Ruby's, the JVM's).
var (
	exitLineRe   = lazyregexp.New(`(?i)\bexit(?:ed)? (?:with )?(?:code|status):? ([1-9]\d*)\b`)
	uncaughtRe   = lazyregexp.New(`(?i)\buncaught\b|\bunhandled\b|\bexception\b|^panic: |^(?-i:(\w+\.)*\w*Error)(: |$)`)
	stackFrameRe = lazyregexp.New(`(?m)^\s+at |^Traceback \(most recent call last\)|^goroutine \d+ |:\d+:in |^\s+File "`)
)

// exitFix fits d, app-crash read from lines, to an app that ended itself:
// it exited with a code of its own and printed no stack trace, so there
// is no frame to read; what it printed before the exit (the evidence, when
// it is not the exit line) names the cause. A cause another fit made, or
// evidence of an uncaught error, is kept.
func (d *Diagnosis) exitFix(lines []string) {
	text := strings.Join(lines, "\n")
	m := exitLineRe.FindStringSubmatch(text)
	if d.Signal != "app-crash" || m == nil || stackFrameRe.MatchString(text) || d.Cause != signalByID["app-crash"].cause || uncaughtRe.MatchString(d.Evidence) {
		return
	}
	if exitLineRe.MatchString(d.Evidence) {
		d.Cause = "The app exited with code " + m[1] + " with no uncaught error: it ended itself (an exit call in its code, or a failure it caught and exited on)."
		d.Fix = "Read the lines the app printed just before it exited (`zerops_logs` with `since` set to the deploy's time): the check that ended it names what it misses; fix that and deploy again."
		return
	}
	d.Cause = "The app printed `" + clip(strings.TrimSpace(d.Evidence)) + "` and exited with code " + m[1] + ": it ended itself on a check of its own (no uncaught error, no stack trace)."
	d.Fix = "Fix what that line names (a variable, file or service the app checks), then deploy again; `zerops_logs` shows the lines before it."
}
