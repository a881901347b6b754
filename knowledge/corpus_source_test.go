package knowledge

import "embed"

// docsFS is knowledge/docs as it is now: the package's tests read the corpus
// from it instead of the generated pack, so an edit counts at once.
//
//go:embed docs
var docsFS embed.FS

func init() {
	corpusDocs = func() ([]Document, int, error) { return parseCorpus(docsFS, "docs") }
}
