package mcp_test

import (
	"context"
	"sync"
	"testing"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
)

// TestConnect_PlatformToolsWaitForTheProject: until Connect succeeds,
// platform tools answer its structured error while the offline tools work;
// once it succeeds, they reach the project.
func TestConnect_PlatformToolsWaitForTheProject(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	connectErr := error(platform.NewError(platform.ErrAPIUnavailable, "the API did not answer", "ZCP tries again on the next call."))
	calls := 0
	var project mcp.Project
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) {
		project = d.Project
		d.Project = mcp.Project{}
		d.Connect = func(context.Context) (mcp.Project, error) {
			mu.Lock()
			defer mu.Unlock()
			calls++
			if connectErr != nil {
				return mcp.Project{}, connectErr
			}
			return project, nil
		}
	}})

	for _, tool := range []string{"zerops_discover", "zerops_events", "zerops_manage"} {
		res, m := h.call(t, tool, map[string]any{"action": "restart", "serviceHostname": "appdev"})
		if !res.IsError || m["code"] != platform.ErrAPIUnavailable || m["suggestion"] == "" {
			t.Fatalf("%s before connecting: %s", tool, text(res))
		}
	}
	offline := map[string]map[string]any{
		"zerops_knowledge": {"query": "postgresql port"},
		"zerops_context":   {},
		"zerops_workflow":  {"workflow": "bootstrap"},
		"zerops_validate":  {"content": "zerops:\n  - setup: app\n    run:\n      start: node index.js\n", "type": "zerops.yml"},
	}
	for tool, args := range offline {
		if res, m := h.call(t, tool, args); m["code"] == platform.ErrAPIUnavailable || res.IsError && tool != "zerops_validate" {
			t.Errorf("%s before connecting: %s", tool, text(res))
		}
	}
	mu.Lock()
	before := calls
	connectErr = nil
	mu.Unlock()
	if before != 3 {
		t.Errorf("Connect asked %d times by 3 platform calls (offline tools must not ask)", before)
	}

	res, m := h.call(t, "zerops_discover", nil)
	if res.IsError || m == nil {
		t.Fatalf("discover after connecting: %s", text(res))
	}
	h.call(t, "zerops_discover", nil)
	mu.Lock()
	defer mu.Unlock()
	if calls != before+1 {
		t.Errorf("Connect asked %d times after it succeeded, want once", calls-before)
	}
}
