package mcp_test

import (
	"bufio"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/mcp"
)

func TestToolNames_MatchToolsList(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name     string
		readOnly bool
		want     []string
	}{
		{"normal", false, mcp.ToolNames()},
		{"read-only", true, mcp.ReadOnlyToolNames()},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.ReadOnly = tt.readOnly }})
			var listed []string
			for _, tool := range listTools(t, h) {
				listed = append(listed, tool.Name)
			}
			want := slices.Sorted(slices.Values(tt.want))
			if !slices.Equal(want, listed) {
				t.Fatalf("the registry has %v, tools/list %v", want, listed)
			}
		})
	}
}

// TestREADME_ToolTableMatchesRegistry reads the rows of the table under
// "## The tools" in README.md: a row for every registered tool, and no row
// for a tool that is not registered.
func TestREADME_ToolTableMatchesRegistry(t *testing.T) {
	t.Parallel()
	f, err := os.Open("../README.md")
	must(t, err)
	defer func() { _ = f.Close() }()
	row := regexp.MustCompile("^\\| `(zerops_[a-z_]+)` \\|")
	var rows []string
	in := false
	for sc := bufio.NewScanner(f); sc.Scan(); {
		line := sc.Text()
		if strings.HasPrefix(line, "## ") {
			in = line == "## The tools"
		}
		if m := row.FindStringSubmatch(line); in && m != nil {
			rows = append(rows, m[1])
		}
	}
	registry := mcp.ToolNames()
	for _, name := range registry {
		if !slices.Contains(rows, name) {
			t.Errorf("README's tool table has no row for %s", name)
		}
	}
	for _, name := range rows {
		if !slices.Contains(registry, name) {
			t.Errorf("README's tool table has a row for %s, which is not registered", name)
		}
	}
}
