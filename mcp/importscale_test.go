package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// The scaling an import file sets is the service's from its creation
// (walk 7: an import with maxRam 2 was shown 0.125–48 GB, and the metrics
// promised growth "up to 8 cores and 48 GB RAM a container"): discover
// shows it and the metrics' plan for more load reads it.
func TestImport_VerticalAutoscalingIsKept(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	const yml = "services:\n  - hostname: shop\n    type: java@21\n    startWithoutCode: true\n    maxContainers: 2\n" +
		"    verticalAutoscaling:\n      cpuMode: DEDICATED\n      minCpu: 1\n      maxCpu: 4\n      minRam: 0.5\n      maxRam: 2\n      minDisk: 2\n"
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": yml}, "imp"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	res, m := h.call(t, "zerops_discover", map[string]any{"serviceHostname": "shop"})
	wantOK(t, res)
	svcs, _ := m["services"].([]any)
	if len(svcs) != 1 {
		t.Fatalf("discover: %s", text(res))
	}
	got := fmt.Sprint(svcs[0].(map[string]any)["autoscaling"])
	for _, w := range []string{"cpuMode:DEDICATED", "maxCpu:4", "minRam:0.5", "maxRam:2", "minDisk:2", "maxContainers:2"} {
		if !strings.Contains(got, w) {
			t.Errorf("autoscaling lacks %s: %s", w, got)
		}
	}
	res, m = h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "shop"})
	wantOK(t, res)
	if next := str(m["next"]); strings.Contains(next, "48 GB") || strings.Contains(next, "8 cores") {
		t.Errorf("metrics next promises the platform's maximum, not the imported one: %s", next)
	}
}

// A runtime's horizontal range the import leaves out is the platform's
// default: minContainers 1 (the import reference) and up to 10 containers
// (the scaling pages' range; an import sets maxContainers: 1 to pin a dev
// service). Walk 10 imported minContainers: 2 alone and discover showed
// maxContainers 1, a maximum below the minimum.
func TestImport_HorizontalDefaults(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, scaling string
		want          []string
	}{
		{"min only", "    minContainers: 2\n", []string{"minContainers:2", "maxContainers:10"}},
		{"max only", "    maxContainers: 3\n", []string{"minContainers:1", "maxContainers:3"}},
		{"neither", "", []string{"minContainers:1", "maxContainers:10"}},
		{"pinned", "    minContainers: 1\n    maxContainers: 1\n", []string{"minContainers:1", "maxContainers:1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			yml := "services:\n  - hostname: web\n    type: nodejs@22\n    startWithoutCode: true\n" + tc.scaling
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": yml}, "imp"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			res, m := h.call(t, "zerops_discover", map[string]any{"serviceHostname": "web"})
			wantOK(t, res)
			svcs, _ := m["services"].([]any)
			if len(svcs) != 1 {
				t.Fatalf("discover: %s", text(res))
			}
			got := fmt.Sprint(svcs[0].(map[string]any)["autoscaling"])
			for _, w := range tc.want {
				if !strings.Contains(got, w+" ") && !strings.HasSuffix(got, w+"]") {
					t.Errorf("autoscaling lacks %s: %s", w, got)
				}
			}
		})
	}
}
