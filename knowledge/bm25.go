package knowledge

import (
	"math"
	"slices"
	"sort"
	"strings"
)

// BM25's parameters (bleve's: the term frequency's saturation and the
// weight of a field's length).
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// scored is one ranked document.
type scored struct {
	ID    string // the document's URI
	Score float64
}

// termClause is one analysed term of a clause, with what scoring it needs.
type termClause struct {
	postings []posting
	field    *fieldPostings
	idf      float64
	boost    float64
	weight   float64 // boost × idf × the query norm, set once every term is known
	avgLen   float64
}

// topN ranks the documents q matches and returns the best n, by BM25 score
// then URI. It computes what bleve's term and disjunction searchers compute
// for the same clauses (TestSearch_ScoresAsBleve holds it to bleve's
// figures): each term scores idf × tf·k1 / (tf + k1·(1 − b + b·len/avgLen))
// with tf = √freq, weighed by boost × idf × the query norm (1/√Σ(boost ×
// idf)² over every term of the query); a clause scores the sum of its
// matching terms times the share of its terms that match, and the query the
// sum of its matching clauses times the share of clauses that match. A
// clause with no terms matches nothing but still counts in that share.
func (ix *Index) topN(q []match, n int) []scored {
	p := ix.post
	clauses := make([][]termClause, len(q))
	sumSquares := 0.0
	for i, m := range q {
		f := fieldIndex(m.field)
		if f < 0 {
			continue
		}
		fp := &p.fields[f]
		avgLen := math.Ceil(float64(fp.tokens) / float64(p.docs))
		clauseSquares := 0.0
		for _, t := range ix.analyzer.terms(m.text) {
			boost := m.boost
			if m.field != fieldContent {
				boost *= ix.specificity(t)
			}
			ps := fp.terms[t]
			df := float64(len(ps))
			tc := termClause{postings: ps, field: fp, boost: boost, avgLen: avgLen,
				idf: math.Log(1 + (float64(p.docs)-df+0.5)/(df+0.5))}
			w := tc.boost * tc.idf
			clauseSquares += w * w
			clauses[i] = append(clauses[i], tc)
		}
		sumSquares += clauseSquares
	}
	queryNorm := 1 / math.Sqrt(sumSquares)
	scores := make([]float64, p.docs)
	matched := make([]int, p.docs)
	clauseScore := make([]float64, p.docs)
	clauseMatched := make([]int, p.docs)
	for _, terms := range clauses {
		clear(clauseScore)
		clear(clauseMatched)
		for i := range terms {
			tc := &terms[i]
			tc.weight = tc.boost * tc.idf * queryNorm
			for _, ps := range tc.postings {
				clauseScore[ps.doc] += tc.score(ps)
				clauseMatched[ps.doc]++
			}
		}
		for d, c := range clauseMatched {
			if c > 0 {
				scores[d] += clauseScore[d] * (float64(c) / float64(len(terms)))
				matched[d]++
			}
		}
	}
	var out []scored
	for d, c := range matched {
		if c > 0 {
			out = append(out, scored{ID: ix.docs[d].URI, Score: scores[d] * (float64(c) / float64(len(q)))})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Score != out[j].Score {
			return out[i].Score > out[j].Score
		}
		return out[i].ID < out[j].ID
	})
	return out[:min(n, len(out))]
}

// score is the term's BM25 score in one document.
func (tc *termClause) score(ps posting) float64 {
	tf := math.Sqrt(float64(ps.freq))
	nm := norm(tc.field.lens[ps.doc])
	fieldLen := 1 / (nm * nm)
	s := tc.idf * (tf * bm25K1) / (tf + bm25K1*(1-bm25B+(bm25B*fieldLen/tc.avgLen)))
	if tc.weight != 1 {
		s *= tc.weight
	}
	return s
}

// specificity is how little of the corpus's content uses term: 1 for a term
// no document body uses, falling towards 0 for one every body uses.
func (ix *Index) specificity(term string) float64 {
	df := float64(len(ix.post.fields[fieldIndex(fieldContent)].terms[term]))
	return 1 - df/float64(ix.post.docs)
}

// contentIDF is term's inverse document frequency in the corpus's content,
// as BM25 weighs it: a word few documents use counts more.
func (ix *Index) contentIDF(term string) float64 {
	df := float64(len(ix.post.fields[fieldIndex(fieldContent)].terms[term]))
	return math.Log(1 + (float64(ix.post.docs)-df+0.5)/(df+0.5))
}

// sectionScores scores every section of the corpus (its text and the asks
// filed under its heading) as BM25 scores a document, over the content
// clauses of q with their boosts, each term once.
func (ix *Index) sectionScores(q []match) []float64 {
	p := ix.post
	sec := &p.sections
	units := float64(len(p.secDoc))
	avgLen := float64(sec.tokens) / units
	secScore := make([]float64, len(p.secDoc))
	seen := map[string]bool{}
	for _, m := range q {
		if m.field != fieldContent {
			continue
		}
		for _, t := range ix.analyzer.terms(m.text) {
			if seen[t] {
				continue
			}
			seen[t] = true
			ps := sec.terms[t]
			df := float64(len(ps))
			tc := termClause{field: sec, boost: m.boost, avgLen: avgLen, weight: m.boost,
				idf: math.Log(1 + (units-df+0.5)/(df+0.5))}
			for _, ps := range ps {
				secScore[ps.doc] += tc.score(ps)
			}
		}
	}
	return secScore
}

// withSections adds to each hit's score its best section's (secScore, from
// sectionScores), scaled so the best section of all adds sectionBoost × the
// top hit's score, and re-sorts: a question whose answer is one section of
// a broad document ("ssh into the running container") lifts that document
// over one that uses the same words scattered.
func (ix *Index) withSections(hits []scored, secScore []float64) []scored {
	if len(hits) == 0 {
		return hits
	}
	p := ix.post
	best := make([]float64, p.docs)
	bestAll := 0.0
	for s, sc := range secScore {
		d := p.secDoc[s]
		best[d] = max(best[d], sc)
		bestAll = max(bestAll, sc)
	}
	if bestAll == 0 {
		return hits
	}
	scale := sectionBoost * hits[0].Score / bestAll
	for i, h := range hits {
		hits[i].Score += scale * best[ix.position(h.ID)]
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].Score > hits[j].Score })
	return hits
}

// bestHeading is the heading of the section of uri (cut into secs, the
// top document's prepared sections) that secScore scores best, "" when
// none scores or the best is the opening (shown anyway). Sections are
// posted in document order without "See also", as splitSections cuts them.
func (ix *Index) bestHeading(uri string, secs []section, secScore []float64) string {
	pos := uint32(ix.position(uri))
	first, _ := slices.BinarySearch(ix.post.secDoc, pos)
	best, bestScore := -1, 0.0
	for s := first; s < len(secScore) && ix.post.secDoc[s] == pos; s++ {
		if secScore[s] > bestScore {
			best, bestScore = s-first, secScore[s]
		}
	}
	if best < 0 {
		return ""
	}
	k := 0
	for _, s := range secs {
		if strings.EqualFold(s.heading, "See also") {
			continue
		}
		if k == best {
			return s.heading
		}
		k++
	}
	return ""
}

// position is the index in ix.docs of the document with uri (sorted by URI).
func (ix *Index) position(uri string) int {
	i, _ := slices.BinarySearchFunc(ix.docs, uri, func(d Document, uri string) int { return strings.Compare(d.URI, uri) })
	return i
}
