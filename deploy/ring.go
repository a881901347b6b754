package deploy

import (
	"regexp"
	"strings"
	"sync"
)

// maxLineBytes bounds one stored output line; longer lines are cut.
const maxLineBytes = 2048

// ansiRe matches terminal escape sequences zcli uses for colours and spinners.
var ansiRe = regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-_]`)

// lineRing keeps the last n lines written to it, each cleaned of escape
// sequences and redacted, so memory stays bounded whatever a child prints.
// Every complete line is also shown to observe (for success markers that may
// scroll out of the ring). It is safe for concurrent use (stdout and stderr
// of one child write to it).
type lineRing struct {
	mu      sync.Mutex
	lines   []string
	next    int
	full    bool
	partial []byte
	over    bool // the current line overflowed and is being skipped
	red     *redactor
	slack   int
	observe func(line string)
}

func newLineRing(n int, red *redactor, observe func(string)) *lineRing {
	return &lineRing{lines: make([]string, n), red: red, slack: red.slack(), observe: observe}
}

// Write implements io.Writer; it never fails.
func (r *lineRing) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range p {
		if c == '\n' || c == '\r' {
			r.endLineLocked()
			continue
		}
		// Keep enough past the cut to redact a token straddling it.
		if len(r.partial) < maxLineBytes+r.slack {
			r.partial = append(r.partial, c)
		} else {
			r.over = true
		}
	}
	return len(p), nil
}

func (r *lineRing) endLineLocked() {
	if len(r.partial) == 0 && !r.over {
		return
	}
	line := clean(r.red.redact(string(r.partial)))
	if len(line) > maxLineBytes || r.over {
		line = truncateUTF8(line, maxLineBytes) + " …[truncated]"
	}
	r.partial = r.partial[:0]
	r.over = false
	if strings.TrimSpace(line) == "" {
		return
	}
	if r.observe != nil {
		r.observe(line)
	}
	r.lines[r.next] = line
	r.next = (r.next + 1) % len(r.lines)
	if r.next == 0 {
		r.full = true
	}
}

// Lines returns the kept lines, oldest first, including an unterminated last
// line.
func (r *lineRing) Lines() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.endLineLocked()
	var out []string
	if r.full {
		out = append(out, r.lines[r.next:]...)
	}
	return append(out, r.lines[:r.next]...)
}

// clean drops escape sequences and other control characters but tabs.
func clean(s string) string {
	s = ansiRe.ReplaceAllString(s, "")
	return strings.Map(func(r rune) rune {
		if r == '\t' {
			return ' '
		}
		if r < 0x20 || r == 0x7f || r == '\uFFFD' {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, ""))
}

func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && (s[n]&0xC0) == 0x80 {
		n--
	}
	return s[:n]
}
