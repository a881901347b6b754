package knowledge

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
	"github.com/zeropsio/zcp/platform/editdist"
)

// Search limits.
const (
	DefaultSearchLimit = 5
	MaxSearchLimit     = 20
	maxQueryRunes      = 500  // longer queries are truncated
	maxQueryTerms      = 40   // terms beyond this are dropped
	expandedBoost      = 0.25 // added alias terms weigh a quarter: they widen recall without outranking what was typed (0.5 let "postgres" → postgresql outweigh the question's other words)
	phraseBoost        = 0.5  // the terms a phrase stands for ("too many clients" → pgbouncer) weigh half: a phrase says more than one word
	focusBoost         = 2.0  // a managed service the query names: its own document leads ("connect flask to valkey")
	fileBoost          = 0.3  // a config file the query names (import.yml): its reference documents gain a little
	symptomBoost       = 1.5  // what an error signature means (137 → oom, memory) outweighs the words around it
	contextBoost       = 0.3  // the words of a clause that says what works ("curl works from my laptop") are context
	genericBoost       = 0.1  // generic words (container, service, app) in a title or keyword barely count
	titleCover         = 2.0  // a document whose whole title the query names ("single … to HA": HA vs single container)
	sectionBoost       = 0.8  // the best-matching section of all adds this share of the top score: an answer in one section of a broad document counts (with every document's asks: 0.3 1604, 0.6 1611, 0.8 1613, 1.0 1608 of 1770 tuned)
	identBoost         = 1.0  // a config key or tool name typed as spelled (prepareCommands, zerops_env) that a document lists as a keyword
)

// ErrEmptyQuery is returned by Search for a query with nothing to search
// (empty, whitespace, or no valid UTF-8). It is an INVALID_PARAMETER
// platform error, so callers can pass it on as it is.
var ErrEmptyQuery error = platform.NewError(platform.ErrInvalidParameter,
	"knowledge search: query is empty",
	"Pass a few words, e.g. query=\"connect nodejs to postgresql\".")

// popularTopics are offered when a query matches nothing.
var popularTopics = []string{
	"zerops://docs/platform/overview",
	"zerops://docs/config/zerops-yml-structure",
	"zerops://docs/config/import-yml-structure",
	"zerops://docs/env/cross-service-references",
	"zerops://docs/pitfalls/common-mistakes",
	"zerops://docs/operations/troubleshoot-502",
}

// Search ranks documents for a plain-text query. The query is never parsed as
// bleve query syntax: it is tokenised, expanded with aliases and matched
// against title, keywords and content. limit ≤ 0 means DefaultSearchLimit;
// it is capped at MaxSearchLimit. TopContent holds the top document's
// sections the query is about (TopOmitted names the rest); SearchFull
// answers the whole document.
func (ix *Index) Search(q string, limit int) (*SearchResult, error) {
	return ix.search(q, limit, false)
}

// SearchFull is Search with the top document whole in TopContent.
func (ix *Index) SearchFull(q string, limit int) (*SearchResult, error) {
	return ix.search(q, limit, true)
}

