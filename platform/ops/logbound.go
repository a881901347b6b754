package ops

import (
	"crypto/sha256"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Caps of a logs answer: 1,000 lines of 7.8 kB made a 15.7 MB answer.
const (
	// maxLogLine is the most of one message an answer keeps: its start and its end.
	maxLogLine = 2000
	// maxLogAnswer bounds the messages of one answer, the oldest lines going
	// first; with the lines' other fields the answer stays under platform.MaxAnswer.
	maxLogAnswer = 32 << 10
	// logLineOverhead is what a line's other fields add to the answer, about.
	logLineOverhead = 80
)

// bounded folds repeated lines and stack traces into their newest occurrence
// with a count and leaves out the oldest lines past maxLogAnswer, saying in
// Clipped what it did (and which lines newLogsResult clipped).
func (r *LogsResult) bounded() *LogsResult {
	var notes []string
	if folded := r.fold(); folded > 0 {
		notes = append(notes, fmt.Sprintf("%d repeated line%s folded into the newest occurrence of each app version's run (see repeated, firstTime)", folded, plural(folded)))
	}
	if r.clipped > 0 {
		notes = append(notes, fmt.Sprintf("%d line%s over %d bytes clipped to the start and the end", r.clipped, plural(r.clipped), maxLogLine))
	}
	size, keep := 0, 0
	for i := len(r.Entries) - 1; i >= 0; i-- {
		if size += len(r.Entries[i].Message) + logLineOverhead; size > maxLogAnswer {
			break
		}
		keep++
	}
	if dropped := len(r.Entries) - keep; dropped > 0 {
		r.Entries = r.Entries[dropped:]
		r.HasMore = true
		notes = append(notes, fmt.Sprintf("the oldest %d line%s left out to keep the answer under %d KiB: narrow since, severity or search", dropped, plural(dropped), maxLogAnswer>>10))
	}
	r.Count = len(r.Entries)
	r.Clipped = strings.Join(notes, "; ")
	return r
}

// fold replaces every record (a line and the stack-trace lines after it)
// logged more than once in one era (r.era) by its newest occurrence there,
// counted; it returns how many lines it left out.
func (r *LogsResult) fold() int {
	type record struct {
		start, end int
		key        [sha256.Size]byte
	}
	var recs []record
	for i, e := range r.Entries {
		if n := len(recs); n > 0 && continuation(e.Message) && sameSource(r.Entries[i-1], e) {
			recs[n-1].end = i + 1
			continue
		}
		recs = append(recs, record{start: i, end: i + 1})
	}
	count, first, last := map[[sha256.Size]byte]int{}, map[[sha256.Size]byte]time.Time{}, map[[sha256.Size]byte]int{}
	repeated := false
	for i := range recs {
		h := sha256.New()
		if r.era != nil {
			_, _ = fmt.Fprintf(h, "%d\n", r.era(r.Entries[recs[i].start]))
		}
		for _, e := range r.Entries[recs[i].start:recs[i].end] {
			_, _ = fmt.Fprintf(h, "%q %q %q %q %x\n", e.Service, e.Severity, e.Container, e.Tag, e.sum)
		}
		copy(recs[i].key[:], h.Sum(nil))
		k := recs[i].key
		if count[k]++; count[k] == 1 {
			first[k] = r.Entries[recs[i].start].Time
		} else {
			repeated = true
		}
		last[k] = i
	}
	if !repeated {
		return 0
	}
	out := make([]LogLine, 0, len(r.Entries))
	for i, rc := range recs {
		if last[rc.key] != i {
			continue
		}
		lines := r.Entries[rc.start:rc.end]
		head := lines[0]
		if n := count[rc.key]; n > 1 {
			at := first[rc.key]
			head.Repeated, head.FirstTime = n, &at
		}
		out = append(out, head)
		out = append(out, lines[1:]...)
	}
	folded := len(r.Entries) - len(out)
	r.Entries = out
	return folded
}

// clipLines notes each message's checksum (repeats are found on the whole
// text) and clips it to maxLogLine, its start and end kept, before anything
// reads it; it returns how many it clipped.
func clipLines(lines []LogLine) int {
	clipped := 0
	for i := range lines {
		lines[i].sum = sha256.Sum256([]byte(lines[i].Message))
		if len(lines[i].Message) > maxLogLine {
			lines[i].Message = clipMiddle(lines[i].Message, maxLogLine)
			clipped++
		}
	}
	return clipped
}

// continuation reports whether a message goes on the record before it: an
// indented line of a stack trace, or one naming its cause or elided frames.
func continuation(msg string) bool {
	if msg == "" {
		return false
	}
	if msg[0] == ' ' || msg[0] == '\t' {
		return strings.TrimSpace(msg) != ""
	}
	return strings.HasPrefix(msg, "at ") || strings.HasPrefix(msg, "Caused by: ") || strings.HasPrefix(msg, "... ")
}

// sameSource reports whether two lines come from the same service and container.
func sameSource(a, b LogLine) bool {
	return a.Service == b.Service && a.Container == b.Container && a.Tag == b.Tag
}

// clipMiddle keeps the start and the end of s, n bytes in all with the
// marker naming how much was cut, each part ending on a rune boundary.
func clipMiddle(s string, n int) string {
	marker := fmt.Sprintf(" …[%d bytes clipped]… ", len(s)-n)
	room := max(n-len(marker), 2)
	head, tail := room*2/3, room-room*2/3
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	from := len(s) - tail
	for from < len(s) && !utf8.RuneStart(s[from]) {
		from++
	}
	return s[:head] + marker + s[from:]
}

// plural is "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
