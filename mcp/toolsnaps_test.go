package mcp_test

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/mcp"
)

// toolsnaps holds one snapshot per tool as tools/list shows it, and
// <tool>.readonly.snap for a read-only variant that differs.
const toolsnaps = "testdata/toolsnaps"

// maxToolsListBytes bounds the tools/list answer (compact JSON): the agent
// pays for it every turn (issues 12 and 21).
const maxToolsListBytes = 24_000

// TestToolsnaps compares every tool's definition with its snapshot;
// UPDATE_TOOLSNAPS=1 rewrites the snapshots and removes stale ones.
func TestToolsnaps(t *testing.T) {
	t.Parallel()
	want := map[string][]byte{} // file name → snapshot
	normal := map[string][]byte{}
	for _, readOnly := range []bool{false, true} {
		h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.ReadOnly = readOnly }})
		tools := listTools(t, h)
		if wire, err := json.Marshal(sdk.ListToolsResult{Tools: tools}); err != nil || len(wire) > maxToolsListBytes {
			t.Errorf("tools/list (read-only %v) is %d bytes (%v), over %d: shorten descriptions or outputs", readOnly, len(wire), err, maxToolsListBytes)
		}
		for _, tool := range tools {
			snap, err := json.MarshalIndent(tool, "", "  ")
			must(t, err)
			snap = append(snap, '\n')
			switch {
			case !readOnly:
				normal[tool.Name], want[tool.Name+".snap"] = snap, snap
			case !bytes.Equal(snap, normal[tool.Name]):
				want[tool.Name+".readonly.snap"] = snap
			}
		}
	}
	if os.Getenv("UPDATE_TOOLSNAPS") == "1" {
		updateToolsnaps(t, want)
		return
	}
	entries, err := os.ReadDir(toolsnaps)
	must(t, err)
	for _, e := range entries {
		if _, ok := want[e.Name()]; !ok {
			t.Errorf("%s/%s is the snapshot of no tool: remove it (UPDATE_TOOLSNAPS=1 go test ./mcp -run TestToolsnaps)", toolsnaps, e.Name())
		}
	}
	for _, name := range slices.Sorted(maps.Keys(want)) {
		got, err := os.ReadFile(filepath.Join(toolsnaps, name))
		if err != nil || !bytes.Equal(got, want[name]) {
			t.Errorf("%s changed (%v); review and run UPDATE_TOOLSNAPS=1 go test ./mcp -run TestToolsnaps\n--- now ---\n%s", name, err, want[name])
		}
	}
}

func updateToolsnaps(t *testing.T, want map[string][]byte) {
	must(t, os.MkdirAll(toolsnaps, 0o755))
	entries, err := os.ReadDir(toolsnaps)
	must(t, err)
	for _, e := range entries {
		if _, ok := want[e.Name()]; !ok && strings.HasSuffix(e.Name(), ".snap") {
			must(t, os.Remove(filepath.Join(toolsnaps, e.Name())))
		}
	}
	for name, snap := range want {
		must(t, os.WriteFile(filepath.Join(toolsnaps, name), snap, 0o644))
	}
}
