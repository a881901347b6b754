package mcp_test

import (
	"context"
	"slices"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/mcp"
)

func TestToolNames_MatchToolsList(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := h.cs.ListTools(ctx, &sdk.ListToolsParams{})
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, tool := range res.Tools {
		listed = append(listed, tool.Name)
	}
	got := mcp.ToolNames()
	slices.Sort(got)
	slices.Sort(listed)
	if !slices.Equal(got, listed) {
		t.Fatalf("ToolNames() = %v, tools/list = %v", got, listed)
	}
}
