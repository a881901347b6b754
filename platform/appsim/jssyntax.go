package appsim

import (
	"fmt"
	"path"
	"strings"
)

// A Node module whose brackets do not balance does not parse: Node fails
// it as it loads, before any of its code runs, with a SyntaxError (an
// opener never closed is "Unexpected end of input", a closer with no
// opener or the wrong one "Unexpected token"), and the start exits 1 each
// time. The scanner below is conservative: it skips strings, template
// literals (with their ${…} nesting) and comments, and where it cannot
// tell code from text (a `/` that may start a regular expression after a
// `}` or an if's condition, JSX, a string or comment left open) it judges
// nothing.

// bracketFault is where a module's brackets fail to balance: at, the byte
// offset of the closer Node stops at (tok), or with eof an opener left open.
type bracketFault struct {
	at  int
	tok byte
	eof bool
}

// jsBracketFault scans src, a JavaScript file's text, and returns its
// bracket fault, if it has one the scanner is sure of.
func jsBracketFault(src string) (bracketFault, bool) {
	s := jsScan{src: src, operand: true}
	if strings.HasPrefix(src, "#!") {
		s.i = strings.IndexByte(src, '\n')
		if s.i < 0 {
			return bracketFault{}, false
		}
	}
	return s.run()
}

// jsScan is the scanner's state: the open brackets ('(', '[', '{', and
// '$' for a template literal's ${), the offset, whether an operand (so a
// regular expression) may come next, and whether a `/` there is unsure.
type jsScan struct {
	src     string
	i       int
	opens   []byte
	header  []bool // for each open '(': whether an if, for, while or with opened it
	operand bool
	unsure  bool
}

// operandAfter are the words after which an operand comes, so a `/` there
// starts a regular expression.
var operandAfter = map[string]bool{"return": true, "typeof": true, "case": true, "do": true, "else": true, "in": true,
	"of": true, "new": true, "delete": true, "void": true, "throw": true, "yield": true, "await": true, "instanceof": true}

func (s *jsScan) run() (bracketFault, bool) {
	for ; s.i < len(s.src); s.i++ {
		c := s.src[s.i]
		if c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			continue
		}
		if skipped, ok := s.text(c); !ok {
			return bracketFault{}, false
		} else if skipped {
			continue
		}
		if f, faulted, ok := s.bracket(c); !ok || faulted {
			return f, faulted
		}
	}
	if len(s.opens) > 0 {
		return bracketFault{at: len(s.src), eof: true}, true
	}
	return bracketFault{}, false
}

// text skips what at s.i is no bracket: a comment, a regular expression,
// a string or template literal, a word; skipped is false for punctuation,
// ok false where the scan cannot go on.
func (s *jsScan) text(c byte) (skipped, ok bool) {
	src := s.src
	next := byte(0)
	if s.i+1 < len(src) {
		next = src[s.i+1]
	}
	switch {
	case c == '/' && next == '/':
		if end := strings.IndexByte(src[s.i:], '\n'); end >= 0 {
			s.i += end
		} else {
			s.i = len(src)
		}
		return true, true
	case c == '/' && next == '*':
		end := strings.Index(src[s.i+2:], "*/")
		s.i += end + 3
		return true, end >= 0 // a comment left open: another error
	case c == '/' && s.unsure:
		return true, false
	case c == '/' && !s.operand:
		s.operand = true // division
		return true, true
	case c == '/':
		s.operand = false
		return true, s.regex()
	case c == '<' && s.operand && (next == '>' || isWordByte(next)):
		return true, false // JSX (or a TypeScript cast): not read
	case c == '\'' || c == '"':
		s.operand, s.unsure = false, false
		return true, s.quoted(c)
	case c == '`':
		return true, s.template()
	case isWordByte(c):
		start := s.i
		for s.i+1 < len(src) && isWordByte(src[s.i+1]) {
			s.i++
		}
		s.operand, s.unsure = operandAfter[src[start:s.i+1]], false
		return true, true
	}
	return false, true
}

// closerOf is the opener each closer closes.
var closerOf = map[byte]byte{')': '(', ']': '[', '}': '{'}

// bracket reads the punctuation c at s.i: an opener is pushed, a closer
// pops its opener (faulted, the fault at s.i, when there is none or another
// one); ok is false where the scan cannot go on.
func (s *jsScan) bracket(c byte) (f bracketFault, faulted, ok bool) {
	s.operand, s.unsure = true, false
	switch c {
	case '(', '[', '{':
		s.opens = append(s.opens, c)
		s.header = append(s.header, c == '(' && headerRe.MatchString(s.before(16)))
	case ')', ']', '}':
		n := len(s.opens)
		if n == 0 {
			return bracketFault{at: s.i, tok: c}, true, true
		}
		open, header := s.opens[n-1], s.header[n-1]
		if open != closerOf[c] && (c != '}' || open != '$') {
			return bracketFault{at: s.i, tok: c}, true, true
		}
		s.opens, s.header = s.opens[:n-1], s.header[:n-1]
		if open == '$' {
			return bracketFault{}, false, s.template() // the template literal goes on after ${…}
		}
		// After `)` or `]` a `/` divides, but after an if's condition or a
		// block's `}` it may start a regular expression: unsure.
		s.operand, s.unsure = false, c == '}' || header
	}
	return bracketFault{}, false, true
}

