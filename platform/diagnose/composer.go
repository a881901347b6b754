package diagnose

// This file owns Composer's verdict that the lock cannot be installed on
// the build's PHP, which rules.go's version rule matches, and the problem
// below it that names what the base lacks.

import "github.com/zeropsio/zcp/platform/lazyregexp"

// composerPlatform is Composer finding that the locked packages cannot be
// installed on the build's PHP: its verdict (not a stale lock: the
// problems below it name a PHP version or an extension the base lacks).
// An extension "missing from your system" is phpExtMissing's to read.
const composerPlatform = `Your lock file does not contain a compatible set of packages`

// composerVerdictRe reads composerPlatform; phpVersionProblem a problem
// below it that names the PHP version (not an extension).
var (
	composerVerdictRe = lazyregexp.New(composerPlatform)
	phpVersionProblem = lazyregexp.New(`(?i)\brequires php \S+ -> your php version|your php version \([^)]*\) does not satisfy`)
)

// composerContext is how many lines below Composer's verdict its problems
// are read.
const composerContext = 15

// composerProblemBelow is the first problem below Composer's verdict
// lines[n] that names what the build's PHP lacks, an extension or its
// version; text when none does.
func composerProblemBelow(lines []string, n int, text string) string {
	for i := n + 1; i < len(lines) && i <= n+composerContext; i++ {
		l := stripStamp(stripANSI(lines[i]))
		if phpVersionProblem.MatchString(l) || phpExtRe.MatchString(l) {
			return l
		}
	}
	return text
}
