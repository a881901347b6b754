package mcp

import (
	"context"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/platform"
)

type workflowInput struct {
	Workflow string `json:"workflow,omitempty" jsonschema:"bootstrap, deploy, debug, scale, configure or monitor; omit for the catalog"`
}

const stacksPlaceholder = "<!-- STACKS -->"

// workflowNext ends a workflow's text, in the tool's answer and the prompt.
const workflowNext = "Next: take the steps above in order; each tool's answer names the step after it."

func (s *Server) workflowTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_workflow",
		Description: "Guidance for multi-step Zerops work, with live service versions. Call first for anything beyond one action.",
		Annotations: readOnlyAnn("Workflow guidance"),
	}, func(ctx context.Context, _ *sdk.CallToolRequest, in workflowInput) (markdownOutput, error) {
		name := strings.ToLower(strings.TrimSpace(in.Workflow))
		if name == "" {
			return markdownOutput{Markdown: knowledge.WorkflowCatalog(), Next: "Next: call zerops_workflow with workflow set to the one that fits the task."}, nil
		}
		text, ok := s.workflowText(ctx, name)
		if !ok {
			return markdownOutput{}, platform.NewError(platform.ErrInvalidParameter, fmt.Sprintf("unknown workflow %q", platform.Clip(in.Workflow, 40)),
				"Use one of: "+strings.Join(knowledge.WorkflowNames(), ", ")+".")
		}
		return markdownOutput{Markdown: text, Next: workflowNext}, nil
	})
}

// workflowText is the named workflow's guidance with the live service
// versions in place of its placeholder.
func (s *Server) workflowText(ctx context.Context, name string) (string, bool) {
	text, ok := knowledge.Workflow(name)
	if !ok || !strings.Contains(text, stacksPlaceholder) {
		return text, ok
	}
	stacks := ""
	if types := s.stackTypes(ctx); len(types) > 0 {
		if list := knowledge.FormatStackList(types); list != "" {
			stacks = "## Available Service Stacks (live)\n\n" + list +
				"\n\n**Use only these versions in import.yml.** Versions not listed fail on import."
		}
	}
	return strings.ReplaceAll(text, stacksPlaceholder, stacks), true
}
