package mcp_test

import (
	"slices"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// BenchmarkAnswerSizes runs a scripted session (every tool and each of its
// answer shapes, outputCases, plus the wider reads an agent asks for) in the
// sandbox and reports, per tool, the p50 and the largest answer in bytes as
// Claude Code hands it to the model (modelView). `make bench` prints them;
// every answer is also held to platform.MaxAnswer.
func BenchmarkAnswerSizes(b *testing.B) {
	sizes := map[string][]int{}
	for b.Loop() {
		h := newHarness(b, harnessOpts{sandboxPush: true})
		cases := append(h.outputCases(b, false),
			outputCase{"zerops_logs", map[string]any{"serviceHostname": "appdev", "limit": 1000}},
			outputCase{"zerops_events", map[string]any{"limit": 100}},
			outputCase{"zerops_discover", map[string]any{"includeEnvs": true}},
			outputCase{"zerops_knowledge", map[string]any{"query": "how do I deploy a node app with postgres and redis", "limit": 20}},
		)
		for _, c := range cases {
			res, _ := h.call(b, c.tool, c.args)
			n := len(modelView(res))
			if n > platform.MaxAnswer {
				b.Fatalf("%s %v: %d bytes, over platform.MaxAnswer", c.tool, c.args, n)
			}
			sizes[c.tool] = append(sizes[c.tool], n)
		}
	}
	tools := make([]string, 0, len(sizes))
	for tool := range sizes {
		tools = append(tools, tool)
	}
	slices.Sort(tools)
	largest := 0
	for _, tool := range tools {
		s := sizes[tool]
		slices.Sort(s)
		b.ReportMetric(float64(s[len(s)/2]), tool[len("zerops_"):]+"-p50-B")
		b.ReportMetric(float64(s[len(s)-1]), tool[len("zerops_"):]+"-max-B")
		largest = max(largest, s[len(s)-1])
	}
	b.ReportMetric(float64(largest), "largest-B")
}
