package knowledge

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZQ(t *testing.T) {
	qs := os.Getenv("EXP_Q")
	if qs == "" {
		t.Skip()
	}
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	ix, err := BuildIndex(docs)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range strings.Split(qs, "\n") {
		res, err := ix.Search(q, 5)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("### %s\n", q)
		for _, h := range res.Hits {
			fmt.Printf("  %.3f %s\n", h.Score, h.URI)
		}
		if os.Getenv("EXP_SHOW") != "" {
			fmt.Println(res.TopContent)
			fmt.Println("omitted:", res.TopOmitted)
		}
	}
}
