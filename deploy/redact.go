package deploy

import (
	"regexp"
	"strings"
)

// redacted replaces every secret removed from output.
const redacted = "[REDACTED]"

var secretPatterns = []struct {
	re   *regexp.Regexp
	repl string
}{
	// Authorization headers and bearer tokens.
	{regexp.MustCompile(`(?i)\b((?:bearer|basic)\s+)[A-Za-z0-9._~+/=-]+`), "${1}" + redacted},
	// key=value / key: value where the key names a secret (also accessToken=… in URLs).
	{regexp.MustCompile(`(?i)((?:token|secret|password|passwd|pwd|api[_-]?key|access[_-]?key(?:[_-]?id)?|private[_-]?key|credentials?)["']?\s*[:=]\s*["']?)[^\s"'&,;]+`), "${1}" + redacted},
	// user:password@ in URLs.
	{regexp.MustCompile(`(://[^/\s:@]+:)[^@\s/]+@`), "${1}" + redacted + "@"},
	// Long opaque strings look like keys; ids and hashes are shorter.
	{regexp.MustCompile(`[A-Za-z0-9+/_-]{48,}={0,2}`), redacted},
}

// redactor removes the API token and anything that looks like a secret from
// output lines. The zero value redacts patterns only. Safe for concurrent use
// (it is immutable).
type redactor struct {
	secrets []string
}

func newRedactor(secrets ...string) *redactor {
	r := &redactor{}
	for _, s := range secrets {
		if s = strings.TrimSpace(s); s != "" {
			r.secrets = append(r.secrets, s)
		}
	}
	return r
}

// slack is how many bytes past a line cut must be kept so a secret straddling
// it is still recognised.
func (r *redactor) slack() int {
	n := 0
	for _, s := range r.secrets {
		n = max(n, len(s))
	}
	return n
}

func (r *redactor) redact(s string) string {
	for _, sec := range r.secrets {
		s = strings.ReplaceAll(s, sec, redacted)
	}
	for _, p := range secretPatterns {
		s = p.re.ReplaceAllString(s, p.repl)
	}
	return s
}
