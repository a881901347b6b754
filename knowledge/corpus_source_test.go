package knowledge

import "embed"

// docsFS is knowledge/docs as it is now: the package's tests read the corpus
// from it instead of the generated pack, so an edit counts at once.
//
//go:embed docs
var docsFS embed.FS

func init() {
	corpusFiles = func() ([]rawFile, error) { return readCorpus(docsFS, "docs") }
}
