// Command genindex writes the knowledge index pack the zcp binary embeds:
// `go generate ./knowledge` runs it after the corpus (knowledge/docs) or the
// index mapping changes.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"

	"github.com/zeropsio/zcp/knowledge"
)

func main() {
	out := flag.String("o", "index.pack.gz", "the pack file to write")
	flag.Parse()
	var buf bytes.Buffer
	if err := knowledge.WritePack(&buf); err != nil {
		fmt.Fprintln(os.Stderr, "genindex:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "genindex:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "genindex: wrote %s (%d bytes)\n", *out, buf.Len())
}
