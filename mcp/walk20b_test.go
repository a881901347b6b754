package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A hostname an import reuses that is a managed service (a database,
// object storage) takes no deploy: the fix names wiring to it only (walk
// 20: "drop it from the import and deploy to it or wire to it" for db and
// storage).
func TestImport_TakenManagedHostnameIsNotDeployedTo(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, tc := range []struct {
		name, yml string
		deploy    bool
	}{
		{"postgresql", "services:\n  - hostname: db\n    type: postgresql@16\n    mode: NON_HA\n", false},
		{"object storage", "services:\n  - hostname: storage\n    type: object-storage\n    objectStorageSize: 2\n", false},
		{"runtime", "services:\n  - hostname: appdev\n    type: nodejs@22\n", true},
	} {
		res, m := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": tc.yml, "dryRun": true}, "dry-"+tc.name)
		problems := fmt.Sprint(m["problems"])
		if !strings.Contains(problems, "already exists") {
			t.Fatalf("%s: no taken-hostname problem: %s", tc.name, text(res))
		}
		if got := strings.Contains(problems, "deploy to it"); got != tc.deploy {
			t.Errorf("%s: fix says deploy to it: %v, want %v: %s", tc.name, got, tc.deploy, problems)
		}
	}
}
