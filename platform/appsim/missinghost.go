package appsim

import (
	"cmp"
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// A reference to a service the project lacks stays as written in the
// variable (${db_hostname}), as does a literal address of it (DB_HOST:
// db): the app looks that host up, and fails to, only where it connects
// with it; reading the string looks nothing up, and many clients connect
// lazily (pg's Pool, SQLAlchemy's create_engine, Go's sql.Open). Of the
// code the sandbox read judging a start (r.read), a line that runs as the
// start does (a top-level line of a file whose language runs top-level
// code as it loads, its record's readsAtLoad; a line of Go's or Gleam's
// main at its own depth) and both reads the variable and connects with it
// eagerly (its record's connects: psycopg2.connect(, new PDO() fails the
// start. Any other read, none, or code whose reads the sandbox does not
// follow leaves the start unverified: the note says what the sandbox
// could not tell, the deploy's warning states the fix.

// codeExts are the files read for a start that hold code (not a manifest,
// a lockfile or settings).
var codeExts = []string{".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx", ".py", ".rb", ".php", ".cs", ".go", ".gleam"}

// Code before a read on its line that makes the read a function's (a
// handler or helper written on one line): an arrow, function, lambda,
// Python's or Ruby's def, or Go's and Gleam's anonymous functions; Ruby's
// `=>` is a hash's, its blocks and lambdas are these.
var (
	inlineFuncRe   = lazyregexp.New(`=>|\bfunction\b|\blambda\b|\bdef\b|\bfunc\s*\(|\bfn\s*\(`)
	inlineRubyFnRe = lazyregexp.New(`\blambda\b|\bproc\b|\bdef\b|->|\bdo\b|\{\s*\|`)
)

// startDepth is where, in the code src of the record t, a read runs as
// the start does: the range of src it spans and the indentation of its
// lines (a script's whole file, unindented; the body of a compiled
// language's main, at its first line's indentation); nil: none.
func startDepth(t *tool, src string) []int {
	if t.mainFunc == nil {
		return []int{-1, len(src) + 1, 0}
	}
	open := t.mainFunc.FindStringIndex(src)
	if open == nil {
		return nil
	}
	body := open[1] + 1
	if body > len(src) {
		return nil
	}
	end := strings.Index(src[body:], "\n}")
	if end < 0 {
		return nil
	}
	for _, l := range strings.Split(src[body:body+end], "\n") {
		if strings.TrimSpace(l) != "" {
			return []int{open[0], body + end, indent(l)}
		}
	}
	return nil
}

// indent is the width of line's leading spaces and tabs.
func indent(line string) int {
	return len(line) - len(strings.TrimLeft(line, " \t"))
}

// inlineFunc tells whether line, the code before a read on a top-level
// line of the file rel, puts the read in a function.
func inlineFunc(rel, line string) bool {
	if path.Ext(rel) == ".rb" {
		return inlineRubyFnRe.MatchString(line)
	}
	return inlineFuncRe.MatchString(line)
}

// readCode keeps text, the file rel read judging the current start, for
// missingHostNote.
func (r *runSim) readCode(rel, text string) {
	if r.read != nil && slices.Contains(codeExts, path.Ext(rel)) {
		r.read[rel] = text
	}
}

// missingHostStart is cmd, a start that did not fail, in env, which holds
// a reference to a service the project lacks (env.MissingHost): failing
// to look that host up when it reads the variable as it starts, else
// running, with out noting what the sandbox could not tell.
func (r *runSim) missingHostStart(cmd startCmd, env Env, out *RunResult) startCmd {
	if note := r.missingHostNote(cmd.lang, env.MissingIn, env.MissingHost); note != "" {
		out.Unchecked = append(out.Unchecked, note)
		return cmd
	}
	host := cmp.Or(env.MissingLookup, env.MissingHost)
	cmd.crash, cmd.exit = []Line{{3, r.hostNotFoundLine(cmd.lang, host)}}, 0
	if cmd.lang == "node" {
		cmd.crash = nodeLookupError(host)
	}
	return cmd
}

// nodeLookupError is the error Node prints when host does not resolve:
// the message, its stack's first frame and the error's fields.
func nodeLookupError(host string) []Line {
	return []Line{{3, "Error: getaddrinfo ENOTFOUND " + host},
		{3, "    at GetAddrInfoReqWrap.onlookupall [as oncomplete] (node:dns:120:26) {"},
		{3, "  errno: -3008,"}, {3, "  code: 'ENOTFOUND',"}, {3, "  syscall: 'getaddrinfo',"},
		{3, "  hostname: '" + host + "'"}, {3, "}"}}
}

// missingHostNote is, for a start of lang whose environment's variable
// key names host, a service the project lacks: "" when a line of its code
// that runs as it starts reads key and connects with it (or key is not
// known), so it fails to look host up; else what the sandbox could not
// tell.
func (r *runSim) missingHostNote(lang, key, host string) string {
	if key == "" {
		return ""
	}
	what := fmt.Sprintf("whether the app connects with %s as it starts (%s names %s, a service the project lacks, so a connection with it fails)", key, key, host)
	t := byLang[lang]
	if t == nil || t.envRead == "" || !t.readsAtLoad && t.mainFunc == nil {
		return what + ": the sandbox does not follow where " + orStr(lang, "its") + " code reads a variable"
	}
	if len(r.read) == 0 {
		return what + ": the sandbox read none of the code it starts"
	}
	re, err := regexp.Compile(fmt.Sprintf(envReads(), regexp.QuoteMeta(key)))
	if err != nil {
		return ""
	}
	loads := "as the file loads"
	if t.mainFunc != nil {
		loads = "as main runs"
	}
	files := slices.Sorted(maps.Keys(r.read))
	var atStart, later []string
	for _, rel := range files {
		src := r.read[rel]
		depth := startDepth(t, src)
		for _, m := range re.FindAllStringIndex(src, -1) {
			start := strings.LastIndexByte(src[:m[0]], '\n') + 1
			line := src[start:m[0]]
			if c := strings.TrimSpace(line); strings.HasPrefix(c, "#") || strings.HasPrefix(c, "//") || strings.HasPrefix(c, "*") {
				continue
			}
			at := fmt.Sprintf("%s:%d", rel, strings.Count(src[:m[0]], "\n")+1)
			if depth == nil || start <= depth[0] || start >= depth[1] || indent(line) != depth[2] || inlineFunc(rel, line) {
				if len(later) < 3 {
					later = append(later, at)
				}
				continue
			}
			conn := connectsOn(t, rel, src[start:lineEnd(src, m[1])])
			if conn >= 0 {
				conn += start
			} else {
				conn = connectsLater(rel, src, start, depth)
			}
			if conn >= 0 && slices.Contains(jsExts, path.Ext(rel)) && caughtGoesOn(src, conn, depth) {
				return fmt.Sprintf("%s: the code connects with it as it starts (%s:%d), and catches the failure without ending the process, so the sandbox cannot tell whether the app answers without it",
					what, rel, strings.Count(src[:conn], "\n")+1)
			}
			if conn >= 0 {
				return "" // the line (or its client's connect below) runs as the code starts and connects with it
			}
			if len(atStart) < 3 && !slices.Contains(atStart, at) {
				atStart = append(atStart, at)
			}
		}
	}
	if len(atStart) > 0 {
		return fmt.Sprintf("%s: the code reads it %s (%s), and no call the sandbox knows to connect with it is on that line or below", what, loads, strings.Join(atStart, ", "))
	}
	if len(later) > 0 {
		return fmt.Sprintf("%s: the code reads it only where the sandbox cannot tell it runs %s (%s: in a function, a block or a statement continued from a line above)", what, loads, strings.Join(later, ", "))
	}
	if len(files) > 3 {
		files = append(files[:3], "…")
	}
	return fmt.Sprintf("%s: none of the code the sandbox read of the start (%s) reads it", what, strings.Join(files, ", "))
}

// clientAssignRe is a line assigning a client made with the variable read
// to a name: `const c = new Client({ connectionString: … })`.
var clientAssignRe = lazyregexp.New(`^\s*(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:await\s+)?(?:new\s+)?[\w$.]+\(`)

// connectsLater is the offset in src of the connect() of the client the
// line of src at start assigns to a name, called by a later line at the
// same depth (depth: startDepth's body, its indent), outside a function:
// pg's Client, node redis' createClient, which connect only when told;
// -1 when none.
func connectsLater(rel, src string, start int, depth []int) int {
	if depth == nil {
		return -1
	}
	if path.Ext(rel) == ".go" {
		return goPingsFatally(src, start, depth)
	}
	m := clientAssignRe.FindStringSubmatch(src[start:lineEnd(src, start)])
	if m == nil {
		return -1
	}
	call := regexp.MustCompile(`(?:^|[^\w$.])` + regexp.QuoteMeta(m[1]) + `\.connect\(`)
	for at := lineEnd(src, start) + 1; at < depth[1] && at < len(src); at = lineEnd(src, at) + 1 {
		line := src[at:lineEnd(src, at)]
		if c := call.FindStringIndex(line); c != nil && indent(line) == depth[2] && !inlineFunc(rel, line[:c[0]]) {
			return at + c[0]
		}
	}
	return -1
}

// jsExts are the files of JavaScript and TypeScript code, whose connect's
// failure a promise's catch may take.
var jsExts = []string{".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx"}

// Of a statement that connects: a catch (a promise's .catch(, try's catch
// (e)), and what ends the process when the catch runs (its own exit, a
// throw from it: an unhandled rejection).
var (
	catchRe    = lazyregexp.New(`\bcatch\s*\(`)
	catchEndRe = lazyregexp.New(`\bprocess\.exit\(|\bthrow\b|\bDeno\.exit\(`)
)

// caughtGoesOn reports whether the statement of src whose connect is at
// at (it and the lines continuing it: indented past depth's, or opening
// with . ) or }) catches the connect's failure and goes on: a catch that
// only logs leaves the process running (walk 81's pool.connect().catch(e
// => console.error(e))); one that exits or throws, none (an unhandled
// rejection, a top-level await that rejects) ends it.
func caughtGoesOn(src string, at int, depth []int) bool {
	end := lineEnd(src, at)
	for n := 0; n < 10 && end+1 < len(src) && (depth == nil || end+1 < depth[1]); n++ {
		next := src[end+1 : lineEnd(src, end+1)]
		c := strings.TrimSpace(next)
		if c == "" || depth != nil && indent(next) <= depth[2] && !strings.HasPrefix(c, ".") && !strings.HasPrefix(c, "}") && !strings.HasPrefix(c, ")") {
			break
		}
		end = lineEnd(src, end+1)
	}
	stmt := src[at:end]
	c := catchRe.FindStringIndex(stmt)
	return c != nil && !catchEndRe.MatchString(stmt[c[0]:])
}

// goPingRe is a Go database handle's Ping, which connects (sql.Open
// does not); goFatalRe what ends main when it fails.
var (
	goPingRe  = lazyregexp.New(`\.Ping(?:Context)?\(`)
	goFatalRe = lazyregexp.New(`\blog\.Fatal|\bpanic\(|\bos\.Exit\(`)
)

// goPingsFatally is the offset of a line of main below start (at main's
// depth) that pings a database where main ends when it fails, on that line
// or the next three; -1 when none: Go's `db.Ping()` then `log.Fatal` (walk 77: read as no
// connect, so a missing host was only unverified).
func goPingsFatally(src string, start int, depth []int) int {
	for at := lineEnd(src, start) + 1; at < depth[1] && at < len(src); at = lineEnd(src, at) + 1 {
		line := src[at:lineEnd(src, at)]
		if !goPingRe.MatchString(line) || indent(line) != depth[2] {
			continue
		}
		end := at
		for range 4 {
			if end = lineEnd(src, end) + 1; end >= len(src) {
				break
			}
		}
		if goFatalRe.MatchString(src[at:min(end, len(src))]) {
			return at
		}
		return -1
	}
	return -1
}

// lineEnd is the offset of the end of the line holding offset at in src.
func lineEnd(src string, at int) int {
	if i := strings.IndexByte(src[at:], '\n'); i >= 0 {
		return at + i
	}
	return len(src)
}

// connectsOn is the offset in line, a line of the file rel that runs as
// the start does, of an eager connect in a form of the record t (its
// connects), not in a function written on that line; -1 when none.
func connectsOn(t *tool, rel, line string) int {
	if t.connects == nil {
		return -1
	}
	m := t.connects.FindStringIndex(line)
	if m == nil || inlineFunc(rel, line[:m[0]]) || strings.Contains(line, "lazyConnect: true") { // ioredis told to wait for connect()
		return -1
	}
	return m[0]
}
