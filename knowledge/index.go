package knowledge

import (
	"fmt"
	"sort"
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
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

// Index is a BM25 full-text index over knowledge documents, kept in memory.
// It owns its documents and never changes after BuildIndex returns, so it is
// safe for concurrent use by any number of goroutines.
type Index struct {
	bleve bleve.Index
	docs  []Document          // sorted by URI
	byURI map[string]Document // URI → document
	stats *search.BM25Stats   // corpus statistics BM25 needs; the in-memory store cannot report them

	analyzer analysis.Analyzer // the fields' analyzer (stateless, safe for concurrent use)
}

// indexedDoc is what bleve sees of a document.
type indexedDoc struct {
	Title    string `json:"title"`
	Keywords string `json:"keywords"`
	Content  string `json:"content"`
}

// BuildIndex indexes docs in one batch. Duplicate URIs are an error.
func BuildIndex(docs []Document) (*Index, error) {
	m, err := newMapping()
	if err != nil {
		return nil, err
	}
	bi, err := bleve.NewMemOnly(m)
	if err != nil {
		return nil, fmt.Errorf("create knowledge index: %w", err)
	}
	ix := &Index{
		bleve: bi,
		docs:  make([]Document, 0, len(docs)),
		byURI: make(map[string]Document, len(docs)),
		stats: &search.BM25Stats{FieldCardinality: map[string]int{fieldTitle: 0, fieldKeywords: 0, fieldContent: 0}},
	}
	analyzer := m.AnalyzerNamed(en.AnalyzerName)
	ix.analyzer = analyzer
	batch := bi.NewBatch()
	for _, d := range docs {
		if d.URI == "" {
			return nil, fmt.Errorf("index knowledge document %q: empty URI", d.Path)
		}
		if _, dup := ix.byURI[d.URI]; dup {
			return nil, fmt.Errorf("index knowledge document %s: duplicate URI", d.URI)
		}
		ix.byURI[d.URI] = d
		ix.docs = append(ix.docs, d)
		in := indexedDoc{
			Title:    d.Title,
			Keywords: strings.Join(d.Keywords, " , "),
			Content:  d.Content,
		}
		ix.stats.FieldCardinality[fieldTitle] += len(analyzer.Analyze([]byte(in.Title)))
		ix.stats.FieldCardinality[fieldKeywords] += len(analyzer.Analyze([]byte(in.Keywords)))
		ix.stats.FieldCardinality[fieldContent] += len(analyzer.Analyze([]byte(in.Content)))
		if err := batch.Index(d.URI, in); err != nil {
			return nil, fmt.Errorf("index knowledge document %s: %w", d.URI, err)
		}
	}
	if err := bi.Batch(batch); err != nil {
		return nil, fmt.Errorf("index knowledge documents: %w", err)
	}
	ix.stats.DocCount = float64(len(ix.docs))
	sort.Slice(ix.docs, func(i, j int) bool { return ix.docs[i].URI < ix.docs[j].URI })
	return ix, nil
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