func (ix *Index) search(q string, limit int, full bool) (*SearchResult, error) {
	q = cleanQuery(q)
	if q == "" {
		return nil, ErrEmptyQuery
	}
	if limit <= 0 {
		limit = DefaultSearchLimit
	}
	limit = min(limit, MaxSearchLimit)

	typed := q
	q, typoNotes := ix.correctTypos(q)
	topic, context := splitContext(q)
	topic = quantityAsked.ReplaceAllString(topic, "how")
	exp := expandQuery(topic)
	res := &SearchResult{Query: typed, Hits: []Hit{}, Notes: exp.notes}
	if context != "" {
		res.Notes = expandQuery(q).notes // a service Zerops lacks is worth a note wherever it is named
	}
	res.Notes = append(typoNotes, res.Notes...)
	if len(exp.added) > 0 {
		res.ExpandedQuery = strings.Join(exp.terms, " ")
	}
	original, contentOnly := ix.nameCollisions(withoutFiller(exp.original))
	var topics map[string]bool
	if len(exp.focus) > 0 {
		if topics = ix.topicsNamed(original); len(topics) > 0 {
			exp.focus = nil // the service is the context of the topic the question names
		}
	}
	ix.dropParticipants(original, &exp)
	bq := buildQuery(original, exp.added, exp.strong, exp.phrased, exp.focus)
	if len(contentOnly) > 0 {
		bq = append(bq, match{fieldContent, strings.Join(contentOnly, " "), boostContent})
	}
	if ctx := append(contextTerms(context, exp), exp.place...); len(bq) > 0 && len(ctx) > 0 {
		for _, f := range []struct {
			name  string
			boost float64
		}{{fieldTitle, boostTitle}, {fieldKeywords, boostKeywords}, {fieldContent, boostContent}} {
			bq = append(bq, match{f.name, strings.Join(ctx, " "), f.boost * contextBoost})
		}
	}
	if len(bq) > 0 && len(exp.files) > 0 {
		// A config file the query names: the documents titled by it lead, gently.
		bq = append(bq, match{fieldTitle, strings.Join(exp.files, " "), boostTitle * fileBoost})
	}
	if ids := ix.identifiers(topic); len(bq) > 0 && len(ids) > 0 {
		// A key or tool spelled as the config or the tools spell it names
		// the documents that list it, above the service or runtime it is
		// used with ("prepareCommands vs buildCommands … npm ci").
		bq = append(bq, match{fieldKeywords, strings.Join(ids, " "), boostKeywords * identBoost})
	}
	if len(bq) == 0 {
		res.Suggestions = ix.suggest(exp.terms)
		return res, nil
	}
	secScore := ix.sectionScores(bq)
	hits := ix.quoted(ix.coverTitles(ix.withSections(ix.topN(bq, len(ix.docs)), secScore), original, topics), typed)
	signal := ix.routeDiagnosis(hits, typed)
	hits = hits[:min(limit, len(hits))]
	snippetTerms := [][]string{ix.contentTerms(original), ix.contentTerms(exp.added)}
	for _, h := range hits {
		e, ok := ix.byURI[h.ID]
		if !ok {
			continue
		}
		d := e.doc
		res.Hits = append(res.Hits, Hit{
			URI:         d.URI,
			Title:       d.Title,
			Description: d.Description,
			Score:       h.Score,
			Snippet:     e.snippetText().cut(snippetTerms, snippetRunes),
		})
	}
	if len(res.Hits) == 0 {
		res.Suggestions = ix.suggest(exp.terms)
		return res, nil
	}
	top := ix.byURI[res.Hits[0].URI]
	if full {
		res.TopContent = top.doc.Content
		return res, nil
	}
	ds := top.sections(ix.analyzer)
	if ds == nil {
		res.TopContent = top.doc.Content
		return res, nil
	}
	terms := append(append([]string(nil), snippetTerms[0]...), ix.contentTerms(exp.strong)...)
	// The section the section index scores best (its words and the asks
	// filed under it) leads; the diagnosis's own section answers a pasted
	// line before it. Measured over the first runs of batches 29–42 at the
	// code they first ran on: 670 of 840 answers shown against 663.
	lead := ix.bestHeading(top.doc.URI, ds.secs, secScore)
	if signal != "" && diagnose.DocOf(signal) == top.doc.URI {
		lead = signal
	}
	res.TopContent, res.TopOmitted = ds.relevant(lead, terms, exp.added, ix.analyzer, ix.contentIDF)
	return res, nil
}

// minNamingSpecificity: a title word used by two thirds of the documents
// or more names none of them.
const minNamingSpecificity = 1.0 / 3

// coverTitles multiplies by titleCover the score of each document whose
// title's specific words (two or more) the query typed all ("from single
// to HA" → "HA vs single container"), and re-sorts: a question that names
// a document's whole subject is about that document, more than about the
// service or runtime it mentions. A config reference is filed under its
// file's name, which agents seldom type: its title's other words name it
// when two or more are left and none is used by two thirds of the
// documents or more ("cache between builds" → "zerops.yml build cache";
// "env variables" names no one document).
func (ix *Index) coverTitles(hits []scored, typed []string, topics map[string]bool) []scored {
	ix.titleTerms()
	stems := ix.stems(typed)
	for i, h := range hits {
		title := ix.naming[h.ID]
		if topics[h.ID] || len(title) >= 2 && !slices.ContainsFunc(title, func(st string) bool { return !stems[st] }) {
			hits[i].Score *= titleCover
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].Score > hits[j].Score })
	return hits
}

