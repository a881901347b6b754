package knowledge

import (
	"strings"
)

// Section budget: a search answers the top document's relevant sections, not
// the whole document; the whole document stays one call away (its URI).
const (
	sectionBudget   = 3000 // bytes of sections beyond the opening
	wholeDocBelow   = 3500 // a document this short is answered whole
	headingWeight   = 3    // a query term in a section's heading counts this many times
	maxSectionsKept = 3
)

// section is one `## ` part of a document (the opening has no heading).
type section struct {
	heading string // without the "## " mark; "" for the opening
	text    string // the section as written, heading line included
}

// splitSections cuts markdown at its level-2 headings outside code fences.
func splitSections(content string) []section {
	var out []section
	var cur strings.Builder
	heading := ""
	fence := false
	flush := func() {
		if t := strings.TrimSpace(cur.String()); t != "" || heading != "" {
			out = append(out, section{heading: heading, text: t})
		}
		cur.Reset()
	}
	for _, line := range strings.SplitAfter(content, "\n") {
		if strings.HasPrefix(line, "```") {
			fence = !fence
		}
		if !fence && strings.HasPrefix(line, "## ") {
			flush()
			heading = strings.TrimSpace(strings.TrimPrefix(line, "## "))
		}
		cur.WriteString(line)
	}
	flush()
	return out
}

// relevantSections returns the parts of content the query terms are about:
// the opening, then up to maxSectionsKept `## ` sections that name the most
// distinct query terms (a term in the heading counts headingWeight times;
// the words of the title count nothing),
// in document order and within sectionBudget; and the headings left out. A
// short document, or one whose sections match nothing, keeps what it has:
// the whole short document, or the opening and the first section.
func relevantSections(content string, terms []string) (string, []string) {
	if len(content) < wholeDocBelow {
		return content, nil
	}
	// The document's own subject (the words of its title line) is in every
	// section: it cannot tell them apart.
	title, _, _ := strings.Cut(strings.ToLower(content), "\n")
	var topical []string
	for _, t := range terms {
		if findTerm(title, strings.ToLower(t)) < 0 {
			topical = append(topical, t)
		}
	}
	terms = topical
	secs := splitSections(content)
	if len(secs) < 3 {
		return content, nil
	}
	type scored struct {
		i, score int
	}
	var cands []scored
	for i, s := range secs[1:] {
		lowerHead, lowerText := strings.ToLower(s.heading), strings.ToLower(s.text)
		score := 0
		for _, t := range terms {
			t = strings.ToLower(t)
			if findTerm(lowerHead, t) >= 0 {
				score += headingWeight
			}
			if findTerm(lowerText, t) >= 0 {
				score++
			}
		}
		if score > 0 {
			cands = append(cands, scored{i + 1, score})
		}
	}
	// Best first; ties keep document order (a stable insertion sort: few sections).
	for i := 1; i < len(cands); i++ {
		for j := i; j > 0 && cands[j].score > cands[j-1].score; j-- {
			cands[j], cands[j-1] = cands[j-1], cands[j]
		}
	}
	keep := map[int]bool{}
	used := 0
	for _, c := range cands {
		if len(keep) == maxSectionsKept || (len(keep) > 0 && used+len(secs[c.i].text) > sectionBudget) {
			break
		}
		keep[c.i] = true
		used += len(secs[c.i].text)
	}
	if len(keep) == 0 {
		keep[1] = true
	}
	parts := []string{secs[0].text}
	var omitted []string
	for i, s := range secs[1:] {
		if keep[i+1] {
			parts = append(parts, s.text)
		} else if s.heading != "" && s.heading != "See also" {
			omitted = append(omitted, s.heading)
		}
	}
	return strings.Join(parts, "\n\n"), omitted
}
