package diagnose

import (
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// templateParseRe reads Go's template parse error: the template, its line
// and the parser's message.
var templateParseRe = lazyregexp.New(`\btemplate: ([^\s:"]+):(\d+): (.+)$`)

// templateParseFix fits d, compile-error read from a Go template's parse
// error (text; Hugo's layouts, a Go app's html/template), to the template:
// no compiler ran, the template's syntax is wrong where it says.
func (d *Diagnosis) templateParseFix(text string) {
	m := templateParseRe.FindStringSubmatch(text)
	if m == nil {
		return
	}
	d.Cause = fmt.Sprintf("A Go template does not parse: `%s`, line %s: %s (Hugo and Go's html/template read templates with the same parser).", m[1], m[2], strings.TrimSpace(m[3]))
	d.Fix = fmt.Sprintf("Correct line %s of `%s` (under `layouts/` or a theme's for Hugo; a `{{ … }}` action unclosed, a misplaced `}`, or a function the Hugo version lacks), then deploy again.", m[2], m[1])
}
