package knowledge

import (
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

func TestParseDocument_Cases(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		raw     string
		wantErr string
		check   func(t *testing.T, d Document)
	}{
		{
			name: "Valid",
			raw:  "---\ntitle: PostgreSQL\ndescription: Connect to it.\nkeywords: [postgresql, Postgres, pg]\n---\n# PostgreSQL\n\nBody.\n",
			check: func(t *testing.T, d Document) {
				if d.URI != "zerops://docs/services/postgresql" || d.Path != "services/postgresql" {
					t.Errorf("URI/Path = %q/%q", d.URI, d.Path)
				}
				if d.Title != "PostgreSQL" || d.Description != "Connect to it." {
					t.Errorf("Title/Description = %q/%q", d.Title, d.Description)
				}
				if strings.Join(d.Keywords, ",") != "postgresql,postgres,pg" {
					t.Errorf("Keywords = %q", d.Keywords)
				}
				if d.Content != "# PostgreSQL\n\nBody.\n" {
					t.Errorf("Content = %q", d.Content)
				}
			},
		},
		{
			name: "CRLFAndBOM",
			raw:  "\ufeff---\r\ntitle: T\r\nkeywords: [a]\r\n---\r\nBody\r\n",
			check: func(t *testing.T, d Document) {
				if d.Title != "T" || d.Content != "Body\n" {
					t.Errorf("got %+v", d)
				}
			},
		},
		{
			name: "Asks",
			raw:  "---\ntitle: T\nasks:\n  \"*\": [what is T]\n  Pooling: [\"too many clients\", \"  pgbouncer  \"]\n---\n# T\n\n## Pooling\n\nUse it.\n",
			check: func(t *testing.T, d Document) {
				if got := d.Asks[""]; len(got) != 1 || got[0] != "what is T" {
					t.Errorf(`Asks[""] = %q`, got)
				}
				if got := d.Asks["Pooling"]; len(got) != 2 || got[1] != "pgbouncer" {
					t.Errorf(`Asks["Pooling"] = %q`, got)
				}
				if strings.Contains(d.Content, "too many clients") {
					t.Errorf("asks shown in Content %q", d.Content)
				}
			},
		},
		{name: "AsksUnknownHeading", raw: "---\ntitle: T\nasks:\n  Pool: [q]\n---\n## Pooling\n", wantErr: `"Pool" is not a`},
		{name: "AsksEmptyQuestion", raw: "---\ntitle: T\nasks:\n  \"*\": [\" \"]\n---\nbody\n", wantErr: "one non-empty line"},
		{name: "AsksTooLong", raw: "---\ntitle: T\nasks:\n  \"*\": [" + strings.Repeat("a", maxAskBytes+1) + "]\n---\nbody\n", wantErr: "at most 200 bytes"},
		{name: "AsksTooMany", raw: "---\ntitle: T\nasks:\n  \"*\": [" + strings.Repeat("q, ", maxAsksPerSection) + "q]\n---\nbody\n", wantErr: "at most 12"},
		{name: "NoFrontMatter", raw: "# Title\n", wantErr: "services/postgresql.md: missing front matter"},
		{name: "Unclosed", raw: "---\ntitle: x\n", wantErr: "services/postgresql.md: front matter is not closed"},
		{name: "BadYAML", raw: "---\ntitle: [unclosed\n---\nbody\n", wantErr: "services/postgresql.md: front matter"},
		{name: "NoTitle", raw: "---\ndescription: d\n---\nbody\n", wantErr: "services/postgresql.md: front matter has no title"},
		{name: "BadClosingLine", raw: "---\ntitle: t\n---x\nbody\n", wantErr: "closing line"},
		{name: "InvalidUTF8", raw: "---\ntitle: \xff\n---\n", wantErr: "not valid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, err := parseDocument("services/postgresql", []byte(tt.raw))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want it to contain %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("parseDocument: %v", err)
			}
			tt.check(t, d)
		})
	}
}

func TestParseCorpus_SortedAndSkipsNonMarkdown(t *testing.T) {
	t.Parallel()
	fsys := fstest.MapFS{
		"docs/b/two.md":    {Data: []byte("---\ntitle: Two\n---\nx\n")},
		"docs/a/one.md":    {Data: []byte("---\ntitle: One\n---\ny\n")},
		"docs/.keep":       {Data: nil},
		"docs/a/notes.txt": {Data: []byte("ignored")},
	}
	docs, n, err := parseCorpus(fsys, "docs")
	if err != nil {
		t.Fatalf("parseCorpus: %v", err)
	}
	if len(docs) != 2 || docs[0].URI != "zerops://docs/a/one" || docs[1].URI != "zerops://docs/b/two" {
		t.Fatalf("docs = %+v", docs)
	}
	if n == 0 {
		t.Error("corpus bytes not counted")
	}
}

func TestParseCorpus_ErrorNamesFile(t *testing.T) {
	t.Parallel()
	fsys := fstest.MapFS{"docs/x/broken.md": {Data: []byte("no front matter")}}
	if _, _, err := parseCorpus(fsys, "docs"); err == nil || !strings.Contains(err.Error(), "x/broken.md") {
		t.Fatalf("err = %v, want it to name x/broken.md", err)
	}
}

var linkRE = regexp.MustCompile(`zerops://docs/[a-z0-9][a-z0-9./_-]*[a-z0-9]`)

// TestCorpus_Complete checks the embedded corpus: enough documents, each with
// front matter and at least one zerops://docs link, and every link resolves.
func TestCorpus_Complete(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatalf("Documents: %v", err)
	}
	if len(docs) < 70 {
		t.Errorf("corpus has %d documents, want at least 70", len(docs))
	}
	uris := map[string]bool{}
	for _, d := range docs {
		uris[d.URI] = true
	}
	for _, d := range docs {
		if d.Title == "" || d.Description == "" || len(d.Keywords) == 0 {
			t.Errorf("%s: front matter incomplete (title %q, description %q, %d keywords)", d.Path, d.Title, d.Description, len(d.Keywords))
		}
		links := linkRE.FindAllString(d.Content, -1)
		if len(links) == 0 {
			t.Errorf("%s: no zerops://docs/ link", d.Path)
		}
		for _, l := range links {
			if !uris[l] {
				t.Errorf("%s: link %s does not resolve", d.Path, l)
			}
		}
	}
	if CorpusBytes() == 0 && len(docs) > 0 {
		t.Error("CorpusBytes = 0")
	}
}

func TestDocuments_Cached(t *testing.T) {
	t.Parallel()
	a, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Documents()
	if len(a) != len(b) {
		t.Fatalf("lengths differ: %d vs %d", len(a), len(b))
	}
	if len(a) > 0 {
		a[0].Title = "changed"
		if c, _ := Documents(); c[0].Title == "changed" {
			t.Error("Documents returned shared backing array")
		}
	}
}
