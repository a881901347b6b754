package knowledge

import (
	"strings"
	"unicode"
)

const snippetRunes = 200

// snippet returns about width runes of content around the first occurrence of
// a term, on word boundaries, with heading marks dropped and whitespace
// collapsed. terms are tried group by group (typed terms before alias
// terms). It works on runes, so multi-byte characters are never split.
// Without a match it returns the start of the content.
func snippet(content string, groups [][]string, width int) string {
	text := []rune(collapseSpace(stripHeadingMarks(content)))
	if len(text) == 0 {
		return ""
	}
	lower := []rune(strings.ToLower(string(text)))
	if len(lower) != len(text) { // case mapping changed the length: fall back to the raw runes
		lower = text
	}
	pos := -1
	for _, terms := range groups {
		for _, t := range terms {
			if p := findTerm(lower, []rune(t)); p >= 0 && (pos < 0 || p < pos) {
				pos = p
			}
		}
		if pos >= 0 {
			break
		}
	}
	start := 0
	if pos > width/4 {
		start = pos - width/4
	}
	end := min(start+width, len(text))
	if end-start < width && end == len(text) {
		start = max(0, end-width)
	}
	// Move inward to word boundaries.
	if start > 0 {
		for i := start; i < end && i < start+20; i++ {
			if unicode.IsSpace(text[i]) {
				start = i + 1
				break
			}
		}
	}
	if end < len(text) {
		for i := end; i > start && i > end-20; i-- {
			if unicode.IsSpace(text[i-1]) {
				end = i - 1
				break
			}
		}
	}
	out := strings.TrimSpace(string(text[start:end]))
	if start > 0 {
		out = "…" + out
	}
	if end < len(text) {
		out += "…"
	}
	return out
}

// findTerm finds term in text as a word start (so "go" does not match
// "mongo"), falling back to a stem-like prefix for longer terms.
func findTerm(text, term []rune) int {
	if len(term) == 0 {
		return -1
	}
	if p := indexWordStart(text, term); p >= 0 {
		return p
	}
	if len(term) > 5 {
		return indexWordStart(text, term[:len(term)-2])
	}
	return -1
}

func indexWordStart(text, term []rune) int {
	for i := 0; i+len(term) <= len(text); i++ {
		if i > 0 && (unicode.IsLetter(text[i-1]) || unicode.IsDigit(text[i-1])) {
			continue
		}
		match := true
		for j, r := range term {
			if text[i+j] != r {
				match = false
				break
			}
		}
		if match {
			return i
		}
	}
	return -1
}

// stripHeadingMarks removes the leading #s of markdown headings.
func stripHeadingMarks(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if t := strings.TrimLeft(l, "#"); len(t) < len(l) && strings.HasPrefix(t, " ") {
			lines[i] = t
		}
	}
	return strings.Join(lines, "\n")
}

func collapseSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// truncateRunes cuts s to at most n runes.
func truncateRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := 0
	for pos := range s {
		if i == n {
			return s[:pos]
		}
		i++
	}
	return s
}
