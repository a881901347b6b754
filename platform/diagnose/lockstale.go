package diagnose

import "github.com/zeropsio/zcp/platform/lazyregexp"

// warningLine is a line a tool marks as a warning, not an error.
var warningLine = lazyregexp.New(`(?i)^\W*warn(ing)?\b`)

// relocked is a tool saying it went on past a stale lock file: it wrote a
// new one, or installed from it (PDM's "Lock successful", Composer's
// package operations, pip's and npm's installs).
var relocked = lazyregexp.New(`(?i)\block (successful|updated|written)\b|updating the lock ?file|writing lock ?file|changes are written to|package operations:|successfully installed|\badded \d+ packages?\b|synchroniz(ing|ed) working set`)

// nextCommand is the platform starting the next command, or finishing the
// build: the command before it succeeded.
var nextCommand = lazyregexp.New(`(?i)\brunning (build|prepare)Commands\b|\bbuild finished\b`)

// lockStaleFailed reports whether a stale lock file (lines[n]) failed its
// command: an error line does; a warning does only where the command
// then fails without relocking or installing (PDM warns of a hash
// mismatch and relocks; Composer warns and installs from the old lock).
func lockStaleFailed(lines []string, n int, line string) bool {
	if !warningLine.MatchString(line) {
		return true
	}
	for _, raw := range lines[n+1:] {
		l := stripStamp(stripANSI(raw))
		switch {
		case relocked.MatchString(l), nextCommand.MatchString(l):
			return false
		case exitStatus.MatchString(l):
			return true
		}
	}
	return false
}
