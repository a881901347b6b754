package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestDelete_SharedStorageNamesWhoMountsIt: zerops_delete without confirm
// of a shared storage that a runtime mounts names that runtime and where
// (/mnt/files), as it names the variables that reference a service; a
// storage nobody mounts says nothing of mounts. Walked again after the
// mount was kept (walk 11): the guard said nothing of web.
func TestDelete_SharedStorageNamesWhoMountsIt(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, mount string
		want        bool
	}{
		{"mounted", "    mount: [files]\n", true},
		{"not mounted", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			yml := "services:\n  - hostname: files\n    type: shared-storage\n    mode: NON_HA\n" +
				"  - hostname: web\n    type: nodejs@22\n    buildFromGit: https://github.com/example/app\n" + tc.mount
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": yml}, "imp"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			res, m := h.call(t, "zerops_delete", map[string]any{"serviceHostname": "files"})
			wantError(t, res, m, platform.ErrConfirmRequired)
			msg, _ := m["error"].(string)
			if got := strings.Contains(msg, "web") && strings.Contains(msg, "/mnt/files"); got != tc.want {
				t.Errorf("the guard names web mounting /mnt/files: %v, want %v: %s", got, tc.want, text(res))
			}
		})
	}
}
