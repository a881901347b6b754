package knowledge

// Document is one embedded knowledge document. URI is
// "zerops://docs/{folder}/{name}" (no ".md"); Path is "{folder}/{name}".
// Content is the markdown body without front matter.
type Document struct {
	URI         string   `json:"uri"`
	Path        string   `json:"path"`
	Title       string   `json:"title"`
	Description string   `json:"description"`
	Keywords    []string `json:"keywords"`
	Content     string   `json:"content"`
	// Asks are questions in agents' words that the document answers, by
	// the `## ` heading of the section that answers them ("" for the
	// document as a whole). They are searched, never shown.
	Asks map[string][]string `json:"-"`
}

// DocumentInfo is what a document is, without its content.
type DocumentInfo struct {
	URI         string `json:"uri"`
	Path        string `json:"path"`
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
}

// Info is what d is.
func (d Document) Info() DocumentInfo {
	return DocumentInfo{URI: d.URI, Path: d.Path, Title: d.Title, Description: d.Description}
}

// Hit is one ranked search result.
type Hit struct {
	URI         string  `json:"uri"`
	Title       string  `json:"title"`
	Description string  `json:"description,omitempty"`
	Score       float64 `json:"score"`
	Snippet     string  `json:"snippet"`
}

// SearchResult is the answer to a search. TopContent is the first hit's
// opening and the sections the query is about (its whole body for a short
// document or from SearchFull); TopOmitted names the sections left out. Suggestions are offered when nothing matched; Notes explain
// expansions and services Zerops does not offer (e.g. MongoDB) with the
// closest alternative.
type SearchResult struct {
	Query         string   `json:"query"`
	ExpandedQuery string   `json:"expandedQuery,omitempty"`
	Hits          []Hit    `json:"hits"`
	TopContent    string   `json:"topContent,omitempty"`
	TopOmitted    []string `json:"topOmitted,omitempty"`
	Suggestions   []string `json:"suggestions,omitempty"`
	Notes         []string `json:"notes,omitempty"`
}
