package knowledge

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode"
)

// Indexed field names and their query-time boosts.
const (
	fieldTitle    = "title"
	fieldKeywords = "keywords"
	fieldContent  = "content"

	boostTitle    = 2.0
	boostKeywords = 1.5
	boostContent  = 1.0
)

// Index is a BM25 full-text index over knowledge documents: each field
// analysed as bleve's English analyzer does (analyze.go) into postings
// held in memory and ranked as bleve ranks them (bm25.go). It owns its
// documents and never changes after OpenIndex or BuildIndex returns, so it
// is safe for concurrent use by any number of goroutines.
type Index struct {
	docs     []Document        // sorted by URI
	byURI    map[string]*entry // URI → document
	post     *postings
	analyzer *analyzer // the fields' analyzer

	titleOnce sync.Once
	titles    map[string][]string // URI → the document's specific title terms, prepared on the first search
	naming    map[string][]string // URI → the title terms that name the document (a config file's name aside), with titles

	vocabOnce sync.Once
	vocab     *vocabulary // the words the documents use, prepared on the first query word no document uses
}

// entry is one document and its snippet text, prepared on its first hit,
// and its sections, prepared on its first search as the top hit.
type entry struct {
	doc     Document
	once    sync.Once
	snip    snippetText
	secOnce sync.Once
	secs    *docSections // nil for a document answered whole

	quoteOnce sync.Once
	quote     string // its content's words, for quoted lines

	partsOnce sync.Once
	parts     []map[string]bool // the terms of its title and keywords, and of each section, prepared on its first cover
}

func (e *entry) sections(an *analyzer) *docSections {
	e.secOnce.Do(func() { e.secs = newDocSections(e.doc.Content, an) })
	return e.secs
}

func (e *entry) snippetText() snippetText {
	e.once.Do(func() { e.snip = newSnippetText(e.doc.Content) })
	return e.snip
}

// indexedDoc is the text of a document's indexed fields.
type indexedDoc struct {
	Title, Keywords, Content string
}

func (d Document) indexed() indexedDoc {
	return indexedDoc{Title: d.Title, Keywords: strings.Join(d.Keywords, " , "), Content: d.Content + "\n" + camelWords(d.Content) + d.asked(allAsks)}
}

// camelWords spells out the camelCase identifiers of s as words ("minRam" →
// "min ram", "execOnce" → "exec once"), one a line, so a question in plain
// words finds the configuration key that answers it.
func camelWords(s string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if w == "" || !unicode.IsLower(rune(w[0])) {
			continue // names such as PostgreSQL or JavaScript are no keys
		}
		start, parts := 0, 0
		for i, r := range w {
			if i > 0 && unicode.IsUpper(r) && unicode.IsLower(rune(w[i-1])) {
				b.WriteString(w[start:i])
				b.WriteByte(' ')
				start = i
				parts++
			}
		}
		if parts > 0 {
			b.WriteString(w[start:])
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// BuildIndex analyses docs into an index; duplicate or empty URIs are an
// error. The zcp binary opens the generated index instead (OpenIndex); tests
// and the generator build one.
func BuildIndex(docs []Document) (*Index, error) {
	stop, err := embeddedStopWords()
	if err != nil {
		return nil, err
	}
	return buildIndex(docs, newAnalyzer(stop))
}

func buildIndex(docs []Document, an *analyzer) (*Index, error) {
	ix, err := newIndexOf(docs, an)
	if err != nil {
		return nil, err
	}
	ix.post = analyse(ix.docs, ix.analyzer)
	return ix, nil
}

// newIndexOf checks and sorts docs; the postings are still to be made.
func newIndexOf(docs []Document, an *analyzer) (*Index, error) {
	ix := &Index{
		docs:     make([]Document, 0, len(docs)),
		byURI:    make(map[string]*entry, len(docs)),
		analyzer: an,
	}
	for _, d := range docs {
		if d.URI == "" {
			return nil, fmt.Errorf("index knowledge document %q: empty URI", d.Path)
		}
		if _, dup := ix.byURI[d.URI]; dup {
			return nil, fmt.Errorf("index knowledge document %s: duplicate URI", d.URI)
		}
		ix.byURI[d.URI] = &entry{doc: d}
		ix.docs = append(ix.docs, d)
	}
	sort.Slice(ix.docs, func(i, j int) bool { return ix.docs[i].URI < ix.docs[j].URI })
	return ix, nil
}

// Close releases nothing: an index is plain memory. It remains for owners
// that drop an index (tests, benchmarks) and may be called any number of times.
func (ix *Index) Close() error { return nil }

// Get returns the document with the given URI ("zerops://docs/{folder}/{name}").
func (ix *Index) Get(uri string) (Document, bool) {
	e, ok := ix.byURI[uri]
	if !ok {
		return Document{}, false
	}
	return e.doc, true
}

// List returns every indexed document, sorted by URI. The slice is a copy.
func (ix *Index) List() []Document {
	out := make([]Document, len(ix.docs))
	copy(out, ix.docs)
	return out
}
