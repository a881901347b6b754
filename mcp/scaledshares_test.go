package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A scale-up shows in the shares (walk 12: a Sanic app scaled to 4
// containers of 48 GB answered RAM "nowPct": -0.3): an idle app's small
// share of a large limit, or its CPU split over ten containers, is small,
// never below zero. Eight services of the largest size, each a different
// sample of the fake's variation, read through zerops_metrics.
func TestMetrics_ScaledUpSharesNeverNegative(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	var yml strings.Builder
	yml.WriteString("services:\n")
	for i := range 8 {
		fmt.Fprintf(&yml, "  - hostname: big%d\n    type: python@3.12\n    startWithoutCode: true\n    minContainers: 10\n    maxContainers: 10\n"+
			"    verticalAutoscaling:\n      minRam: 48\n      maxRam: 48\n", i)
	}
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": yml.String()}, "imp"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	res, m := h.call(t, "zerops_metrics", map[string]any{"window": "30m"})
	wantOK(t, res)
	seen := 0
	for _, s := range m["services"].([]any) {
		svc := s.(map[string]any)
		if !strings.HasPrefix(str(svc["service"]), "big") {
			continue
		}
		seen++
		use, _ := svc["use"].(map[string]any)
		for _, res := range []string{"cpu", "ram"} {
			r, _ := use[res].(map[string]any)
			for _, k := range []string{"nowPct", "peakPct", "avgPct"} {
				v, ok := r[k].(float64)
				if !ok || v < 0 {
					t.Errorf("%s %s %s = %v: a share of a limit is never below zero", svc["service"], res, k, r[k])
				}
			}
		}
	}
	if seen != 8 {
		t.Fatalf("metrics list %d of the 8 scaled services: %s", seen, text(res))
	}
}