// before is up to n bytes of the line before s.i.
func (s *jsScan) before(n int) string {
	seg := s.src[max(0, s.i-n):s.i]
	return seg[strings.LastIndexByte(seg, '\n')+1:]
}

// isWordByte reports whether c may be part of an identifier, a keyword or
// a number (any byte beyond ASCII counts, as in identifiers).
func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// quoted skips the string literal at s.i, quoted by q, to its closing
// quote; false when the line ends first (another error, not judged).
func (s *jsScan) quoted(q byte) bool {
	for j := s.i + 1; j < len(s.src); j++ {
		switch s.src[j] {
		case '\\':
			j++
		case '\n':
			return false
		case q:
			s.i = j
			return true
		}
	}
	return false
}

// template skips a template literal's text from s.i (its backtick or the
// `}` ending a ${…}) to its closing backtick, or to a `${`, which opens a
// bracket of its own; false when the file ends first.
func (s *jsScan) template() bool {
	for j := s.i + 1; j < len(s.src); j++ {
		switch {
		case s.src[j] == '\\':
			j++
		case s.src[j] == '`':
			s.i, s.operand, s.unsure = j, false, false
			return true
		case s.src[j] == '$' && j+1 < len(s.src) && s.src[j+1] == '{':
			s.opens, s.header = append(s.opens, '$'), append(s.header, false)
			s.i, s.operand, s.unsure = j+1, true, false
			return true
		}
	}
	return false
}

// regex skips the regular expression literal at s.i (its classes may
// hold a `/`); false when the line ends first.
func (s *jsScan) regex() bool {
	class := false
	for j := s.i + 1; j < len(s.src); j++ {
		switch c := s.src[j]; {
		case c == '\\':
			j++
		case c == '\n':
			return false
		case c == '[':
			class = true
		case c == ']':
			class = false
		case c == '/' && !class:
			s.i = j
			return true
		}
	}
	return false
}

// syntaxCrash is Node's report of the module rel (src) whose brackets do
// not balance, loaded as an ES module or not, and whether it has such a
// fault: via is the frame of the require that loads it ("" for the entry).
func syntaxCrash(rel, src string, esm bool, via string) ([]Line, bool) {
	switch path.Ext(rel) {
	case ".js", ".cjs", ".mjs":
	default:
		return nil, false // TypeScript, JSX and the like compile first
	}
	f, ok := jsBracketFault(src)
	if !ok {
		return nil, false
	}
	where := path.Join(RunRoot, rel)
	if esm {
		where = "file://" + where
	}
	line, col := lineCol(src, f.at)
	start := strings.LastIndexByte(src[:f.at], '\n') + 1
	end := strings.IndexByte(src[start:], '\n')
	if end < 0 {
		end = len(src) - start
	}
	source := strings.TrimSuffix(src[start:start+end], "\r")
	caret, msg := strings.Repeat(" ", col-1)+"^", fmt.Sprintf("SyntaxError: Unexpected token '%c'", f.tok)
	if f.eof {
		caret, msg = strings.Repeat(" ", len(source)), "SyntaxError: Unexpected end of input"
	}
	out := []Line{{3, fmt.Sprintf("%s:%d", where, line)}, {3, source}, {3, caret}, {3, ""}, {3, msg}}
	frames := []string{"wrapSafe (node:internal/modules/cjs/loader:1713:18)", "Module._compile (node:internal/modules/cjs/loader:1755:20)",
		"Object..js (node:internal/modules/cjs/loader:1913:10)", "Module.load (node:internal/modules/cjs/loader:1505:32)",
		"Function._load (node:internal/modules/cjs/loader:1309:12)", "wrapModuleLoad (node:internal/modules/cjs/loader:254:19)"}
	switch {
	case esm:
		frames = []string{"compileSourceTextModule (node:internal/modules/esm/utils:346:16)",
			"ModuleLoader.moduleStrategy (node:internal/modules/esm/translators:110:18)", "#translate (node:internal/modules/esm/loader:559:20)",
			"afterLoad (node:internal/modules/esm/loader:612:29)", "ModuleLoader.loadAndTranslate (node:internal/modules/esm/loader:617:12)"}
	case via != "":
		frames = append(frames, "Module.require (node:internal/modules/cjs/loader:1527:12)", "require (node:internal/modules/helpers:147:16)", via)
	default:
		frames = append(frames, "Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:171:5)",
			"node:internal/main/run_main_module:36:49")
	}
	for _, fr := range frames {
		out = append(out, Line{3, "    at " + fr})
	}
	return append(out, Line{3, ""}, Line{3, "Node.js " + nodeVersion}), true
}

// nodeSyntax is the crash of the Node entry rel (src) that does not parse.
func (r *runSim) nodeSyntax(lang, rel, src string) ([]Line, bool) {
	if lang != "node" {
		return nil, false
	}
	pkg, _ := r.deployedText("package.json")
	return syntaxCrash(rel, src, nodeESM(rel, src, typeModule.MatchString(pkg), false), "")
}
