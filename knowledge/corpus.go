package knowledge

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// corpusDocs returns the corpus's documents, sorted by URI, and the bytes of
// their markdown files. The binary reads them parsed from the pack `go
// generate` made of knowledge/docs (corpus.pack.gz): no front matter is
// parsed at run time. The package's own tests parse knowledge/docs itself
// (corpus_source_test.go), so an edit counts at once and
// TestCorpusPack_MatchesDocs says when the packs are stale.
var corpusDocs = packedDocuments

// rawFile is one markdown file of the corpus.
type rawFile struct {
	path string // "{folder}/{name}.md"
	data []byte
}

// URIPrefix starts the URI of every corpus document.
const URIPrefix = "zerops://docs/"

var corpus struct {
	once  sync.Once
	docs  []Document
	bytes int
	err   error
}

// Documents reads the embedded corpus (knowledge/docs/**.md) as documents
// sorted by URI. The read runs once; later calls return the same result.
// Callers must not modify the returned documents' slices.
func Documents() ([]Document, error) {
	corpus.once.Do(func() {
		corpus.docs, corpus.bytes, corpus.err = corpusDocs()
	})
	if corpus.err != nil {
		return nil, corpus.err
	}
	out := make([]Document, len(corpus.docs))
	copy(out, corpus.docs)
	return out, nil
}

// CorpusBytes is the size in bytes of the corpus's markdown files (the
// binary holds them gzipped in corpus.pack.gz, about a third of that).
func CorpusBytes() int {
	_, _ = Documents()
	return corpus.bytes
}

// parseCorpus reads and parses every .md file under root of fsys.
func parseCorpus(fsys fs.FS, root string) ([]Document, int, error) {
	files, err := readCorpus(fsys, root)
	if err != nil {
		return nil, 0, err
	}
	return parseFiles(files)
}

// readCorpus reads every .md file under root of fsys (dot files skipped).
func readCorpus(fsys fs.FS, root string) ([]rawFile, error) {
	var files []rawFile
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("walk %s: %w", p, err)
		}
		if d.IsDir() || !strings.HasSuffix(p, ".md") || strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		raw, err := fs.ReadFile(fsys, p)
		if err != nil {
			return fmt.Errorf("read %s: %w", p, err)
		}
		files = append(files, rawFile{path: strings.TrimPrefix(p, root+"/"), data: raw})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return files, nil
}

// parseFiles parses markdown files into documents sorted by URI and counts
// their bytes.
func parseFiles(files []rawFile) ([]Document, int, error) {
	docs := make([]Document, 0, len(files))
	total := 0
	for _, f := range files {
		total += len(f.data)
		doc, err := parseDocument(strings.TrimSuffix(f.path, ".md"), f.data)
		if err != nil {
			return nil, 0, err
		}
		docs = append(docs, doc)
	}
	sort.Slice(docs, func(i, j int) bool { return docs[i].URI < docs[j].URI })
	return docs, total, nil
}

type frontMatter struct {
	Title       string   `yaml:"title"`
	Description string   `yaml:"description"`
	Keywords    []string `yaml:"keywords"`
	// Asks: `## ` heading (or "*" for the whole document) → questions.
	Asks map[string][]string `yaml:"asks"`
}

// Bounds on a document's asks.
const (
	maxAskBytes       = 200
	maxAsksPerSection = 12
)

// parseDocument splits front matter from body. rel is "{folder}/{name}".
func parseDocument(rel string, raw []byte) (Document, error) {
	file := rel + ".md"
	if !utf8.Valid(raw) {
		return Document{}, fmt.Errorf("knowledge document %s: not valid UTF-8", file)
	}
	text := strings.ReplaceAll(string(bytes.TrimPrefix(raw, []byte("\ufeff"))), "\r\n", "\n")
	if !strings.HasPrefix(text, "---\n") {
		return Document{}, fmt.Errorf("knowledge document %s: missing front matter (file must start with ---)", file)
	}
	head, body, ok := strings.Cut(text[len("---\n"):], "\n---")
	if !ok {
		return Document{}, fmt.Errorf("knowledge document %s: front matter is not closed with ---", file)
	}
	// The closing fence must be a line of its own.
	if nl := strings.IndexByte(body, '\n'); nl >= 0 {
		if strings.TrimSpace(body[:nl]) != "" {
			return Document{}, fmt.Errorf("knowledge document %s: front matter closing line must be exactly ---", file)
		}
		body = body[nl+1:]
	} else {
		body = ""
	}
	var fm frontMatter
	if err := yaml.Unmarshal([]byte(head), &fm); err != nil {
		return Document{}, fmt.Errorf("knowledge document %s: front matter: %w", file, err)
	}
	fm.Title = strings.TrimSpace(fm.Title)
	if fm.Title == "" {
		return Document{}, fmt.Errorf("knowledge document %s: front matter has no title", file)
	}
	kws := make([]string, 0, len(fm.Keywords))
	for _, k := range fm.Keywords {
		if k = strings.TrimSpace(strings.ToLower(k)); k != "" {
			kws = append(kws, k)
		}
	}
	content := strings.TrimSpace(body) + "\n"
	asks, err := parseAsks(fm.Asks, content)
	if err != nil {
		return Document{}, fmt.Errorf("knowledge document %s: front matter asks: %w", file, err)
	}
	return Document{
		URI:         URIPrefix + path.Clean(rel),
		Path:        path.Clean(rel),
		Title:       fm.Title,
		Description: strings.TrimSpace(fm.Description),
		Keywords:    kws,
		Content:     content,
		Asks:        asks,
	}, nil
}

// parseAsks checks a document's asks against its sections: every key is
// one of its `## ` headings, or "*" for the whole document (kept under
// ""); every question is one line of at most maxAskBytes, at most
// maxAsksPerSection a key. Nil when there are none.
func parseAsks(in map[string][]string, content string) (map[string][]string, error) {
	if len(in) == 0 {
		return nil, nil
	}
	headings := map[string]bool{}
	var names []string
	for _, s := range splitSections(content) {
		if s.heading != "" {
			headings[s.heading] = true
			names = append(names, strconv.Quote(s.heading))
		}
	}
	out := make(map[string][]string, len(in))
	for key, qs := range in {
		heading := key
		switch {
		case key == "*":
			heading = ""
		case !headings[key]:
			return nil, fmt.Errorf("%q is not a `## ` heading of the document (use \"*\" for the whole document, or one of %s)", key, strings.Join(names, ", "))
		}
		if len(qs) > maxAsksPerSection {
			return nil, fmt.Errorf("%q has %d questions, at most %d", key, len(qs), maxAsksPerSection)
		}
		for _, q := range qs {
			q = strings.TrimSpace(q)
			if q == "" || len(q) > maxAskBytes || strings.ContainsAny(q, "\n\r") {
				return nil, fmt.Errorf("%q: a question must be one non-empty line of at most %d bytes, not %q", key, maxAskBytes, q)
			}
			out[heading] = append(out[heading], q)
		}
	}
	return out, nil
}

// asked is the document's questions, one a line: those of the section
// headed heading, or all of them for allAsks.
func (d Document) asked(heading string) string {
	if heading != allAsks {
		return strings.Join(d.Asks[heading], "\n")
	}
	keys := slices.Sorted(maps.Keys(d.Asks))
	var b strings.Builder
	for _, k := range keys {
		for _, q := range d.Asks[k] {
			b.WriteString(q)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// allAsks asks Document.asked for every question of the document.
const allAsks = "\x00all"
