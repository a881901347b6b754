package mcp_test

import (
	"strings"
	"testing"
)

// TestImport_SingleOnlyTypeNotToldToPickHA: the medusa recipes import
// `type: meilisearch@1.10`, the only form the docs publish for it (it runs
// single-node, no HA). The dry run warned that the type "does not say
// single or HA" and offered meilisearch:ha@1.10, a type the same check
// then refuses: an agent following the warning loops. No HA choice exists,
// so there is nothing to warn of.
func TestImport_SingleOnlyTypeNotToldToPickHA(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, typ := range []string{"meilisearch@1.10", "meilisearch@1.20"} {
		res, m := h.call(t, "zerops_import", map[string]any{"dryRun": true,
			"content": "services:\n  - hostname: search\n    type: " + typ + "\n    enableSubdomainAccess: true\n    priority: 10\n"})
		wantOK(t, res)
		if m["valid"] != true {
			t.Fatalf("%s: valid %v: %s", typ, m["valid"], text(res))
		}
		if said := text(res); strings.Contains(said, ":ha@") || strings.Contains(said, "single or HA") {
			t.Errorf("%s: the dry run asks for an HA choice the type does not have: %s", typ, said)
		}
	}
}
