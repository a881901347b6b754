package knowledge

import (
	"context"
	"math"
	"testing"

	"github.com/blevesearch/bleve/v2/search"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"
)

// TestSearcher_AsBleveQueries: the searchers Index.searcher builds rank
// every retrieval question, and clauses left without terms (stop words
// only), exactly as bleve's match and disjunction queries would.
func TestSearcher_AsBleveQueries(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	ix, err := BuildIndex(docs)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = ix.Close() }()
	qs := [][]match{
		{{fieldTitle, "the of", 2}, {fieldContent, "postgresql backup", 1}}, // a clause that matches nothing
		{{fieldContent, "to", 1}},
	}
	for _, c := range loadRetrievalCases(t) {
		e := expandQuery(c.question)
		qs = append(qs, buildQuery(e.original, e.added, e.strong, e.focus))
	}
	for _, q := range qs {
		got, err := ix.topN(q, 20)
		if err != nil {
			t.Fatalf("%v: %v", q, err)
		}
		want, err := ix.collect(20, func(ctx context.Context, r index.IndexReader) (search.Searcher, error) {
			bq, err := ix.bleveQuery(ctx, r, q)
			if err != nil {
				return nil, err
			}
			return bq.Searcher(ctx, r, ix.mapping, search.SearcherOptions{})
		})
		if err != nil {
			t.Fatalf("%v: %v", q, err)
		}
		if len(got) != len(want) {
			t.Fatalf("%v: %d hits, bleve's query %d", q, len(got), len(want))
		}
		for i := range got {
			if got[i].ID != want[i].ID || math.Abs(got[i].Score-want[i].Score) > 1e-12 {
				t.Fatalf("%v hit %d: %s %v, bleve's query %s %v", q, i, got[i].ID, got[i].Score, want[i].ID, want[i].Score)
			}
		}
	}
}

// bleveQuery is q as bleve's query package expresses it: a match query per
// clause, or, where title and keyword terms weigh by their specificity, the
// disjunction of term queries a match query would make, each with its boost.
func (ix *Index) bleveQuery(ctx context.Context, r index.IndexReader, q []match) (query.Query, error) {
	ds := make([]query.Query, len(q))
	for i, m := range q {
		tokens := ix.analyzer.Analyze([]byte(m.text))
		if m.field == fieldContent || len(tokens) == 0 {
			mq := query.NewMatchQuery(m.text)
			mq.SetField(m.field)
			mq.SetBoost(m.boost)
			ds[i] = mq
			continue
		}
		tqs := make([]query.Query, len(tokens))
		for j, t := range tokens {
			f, err := ix.specificity(ctx, r, t.Term)
			if err != nil {
				return nil, err
			}
			tq := query.NewTermQuery(string(t.Term))
			tq.SetField(m.field)
			tq.SetBoost(m.boost * f)
			tqs[j] = tq
		}
		dq := query.NewDisjunctionQuery(tqs)
		dq.SetMin(1)
		ds[i] = dq
	}
	return query.NewDisjunctionQuery(ds), nil
}
