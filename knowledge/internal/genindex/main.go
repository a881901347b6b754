// Command genindex writes the two packs the zcp binary embeds, corpus.pack.gz
// (knowledge/docs) and index.pack.gz (its postings, with the stop words of
// bleve's English analyzer): `go generate ./knowledge` runs it in the
// knowledge directory after the corpus or the analysis changes.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"

	"github.com/zeropsio/zcp/knowledge"
)

func main() {
	dir := flag.String("dir", ".", "the knowledge package directory (holds docs/; receives the packs)")
	flag.Parse()
	if err := knowledge.WritePacks(*dir, stopWords()); err != nil {
		fmt.Fprintln(os.Stderr, "genindex:", err)
		os.Exit(1)
	}
}

// stopWords lists bleve's English stop words (its "stop_en" token map).
func stopWords() []string {
	tm := analysis.NewTokenMap()
	if err := tm.LoadBytes(en.EnglishStopWords); err != nil {
		fmt.Fprintln(os.Stderr, "genindex: bleve's English stop words:", err)
		os.Exit(1)
	}
	out := make([]string, 0, len(tm))
	for w := range tm {
		out = append(out, w)
	}
	return out
}
