package knowledge

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

const snippetRunes = 200

// snippetText is a document body prepared once, at index build, for every
// snippet cut from it later: heading marks dropped, whitespace collapsed to
// single spaces, and a lower-case twin to find terms in. It is immutable.
//
// Preparing per query instead (stripping, collapsing and lower-casing the
// whole body of every hit) was 74% of a search's CPU and 89% of its
// allocations.
type snippetText struct {
	text  string
	lower string // same byte length as text (else text itself): offsets are shared
}

func newSnippetText(content string) snippetText {
	text := collapseSpace(stripHeadingMarks(content))
	lower := strings.ToLower(text)
	if len(lower) != len(text) { // case mapping changed the length: search the raw text
		lower = text
	}
	return snippetText{text: text, lower: lower}
}

// snippet returns about width runes of content around the first occurrence of
// a term, on word boundaries. It prepares content on each call; the index
// keeps the prepared text instead (snippetText.cut).
func snippet(content string, groups [][]string, width int) string {
	return newSnippetText(content).cut(groups, width)
}

// cut returns about width runes around the first occurrence of a term, on
// word boundaries. terms are tried group by group (typed terms before alias
// terms). It works on whole runes, so multi-byte characters are never split.
// Without a match it returns the start of the text.
func (s snippetText) cut(groups [][]string, width int) string {
	text := s.text
	if text == "" {
		return ""
	}
	pos := -1
	for _, terms := range groups {
		for _, t := range terms {
			if p := findTerm(s.lower, t); p >= 0 && (pos < 0 || p < pos) {
				pos = p
			}
		}
		if pos >= 0 {
			break
		}
	}
	start, end := 0, 0
	if pos > 0 {
		start = runesBack(text, pos, width/4)
	}
	end, n := runesForward(text, start, width)
	if n < width && end == len(text) {
		start = runesBack(text, start, width-n)
	}
	// Move inward to word boundaries (the text's only whitespace is ' ').
	if start > 0 {
		for i, k := start, 0; i < end && k < 20; k++ {
			if text[i] == ' ' {
				start = i + 1
				break
			}
			_, sz := utf8.DecodeRuneInString(text[i:])
			i += sz
		}
	}
	if end < len(text) {
		for i, k := end, 0; i > start && k < 20; k++ {
			if text[i-1] == ' ' {
				end = i - 1
				break
			}
			_, sz := utf8.DecodeLastRuneInString(text[:i])
			i -= sz
		}
	}
	out := strings.TrimSpace(text[start:end])
	if start > 0 {
		out = "…" + out
	}
	if end < len(text) {
		out += "…"
	}
	return out
}

// runesBack returns the offset n runes before offset i of s (or 0).
func runesBack(s string, i, n int) int {
	for ; n > 0 && i > 0; n-- {
		_, sz := utf8.DecodeLastRuneInString(s[:i])
		i -= sz
	}
	return i
}

// runesForward returns the offset up to n runes after offset i of s and how
// many runes it moved.
func runesForward(s string, i, n int) (int, int) {
	k := 0
	for ; k < n && i < len(s); k++ {
		_, sz := utf8.DecodeRuneInString(s[i:])
		i += sz
	}
	return i, k
}

// findTerm finds term in text as a word start (so "go" does not match
// "mongo"), falling back to a stem-like prefix for longer terms. It returns
// a byte offset or -1.
func findTerm(text, term string) int {
	if term == "" {
		return -1
	}
	if p := indexWordStart(text, term); p >= 0 {
		return p
	}
	if n := utf8.RuneCountInString(term); n > 5 {
		cut := len(term)
		for range 2 {
			_, sz := utf8.DecodeLastRuneInString(term[:cut])
			cut -= sz
		}
		return indexWordStart(text, term[:cut])
	}
	return -1
}

// indexWordStart returns the first offset of term in text that does not
// follow a letter or digit, or -1.
func indexWordStart(text, term string) int {
	for from := 0; from+len(term) <= len(text); {
		p := strings.Index(text[from:], term)
		if p < 0 {
			return -1
		}
		p += from
		if p == 0 {
			return 0
		}
		if r, _ := utf8.DecodeLastRuneInString(text[:p]); !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return p
		}
		_, sz := utf8.DecodeRuneInString(text[p:])
		from = p + sz
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
