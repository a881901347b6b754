package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A docker service's fixed resources, written as the Zerops docs and the
// knowledge base's docker page write them (`cpu`, `ram`, `disk` under
// verticalAutoscaling), are keys the platform's import schema does not
// have. Which one the platform takes is not settled, so ZCP warns and
// does not refuse: the warning names the equal min and max bounds to
// write if the platform refuses, never "Remove it" (walk9b: that would
// drop the resources the user meant to fix).
func TestImport_DockerFixedResourcesAsRanges(t *testing.T) {
	t.Parallel()
	tests := []struct{ key, lo, hi string }{
		{"cpu", "minCpu", "maxCpu"},
		{"ram", "minRam", "maxRam"},
		{"disk", "minDisk", "maxDisk"},
	}
	h := newHarness(t, harnessOpts{})
	content := "services:\n  - hostname: dock\n    type: docker@26.1\n    verticalAutoscaling:\n      cpu: 1\n      ram: 1\n      disk: 5\n"
	for tool, args := range map[string]map[string]any{
		"zerops_import":   {"content": content, "dryRun": true},
		"zerops_validate": {"content": content},
	} {
		res, _ := h.callWith(t, context.Background(), tool, args, "imp")
		out := text(res)
		if res.IsError || strings.Contains(out, "\"valid\":false") {
			t.Errorf("%s refused what the docs write: %s", tool, out)
		}
		for _, tt := range tests {
			i := strings.Index(out, "verticalAutoscaling."+tt.key)
			if i < 0 {
				t.Errorf("%s: no issue for verticalAutoscaling.%s: %s", tool, tt.key, out)
				continue
			}
			issue := out[i:min(len(out), i+400)]
			if !strings.Contains(issue, tt.lo+": N and "+tt.hi+": N") || strings.Contains(issue, "Remove it") {
				t.Errorf("%s: the fix for %s does not name %s and %s (or says remove it): %s", tool, tt.key, tt.lo, tt.hi, issue)
			}
		}
	}
}
