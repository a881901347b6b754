package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// Scaling a docker service says what the Zerops docs and the knowledge
// base's docker page say of it: its resources are fixed values, not a
// range it autoscales in, and a change restarts its VM (walk9b: minRam 2
// maxRam 4 on a docker service was answered as an autoscaling range like
// any runtime's, with no word of the restart).
func TestManage_DockerScaleIsFixedAndRestartsTheVM(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		args      map[string]any
		wantFixed bool
		wantVM    bool
	}{
		{"a range", map[string]any{"minRam": 2, "maxRam": 4}, true, true},
		{"a fixed value", map[string]any{"minRam": 2, "maxRam": 2}, false, true},
		{"containers only", map[string]any{"maxContainers": 2}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			imp := "services:\n  - hostname: dock\n    type: docker@26.1\n    verticalAutoscaling:\n      minCpu: 1\n      maxCpu: 1\n      minRam: 1\n      maxRam: 1\n      minDisk: 5\n      maxDisk: 5\n"
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": imp}, "imp"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			args := map[string]any{"action": "scale", "serviceHostname": "dock"}
			for k, v := range tt.args {
				args[k] = v
			}
			res, m := h.callWith(t, context.Background(), "zerops_manage", args, "scale")
			wantOK(t, res)
			w := fmt.Sprint(m["warnings"])
			if got := strings.Contains(w, "fixed values"); got != tt.wantFixed {
				t.Errorf("warns of a range on docker: %v, want %v: %s", got, tt.wantFixed, w)
			}
			if got := strings.Contains(w, "restarts its VM"); got != tt.wantVM {
				t.Errorf("warns of the VM restart: %v, want %v: %s", got, tt.wantVM, w)
			}
		})
	}
}
