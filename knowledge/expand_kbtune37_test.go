package knowledge

import (
	"strings"
	"testing"
)

func TestLongestQuote_Runs(t *testing.T) {
	t.Parallel()
	content := quoteWords("Curl prints `(60) SSL certificate problem: unable to get local issuer certificate` when the chain is incomplete.")
	tests := []struct {
		name, q string
		want    int
	}{
		{"whole line quoted", "curl: (60) SSL certificate problem: unable to get local issuer certificate", 10},
		{"punctuation and case ignored", "SSL Certificate Problem -- unable to get", 6},
		{"words out of order", "certificate issuer local get to unable", 1},
		{"a word inside a longer word is no match", "cert problem", 1},
		{"nothing quoted", "connection refused", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := longestQuote(strings.Fields(quoteWords(tt.q)), content); got != tt.want {
				t.Errorf("longestQuote(%q) = %d, want %d", tt.q, got, tt.want)
			}
		})
	}
}

// TestQuoted_PastedLineLeadsToQuotingDocument: a pasted line that one
// document quotes word for word and another only shares words with leads
// to the quoting one; a line too short to quote changes nothing.
func TestQuoted_PastedLineLeadsToQuotingDocument(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatalf("Documents: %v", err)
	}
	ix, err := BuildIndex(docs)
	if err != nil {
		t.Fatalf("BuildIndex: %v", err)
	}
	tests := []struct {
		query, wantTop string
	}{
		{"curl: (60) SSL certificate problem: unable to get local issuer certificate", "zerops://docs/networking/outbound-restrictions"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			t.Parallel()
			res, err := ix.Search(tt.query, 3)
			if err != nil || len(res.Hits) == 0 {
				t.Fatalf("Search(%q): %v, %d hits", tt.query, err, len(res.Hits))
			}
			if got := res.Hits[0].URI; got != tt.wantTop {
				t.Errorf("top hit %s, want %s", got, tt.wantTop)
			}
		})
	}
}

func TestQuoted_OwnWordsAndShortLinesUnchanged(t *testing.T) {
	t.Parallel()
	ix := &Index{byURI: map[string]*entry{"a": {doc: Document{URI: "a", Content: "Error: could not set up a custom domain for the app on zerops today"}}}}
	for _, q := range []string{
		"how do I set up a custom domain for the app on zerops today", // the user's own words
		"set up a custom domain", // shorter than a quote
	} {
		hits := ix.quoted([]scored{{ID: "a", Score: 1}}, q)
		if hits[0].Score != 1 {
			t.Errorf("quoted(%q) raised the score to %v, want it left at 1", q, hits[0].Score)
		}
	}
	hits := ix.quoted([]scored{{ID: "a", Score: 1}}, "could not set up a custom domain for the app on zerops today")
	if hits[0].Score <= 1 {
		t.Errorf("a pasted run of 8 words quoted by the document left the score at %v", hits[0].Score)
	}
}

func TestDottedParts_KeysWithTheirSection(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text, want string
	}{
		{"run key", "| `run.prepareCommands` | making the image |", "run prepareCommands\n"},
		{"build key", "set `build.envVariables` for the build", "build envVariables\n"},
		{"file names are no keys", "import.yml and next.config.js", ""},
		{"a bare key is left to the analyzer", "`initCommands`", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := dottedParts(tt.text); got != tt.want {
				t.Errorf("dottedParts(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

// TestPassages_DottedKeyAnswersBareKey: a table row that writes a key with
// its section's prefix is a passage about the key a question names alone.
func TestPassages_DottedKeyAnswersBareKey(t *testing.T) {
	t.Parallel()
	an := newAnalyzer(nil)
	q := passageQuery{stems: an.terms("prepareCommands"), factor: map[string]float64{}, an: an}
	for _, st := range q.stems {
		q.factor[st] = 1
	}
	if s := q.score(passage{text: "| `run.prepareCommands` | `/home/zerops` | making the custom runtime image |"}); s <= 0 {
		t.Errorf("score of the run.prepareCommands row for prepareCommands = %v, want > 0", s)
	}
}
