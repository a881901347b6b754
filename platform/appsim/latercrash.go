package appsim

import (
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// A start the sandbox judges at once may still end later: code a timer
// runs after the start (Node's setTimeout, setInterval) that throws or
// exits ends the process then, and the platform starts it again. The
// sandbox runs no code, so it does not claim the app keeps running: where
// it reads such a timer it says so, and the start is unverified.

// jsTimerRe finds where a JavaScript timer is set, its callback next.
var jsTimerRe = lazyregexp.New(`\b(setInterval|setTimeout)\s*\(`)

// jsEndsRe finds what ends a JavaScript process from inside a callback: a
// throw (uncaught there: nothing around the timer catches it), an exit.
var jsEndsRe = lazyregexp.New(`\bthrow\b|\bprocess\.(exit|abort)\s*\(|\bDeno\.exit\s*\(`)

// laterEnd says what in src, an entry file of lang, ends the process after
// its start, the sandbox unable to run it; "" when it reads nothing such.
func laterEnd(lang, file, src string) string {
	switch lang {
	case "node", "bun", "deno":
	case "python":
		return pyLaterEnd(file, src)
	default:
		return ""
	}
	for _, m := range jsTimerRe.FindAllStringSubmatchIndex(src, -1) {
		body, ok := callArgs(src[m[1]:])
		if !ok {
			continue
		}
		if end := uncaughtEnd(body); end != "" {
			return fmt.Sprintf("whether the app keeps running: `%s` calls %s with a callback that runs `%s` after the start (the sandbox runs no code, so it judged only the start); "+
				"uncaught there, it ends the process and the platform starts it again, each time the timer fires",
				clip(file, 80), src[m[2]:m[3]], strings.TrimSpace(end))
		}
	}
	return ""
}

// pyThreadRe finds a Python thread or timer started; pyExitRe what ends
// the whole process from inside one (sys.exit ends only the thread).
var (
	pyThreadRe = lazyregexp.New(`\bthreading\.(Timer|Thread)\s*\(|\b(Timer|Thread)\s*\(\s*(target\s*=|\d)`)
	pyExitRe   = lazyregexp.New(`\bos\.(_exit|abort|kill)\s*\(`)
)

// pyLaterEnd says what ends a Python process after its start: a thread or
// timer in src, and os._exit (or abort, kill) in it, the sandbox unable to
// run either (walk 75: `os._exit(1)` after a sleep in a thread was live).
func pyLaterEnd(file, src string) string {
	t, end := pyThreadRe.FindStringSubmatch(src), pyExitRe.FindStringSubmatch(src)
	if t == nil || end == nil {
		return ""
	}
	return fmt.Sprintf("whether the app keeps running: `%s` starts a %s and calls `os.%s` (the sandbox runs no code, so it judged only the start); "+
		"called from that thread, it ends the process and the platform starts it again",
		clip(file, 80), strings.ToLower(t[1]+t[2]), end[1])
}

// uncaughtEnd is the first of body's ends that no try around it catches
// (a try before it and a catch after it), "" when none.
func uncaughtEnd(body string) string {
	for _, m := range jsEndsRe.FindAllStringSubmatchIndex(body, -1) {
		try, catch := strings.LastIndex(body[:m[0]], "try"), strings.Index(body[m[1]:], "catch")
		if try >= 0 && catch >= 0 && !strings.Contains(body[try:m[0]], "catch") {
			continue
		}
		return body[m[0]:m[1]]
	}
	return ""
}

// callArgs is the text of a call's arguments, src starting right after its
// opening parenthesis, up to the one that closes it (strings and comments
// are not told apart: a heuristic bound); false when none closes it.
func callArgs(src string) (string, bool) {
	depth := 1
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			depth--
			if depth == 0 {
				return src[:i], true
			}
		}
	}
	return "", false
}
