package mcp_test

import (
	"strings"
	"testing"
)

// TestImport_OwnExportSaysTakenOnce: walk 81 dry-ran the project's own
// export here; the answer said "X already exists … Reuse the existing X"
// for each of eight services. Several taken hostnames are one problem now,
// naming them all with one fix, and an import whose every service exists
// says it reads as this project's export, imported into another project;
// one taken hostname keeps its own problem.
func TestImport_OwnExportSaysTakenOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_export", map[string]any{})
	wantOK(t, res)
	res, m = h.call(t, "zerops_import", map[string]any{"content": str(m["yaml"]), "dryRun": true})
	var taken []map[string]string
	for _, p := range issuesOf(m, "problems") {
		if strings.Contains(p["problem"], "already exist") {
			taken = append(taken, p)
		}
	}
	if len(taken) != 1 || !strings.Contains(taken[0]["problem"], `"db"`) || !strings.Contains(taken[0]["problem"], `"appstage"`) ||
		!strings.Contains(taken[0]["fix"], "an export of this project is imported into another project") {
		t.Fatalf("want one problem naming every taken hostname: %s", text(res))
	}
	res, m = h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: db\n    type: postgresql@16\n    mode: NON_HA\n  - hostname: db2\n    type: postgresql@16\n    mode: NON_HA\n", "dryRun": true})
	if p := issuesOf(m, "problems"); len(p) != 1 || !strings.Contains(p[0]["problem"], `"db" already exists in the project`) || strings.Contains(p[0]["fix"], "another project") {
		t.Fatalf("one taken of two: %s", text(res))
	}
}