// titleTerms maps each document's URI to its title's specific terms (and
// prepares ix.naming: the terms that name it, see coverTitles).
func (ix *Index) titleTerms() map[string][]string {
	ix.titleOnce.Do(func() {
		ix.titles = make(map[string][]string, len(ix.docs))
		ix.naming = make(map[string][]string, len(ix.docs))
		for _, d := range ix.docs {
			specific, _ := splitGeneric(ix.analyzer.terms(d.Title))
			ix.titles[d.URI] = specific
			ix.naming[d.URI] = specific
			if rest := slices.DeleteFunc(slices.Clone(specific), func(t string) bool { return slices.Contains(configFiles, t) }); len(rest) >= 2 &&
				!slices.ContainsFunc(rest, func(t string) bool { return ix.specificity(t) < minNamingSpecificity }) {
				ix.naming[d.URI] = rest
			}
		}
	})
	return ix.titles
}

// stems is the set of the analysed terms of typed.
func (ix *Index) stems(typed []string) map[string]bool {
	out := map[string]bool{}
	for _, t := range typed {
		for _, st := range ix.analyzer.terms(t) {
			out[st] = true
		}
	}
	return out
}

// topicsNamed are the topic documents (outside the named folders: an
// operation, a setting, a network feature) whose title's specific terms
// typed all names ("Backups", "Logs", "zerops.yml build cache"). A managed
// service named in the same question is the context of that topic
// ("restore a postgres backup"), not its subject. (Setting the config file
// aside would make "zerops.yml ports" a topic of every "valkey port"
// question: a service's attribute, not an operation on it.)
func (ix *Index) topicsNamed(typed []string) map[string]bool {
	stems := ix.stems(typed)
	out := map[string]bool{}
	for uri, title := range ix.titleTerms() {
		rest := strings.TrimPrefix(uri, URIPrefix)
		if len(title) == 0 || slices.ContainsFunc(namedFolders, func(f string) bool { return strings.HasPrefix(rest, f) }) {
			continue
		}
		if !slices.ContainsFunc(title, func(st string) bool { return !stems[st] }) {
			out[uri] = true
		}
	}
	return out
}

// match is a query clause: any of the analysed terms of text in field, each
// weighed by boost (bleve's MatchQuery with the "or" operator); in titles
// and keywords a term weighs by its specificity too, so a word most
// documents use ("build", "run") cannot carry a title match past rarer
// words of the question.
type match struct {
	field, text string
	boost       float64
}

// identifierWord is a word spelled as a config key or a tool name: camelCase
// (prepareCommands, minRam) or lower-case words joined by "_" or "."
// (zerops_env, run.start).
var identifierWord = regexp.MustCompile(`\b(?:[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[a-z][a-z0-9]*(?:[_.][a-z][a-z0-9]*)+)\b`)

