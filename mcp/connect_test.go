package mcp_test

import (
	"context"
	"strings"
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

// TestConnect_OfflineToolsUseTheProjectOnceKnown: an agent that follows
// CLAUDE.md calls zerops_workflow and zerops_knowledge before any platform
// tool. Once the background discovery has settled the project (Deps.Known),
// their answers carry the live catalog and the version check, without
// asking Deps.Connect; before that they work without them.
func TestConnect_OfflineToolsUseTheProjectOnceKnown(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	known, connects := false, 0
	var project mcp.Project
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) {
		project = d.Project
		d.Project = mcp.Project{}
		d.Connect = func(context.Context) (mcp.Project, error) {
			mu.Lock()
			defer mu.Unlock()
			connects++
			return mcp.Project{}, platform.NewError(platform.ErrAPIUnavailable, "not asked by offline tools", "")
		}
		d.Known = func() (mcp.Project, bool) {
			mu.Lock()
			defer mu.Unlock()
			return project, known
		}
	}})
	briefing := map[string]any{"runtime": "nodejs@18", "services": []any{"postgresql@16"}}

	res, _ := h.call(t, "zerops_workflow", map[string]any{"workflow": "bootstrap"})
	wantOK(t, res)
	if strings.Contains(text(res), "Available Service Stacks") {
		t.Errorf("stacks listed before the project is known: %s", text(res))
	}
	mu.Lock()
	known = true
	mu.Unlock()
	res, _ = h.call(t, "zerops_workflow", map[string]any{"workflow": "bootstrap"})
	wantOK(t, res)
	if !strings.Contains(text(res), "## Available Service Stacks (live)") || !strings.Contains(text(res), "nodejs@{") {
		t.Errorf("the workflow lacks the live stacks once the project is known: %s", text(res))
	}
	res, _ = h.call(t, "zerops_knowledge", briefing)
	wantOK(t, res)
	if !strings.HasPrefix(text(res), "## Version check") || !strings.Contains(text(res), "nodejs@24") {
		t.Errorf("the briefing lacks the version check: %s", text(res))
	}
	mu.Lock()
	defer mu.Unlock()
	if connects != 0 {
		t.Errorf("offline tools asked Connect %d times", connects)
	}
}
