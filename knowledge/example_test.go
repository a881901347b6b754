package knowledge_test

import (
	"fmt"

	"github.com/zeropsio/zcp/knowledge"
)

func ExampleIndex_Search() {
	docs, err := knowledge.Documents()
	if err != nil {
		panic(err)
	}
	ix, err := knowledge.BuildIndex(docs)
	if err != nil {
		panic(err)
	}
	res, err := ix.Search("redis password", 3)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.ExpandedQuery)
	fmt.Println(res.Hits[0].URI)
	// Output:
	// redis password valkey
	// zerops://docs/services/valkey
}
