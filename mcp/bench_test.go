package mcp_test

import (
	"context"
	"encoding/json"
	"testing"
)

// BenchmarkToolsList reports the byte size of the tools/list answer, which
// an agent pays for on every turn (metric "bytes").
func BenchmarkToolsList(b *testing.B) {
	h := newHarness(b, harnessOpts{})
	var size int
	b.ResetTimer()
	for b.Loop() {
		res, err := h.cs.ListTools(context.Background(), nil)
		if err != nil {
			b.Fatal(err)
		}
		raw, err := json.Marshal(res)
		if err != nil {
			b.Fatal(err)
		}
		size = len(raw)
	}
	b.ReportMetric(float64(size), "bytes")
}
