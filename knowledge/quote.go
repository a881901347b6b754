package knowledge

import (
	"sort"
	"strings"
	"unicode"
)

// A pasted line that a document quotes word for word is that document's
// subject more than any other's that only shares its words ("curl: (60)
// SSL certificate problem: unable to get local issuer certificate" is
// quoted where it is explained): among the best quoteTop hits, each whose
// content holds a run of quoteMinWords or more of the pasted words, in
// order, gains quoteBoost times the share of the pasted words that its
// longest run covers. A question in the user's own words is left alone.
// Measured on the held-apart batches: runs of 8 words and a boost of
// 0.3–0.8 answer 4 more (none lost); 4–6 words lose as many as they win
// (common phrases), 10 or more words win fewer.
const (
	quoteMinWords = 8
	quoteBoost    = 0.5
	quoteTop      = 10
)

// quoteWords are the words of text, lower-cased, as one space-separated
// string with a space at each end, so that a run of words is found by
// strings.Contains on " a b c ".
func quoteWords(text string) string {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	return " " + strings.Join(words, " ") + " "
}

// longestQuote is the length, in words, of the longest run of words that
// content (as quoteWords writes it) holds.
func longestQuote(words []string, content string) int {
	best := 0
	for i := range words {
		if len(words)-i <= best {
			break
		}
		j := i
		for j < len(words) && strings.Contains(content, " "+strings.Join(words[i:j+1], " ")+" ") {
			j++
		}
		best = max(best, j-i)
	}
	return best
}

// quoted raises the hits among the best quoteTop whose content quotes q,
// when q reads as a pasted line, and re-sorts them.
func (ix *Index) quoted(hits []scored, q string) []scored {
	topic, ok := pastedTopic(q)
	if !ok {
		return hits
	}
	words := strings.Fields(quoteWords(topic))
	if len(words) < quoteMinWords {
		return hits
	}
	raised := false
	for i := range hits[:min(quoteTop, len(hits))] {
		e, ok := ix.byURI[hits[i].ID]
		if !ok {
			continue
		}
		if n := longestQuote(words, e.quoteText()); n >= quoteMinWords {
			hits[i].Score *= 1 + quoteBoost*float64(n)/float64(len(words))
			raised = true
		}
	}
	if raised {
		sort.SliceStable(hits, func(a, b int) bool { return hits[a].Score > hits[b].Score })
	}
	return hits
}

// quoteText is the document's content as quoteWords writes it, prepared on
// its first use.
func (e *entry) quoteText() string {
	e.quoteOnce.Do(func() { e.quote = quoteWords(e.doc.Content) })
	return e.quote
}
