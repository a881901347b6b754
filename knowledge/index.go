package knowledge

import (
	"fmt"
	"sort"
	"strings"

	"github.com/blevesearch/bleve/v2"
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

// Index is a BM25 full-text index over knowledge documents, kept in memory
// (bleve's scorch index: one compact segment, no store). It owns its
// documents and their prepared snippet text and never changes after
// BuildIndex returns, so it is safe for concurrent use by any number of
// goroutines. Its bleve index keeps one parked goroutine (scorch's
// introducer) for as long as the index lives: the process's lifetime.
type Index struct {
	bleve bleve.Index
	docs  []Document             // sorted by URI
	byURI map[string]Document    // URI → document
	snips map[string]snippetText // URI → body prepared for snippets
	stats *search.BM25Stats      // corpus statistics: total tokens per field (scorch would count distinct terms)

	analyzer analysis.Analyzer // the fields' analyzer (stateless, safe for concurrent use)
}

// indexedDoc is what bleve sees of a document.
type indexedDoc struct {
	Title    string `json:"title"`
	Keywords string `json:"keywords"`
	Content  string `json:"content"`
}

// BuildIndex indexes docs in one batch. Duplicate URIs are an error.
//
// Every field is analysed once, by bleve: the field lengths BM25 needs are
// read back from the analysed documents after the batch.
func BuildIndex(docs []Document) (*Index, error) {
	m, err := newMapping()
	if err != nil {
		return nil, err
	}
	bi, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return nil, fmt.Errorf("create knowledge index: %w", err)
	}
	ix := &Index{
		bleve:    bi,
		docs:     make([]Document, 0, len(docs)),
		byURI:    make(map[string]Document, len(docs)),
		snips:    make(map[string]snippetText, len(docs)),
		stats:    &search.BM25Stats{FieldCardinality: map[string]int{fieldTitle: 0, fieldKeywords: 0, fieldContent: 0}},
		analyzer: m.AnalyzerNamed(en.AnalyzerName),
	}
	if err := ix.indexBatch(bi, m, docs); err != nil {
		return nil, err
	}
	ix.stats.DocCount = float64(len(ix.docs))
	sort.Slice(ix.docs, func(i, j int) bool { return ix.docs[i].URI < ix.docs[j].URI })
	return ix, nil
}

// indexBatch indexes docs in one bleve batch (one segment) and adds their
// analysed field lengths to the BM25 statistics. (Several smaller batches
// were measured too: more segments, more memory, no lower peak.)
func (ix *Index) indexBatch(bi bleve.Index, m *mapping.IndexMappingImpl, docs []Document) error {
	batch := bi.NewBatch()
	mapped := make([]*document.Document, 0, len(docs))
	for _, d := range docs {
		if d.URI == "" {
			return fmt.Errorf("index knowledge document %q: empty URI", d.Path)
		}
		if _, dup := ix.byURI[d.URI]; dup {
			return fmt.Errorf("index knowledge document %s: duplicate URI", d.URI)
		}
		ix.byURI[d.URI] = d
		ix.docs = append(ix.docs, d)
		ix.snips[d.URI] = newSnippetText(d.Content)
		bd := document.NewDocument(d.URI)
		in := indexedDoc{Title: d.Title, Keywords: strings.Join(d.Keywords, " , "), Content: d.Content}
		if err := m.MapDocument(bd, in); err != nil {
			return fmt.Errorf("index knowledge document %s: %w", d.URI, err)
		}
		if err := batch.IndexAdvanced(bd); err != nil {
			return fmt.Errorf("index knowledge document %s: %w", d.URI, err)
		}
		mapped = append(mapped, bd)
	}
	if err := bi.Batch(batch); err != nil {
		return fmt.Errorf("index knowledge documents: %w", err)
	}
	for _, bd := range mapped { // analysed by the batch: count their tokens
		bd.VisitFields(func(f index.Field) {
			if _, ok := ix.stats.FieldCardinality[f.Name()]; ok {
				ix.stats.FieldCardinality[f.Name()] += f.AnalyzedLength()
			}
		})
	}
	return nil
}

// newMapping analyses the three fields with the English analyzer (stemming,
// stop words) and stores nothing: bodies are served from Index.docs.
func newMapping() (*mapping.IndexMappingImpl, error) {
	text := func() *mapping.FieldMapping {
		f := bleve.NewTextFieldMapping()
		f.Analyzer = en.AnalyzerName
		f.Store = false
		f.IncludeInAll = false
		f.IncludeTermVectors = false
		f.DocValues = false
		return f
	}
	dm := bleve.NewDocumentStaticMapping()
	dm.AddFieldMappingsAt(fieldTitle, text())
	dm.AddFieldMappingsAt(fieldKeywords, text())
	dm.AddFieldMappingsAt(fieldContent, text())

	m := bleve.NewIndexMapping()
	m.DefaultMapping = dm
	m.DefaultAnalyzer = en.AnalyzerName
	m.ScoringModel = index.BM25Scoring
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("knowledge index mapping: %w", err)
	}
	return m, nil
}

// Close releases the bleve index and its goroutine. The index must not be
// searched afterwards. Only owners that drop an index before the process
// ends need it (tests, benchmarks).
func (ix *Index) Close() error {
	if err := ix.bleve.Close(); err != nil {
		return fmt.Errorf("close knowledge index: %w", err)
	}
	return nil
}

// Get returns the document with the given URI ("zerops://docs/{folder}/{name}").
func (ix *Index) Get(uri string) (Document, bool) {
	d, ok := ix.byURI[uri]
	return d, ok
}

// List returns every indexed document, sorted by URI. The slice is a copy.
func (ix *Index) List() []Document {
	out := make([]Document, len(ix.docs))
	copy(out, ix.docs)
	return out
}
