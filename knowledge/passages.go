package knowledge

import (
	"slices"
	"strings"
)

// Passages: a section a search leaves out of the top document may still
// hold the line a question asks for (a limit in a table row, a key in a
// list item). Up to maxPassages of the best passages of the scored
// sections left out fill what the whole sections leave of sectionBudget,
// each under its headings. Measured over the first runs of batches 29–42
// at the code they first ran on: 684 of 840 answers shown against 675
// (whole sections within 3000 bytes, no passages), on average 3258 bytes
// shown against 3156; held-apart tuned 2468 of 2730 against 2459. Tried:
// 2 or 3 passages beyond the 3000 bytes (680–682, 3276–3364 bytes), 4
// beyond them (683, 3435 bytes), 4 within 2800 (683, 3306), 5 within 2600
// (681, 3234).
const maxPassages = 4

// passage is one readable unit of a section: a paragraph, a list item, a
// table row (shown under its table's header), or a code block with the
// sentence that introduces it.
type passage struct {
	sub    string // the ### heading it is under; "" for none
	header string // a table row's header and separator lines
	text   string
}

// size is what showing p alone costs.
func (p passage) size() int { return len(p.sub) + len(p.header) + len(p.text) + 4 }

// splitPassages cuts a section's body (its heading line excluded) into
// passages.
func splitPassages(body string) []passage {
	var out []passage
	lines := strings.Split(body, "\n")
	sub, header, kind := "", "", ""
	var cur []string
	flush := func() {
		if t := strings.TrimRight(strings.Join(cur, "\n"), " \n"); strings.TrimSpace(t) != "" {
			p := passage{sub: sub, text: t}
			if kind == "row" {
				p.header = header
			}
			out = append(out, p)
		}
		cur, kind = nil, ""
	}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		tl := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(tl, "```"):
			// A code block keeps the short paragraph that introduces it.
			if kind != "para" || len(strings.Join(cur, "\n")) >= 400 {
				flush()
			}
			cur = append(cur, l)
			for i++; i < len(lines); i++ {
				cur = append(cur, lines[i])
				if strings.HasPrefix(strings.TrimSpace(lines[i]), "```") {
					break
				}
			}
			kind = "code"
			flush()
		case strings.HasPrefix(l, "### ") || strings.HasPrefix(l, "#### "):
			flush()
			sub = tl
		case tl == "":
			flush()
		case strings.HasPrefix(tl, "|"):
			if kind != "row" {
				flush()
				header = ""
				if i+1 < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i+1]), "|") && strings.Contains(lines[i+1], "---") {
					header = l + "\n" + lines[i+1]
					i++
					kind = "row"
					continue
				}
			}
			flush()
			cur, kind = []string{l}, "row"
		case strings.HasPrefix(tl, "- ") || strings.HasPrefix(tl, "* ") || numbered(tl):
			flush()
			cur, kind = []string{l}, "item"
		default:
			if kind == "row" {
				flush()
			}
			if kind == "" {
				kind = "para"
			}
			cur = append(cur, l)
		}
	}
	flush()
	return out
}

// numbered reports whether s starts a numbered list item ("2. ").
func numbered(s string) bool {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i > 0 && strings.HasPrefix(s[i:], ". ")
}

// passageQuery is what a passage is scored against: the query stems that
// tell sections apart, with their factors and corpus weight, and phrases.
type passageQuery struct {
	stems   []string
	factor  map[string]float64
	phrases []phrase
	an      *analyzer
	weight  func(stem string) float64
}

// score weighs what p writes of the query: each stem in its text (its
// identifiers' words included) counts its weight, one only under its ###
// heading half of it, and each phrase its text writes once more.
func (q passageQuery) score(p passage) float64 {
	body := stemSet(q.an, p.text+"\n"+identWords(p.text)+"\n"+typeParts(p.text)+dottedParts(p.text))
	sub := stemSet(q.an, p.sub)
	comp := compounds(p.text)
	score := 0.0
	for _, st := range q.stems {
		w := q.factor[st]
		if q.weight != nil {
			w *= q.weight(st)
		}
		switch {
		case body[st]:
			score += w
		case sub[st]:
			score += w / 2
		}
	}
	for _, ph := range q.phrases {
		if comp[ph.joined] {
			score += ph.weight
		}
	}
	return score
}

// bestPassages picks up to maxPassages passages of the sections left (the
// scored sections not shown whole, best first) within room bytes: the
// best scored first, a higher-ranked section's on a tie. It returns them
// by section, in document order.
func (ds *docSections) bestPassages(left []int, q passageQuery, room int) map[int][]passage {
	type cand struct {
		sec, k int
		score  float64
		p      passage
	}
	var cands []cand
	for _, i := range left {
		_, body, _ := strings.Cut(ds.secs[i].text, "\n")
		for k, p := range splitPassages(body) {
			if s := q.score(p); s > 0 {
				cands = append(cands, cand{i, k, s, p})
			}
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int {
		switch {
		case a.score > b.score:
			return -1
		case a.score < b.score:
			return 1
		}
		return 0
	})
	var picked []cand
	for _, c := range cands {
		if len(picked) == maxPassages {
			break
		}
		if cost := c.p.size() + len(ds.secs[c.sec].heading) + 12; cost <= room {
			picked = append(picked, c)
			room -= cost
		}
	}
	slices.SortFunc(picked, func(a, b cand) int {
		if a.sec != b.sec {
			return a.sec - b.sec
		}
		return a.k - b.k
	})
	out := map[int][]passage{}
	for _, c := range picked {
		out[c.sec] = append(out[c.sec], c.p)
	}
	return out
}

// showPassages writes passages of the section headed heading, in
// document order, each under its ### heading and a table row under its
// table's header; "…" marks the section's text left out.
func showPassages(heading string, ps []passage) string {
	var b strings.Builder
	b.WriteString("## " + heading + "\n\n…")
	lastSub, lastHeader := "", ""
	for _, p := range ps {
		if p.header != "" && p.header == lastHeader && p.sub == lastSub {
			b.WriteString("\n") // the next row of the same table
		} else {
			b.WriteString("\n\n")
		}
		if p.sub != "" && p.sub != lastSub {
			b.WriteString(p.sub + "\n\n")
		}
		lastSub = p.sub
		if p.header != "" && p.header != lastHeader {
			b.WriteString(p.header + "\n")
		}
		lastHeader = p.header
		b.WriteString(p.text)
	}
	b.WriteString("\n\n…")
	return b.String()
}
