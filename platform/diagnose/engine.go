package diagnose

import "github.com/zeropsio/zcp/platform/lazyregexp"

// engineWarning is a package manager's warning that a package wants
// another Node.js than the one installing it (npm's EBADENGINE block,
// pnpm's and yarn's "Unsupported engine"): the line naming node's range.
const engineWarning = `(?i)\bwarn(ing)?\b.{0,20}\b(EBADENGINE|Unsupported engine)\b.*\bnode['"]?\s*:`

// missingAPI is a JavaScript error an older runtime throws where the code
// uses what only a newer one has: a built-in method or global it lacks,
// syntax or a regular expression flag it cannot parse, a node: module it
// does not know, ESM it cannot require.
var missingAPI = lazyregexp.New(`^\s*(Uncaught )?(TypeError: .*\bis not (a function|a constructor|iterable)\b|ReferenceError: \S+ is not defined\b|SyntaxError: (Unexpected token|Unexpected identifier|Invalid regular expression)|Error \[ERR_(UNKNOWN_BUILTIN_MODULE|REQUIRE_ESM)\])|No such built-in module: `)

// engineThenMissingAPI reports whether, after an engine warning
// (lines[n]), the log shows a JavaScript error of an API the running
// Node.js lacks: the warning was the failure's cause, not noise. A
// compile error or a test's failure after the same warning is its own.
func engineThenMissingAPI(lines []string, n int, _ string) bool {
	for _, raw := range lines[n+1:] {
		l := stripStamp(stripANSI(raw))
		switch {
		case missingAPI.MatchString(l):
			return true
		case nextCommand.MatchString(l):
			return false
		}
	}
	return false
}
