package mcp

import (
	"io"
	"strings"
)

// MaxFrame bounds one message in: a stdio line (a longer one is dropped as it
// streams and answered) or an HTTP request body.
const MaxFrame = 2 << 20

// htmlUnescaper turns encoding/json's \u003c, \u003e and \u0026 back into <, > and &, the same
// JSON; escaped backslashes are matched first, so a literal backslash-u stays text.
var htmlUnescaper = strings.NewReplacer(`\\`, `\\`, `\u003c`, "<", `\u003e`, ">", `\u0026`, "&")

func unescapeHTML(b []byte) []byte { return []byte(htmlUnescaper.Replace(string(b))) }

// writeUnescaped writes p, whole messages, to w without HTML escapes, as stdio
// sends them too: `<id>` reads as it is meant. It reports p written when w took it.
func writeUnescaped(w io.Writer, p []byte) (int, error) {
	if _, err := w.Write(unescapeHTML(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}
