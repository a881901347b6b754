package platform

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"unicode"
)

// MinScrubbedSecret is the shortest secret a Scrubber acts on: shorter
// ones (test tokens such as the sandbox's "sandbox") would match ordinary
// words. Real Zerops tokens are far longer.
const MinScrubbedSecret = 12

// redactedMark replaces a secret in scrubbed output.
const redactedMark = "[redacted]"

// Scrubber removes known secrets (ZCP's API token) from text at the output
// boundaries: tool results, logs, the audit log, the status dump. A nil
// Scrubber, or one without secrets, changes nothing. Immutable, so safe
// for concurrent use.
type Scrubber struct {
	forms  [][]byte // each secret as written and as JSON escapes it, when different
	folded []string // each secret case-folded and reduced to letters and digits
}

// NewScrubber returns a Scrubber of the secrets at least MinScrubbedSecret long.
func NewScrubber(secrets ...string) *Scrubber {
	s := &Scrubber{}
	for _, sec := range secrets {
		if len(sec) < MinScrubbedSecret {
			continue
		}
		s.forms = append(s.forms, []byte(sec))
		if q, err := json.Marshal(sec); err == nil {
			if esc := q[1 : len(q)-1]; !bytes.Equal(esc, []byte(sec)) {
				s.forms = append(s.forms, esc)
			}
		}
		if f := fold(sec); len(f) >= MinScrubbedSecret {
			s.folded = append(s.folded, f)
		}
	}
	return s
}

// Active reports whether s has a secret to scrub.
func (s *Scrubber) Active() bool { return s != nil && len(s.forms) > 0 }

// Bytes returns b with every secret replaced; b itself when none occurs.
func (s *Scrubber) Bytes(b []byte) []byte {
	if !s.Active() {
		return b
	}
	for _, f := range s.forms {
		if bytes.Contains(b, f) {
			b = bytes.ReplaceAll(b, f, []byte(redactedMark))
		}
	}
	return b
}

// String returns text with every secret replaced.
func (s *Scrubber) String(text string) string {
	if !s.Active() {
		return text
	}
	for _, f := range s.forms {
		text = strings.ReplaceAll(text, string(f), redactedMark)
	}
	return text
}

// Holds reports whether b carries a secret, also in another case or with
// other characters around its letters and digits (the forms a hostname
// check or suggestion would turn it into).
func (s *Scrubber) Holds(b []byte) bool {
	if !s.Active() {
		return false
	}
	for _, f := range s.forms {
		if bytes.Contains(b, f) {
			return true
		}
	}
	folded := fold(string(b))
	for _, f := range s.folded {
		if strings.Contains(folded, f) {
			return true
		}
	}
	return false
}

// fold lowercases s and keeps only its letters and digits.
func fold(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// Writer returns w with every Write scrubbed. Each Write must carry whole
// texts (a log entry, a JSON-RPC line, a dump): a secret split across two
// writes is not found. It reports len(p) written when w took the scrubbed
// bytes whole.
func (s *Scrubber) Writer(w io.Writer) io.Writer {
	if !s.Active() {
		return w
	}
	return scrubWriter{w: w, s: s}
}

// WriteCloser is Writer for a stream that is closed after use.
func (s *Scrubber) WriteCloser(w io.WriteCloser) io.WriteCloser {
	if !s.Active() {
		return w
	}
	return scrubWriteCloser{scrubWriter: scrubWriter{w: w, s: s}, c: w}
}

type scrubWriter struct {
	w io.Writer
	s *Scrubber
}

func (sw scrubWriter) Write(p []byte) (int, error) {
	out := sw.s.Bytes(p)
	n, err := sw.w.Write(out)
	if err == nil && n == len(out) {
		return len(p), nil
	}
	if n > len(p) {
		n = len(p)
	}
	return n, err
}

type scrubWriteCloser struct {
	scrubWriter
	c io.Closer
}

func (sw scrubWriteCloser) Close() error { return sw.c.Close() }
