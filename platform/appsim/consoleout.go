package appsim

import (
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// What a Node module prints as it loads, and a handler that fails every
// request: the sandbox runs no code, so a top-level console.error or
// console.warn of a literal is printed at start as the module would
// (walk 78: an app logging an error at start read as a clean log), and a
// server whose handler sets a 5xx status first thing cannot be called live.

// jsTopConsoleRe is console.error or console.warn of one literal string on
// a line at module level (column 0).
var jsTopConsoleRe = lazyregexp.New(`(?m)^console\.(error|warn)\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|` + "`[^`$\\n]*`" + `)\s*\)\s*;?\s*$`)

// topConsole are the lines the module src prints at its top level with
// console.error (severity error) or console.warn (warning).
func topConsole(src string) []Line {
	var out []Line
	for _, m := range jsTopConsoleRe.FindAllStringSubmatch(src, 20) {
		sev := 3
		if m[1] == "warn" {
			sev = 4
		}
		out = append(out, Line{sev, jsString(m[2])})
	}
	return out
}

// jsFailingHandlerRe is a server's request handler (createServer's, or a
// route for / of Express-like apps) whose first statement sets a 5xx
// status: it answers that to every request.
var jsFailingHandlerRe = lazyregexp.New(`(?:createServer\(|\.(?:get|all)\(\s*['"]/['"]\s*,)\s*(?:async\s*)?\(\s*[\w$]+\s*,\s*([\w$]+)\s*\)\s*=>\s*\{?\s*([\w$]+)\.(?:statusCode\s*=\s*|status\(\s*|sendStatus\(\s*|writeHead\(\s*)(5\d\d)\b`)

// noteFailingHandler notes, for the module rel (src), a request handler
// that sets a 5xx status first thing: the app answers it, so the start is
// not called live (r.unsure).
func (r *runSim) noteFailingHandler(rel, src string) {
	for _, m := range jsFailingHandlerRe.FindAllStringSubmatchIndex(src, -1) {
		if sub(src, m, 1) != sub(src, m, 2) {
			continue // the status set on another object than the handler's response
		}
		line := strings.Count(src[:m[0]], "\n") + 1
		r.noteUnsure(fmt.Sprintf("whether it answers requests with a 2xx: the handler at %s:%d sets status %s first thing, for every request it serves", rel, line, sub(src, m, 3)))
		return
	}
}
