package mcp

import (
	"context"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/platform"
)

// promptArg is a workflow prompt's one optional argument: what to build for
// bootstrap, the service to work on for the others.
func promptArg(workflow string) *sdk.PromptArgument {
	if workflow == "bootstrap" {
		return &sdk.PromptArgument{Name: "request", Description: `What to build, e.g. "a bun API with postgres"`}
	}
	return &sdk.PromptArgument{Name: "service", Description: "The hostname of the service to work on, e.g. appdev"}
}

// addPrompts offers each workflow as an MCP prompt (Claude Code lists them as
// slash commands): its text is the workflow zerops_workflow returns.
func (s *Server) addPrompts() {
	for _, name := range knowledge.WorkflowNames() {
		arg := promptArg(name)
		s.sdk.AddPrompt(&sdk.Prompt{Name: name, Title: "Zerops: " + name, Description: workflowSummary(name), Arguments: []*sdk.PromptArgument{arg}},
			func(ctx context.Context, req *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
				text, _ := s.workflowText(ctx, name)
				text = joinNext(text, workflowNext)
				if v := strings.TrimSpace(req.Params.Arguments[arg.Name]); v != "" {
					text += fmt.Sprintf("\n\n## This time\n%s: %s\n", arg.Name, platform.Clip(v, 500))
				}
				return &sdk.GetPromptResult{Description: workflowSummary(name),
					Messages: []*sdk.PromptMessage{{Role: "user", Content: &sdk.TextContent{Text: text}}}}, nil
			})
	}
}

// workflowSummary is the workflow's line in the catalog.
func workflowSummary(name string) string {
	for _, line := range strings.Split(knowledge.WorkflowCatalog(), "\n") {
		if rest, ok := strings.CutPrefix(line, "- "+name+": "); ok {
			return rest
		}
	}
	return ""
}
