package mcp_test

import (
	"context"
	"testing"
)

// Shared storage scales vertically: the Zerops docs give it an autoscaling
// range that can be changed after creation (walk9b: maxDisk on a
// shared-storage service was refused as "vertical autoscaling is not
// available", with a suggestion to check min ≤ max and HA mode, neither of
// which was wrong); the range it answers is whole, the bounds not given
// as they were at creation. Its container count stays fixed.
func TestManage_SharedStorageScalesVertically(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		args    map[string]any
		wantErr bool
	}{
		{"disk", map[string]any{"maxDisk": 20}, false},
		{"ram", map[string]any{"minRam": 0.5, "maxRam": 2}, false},
		{"containers", map[string]any{"maxContainers": 2}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: files\n    type: shared-storage\n    mode: NON_HA\n"}, "imp"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			args := map[string]any{"action": "scale", "serviceHostname": "files"}
			for k, v := range tc.args {
				args[k] = v
			}
			res, m := h.callWith(t, context.Background(), "zerops_manage", args, "scale")
			if res.IsError != tc.wantErr {
				t.Errorf("scale %v: isError %v, want %v: %s", tc.args, res.IsError, tc.wantErr, text(res))
			}
			// The range in force is whole: the bounds not given stay as they were.
			if scaling, _ := m["scaling"].(map[string]any); !tc.wantErr && (scaling["minRam"] == nil || scaling["maxCpu"] == nil || scaling["minDisk"] == nil) {
				t.Errorf("scale %v: the range in force lacks the bounds not changed: %s", tc.args, text(res))
			}
		})
	}
}
