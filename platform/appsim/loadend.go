package appsim

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// A Node entry whose top level throws or exits, as a statement of its own
// (no condition, block or function around it), ends each time it starts,
// whatever it set up before: an uncaught throw exits 1 with Node's report,
// process.exit(N) exits N. The sandbox runs no code, so it reads only these
// two forms; a throw of another value, or an exit with a code it cannot
// read, is left to the other rules.

// topThrowRe is a top-level `throw new XError('message')`: the error's
// name and its message written as a literal.
var topThrowRe = lazyregexp.New("^throw\\s+new\\s+((?:[A-Z]\\w*)?Error)\\s*\\(\\s*(?:'([^'\\n]*)'|\"([^\"\\n]*)\"|`([^`$\\n]*)`)\\s*\\)")

// topExitRe is a top-level process.exit(N), N a literal; topPrintRe a
// top-level console call printing a literal, which runs before it.
var (
	topExitRe  = lazyregexp.New(`^process\.exit\(\s*(\d+)\s*\)`)
	topPrintRe = lazyregexp.New(`^console\.(log|info|warn|error)\(\s*(?:'([^'\n]*)'|"([^"\n]*)")\s*\)`)
)

// printSev is the log severity of each console call's line.
var printSev = map[string]int{"log": 6, "info": 6, "warn": 4, "error": 3}

// loadEnd judges src, the deployed entry rel of a Node start: a statement
// at its top level that throws or exits ends the process at load.
func (r *runSim) loadEnd(lang, rel, src string) (startCmd, bool) {
	if lang != "node" {
		return startCmd{}, false
	}
	printed := []Line{}
	for _, st := range topStatements(src) {
		if m := topPrintRe.FindStringSubmatch(st.text); m != nil {
			printed = append(printed, Line{printSev[m[1]], m[2] + m[3]})
			continue
		}
		if m := topExitRe.FindStringSubmatch(st.text); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil && n > 0 && n < 256 {
				return startCmd{lang: lang, crash: printed, exit: n}, true
			}
			return startCmd{}, false // exit 0 is another rule's (a start that ends)
		}
		m := topThrowRe.FindStringSubmatch(st.text)
		if m == nil {
			if strings.HasPrefix(st.text, "throw") {
				return startCmd{}, false // a value not read: not judged
			}
			continue
		}
		pkg, _ := r.deployedText("package.json")
		where := path.Join(RunRoot, rel)
		frames := []string{fmt.Sprintf("    at Object.<anonymous> (%s:%d:%d)", where, st.line, st.col+6),
			"    at Module._compile (node:internal/modules/cjs/loader:1565:14)",
			"    at Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:170:5)"}
		if typeModule.MatchString(pkg) || strings.HasSuffix(rel, ".mjs") {
			where = "file://" + where
			frames = []string{fmt.Sprintf("    at %s:%d:%d", where, st.line, st.col+6),
				"    at ModuleJob.run (node:internal/modules/esm/module_job:271:25)"}
		}
		crash := append(printed, Line{3, fmt.Sprintf("%s:%d", where, st.line)}, Line{3, st.source},
			Line{3, strings.Repeat(" ", st.col-1) + "^"}, Line{3, ""}, Line{3, m[1] + ": " + m[2] + m[3] + m[4]})
		for _, f := range frames {
			crash = append(crash, Line{3, f})
		}
		return startCmd{lang: lang, exit: 1, crash: append(crash, Line{3, ""}, Line{3, "Node.js " + nodeVersion})}, true
	}
	return startCmd{}, false
}

// topStatement is a statement starting a line at the top level of a
// JavaScript file: its text from there, its line and column (1-based) and
// its whole source line.
type topStatement struct {
	text, source string
	line, col    int
}

// topStatements are the statements of src that start a line at its top
// level (outside every bracket, string and comment) where the line before
// ended a statement (with or without a semicolon) or at the file's start:
// none a condition or a loop governs (`if (…)`, `else`, `do`), none
// continuing an expression (after an operator, `,`, `=>`). Brackets
// inside strings, template literals and comments are skipped; a regular
// expression literal is not told apart (a heuristic bound).
func topStatements(src string) []topStatement {
	var out []topStatement
	line, lineStart := 1, 0
	var opens []bool // the open brackets, true for a paren after if, for, while or with
	ended := true    // the code before ended a statement: the file starts after one
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n':
			line++
			lineStart = i + 1
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return out
			}
			line += strings.Count(src[i:i+2+end], "\n")
			if nl := strings.LastIndexByte(src[:i+2+end], '\n'); nl >= i {
				lineStart = nl + 1
			}
			i += end + 3
			continue
		case c == ' ' || c == '\t' || c == '\r':
			continue
		}
		if len(opens) == 0 && ended && strings.TrimSpace(src[lineStart:i]) == "" {
			end := strings.IndexByte(src[lineStart:], '\n')
			if end < 0 {
				end = len(src) - lineStart
			}
			out = append(out, topStatement{text: src[i:], source: src[lineStart : lineStart+end], line: line, col: i - lineStart + 1})
		}
		ended = true
		switch c {
		case '(':
			opens = append(opens, headerRe.MatchString(src[lineStart:i]))
		case '[', '{':
			opens = append(opens, false)
		case ')', ']', '}':
			if n := len(opens); n > 0 {
				ended = !opens[n-1]
				opens = opens[:n-1]
			}
		case '\'', '"', '`':
			end, lines, start := quoteEnd(src, i)
			if end < 0 {
				return out // a quote left open to the end: nothing after it is read
			}
			if lines > 0 {
				line, lineStart = line+lines, start
			}
			i = end
		default:
			word := src[lineStart : i+1]
			ended = !strings.ContainsRune("=+-*/%?:,.&|!<>^~", rune(c)) && !elseDoRe.MatchString(word)
		}
	}
	return out
}

// quoteEnd is the offset of the quote closing the one at src[i] (-1 when
// none does), the newlines before it and the start of the last line.
func quoteEnd(src string, i int) (end, lines, lineStart int) {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			if j+1 < len(src) && src[j+1] == '\n' {
				lines, lineStart = lines+1, j+2
			}
			j++
		case '\n':
			lines, lineStart = lines+1, j+1
		case src[i]:
			return j, lines, lineStart
		}
	}
	return -1, lines, lineStart
}

// headerRe is a line up to a paren that a statement's condition opens;
// elseDoRe one ending in else or do, which govern the next statement.
var (
	headerRe = lazyregexp.New(`\b(?:if|for|while|with)\s*$`)
	elseDoRe = lazyregexp.New(`\b(?:else|do)$`)
)
