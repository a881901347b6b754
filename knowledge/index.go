package knowledge

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/document"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search"
	index "github.com/blevesearch/bleve_index_api"
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

// Index is a BM25 full-text index over knowledge documents (bleve's scorch
// index: one compact segment, nothing stored; used without bleve's top-level
// package, see the package doc). It owns its documents and never changes
// after OpenIndex or BuildIndex returns, so it is safe for concurrent use by
// any number of goroutines. Its bleve index keeps one parked goroutine
// (scorch's introducer) for as long as the index lives: the process's
// lifetime, or until Close.
type Index struct {
	bleve   index.Index // scorch
	mapping *mapping.IndexMappingImpl
	docs    []Document        // sorted by URI
	byURI   map[string]*entry // URI → document
	stats   *search.BM25Stats // total tokens per field (scorch itself would count distinct terms)
	cleanup func() error      // removes what opening left on disk, after Close; nil when nothing

	analyzer analysis.Analyzer // the fields' analyzer (stateless, safe for concurrent use)
}

// entry is one document and its snippet text, prepared on its first hit.
type entry struct {
	doc  Document
	once sync.Once
	snip snippetText
}

func (e *entry) snippetText() snippetText {
	e.once.Do(func() { e.snip = newSnippetText(e.doc.Content) })
	return e.snip
}

// indexedDoc is what bleve sees of a document.
type indexedDoc struct {
	Title    string `json:"title"`
	Keywords string `json:"keywords"`
	Content  string `json:"content"`
}

func (d Document) indexed() indexedDoc {
	return indexedDoc{Title: d.Title, Keywords: strings.Join(d.Keywords, " , "), Content: d.Content + "\n" + camelWords(d.Content)}
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

// BuildIndex analyses docs into an in-memory index; duplicate or empty URIs
// are an error. Each field is analysed once, by bleve: the field lengths BM25
// needs are read back from that analysis. The zcp binary never calls it (it
// opens the generated index, OpenIndex), so none of bleve's indexing code is
// linked into it; tests and the generator use it.
func BuildIndex(docs []Document) (*Index, error) {
	m, err := newMapping()
	if err != nil {
		return nil, err
	}
	ix, err := newIndexOf(docs, m)
	if err != nil {
		return nil, err
	}
	q := index.NewAnalysisQueue(4) // bleve's default
	defer q.Close()
	bi, err := openScorch("", q)
	if err != nil {
		return nil, fmt.Errorf("create knowledge index: %w", err)
	}
	if ix.stats.FieldCardinality, err = indexBatch(bi, m, ix.docs); err != nil {
		_ = bi.Close()
		return nil, err
	}
	ix.bleve = bi
	return ix, nil
}

// newIndexOf checks and sorts docs; the bleve index is still to be made.
func newIndexOf(docs []Document, m *mapping.IndexMappingImpl) (*Index, error) {
	ix := &Index{
		docs:     make([]Document, 0, len(docs)),
		byURI:    make(map[string]*entry, len(docs)),
		mapping:  m,
		stats:    &search.BM25Stats{FieldCardinality: map[string]int{fieldTitle: 0, fieldKeywords: 0, fieldContent: 0}},
		analyzer: m.AnalyzerNamed(en.AnalyzerName),
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
	ix.stats.DocCount = float64(len(ix.docs))
	return ix, nil
}

// indexBatch indexes docs in one bleve batch (one segment) and returns the
// analysed length of each field summed over docs. (Several smaller batches
// were measured too: more segments, more memory, no lower peak.)
func indexBatch(bi index.Index, m *mapping.IndexMappingImpl, docs []Document) (map[string]int, error) {
	stats := map[string]int{fieldTitle: 0, fieldKeywords: 0, fieldContent: 0}
	batch := index.NewBatch()
	mapped := make([]*document.Document, 0, len(docs))
	for _, d := range docs {
		bd := document.NewDocument(d.URI)
		if err := m.MapDocument(bd, d.indexed()); err != nil {
			return nil, fmt.Errorf("index knowledge document %s: %w", d.URI, err)
		}
		batch.Update(bd)
		mapped = append(mapped, bd)
	}
	if err := bi.Batch(batch); err != nil {
		return nil, fmt.Errorf("index knowledge documents: %w", err)
	}
	for _, bd := range mapped { // analysed by the batch: count their tokens
		bd.VisitFields(func(f index.Field) {
			if _, ok := stats[f.Name()]; ok {
				stats[f.Name()] += f.AnalyzedLength()
			}
		})
	}
	return stats, nil
}

// newMapping analyses the three fields with the English analyzer (stemming,
// stop words) and stores nothing: bodies are served from Index.docs.
func newMapping() (*mapping.IndexMappingImpl, error) {
	text := func() *mapping.FieldMapping {
		f := mapping.NewTextFieldMapping()
		f.Analyzer = en.AnalyzerName
		f.Store = false
		f.IncludeInAll = false
		f.IncludeTermVectors = false
		f.DocValues = false
		return f
	}
	dm := mapping.NewDocumentStaticMapping()
	dm.AddFieldMappingsAt(fieldTitle, text())
	dm.AddFieldMappingsAt(fieldKeywords, text())
	dm.AddFieldMappingsAt(fieldContent, text())

	m := mapping.NewIndexMapping()
	m.DefaultMapping = dm
	m.DefaultAnalyzer = en.AnalyzerName
	m.ScoringModel = index.BM25Scoring
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("knowledge index mapping: %w", err)
	}
	return m, nil
}

// openScorch opens the scorch index at path ("" keeps a new one in memory).
// With a nil queue it is opened read-only; otherwise it is created where
// missing and q analyses its batches (the caller closes q).
func openScorch(path string, q *index.AnalysisQueue) (index.Index, error) {
	si, err := scorch.NewScorch(scorch.Name, map[string]any{"path": path, "read_only": q == nil}, q)
	if err != nil {
		return nil, err
	}
	if err := si.Open(); err != nil {
		return nil, err
	}
	return si, nil
}

// Close releases the bleve index and its goroutine. The index must not be
// searched afterwards. Only owners that drop an index before the process
// ends need it (tests, benchmarks).
func (ix *Index) Close() error {
	if err := ix.bleve.Close(); err != nil {
		return fmt.Errorf("close knowledge index: %w", err)
	}
	if ix.cleanup != nil {
		return ix.cleanup()
	}
	return nil
}

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
