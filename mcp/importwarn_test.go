package mcp_test

import (
	"fmt"
	"strings"
	"testing"
)

// A type the catalog refuses gets its fix once, in the problem: no warning
// beside it names a fix for the refused type (redis@7 → "write
// redis:single@7", a type that does not exist).
func TestImportDryRun_NoWarningBesideARefusedType(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_import", map[string]any{"dryRun": true, "content": "services:\n  - hostname: cache2\n    type: redis@7\n"})
	wantOK(t, res)
	if m["valid"] != false || !strings.Contains(fmt.Sprint(m["problems"]), "valkey@7.2") {
		t.Fatalf("redis@7 is not refused with valkey@7.2 as its fix: %s", text(res))
	}
	if w := fmt.Sprint(m["warnings"]); strings.Contains(w, "redis:single@7") {
		t.Errorf("a warning names a fix for the refused type: %s", w)
	}
}
