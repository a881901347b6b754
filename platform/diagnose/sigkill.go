package diagnose

// This file owns one family: a process or worker killed by signal 9 with
// no word of memory, the OOM killer's unless a timeout or a stop sent it.

import "github.com/zeropsio/zcp/platform/lazyregexp"

// killedBySignal9 is a process or worker that a log says exited,
// terminated or died of signal 9 (SIGKILL), in its manager's words
// (Celery's pool, PHP-FPM's child, a cluster's worker, supervisord, npm
// and yarn around a child): with no other signal sender in a container,
// the kernel's OOM killer.
const killedBySignal9 = `(?i)\b(exit(ed|s)?|terminated|killed|died|lost|ended)\b.{0,40}(\bsignal 9\b|\bSIGKILL\b|<Signals\.SIGKILL)|^\s*npm (ERR!|error) signal SIGKILL\b|\bfailed with signal "?SIGKILL\b`

// killedNotMemory is a line where the kill is a stop, a restart or a
// timeout's, not memory's.
const killedNotMemory = `(?i)\bstopped\b|restart|respawn|recycl|replac(ing|ed)|reload|shutting down|shutdown|graceful|timed? ?out|time ?limit|\b(send|sending|sent|killing)\b.{0,40}\b(SIGKILL|signal 9)\b|` + gunicornKillGuess

// stopOrTimeout is a line before a kill that says who sent it: a timeout
// the manager enforces (Celery's hard time limit, PHP-FPM's
// request_terminate_timeout, gunicorn's WORKER TIMEOUT), or a stop.
var stopOrTimeout = lazyregexp.New(`(?i)time ?limit|timed? ?out|timeout|deadline|\bSIGTERM\b|shutdown|shutting down|stopping|terminating`)

// killContext is how many lines above a kill are read for its sender.
const killContext = 20

// notStoppedOrTimedOut reports whether no line shortly above lines[n]
// says the kill was a timeout's or a stop's.
func notStoppedOrTimedOut(lines []string, n int, _ string) bool {
	for i := n - 1; i >= 0 && i >= n-killContext; i-- {
		if stopOrTimeout.MatchString(lines[i]) {
			return false
		}
	}
	return true
}

// signal9Specs are this family's rules.
var signal9Specs = []ruleSpec{
	{build: "build-out-of-memory", runtime: "out-of-memory", keys: []string{"signal 9", "sigkill"}, re: killedBySignal9, not: killedNotMemory, near: notStoppedOrTimedOut},
}
