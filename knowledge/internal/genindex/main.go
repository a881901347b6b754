// Command genindex writes the two packs the zcp binary embeds, corpus.pack.gz
// (knowledge/docs) and index.pack.gz (its bleve index): `go generate
// ./knowledge` runs it in the knowledge directory after the corpus or the
// index mapping changes.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/zeropsio/zcp/knowledge"
)

func main() {
	dir := flag.String("dir", ".", "the knowledge package directory (holds docs/; receives the packs)")
	flag.Parse()
	if err := knowledge.WritePacks(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "genindex:", err)
		os.Exit(1)
	}
}
