package knowledge

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/registry"
	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/collector"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

// TestSearch_ScoresAsBleve: Index.topN ranks every retrieval question, and
// clauses left without terms (stop words only), with the scores bleve's
// scorch index gives the same documents for bleve's match and disjunction
// queries (the knowledge index was such an index; the binary no longer
// links it).
func TestSearch_ScoresAsBleve(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	ix, err := BuildIndex(docs)
	if err != nil {
		t.Fatal(err)
	}
	ref := newBleveIndex(t, ix)
	qs := [][]match{
		{{fieldTitle, "the of", 2}, {fieldContent, "postgresql backup", 1}}, // a clause that matches nothing
		{{fieldContent, "to", 1}},
		{{fieldKeywords, "build build nodejs", 1.5}}, // a term twice
	}
	for _, c := range loadRetrievalCases(t) {
		e := expandQuery(c.question)
		qs = append(qs, buildQuery(e.original, e.added, e.strong, e.phrased, e.focus))
	}
	compared := 0
	for _, q := range qs {
		got := ix.topN(q, 20)
		want := ref.topN(t, q, 20)
		if len(got) != len(want) {
			t.Fatalf("%v: %d hits, bleve %d", q, len(got), len(want))
		}
		for i := range got {
			// bleve sums a clause of more than 10 terms in heap order:
			// the last bits may differ, so near-equal scores may swap.
			if math.Abs(got[i].Score-want[i].Score) > 1e-12*want[i].Score {
				t.Fatalf("%v hit %d: %s %v, bleve %s %v", q, i, got[i].ID, got[i].Score, want[i].ID, want[i].Score)
			}
			if got[i].ID != want[i].ID && (i+1 == len(got) || got[i+1].ID != want[i].ID) && (i == 0 || got[i-1].ID != want[i].ID) {
				t.Fatalf("%v hit %d: %s, bleve %s", q, i, got[i].ID, want[i].ID)
			}
			compared++
		}
	}
	if compared < 100 {
		t.Fatalf("only %d hits compared", compared)
	}
}

// bleveIndex is the knowledge documents in bleve's scorch index, with the
// BM25 statistics of the corpus (scorch would count distinct terms).
type bleveIndex struct {
	ix    *Index
	si    index.Index
	m     *mapping.IndexMappingImpl
	stats *search.BM25Stats
}

func newBleveIndex(t *testing.T, ix *Index) *bleveIndex {
	t.Helper()
	text := func() *mapping.FieldMapping {
		f := mapping.NewTextFieldMapping()
		f.Analyzer = en.AnalyzerName
		f.Store, f.IncludeInAll, f.IncludeTermVectors, f.DocValues = false, false, false, false
		return f
	}
	dm := mapping.NewDocumentStaticMapping()
	for _, f := range fields {
		dm.AddFieldMappingsAt(f, text())
	}
	m := mapping.NewIndexMapping()
	m.DefaultMapping, m.DefaultAnalyzer, m.ScoringModel = dm, en.AnalyzerName, index.BM25Scoring
	q := index.NewAnalysisQueue(4)
	t.Cleanup(q.Close)
	si, err := scorch.NewScorch(scorch.Name, map[string]any{"path": ""}, q)
	if err != nil {
		t.Fatal(err)
	}
	if err := si.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = si.Close() })
	batch := index.NewBatch()
	for _, d := range ix.docs {
		bd := document.NewDocument(d.URI)
		in := d.indexed()
		if err := m.MapDocument(bd, map[string]any{fieldTitle: in.Title, fieldKeywords: in.Keywords, fieldContent: in.Content}); err != nil {
			t.Fatal(err)
		}
		batch.Update(bd)
	}
	if err := si.Batch(batch); err != nil {
		t.Fatal(err)
	}
	stats := &search.BM25Stats{DocCount: float64(len(ix.docs)), FieldCardinality: map[string]int{}}
	for f, name := range fields {
		stats.FieldCardinality[name] = ix.post.fields[f].tokens
	}
	return &bleveIndex{ix: ix, si: si, m: m, stats: stats}
}

