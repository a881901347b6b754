package diagnose

import "github.com/zeropsio/zcp/platform/lazyregexp"

// engineWarning is a package manager's warning that a package wants
// another runtime version than the one installing it: npm's EBADENGINE
// block and pnpm's "Unsupported engine" (the line naming node's range),
// Mix's "the dependency :x requires Elixir ... but you are running on".
const engineWarning = `(?i)\bwarn(ing)?\b.{0,20}\b(EBADENGINE|Unsupported engine)\b.*\bnode['"]?\s*:|\bwarning: .{0,80}\brequires Elixir "[^"]+" but you are running on v?\d`

// missingAPI is an error an older runtime throws where the code uses what
// only a newer one has (JavaScript's, Elixir's compiler's): a built-in
// method, global or function it lacks, syntax or a regular expression
// flag it cannot parse, a node: module it does not know, ESM it cannot
// require.
var missingAPI = lazyregexp.New(`^\s*(Uncaught )?(TypeError: .*\bis not (a function|a constructor|iterable)\b|ReferenceError: \S+ is not defined\b|SyntaxError: (Unexpected token|Unexpected identifier|Invalid regular expression)|Error \[ERR_(UNKNOWN_BUILTIN_MODULE|REQUIRE_ESM)\])|No such built-in module: |` +
	// Elixir's compiler on a function or module the older Elixir lacks
	`\bundefined function \w+/\d+|\bfunction \S+/\d+ is undefined or private|\bmodule \S+ is not available\b`)

// engineThenMissingAPI reports whether, after an engine warning
// (lines[n]), the log shows an error of an API the running runtime
// lacks: the warning was the failure's cause, not noise. A
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
