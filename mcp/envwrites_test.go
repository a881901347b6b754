package mcp_test

import (
	"context"
	"fmt"
	"net/http"
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

// TestEnvWrites_WaitingCallCancelled: a set queued behind a write whose
// process still runs is dropped when its caller cancels: it answers no
// change and never reaches the API.
func TestEnvWrites_WaitingCallCancelled(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Hour}) // the first write's process never ends
	res, _ := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"FIRST=1"}})
	wantOK(t, res)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() {
		_, err := h.cs.CallTool(ctx, callParams("zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"SECOND=2"}}))
		done <- err
	}()
	awaitEnvQueue(t, h, "queued", "1")
	cancel()
	if err := <-done; err == nil {
		t.Error("the cancelled call answered")
	}
	awaitEnvQueue(t, h, "queued", "0") // the server dropped it from the queue
	if n := h.fake.CountRequests(http.MethodPut, "/service-stack/"+h.fake.ServiceID("appdev")+"/user-data/env-file"); n != 1 {
		t.Errorf("%d env-file writes, want only the first", n)
	}
}

// awaitEnvQueue polls the env-writes actor's status (it has no signal for
// tests outside its package) until figure key reads want.
func awaitEnvQueue(t *testing.T, h *harness, key, want string) {
	t.Helper()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(10 * time.Second)
	for {
		st, err := h.stack.EnvWrites.Status(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range st.Figures {
			if f.Key == key && f.Value == want {
				return
			}
		}
		select {
		case <-tick.C:
		case <-deadline:
			t.Fatalf("env-writes never showed %s %s: %+v", key, want, st)
		}
	}
}
