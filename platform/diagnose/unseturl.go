package diagnose

// This file owns one family: a URL or connection string parsed from a
// variable left unset (missing-env-variable), in the parsers' and clients'
// words, and the fix that names the variable.

import (
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// unsetURL is a URL or URI parser (or a client handed one) refusing a
// value that a variable left unset gives it: JavaScript's undefined,
// Python's None, Ruby's nil, Java's null, an empty string, or a URL built
// around one (`${process.env.API}/v1` is "undefined/v1", a host left
// unset is http://undefined:3000). Node's own form puts the input on a
// line below (invalidURLInput); a database client may refuse the
// password it got.
const unsetURL = `(?i)\bInvalid URL:? (['"](undefined|null|None|nil)?['"/:]|(undefined|null|None|nil)\b)|\bInvalid URL:? ['"]?\w+://(undefined|null|None|nil)\b|` +
	`Failed to parse URL from (undefined|null|None)\b|\bno protocol: (null|undefined)\b|\bunknown url type: '(None|null|undefined)\b|\bbad URI ?\(is not URI\?\): (nil|""|'')(\s|$)|Invalid URI: The URI is empty|\(Parameter '(uriString|url|uri|baseAddress)'\)|` +
	`unsupported protocol scheme ""|\bparse "": empty url\b|\bmust be a string, got "?(undefined|null)\b|client password must be a string|Expected string or URL object, got None|` +
	`The "(url|uri|href|host|hostname|input|connectionString)" (argument|property) must be .{0,80}\bReceived (undefined|null)\b`

// invalidURLLine is Node's "Invalid URL" alone on its line (the input
// follows in the error's fields); invalidURLInput that field holding an
// unset value, or a URL built around one.
const invalidURLLine = `(?i)(^|\s)(TypeError( \[ERR_INVALID_URL\])?: )?Invalid URL\s*$`

var invalidURLInput = lazyregexp.New(`^\s*input: '((undefined|null)([/:?#].*)?|\w+://(undefined|null)\b.*)?'`)

// invalidURLContext is how many lines below Node's "Invalid URL" its
// error's fields are read.
const invalidURLContext = 12

// unsetURLInput reports whether the error object below Node's "Invalid
// URL" (lines[n]) shows an input an unset variable gave.
func unsetURLInput(lines []string, n int, _ string) bool {
	for i := n + 1; i < len(lines) && i <= n+invalidURLContext; i++ {
		l := stripStamp(stripANSI(lines[i]))
		if invalidURLInput.MatchString(l) {
			return true
		}
		if strings.TrimSpace(l) == "}" {
			return false
		}
	}
	return false
}

// unsetURLSpecs are this family's rules.
var unsetURLSpecs = []ruleSpec{
	{build: "missing-env-variable", runtime: "missing-env-variable", keys: []string{"invalid url", "failed to parse url from", "no protocol: ", "unknown url type: ", "bad uri", "invalid uri", "(parameter '", "unsupported protocol scheme", "empty url", "must be a string, got", "client password must be a string", "expected string or url object", "argument must be", "property must be"}, re: unsetURL},
	{build: "missing-env-variable", runtime: "missing-env-variable", keys: []string{"invalid url"}, re: invalidURLLine, near: unsetURLInput},
}

// unsetURLRe and invalidURLRe read unsetURL and invalidURLLine.
var (
	unsetURLRe   = lazyregexp.New(unsetURL)
	invalidURLRe = lazyregexp.New(invalidURLLine)
)

// unsetURLFix fits d, missing-env-variable read at run time from text, to
// a URL parsed from a variable that is not set.
func (d *Diagnosis) unsetURLFix(text string, stage Stage) {
	if d.Signal != "missing-env-variable" || stage == Build || !unsetURLRe.MatchString(text) && !invalidURLRe.MatchString(text) {
		return
	}
	d.Cause = "The app builds a URL or connection string from an environment variable that is not set: the parser got `undefined`, None, nil or an empty value (or a URL around one) and refused it."
	d.Fix = "Set the variable the code reads there (the first frame of the stack trace in the app's code names the place) in `run.envVariables` of zerops.yml, e.g. a reference to another service's (${db_connectionString}, http://hostname:port), then deploy; or as a secret with `zerops_env` (then restart)."
}
