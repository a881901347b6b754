package mcp_test

import (
	"fmt"
	"strings"
	"testing"
)

// walk26aGitlabImport is the gitlab recipe's import (its services, the
// database renamed from db, which the sandbox's demo project has, and
// its ports left out, which zerops.yml declares now) with its CPU bound
// written as cpu (minVCpu: 20 as the recipe writes it).
func walk26aGitlabImport(cpu string) string {
	return "services:\n  - hostname: gldb\n    priority: 10\n    type: postgresql@16\n    mode: NON_HA\n" +
		"  - hostname: gitlab\n    priority: 5\n    type: ubuntu@22.04\n    minContainers: 1\n    maxContainers: 1\n" +
		"    verticalAutoscaling:\n      " + cpu + "\n      minRam: 6\n      minDisk: 5\n    enableSubdomainAccess: true\n"
}

// TestImport_RecipeVCpuOutOfRangeWalk26a: the gitlab recipe's import
// writes `minVCpu: 20`. The dry run warned "Rename it to minCpu, the
// schema's key, so that the value surely applies"; renamed, the next dry
// run refused it: "20 cores is outside 1–8 cores". The fix names the
// range minCpu takes when the value is outside it, and the renamed key
// with a value in it passes; a value in range (graylog's 2) is renamed as
// it is.
func TestImport_RecipeVCpuOutOfRangeWalk26a(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, tc := range []struct {
		name, cpu, fix string
		lacks          []string
	}{
		{"the recipe's 20", "minVCpu: 20", "whole cores from 1 to 8", []string{"so that the value surely applies"}},
		{"a bound in range", "minVCpu: 2", "Rename it to minCpu, the schema's key, so that the value surely applies", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, args := range []map[string]any{
				{"content": walk26aGitlabImport(tc.cpu), "dryRun": true},
			} {
				res, m := h.call(t, "zerops_import", args)
				if m["valid"] != true {
					t.Fatalf("the dry run refuses the recipe's import: %s", text(res))
				}
				warned := fmt.Sprint(m["warnings"])
				if !strings.Contains(warned, tc.fix) {
					t.Errorf("want the fix %q: %s", tc.fix, warned)
				}
				for _, l := range tc.lacks {
					if strings.Contains(warned, l) {
						t.Errorf("the fix says %q, which the value cannot follow: %s", l, warned)
					}
				}
			}
			res, m := h.call(t, "zerops_validate", map[string]any{"content": walk26aGitlabImport(tc.cpu), "kind": "import.yml"})
			if w := fmt.Sprint(m["warnings"]); !strings.Contains(w, tc.fix) {
				t.Errorf("validate: want the fix %q: %s", tc.fix, text(res))
			}
		})
	}
	// The fix followed: minCpu within 1–8.
	res, m := h.call(t, "zerops_import", map[string]any{"content": walk26aGitlabImport("minCpu: 8"), "dryRun": true})
	if m["valid"] != true {
		t.Fatalf("the fix followed is refused: %s", text(res))
	}
}
