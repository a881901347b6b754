package mcp_test

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

// TestEnvWrites_ParallelSetsAllSurvive sets 20 distinct keys at once, each
// call a read-merge-write of the whole target, and expects all 20 to be
// there afterwards: on one service and on the project.
func TestEnvWrites_ParallelSetsAllSurvive(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		target map[string]any
	}{
		{"service", map[string]any{"serviceHostname": "appdev"}},
		{"project", map[string]any{"project": true}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{processDuration: 20 * time.Millisecond}) // the Stack wires the env-writes actor
			args := func(action string, vars ...string) map[string]any {
				a := map[string]any{"action": action}
				for k, v := range tt.target {
					a[k] = v
				}
				if vars != nil {
					a["variables"] = vars
				}
				return a
			}
			const n = 20
			var wg sync.WaitGroup
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					res, _ := h.call(t, "zerops_env", args("set", fmt.Sprintf("PAR_%02d=v%d", i, i)))
					if res.IsError {
						t.Errorf("set %d: %s", i, text(res))
					}
				}()
			}
			wg.Wait()
			// Queued behind the 20, and followed to its end (progress token):
			// once it answers, every earlier write's process has ended.
			res, _ := h.callWith(t, t.Context(), "zerops_env", args("set", "PAR_LAST=1"), "last")
			wantOK(t, res)
			res, m := h.call(t, "zerops_env", args("get"))
			wantOK(t, res)
			have := map[string]string{}
			vars, _ := m["variables"].([]any)
			for _, v := range vars {
				e, _ := v.(map[string]any)
				k, _ := e["key"].(string)
				val, _ := e["value"].(string)
				have[k] = val
			}
			var lost []string
			for i := range n {
				if k := fmt.Sprintf("PAR_%02d", i); have[k] != fmt.Sprintf("v%d", i) {
					lost = append(lost, k)
				}
			}
			if len(lost) > 0 || have["PAR_LAST"] != "1" {
				t.Errorf("lost writes %v (have %v)", lost, have)
			}
		})
	}
}