// topN is q's best n hits by bleve's searchers over its scorch index.
func (b *bleveIndex) topN(t *testing.T, q []match, n int) []scored {
	t.Helper()
	r, err := b.si.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = r.Close() }()
	ctx := context.WithValue(context.Background(), search.BM25StatsKey, b.stats)
	ctx = context.WithValue(ctx, search.GetScoringModelCallbackKey,
		search.GetScoringModelCallbackFn(func() string { return index.BM25Scoring }))
	s, err := b.query(q).Searcher(ctx, r, b.m, search.SearcherOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = s.Close() }()
	c := collector.NewTopNCollector(n, 0, search.SortOrder{&search.SortScore{Desc: true}, &search.SortDocID{}})
	if err := c.Collect(ctx, s, r); err != nil {
		t.Fatal(err)
	}
	var out []scored
	for _, h := range c.Results() {
		out = append(out, scored{ID: h.ID, Score: h.Score})
	}
	return out
}

// query is q as bleve's query package expresses it: a match query per
// clause, or, where title and keyword terms weigh by their specificity, the
// disjunction of term queries a match query would make, each with its boost.
func (b *bleveIndex) query(q []match) query.Query {
	ds := make([]query.Query, len(q))
	for i, m := range q {
		tokens := b.ix.analyzer.terms(m.text)
		if m.field == fieldContent || len(tokens) == 0 {
			mq := query.NewMatchQuery(m.text)
			mq.SetField(m.field)
			mq.SetBoost(m.boost)
			ds[i] = mq
			continue
		}
		tqs := make([]query.Query, len(tokens))
		for j, t := range tokens {
			tq := query.NewTermQuery(t)
			tq.SetField(m.field)
			tq.SetBoost(m.boost * b.ix.specificity(t))
			tqs[j] = tq
		}
		dq := query.NewDisjunctionQuery(tqs)
		dq.SetMin(1)
		ds[i] = dq
	}
	return query.NewDisjunctionQuery(ds)
}

// TestAnalyzer_AsBleve: the analyzer makes the terms bleve's English
// analyzer makes, for every field of every document and for text of every
// kind (possessives, apostrophes, Greek capitals, CJK, numbers, broken
// UTF-8), and the index pack carries bleve's stop words.
func TestAnalyzer_AsBleve(t *testing.T) {
	t.Parallel()
	ref, err := registry.NewCache().AnalyzerNamed(en.AnalyzerName)
	if err != nil {
		t.Fatal(err)
	}
	tm := analysis.NewTokenMap()
	if err := tm.LoadBytes(en.EnglishStopWords); err != nil {
		t.Fatal(err)
	}
	stop, err := embeddedStopWords()
	if err != nil {
		t.Fatal(err)
	}
	if len(stop) != len(tm) {
		t.Fatalf("the pack carries %d stop words, bleve lists %d: run `go generate ./knowledge`", len(stop), len(tm))
	}
	for _, w := range stop {
		if _, ok := tm[w]; !ok {
			t.Fatalf("stop word %q is not bleve's: run `go generate ./knowledge`", w)
		}
	}
	an := newAnalyzer(stop)
	texts := []string{"Zerops's node’s APP＇S it's OΔΥΣΣΕΥΣ ΣΑΣ Ⱥȿ Σ", "東京 タワー 123 4.5 v2 node@22", "bad \xff\xfe utf8 CAPS", ""}
	for _, c := range loadRetrievalCases(t) {
		texts = append(texts, c.question)
	}
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		in := d.indexed()
		texts = append(texts, in.Title, in.Keywords, in.Content)
	}
	for _, text := range texts {
		var want []string
		for _, tk := range ref.Analyze([]byte(text)) {
			want = append(want, string(tk.Term))
		}
		if got := an.terms(text); !slices.Equal(got, want) {
			t.Fatalf("%q: terms %q, bleve %q", strings.TrimSpace(text[:min(80, len(text))]), got, want)
		}
	}
}
