package diagnose

import (
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Node parses a module before it runs any of it: a SyntaxError whose
// stack starts in Node's compiler (wrapSafe for CommonJS,
// compileSourceTextModule for an ES module), under a header naming one of
// the app's own files, is that file failing to parse at each start. It is
// the app's source to correct, not a crash of running code; a package's
// (under node_modules) is left to the other rules (often a runtime
// version too old for its syntax).

// nodeCompileFrame is the first stack frame of a module Node could not
// parse; nodeSourceHeader the "file:line" header above Node's report.
var (
	nodeCompileFrame = lazyregexp.New(`^\s+at (wrapSafe|compileSourceTextModule) \(node:internal/`)
	nodeSourceHeader = lazyregexp.New(`^(?:file://)?(/\S+?\.[cm]?js):(\d+)$`)
)

// nodeParseFailed reports whether the SyntaxError at lines[n] is Node
// failing to parse one of the app's files.
func nodeParseFailed(lines []string, n int, _ string) bool {
	file, _ := nodeSyntaxSource(lines, n)
	return file != "" && matchWithin(lines, n+1, 1, nodeCompileFrame)
}

// nodeSyntaxSource is the app's file (relative to /var/www when it is
// there) and line that Node's header, a few lines above lines[n], names.
func nodeSyntaxSource(lines []string, n int) (file, line string) {
	for i := n - 1; i >= 0 && i >= n-4; i-- {
		m := nodeSourceHeader.FindStringSubmatch(stripStamp(stripANSI(lines[i])))
		if m == nil {
			continue
		}
		if strings.Contains(m[1], "/node_modules/") {
			return "", ""
		}
		return strings.TrimPrefix(m[1], "/var/www/"), m[2]
	}
	return "", ""
}

// nodeSyntaxFix fits d, a compile error read from lines[n], to Node's
// SyntaxError in the app's file: the file and line to correct.
func (d *Diagnosis) nodeSyntaxFix(lines []string, n int, text string) {
	if !strings.Contains(text, "SyntaxError: ") || !nodeParseFailed(lines, n, text) {
		return
	}
	file, line := nodeSyntaxSource(lines, n)
	msg := strings.TrimSpace(text)
	d.Cause = fmt.Sprintf("Node cannot parse `%s` (%s at line %s), so the app fails as it loads, before any of its code runs, and exits at every start.", file, msg, line)
	hint := "a bracket, brace or quote out of place"
	if strings.Contains(msg, "Unexpected end of input") {
		hint = "a `{`, `(` or `[` opened and never closed: the file ended first; the opener is above this line"
	}
	d.Fix = fmt.Sprintf("Correct `%s` at line %s (%s), check it with `node --check %s`, then deploy again.", file, line, hint, file)
}
