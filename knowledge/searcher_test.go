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
			return bleveQuery(q).Searcher(ctx, r, ix.mapping, search.SearcherOptions{})
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

// bleveQuery is q as bleve's query package expresses it.
func bleveQuery(q []match) query.Query {
	ds := make([]query.Query, len(q))
	for i, m := range q {
		mq := query.NewMatchQuery(m.text)
		mq.SetField(m.field)
		mq.SetBoost(m.boost)
		ds[i] = mq
	}
	return query.NewDisjunctionQuery(ds)
}