// identifiers are the identifier words of q (outside ${…} literals) that
// some document lists as a keyword; config files (import.yml) weigh by
// fileBoost instead.
func (ix *Index) identifiers(q string) []string {
	kw := ix.post.fields[fieldIndex(fieldKeywords)].terms
	var out []string
	for _, w := range identifierWord.FindAllString(refLiteral.ReplaceAllString(q, " "), maxQueryTerms) {
		if strings.HasSuffix(w, ".yml") || strings.HasSuffix(w, ".yaml") {
			continue // a config file weighs by fileBoost
		}
		for _, t := range ix.analyzer.terms(w) {
			if len(kw[t]) > 0 && !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// contentTerms drops the terms the analyzer discards (stop words such as
// "how", "to"), so snippets centre on words that matched.
func (ix *Index) contentTerms(terms []string) []string {
	out := make([]string, 0, len(terms))
	for _, t := range terms {
		if len(ix.analyzer.terms(t)) > 0 {
			out = append(out, t)
		}
	}
	return out
}

// fineWords say that a clause of the question tells what works ("curl works
// from my laptop", "it built fine"): the clause is context, the other one
// the topic.
var fineWords = map[string]bool{"works": true, "worked": true, "working": true, "fine": true}

// splitContext cuts q at "but" into the clauses it contrasts; a clause
// that says what works is context (weighed low, without aliases), the rest
// the topic. A query without such a clause is all topic.
func splitContext(q string) (topic, context string) {
	words := strings.Fields(q)
	var clauses [][]string
	start := 0
	for i, w := range words {
		if strings.EqualFold(strings.Trim(w, ",.;"), "but") {
			clauses = append(clauses, words[start:i])
			start = i + 1
		}
	}
	clauses = append(clauses, words[start:])
	if len(clauses) < 2 {
		return q, ""
	}
	var t, c []string
	for _, cl := range clauses {
		fine := false
		for _, tok := range tokenize(strings.Join(cl, " ")) {
			fine = fine || fineWords[tok]
		}
		if fine {
			c = append(c, cl...)
		} else {
			t = append(t, cl...)
		}
	}
	if len(t) == 0 || len(c) == 0 {
		return q, ""
	}
	return strings.Join(t, " "), strings.Join(c, " ")
}

// contextTerms are the words of the context clause the topic does not have.
func contextTerms(context string, exp expansion) []string {
	var out []string
	for _, t := range withoutFiller(tokenize(context)) {
		t = strings.Trim(t, "-.@_")
		if t != "" && !exp.seen[t] && !fineWords[t] && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// cleanQuery makes any input safe to tokenise: valid UTF-8, bounded length,
// trimmed. A browser's network error keeps its code and loses its
// namespace: "net::ERR_CERT_COMMON_NAME_INVALID" is about a certificate,
// and "net" alone names .NET.
func cleanQuery(q string) string {
	q = strings.ToValidUTF8(q, " ")
	q = truncateRunes(q, maxQueryRunes)
	q = browserNetError.ReplaceAllString(q, "$1")
	return strings.TrimSpace(q)
}

// browserNetError is the namespace Chromium prints before a network error
// code (net::ERR_NAME_NOT_RESOLVED).
var browserNetError = regexp.MustCompile(`(?i)\bnet::(err_)`)

// buildQuery matches typed and added terms against every field with the
// field's boost, and the focus terms (managed services the query names)
// against titles once more, so a service's own document outranks runtime and
// framework documents that merely mention it. Terms are analysed by the field
// analyzer, so any character is harmless. It returns nil when there is
// nothing to match.
func buildQuery(original, added, strong, phrased, focus []string) []match {
	if len(original) > maxQueryTerms {
		original = original[:maxQueryTerms]
	}
	if len(added) > maxQueryTerms {
		added = added[:maxQueryTerms]
	}
	var q []match
	group := func(terms []string, factor float64) {
		specific, broad := splitGeneric(terms)
		if len(specific) == 0 {
			specific, broad = broad, nil // "what is zerops": the generic words are all there is
		}
		if len(specific) > 0 {
			text := strings.Join(specific, " ")
			q = append(q, match{fieldTitle, text, boostTitle * factor}, match{fieldKeywords, text, boostKeywords * factor},
				match{fieldContent, text, boostContent * factor})
		}
		if len(broad) > 0 {
			text := strings.Join(broad, " ")
			q = append(q, match{fieldTitle, text, boostTitle * factor * genericBoost}, match{fieldKeywords, text, boostKeywords * factor * genericBoost},
				match{fieldContent, text, boostContent * factor})
		}
	}
	var weak, phrase []string
	for _, t := range added {
		switch {
		case slices.Contains(strong, t):
		case slices.Contains(phrased, t):
			phrase = append(phrase, t)
		default:
			weak = append(weak, t)
		}
	}
	group(original, 1)
	group(strong, symptomBoost)
	group(phrase, phraseBoost)
	group(weak, expandedBoost)
	if len(q) > 0 && len(focus) > 0 {
		q = append(q, match{fieldTitle, strings.Join(focus, " "), boostTitle * focusBoost})
	}
	return q
}

// genericTerms name what every Zerops document is about (containers,
// services, apps): in a question they say little about which document
// answers it, so a title or keyword that contains one gains little (genericBoost) ("a container exits with 137" is
// not about the Containers document).
//
// Words that carry no topic of their own ("url", "git", "read", "file",
// "extension", "works") are generic too: many documents mention them in
// passing, so in a title or keyword they would pull a wrong document.
var genericTerms = map[string]bool{"container": true, "containers": true, "service": true, "services": true,
	"app": true, "apps": true, "application": true, "applications": true, "zerops": true,
	"git": true, "read": true, "file": true, "files": true,
	"extension": true, "extensions": true, "work": true, "works": true, "working": true,
	"use": true, "using": true, "way": true}

// splitGeneric separates generic terms from the specific ones.
func splitGeneric(terms []string) (specific, generic []string) {
	for _, t := range terms {
		if genericTerms[t] {
			generic = append(generic, t)
		} else {
			specific = append(specific, t)
		}
	}
	return specific, generic
}

// suggest offers documents whose title or keywords resemble the query terms
// (edit distance), else popular topics. Each suggestion is "Title (URI)".
func (ix *Index) suggest(terms []string) []string {
	type cand struct {
		doc   Document
		score int
	}
	var cands []cand
	for _, d := range ix.docs {
		words := tokenize(d.Title + " " + strings.Join(d.Keywords, " "))
		best := 0
		for _, t := range terms {
			if utf8.RuneCountInString(t) < 3 {
				continue
			}
			for _, w := range words {
				if s := similarity(t, w); s > best {
					best = s
				}
			}
		}
		if best > 0 {
			cands = append(cands, cand{d, best})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	var out []string
	for _, c := range cands {
		if len(out) == 5 {
			break
		}
		out = append(out, c.doc.Title+" ("+c.doc.URI+")")
	}
	if len(out) > 0 {
		return out
	}
	for _, uri := range popularTopics {
		if e, ok := ix.byURI[uri]; ok {
			out = append(out, e.doc.Title+" ("+e.doc.URI+")")
		}
	}
	if len(out) == 0 {
		for _, d := range ix.docs {
			if len(out) == 5 {
				break
			}
			out = append(out, d.Title+" ("+d.URI+")")
		}
	}
	return out
}

// similarity scores how alike a typed term and a word are: 3 for a shared
// prefix of 4+ runes, 2 for edit distance 1, 1 for edit distance 2 (words of
// 5+ runes), else 0; the distance is editdist.SwapDistanceWithin's (a swap of neighbouring
// letters is one edit), as for the typos Search reads.
func similarity(term, word string) int {
	if term == word {
		return 0 // an exact match would have been a hit already
	}
	tr, wr := []rune(term), []rune(word)
	if len(tr) >= 4 && len(wr) >= 4 && string(tr[:4]) == string(wr[:4]) {
		return 3
	}
	d := editdist.SwapDistanceWithin(term, word, 3)
	switch {
	case d == 1:
		return 2
	case d == 2 && len(tr) >= 5:
		return 1
	}
	return 0
}

func sortStrings(s []string) { sort.Strings(s) }

// fillerWords carry no topic in an agent's question ("how do I get …", "I
// still need …", "where do I read …"); the analyzer's stop words miss them,
// and a document that happens to use one in its title or keywords ("after
// last command", "read only") would be pulled up by it. They are dropped
// from the typed terms at query time only (documents keep them), unless
// nothing else is left.
var fillerWords = map[string]bool{"get": true, "make": true, "need": true, "want": true, "still": true,
	"last": true, "read": true, "put": true, "give": true, "just": true, "also": true, "now": true,
	"like": true, "thing": true, "things": true, "anything": true, "something": true, "can": true,
	"will": true, "way": true, "tell": true, "know": true, "try": true, "tried": true, "able": true,
	"please": true, "actually": true, "really": true, "happen": true, "happens": true, "seem": true,
	"seems": true, "set": true, "see": true, "show": true, "look": true, "looks": true, "one": true,
	"right": true}

// withoutFiller drops the filler words of terms; none when they are all
// there is.
func withoutFiller(terms []string) []string {
	out := make([]string, 0, len(terms))
	for _, t := range terms {
		if !fillerWords[t] {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return terms
	}
	return out
}

// minUncovered: a managed service is a participant of a question when
// another document covers this many of its other words that the
// service's own document never uses.
const minUncovered = 2

// dropParticipants finds the managed services the typed terms name only
// as participants of another topic ("postgres ran out of disk space",
// "postgres was created single, can i switch it to HA later"): ranked on
// the question's other words, the leading document covers in one part
// (its title and keywords, or one section) minUncovered or more of them
// that the service's own document never uses, so that document answers
// what the service's cannot. The focus on such services and the aliases
// that name them are dropped: the typed name stays one word of the
// question, no longer its subject.
func (ix *Index) dropParticipants(original []string, exp *expansion) {
	var svc []string // typed terms naming a service, and the services they name
	for _, t := range original {
		if named := servicesNamed(t); len(named) > 0 {
			svc = append(append(svc, t), named...)
		}
	}
	isSvc := func(t string) bool { return slices.Contains(svc, t) }
	rest := slices.DeleteFunc(slices.Clone(original), isSvc)
	if len(svc) == 0 || len(rest) == 0 {
		return
	}
	restAdded := slices.DeleteFunc(slices.Clone(exp.added), isSvc)
	concepts := ix.concepts(rest, restAdded)
	if len(concepts) < minUncovered {
		return
	}
	var other *entry
	for _, h := range ix.topN(buildQuery(rest, restAdded, exp.strong, exp.phrased, nil), 4) {
		if !strings.HasPrefix(h.ID, URIPrefix+"services/") {
			other = ix.byURI[h.ID]
			break
		}
	}
	if other == nil {
		return
	}
	var own []*entry
	for _, t := range svc {
		if e, ok := ix.byURI[URIPrefix+"services/"+t]; ok {
			own = append(own, e)
		}
	}
	uncovered := 0
	for _, c := range other.bestPart(concepts, ix.analyzer) {
		if !slices.ContainsFunc(own, func(e *entry) bool { return e.uses(c, ix.analyzer) }) {
			uncovered++
		}
	}
	if uncovered < minUncovered {
		return
	}
	exp.focus = nil
	exp.added = restAdded
}

// concept is one word of a question in the forms a document may use (its
// analysed terms): the word and its aliases.
type concept []string

// concepts groups the specific typed terms with their aliases; words that
// only say the question asks for a choice ("pick", "vs") carry no topic
// and are left out, and added terms no typed one brought are concepts of
// their own.
func (ix *Index) concepts(typed, added []string) []concept {
	var out []concept
	covered := map[string]bool{}
	specific, _ := splitGeneric(typed)
	for _, t := range specific {
		base, _, _ := strings.Cut(t, "@")
		var c concept
		for _, f := range append(append([]string{t}, aliases[base]...), symptoms[base]...) {
			covered[f] = true
			for _, st := range ix.analyzer.terms(f) {
				if !slices.Contains(c, st) {
					c = append(c, st)
				}
			}
		}
		if len(c) > 0 {
			out = append(out, c)
		}
	}
	for _, t := range added {
		if sts := ix.analyzer.terms(t); !covered[t] && len(sts) > 0 {
			out = append(out, sts)
		}
	}
	return out
}

// termParts are the analysed terms of the document's title and keywords,
// and of each of its sections (of its whole content when it is answered
// whole), prepared on first use.
func (e *entry) termParts(an *analyzer) []map[string]bool {
	e.partsOnce.Do(func() {
		e.parts = append(e.parts, stemSet(an, e.doc.Title+"\n"+strings.Join(e.doc.Keywords, "\n")))
		if ds := e.sections(an); ds != nil {
			e.parts = append(e.parts, ds.bodies...)
		} else {
			e.parts = append(e.parts, stemSet(an, e.doc.Content+"\n"+identWords(e.doc.Content)))
		}
	})
	return e.parts
}

// in reports whether the terms p hold a form of c.
func (c concept) in(p map[string]bool) bool {
	return slices.ContainsFunc(c, func(st string) bool { return p[st] })
}

// uses reports whether some part of the document uses a form of c.
func (e *entry) uses(c concept, an *analyzer) bool {
	return slices.ContainsFunc(e.termParts(an), c.in)
}

// bestPart are the concepts of the part of the document that uses the
// most of them.
func (e *entry) bestPart(concepts []concept, an *analyzer) []concept {
	var best []concept
	for _, p := range e.termParts(an) {
		var in []concept
		for _, c := range concepts {
			if c.in(p) {
				in = append(in, c)
			}
		}
		if len(in) > len(best) {
			best = in
		}
	}
	return best
}

// quantityAsked: in "how many/much/long/often" the second word asks for a
// number and names no topic ("how long can a build take" is about builds).
var quantityAsked = regexp.MustCompile(`(?i)\bhow\s+(many|much|long|often|big|large)\b`)
