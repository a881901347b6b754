package mcp_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/knowledge"
)

// TestPrompts_WorkflowsListedAndGot lists the prompts and gets each through
// the MCP client: one per workflow, with its argument, whose text is the
// workflow zerops_workflow answers (live versions in place) and names the
// argument given.
func TestPrompts_WorkflowsListedAndGot(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	list, err := h.cs.ListPrompts(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Sorted(slices.Values(knowledge.WorkflowNames())) // the SDK lists them by name
	if len(list.Prompts) != len(want) {
		t.Fatalf("%d prompts, want one per workflow %v", len(list.Prompts), want)
	}
	for i, p := range list.Prompts {
		if p.Name != want[i] || p.Description == "" || len(p.Arguments) != 1 || p.Arguments[0].Required {
			t.Errorf("prompt %d = %+v, want %s with a description and one optional argument", i, p, want[i])
			continue
		}
		arg := p.Arguments[0].Name
		got, err := h.cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: p.Name, Arguments: map[string]string{arg: "appdev <b>"}})
		if err != nil {
			t.Fatalf("get %s: %v", p.Name, err)
		}
		res, _ := h.call(t, "zerops_workflow", map[string]any{"workflow": p.Name})
		tool := text(res)
		if len(got.Messages) != 1 || got.Messages[0].Role != "user" {
			t.Fatalf("%s: messages %+v, want one user message", p.Name, got.Messages)
		}
		prompt := got.Messages[0].Content.(*sdk.TextContent).Text
		if !strings.HasPrefix(prompt, tool) || !strings.Contains(prompt[len(tool):], arg+": appdev <b>") {
			t.Errorf("%s: the prompt is not the workflow text followed by %s:\n%.300s", p.Name, arg, prompt[min(len(tool), len(prompt)):])
		}
		if strings.Contains(prompt, "<!-- STACKS -->") {
			t.Errorf("%s: the live versions placeholder is left in", p.Name)
		}
	}
	if _, err := h.cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: "nosuch"}); err == nil {
		t.Error("an unknown prompt was answered")
	}
}
