package mcp

import (
	"context"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/knowledge"
)

type contextInput struct{}

func (s *Server) contextTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_context",
		Description: "Zerops platform overview: how projects, services and networking work, the rules that break deployments, and the live list of service types and versions. Load once per session.",
		Annotations: readOnlyAnn("Platform context"),
	}, func(ctx context.Context, _ *sdk.CallToolRequest, _ contextInput) (markdownOutput, error) {
		var b strings.Builder
		b.WriteString(strings.TrimSpace(knowledge.ContextText()))
		if types := s.stackTypes(ctx); len(types) > 0 {
			if list := knowledge.FormatStackList(types); list != "" {
				b.WriteString("\n\n## Available Service Stacks (live)\n\n")
				b.WriteString(list)
			}
		}
		return markdownOutput{Markdown: b.String(), Next: "Next: for multi-step work call zerops_workflow; for details zerops_knowledge."}, nil
	})
}
