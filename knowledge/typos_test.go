package knowledge

import (
	"slices"
	"strings"
	"testing"
)

// TestRetrieval_Typos runs questions whose topic word is misspelt
// (testdata/typos.txt, tuned): each notes how the typo was read, and the
// top result answers at least 90% of them (a typo costs no more than the
// ranking's own misses).
func TestRetrieval_Typos(t *testing.T) {
	t.Parallel()
	cases := loadCases(t, "testdata/typos.txt")
	if len(cases) < 10 {
		t.Fatalf("%d typo questions, want at least 10", len(cases))
	}
	ix := testIndex(t)
	answered := 0
	for _, c := range cases {
		res, err := ix.Search(c.question, 3)
		if err != nil {
			t.Errorf("typos:%d: Search(%q): %v", c.line, c.question, err)
			continue
		}
		top := firstURI(res.Hits)
		d, _ := ix.Get(top)
		switch {
		case !slices.Contains(append([]string{c.want}, c.also...), top):
			t.Logf("typos:%d: MISS: %q → top %s, want %s %v", c.line, c.question, top, c.want, c.also)
		case c.answer != nil && !c.answer.MatchString(d.Content):
			t.Logf("typos:%d: NO ANSWER: %q → top %s lacks /%s/", c.line, c.question, top, c.answer)
		default:
			answered++
		}
		if !slices.ContainsFunc(res.Notes, func(n string) bool { return strings.Contains(n, "read as") }) {
			t.Errorf("typos:%d: %q: no note says how the typo was read: %q", c.line, c.question, res.Notes)
		}
	}
	rate := float64(answered) / float64(len(cases))
	t.Logf("typos: %d questions, top result answers %d = %.3f", len(cases), answered, rate)
	if rate < 0.9 {
		t.Errorf("typos: top result answers %.3f, want ≥ 0.9", rate)
	}
}

// TestCorrectTypos_Rules checks which words are read as another: only a word
// no document uses, close to one the corpus uses; never a word the corpus
// has in any form, a stop word, a number or a name the aliases know.
func TestCorrectTypos_Rules(t *testing.T) {
	t.Parallel()
	ix := testIndex(t)
	tests := []struct {
		query, want string
	}{
		{"postgress backup", "postgres backup"},
		{"Elasticsearh heap", "elasticsearch heap"},
		{"3 instaces", "3 instances"},
		{"envirnoment variables", "environment variables"}, //nolint:misspell // the typo is the test
		{"qdarnt", "qdrant"},
		{"instances of the api", "instances of the api"},             // words the corpus uses stay
		{"scaling 137 oom", "scaling 137 oom"},                       // numbers and known words stay
		{"redis mongo golang", "redis mongo golang"},                 // the aliases' own names stay
		{"the ${db_hostnme} variable", "the ${db_hostnme} variable"}, // a pasted literal is kept as written
		{"xyzzyq", "xyzzyq"},                                         // nothing close: kept
	}
	for _, tt := range tests {
		got, _ := ix.correctTypos(tt.query)
		if !strings.EqualFold(got, tt.want) {
			t.Errorf("correctTypos(%q) = %q, want %q", tt.query, got, tt.want)
		}
	}
}

// testIndex builds the embedded corpus's index.
func testIndex(t *testing.T) *Index {
	t.Helper()
	docs, err := Documents()
	if err != nil {
		t.Fatalf("Documents: %v", err)
	}
	ix, err := BuildIndex(docs)
	if err != nil {
		t.Fatalf("BuildIndex: %v", err)
	}
	return ix
}
