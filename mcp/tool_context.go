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
		Description: "Zerops overview: projects, services, networking, rules that break deploys, live service types and versions. Load once per session.",
		Annotations: readOnlyAnn("Platform context"),
	}, func(ctx context.Context, _ *sdk.CallToolRequest, _ contextInput) (markdownOutput, error) {
		var live string
		if types := s.stackTypes(ctx); len(types) > 0 {
			live = knowledge.FormatStackList(types)
		}
		text := strings.TrimSpace(knowledge.ContextWithCatalog(live))
		return markdownOutput{Markdown: text, Next: "Next: for multi-step work call zerops_workflow; for details zerops_knowledge."}, nil
	})
}
