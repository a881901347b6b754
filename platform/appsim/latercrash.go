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
