package knowledge

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// retrievalCase is one question and the documents that answer it: want is
// the best answer, also the alternatives that answer it as well (a realistic
// question often has two right documents); a hit on any of them counts.
type retrievalCase struct {
	question, want string
	also           []string
	line           int
}

func loadRetrievalCases(t *testing.T) []retrievalCase {
	t.Helper()
	f, err := os.Open("testdata/retrieval.txt")
	if err != nil {
		t.Fatalf("open retrieval cases: %v", err)
	}
	defer func() { _ = f.Close() }()
	var cases []retrievalCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		q, uris, ok := strings.Cut(line, "|")
		if !ok {
			t.Fatalf("retrieval.txt:%d: want `question | uri[, uri…]`", n)
		}
		var want []string
		for _, u := range strings.Split(uris, ",") {
			want = append(want, strings.TrimSpace(u))
		}
		cases = append(cases, retrievalCase{strings.TrimSpace(q), want[0], want[1:], n})
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read retrieval cases: %v", err)
	}
	return cases
}

// TestRetrieval_Quality runs realistic agent questions against the embedded
// corpus and requires recall@3 ≥ 0.95 and recall@1 ≥ 0.8.
func TestRetrieval_Quality(t *testing.T) {
	t.Parallel()
	cases := loadRetrievalCases(t)
	if len(cases) < 60 {
		t.Fatalf("%d retrieval cases, want at least 60", len(cases))
	}
	docs, err := Documents()
	if err != nil {
		t.Fatalf("Documents: %v", err)
	}
	ix, err := BuildIndex(docs)
	if err != nil {
		t.Fatalf("BuildIndex: %v", err)
	}
	folders := map[string]bool{}
	at1, at3 := 0, 0
	for _, c := range cases {
		folder, _, _ := strings.Cut(strings.TrimPrefix(c.want, URIPrefix), "/")
		folders[folder] = true
		accepted := append([]string{c.want}, c.also...)
		missing := false
		for _, u := range accepted {
			if _, ok := ix.Get(u); !ok {
				t.Errorf("retrieval.txt:%d: expected document %s does not exist", c.line, u)
				missing = true
			}
		}
		if missing {
			continue
		}
		res, err := ix.Search(c.question, 3)
		if err != nil {
			t.Errorf("retrieval.txt:%d: Search(%q): %v", c.line, c.question, err)
			continue
		}
		rank := 0
		var got []string
		for i, h := range res.Hits {
			got = append(got, h.URI)
			if slices.Contains(accepted, h.URI) && rank == 0 {
				rank = i + 1
			}
		}
		switch {
		case rank == 1:
			at1++
			at3++
		case rank > 1:
			at3++
			t.Logf("rank %d: %q → want %s, got %v", rank, c.question, c.want, got)
		default:
			t.Logf("MISS: %q → want %s, got %v", c.question, c.want, got)
		}
	}
	r1 := float64(at1) / float64(len(cases))
	r3 := float64(at3) / float64(len(cases))
	summary := fmt.Sprintf("retrieval: %d questions, %d documents, recall@1 = %.3f, recall@3 = %.3f", len(cases), len(docs), r1, r3)
	t.Log(summary)
	fmt.Println(summary)
	for _, f := range []string{"services", "runtimes", "decisions", "pitfalls", "config", "env", "platform", "networking", "operations"} {
		if !folders[f] {
			t.Errorf("no retrieval question for folder %s", f)
		}
	}
	if r3 < 0.95 {
		t.Errorf("recall@3 = %.3f, want ≥ 0.95", r3)
	}
	if r1 < 0.8 {
		t.Errorf("recall@1 = %.3f, want ≥ 0.8", r1)
	}
}
