package knowledge

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Section budget: a search answers the top document's relevant sections, not
// the whole document; the whole document stays one call away (its URI).
const (
	sectionBudget   = 3500 // bytes of sections beyond the opening, passages included (see maxPassages)
	wholeDocBelow   = 4500 // a document this short is answered whole
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
// the opening, then up to maxSectionsKept `## ` sections with the best
// score, in document order and within sectionBudget, with the best
// passages of the scored sections left out in what the budget leaves
// (bestPassages); and the headings of the sections not shown whole. A
// section scores the weight of each query term it uses (its analysed
// stem, so "worker" is not "workload"), headingWeight times more in its
// heading; weight gives the rarer terms of the corpus more (nil weighs
// every term 1); the words of the title count nothing in a body (they are
// in every section) and half in a heading that repeats one the query typed
// ("SSH into a running container" in "Containers and SSH"). A short document,
// or one whose sections match nothing, keeps what it has: the whole short
// document, or the opening and the first section.
func relevantSections(content string, terms, added []string, an *analyzer, weight func(stem string) float64) (string, []string) {
	ds := newDocSections(content, an)
	if ds == nil {
		return content, nil
	}
	return ds.relevant("", terms, added, an, weight)
}

// docSections is a long document cut into its sections, with the analysed
// terms of each, prepared once per document on its first search as the
// top hit. Nil for a document answered whole.
type docSections struct {
	secs          []section
	title         map[string]bool // the terms of the title line
	subject       map[string]bool // what its words stand for (aliases: Laravel's php), in every section too
	heads, bodies []map[string]bool
	// the compounds of each section's heading and body: the words of its
	// identifiers joined ("max_connections" → maxconnections,
	// "deploy-files-missing" → deployfiles, filesmissing, deployfilesmissing)
	headCompounds, bodyCompounds []map[string]bool
}

func newDocSections(content string, an *analyzer) *docSections {
	if len(content) < wholeDocBelow {
		return nil
	}
	secs := splitSections(content)
	if len(secs) < 3 {
		return nil
	}
	title, _, _ := strings.Cut(content, "\n")
	ds := &docSections{secs: secs, title: stemSet(an, title), subject: map[string]bool{}}
	for _, w := range tokenize(title) {
		for _, a := range aliases[w] {
			ds.subject[a] = true
		}
	}
	for _, s := range secs {
		ds.heads = append(ds.heads, stemSet(an, s.heading))
		ds.bodies = append(ds.bodies, stemSet(an, s.text+"\n"+identWords(s.text)+"\n"+typeParts(s.text)+dottedParts(s.text)))
		ds.headCompounds = append(ds.headCompounds, compounds(s.heading))
		ds.bodyCompounds = append(ds.bodyCompounds, compounds(s.text))
	}
	return ds
}

// relevant is relevantSections over prepared sections; the section headed
// lead, when there is one, is kept first of all.
func (ds *docSections) relevant(lead string, terms, added []string, an *analyzer, weight func(stem string) float64) (string, []string) {
	secs := ds.secs
	stems, factor := ds.queryStems(terms, added, an)
	phrases := ds.phrases(terms, an, weight)
	titled := ds.titleStems(terms, an)
	type scored struct {
		i     int
		score float64
	}
	var cands []scored
	for i := range secs[1:] {
		head, text := ds.heads[i+1], ds.bodies[i+1]
		score := ds.phraseScore(i+1, phrases) + titledHeadingScore(head, titled, weight)
		for _, st := range stems {
			w := factor[st]
			if weight != nil {
				w *= weight(st)
			}
			if head[st] {
				score += headingWeight * w
			}
			if text[st] {
				score += w
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
	if i := slices.IndexFunc(secs, func(s section) bool { return lead != "" && s.heading == lead }); i > 0 {
		cands = append([]scored{{i, math.Inf(1)}}, slices.DeleteFunc(cands, func(c scored) bool { return c.i == i })...)
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
	var left []int // the scored sections left out, best first; links are no answer
	for _, c := range cands {
		if !keep[c.i] && secs[c.i].heading != "See also" {
			left = append(left, c.i)
		}
	}
	q := passageQuery{stems: stems, factor: factor, phrases: phrases, an: an, weight: weight}
	chosen := ds.bestPassages(left, q, sectionBudget-used)
	parts := []string{secs[0].text}
	var omitted []string
	for i, s := range secs[1:] {
		switch {
		case keep[i+1]:
			parts = append(parts, s.text)
		case len(chosen[i+1]) > 0:
			parts = append(parts, showPassages(s.heading, chosen[i+1]))
			omitted = append(omitted, s.heading)
		case s.heading != "" && s.heading != "See also":
			omitted = append(omitted, s.heading)
		}
	}
	return strings.Join(parts, "\n\n"), omitted
}

// titleStems are the query's terms that are words of the title: in no
// body do they tell sections apart, but a heading that repeats one narrows
// the subject ("SSH into a running container" in "Containers and SSH").
func (ds *docSections) titleStems(terms []string, an *analyzer) []string {
	var out []string
	for _, t := range terms {
		for _, st := range an.terms(t) {
			if ds.title[st] && !slices.Contains(out, st) {
				out = append(out, st)
			}
		}
	}
	return out
}

// titledHeadingScore is half the heading weight of each title stem a
// section's heading repeats.
func titledHeadingScore(head map[string]bool, titled []string, weight func(stem string) float64) float64 {
	score := 0.0
	for _, st := range titled {
		if head[st] {
			w := 1.0
			if weight != nil {
				w = weight(st)
			}
			score += headingWeight * w / 2
		}
	}
	return score
}

// queryStems are the analysed terms of the query that can tell the
// sections apart, each with its factor (an added term's is expandedBoost).
func (ds *docSections) queryStems(terms, added []string, an *analyzer) ([]string, map[string]float64) {
	// The document's own subject (the words of its title line) is in every
	// section: it cannot tell them apart; another name of it (an alias of a
	// title word: "postgres") weighs as an added term.
	// What a title word stands for is the subject too (ds.subject): in
	// the Laravel document "php" is in every section as well.
	var stems []string
	factor := map[string]float64{}
	for i, t := range append(append([]string(nil), terms...), added...) {
		if ds.subject[strings.ToLower(t)] {
			continue
		}
		for _, st := range an.terms(t) {
			if !ds.title[st] && !slices.Contains(stems, st) {
				stems = append(stems, st)
				factor[st] = 1
				if i >= len(terms) || ds.namesTitle(t, an) {
					factor[st] = expandedBoost
				}
			}
		}
	}
	return stems, factor
}

// typeWord is a service type's name and mode joined by ":" (postgresql:single),
// one word to the segmenter.
var typeWord = regexp.MustCompile(`[A-Za-z]+:[A-Za-z]+`)

// typeParts are the parts of the type words of text, one per line
// ("postgresql single"): a section that writes postgresql:single@18 is
// about a single-container service.
func typeParts(text string) string {
	var b strings.Builder
	for _, w := range typeWord.FindAllString(text, -1) {
		b.WriteString(strings.Replace(w, ":", " ", 1))
		b.WriteByte('\n')
	}
	return b.String()
}

// phrase is typed words joined as an identifier joins them, and their weight.
type phrase struct {
	joined string
	weight float64
}

// phrases are the typed words an identifier may join: each typed word
// without its joining characters ("deployFiles", "max_connections"), and
// each two typed words in a row ("max connections" for max_connections,
// "deploy files" for a "deploy-files-…" heading). A section that writes
// the identifier matches it as a phrase: once more, with the weight of
// its words (the title's words weigh nothing).
func (ds *docSections) phrases(terms []string, an *analyzer, weight func(stem string) float64) []phrase {
	wordWeight := func(t string) float64 {
		w := 0.0
		for _, st := range an.terms(t) {
			switch {
			case ds.title[st]:
			case weight == nil:
				w++
			default:
				w += weight(st)
			}
		}
		return w
	}
	var out []phrase
	add := func(joined string, w float64) {
		if strings.IndexFunc(joined, unicode.IsLetter) < 0 || w == 0 {
			return
		}
		if i := slices.IndexFunc(out, func(p phrase) bool { return p.joined == joined }); i >= 0 {
			out[i].weight = max(out[i].weight, w)
			return
		}
		out = append(out, phrase{joined, w})
	}
	for i, t := range terms {
		add(joinedWord(t), wordWeight(t))
		if i+1 < len(terms) {
			add(joinedWord(t)+joinedWord(terms[i+1]), wordWeight(t)+wordWeight(terms[i+1]))
		}
	}
	return out
}

// phraseScore is what the phrases section i writes weigh, headingWeight
// times more in its heading.
func (ds *docSections) phraseScore(i int, phrases []phrase) float64 {
	score := 0.0
	for _, p := range phrases {
		if ds.headCompounds[i][p.joined] {
			score += headingWeight * p.weight
		}
		if ds.bodyCompounds[i][p.joined] {
			score += p.weight
		}
	}
	return score
}

// joinedWord is t without the characters that join an identifier's words
// ("max_connections" → maxconnections).
func joinedWord(t string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r == '-' || r == '.' {
			return -1
		}
		return unicode.ToLower(r)
	}, t)
}

// identParts are the words of each identifier of text (two or more, split
// at "_", "-" and a lower-to-upper case change, lower-cased); capitalised
// words are split at a case change only when capitalised is set (names
// such as PostgreSQL or JavaScript are no keys where words are read).
func identParts(text string, capitalised bool) [][]string {
	var out [][]string
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' }) {
		var parts []string
		start := 0
		rs := []rune(w)
		for i := 1; i <= len(rs); i++ {
			if i == len(rs) || rs[i] == '_' || rs[i] == '-' || (capitalised || unicode.IsLower(rs[0])) && unicode.IsUpper(rs[i]) && unicode.IsLower(rs[i-1]) {
				if p := strings.Trim(string(rs[start:i]), "_-"); p != "" {
					parts = append(parts, strings.ToLower(p))
				}
				start = i
			}
		}
		if len(parts) >= 2 {
			out = append(out, parts)
		}
	}
	return out
}

// identWords are the words of text's identifiers, one identifier a line
// ("DB_PASSWORD: ${db_password}" → "db password", "minRam" → "min ram"):
// the analyzer keeps such an identifier one token, so a question's
// "password" would not find the section that writes it. Only sections are
// read so; in the ranking's content the snake_case parts would pull
// documents by every env name they quote (measured: 538 against 543
// held-apart answers), so the index reads camelWords alone.
func identWords(text string) string {
	var b strings.Builder
	for _, p := range identParts(text, false) {
		b.WriteString(strings.Join(p, " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// dottedWord is a zerops.yml key written with the section it belongs to
// (run.prepareCommands, build.envVariables): one word to the segmenter.
// File names (import.yml, next.config.js) are not keys.
var dottedWord = regexp.MustCompile(`\b(?:run|build|deploy)(?:\.[a-z][A-Za-z0-9]*)+\b`)

// dottedParts are the parts of text's dotted keys, one key a line
// ("run.prepareCommands" → "run prepareCommands"): a section that writes
// the key with its section's prefix answers a question that names the key
// alone. (Read only in sections and passages, as identWords.)
func dottedParts(text string) string {
	var b strings.Builder
	for _, w := range dottedWord.FindAllString(text, -1) {
		b.WriteString(strings.ReplaceAll(w, ".", " "))
		b.WriteByte('\n')
	}
	return b.String()
}

// compounds are the joined words of the identifiers of text, each run of
// two or more of an identifier's words ("deploy-files-missing" →
// deployfiles, filesmissing, deployfilesmissing; "minRam" → minram).
func compounds(text string) map[string]bool {
	out := map[string]bool{}
	for _, parts := range identParts(text, true) {
		for i := range parts {
			for j := i + 2; j <= len(parts); j++ {
				out[strings.Join(parts[i:j], "")] = true
			}
		}
	}
	return out
}

// namesTitle reports whether t is an alias of the title's words ("postgres"
// in the PostgreSQL document): another name for the document's own subject.
func (ds *docSections) namesTitle(t string, an *analyzer) bool {
	for _, a := range aliases[t] {
		for _, st := range an.terms(a) {
			if ds.title[st] {
				return true
			}
		}
	}
	return false
}

// stemSet is the set of text's analysed terms.
func stemSet(an *analyzer, text string) map[string]bool {
	out := map[string]bool{}
	for _, t := range an.terms(text) {
		out[t] = true
	}
	return out
}
