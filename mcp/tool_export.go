package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform/ops"
)

type exportInput struct {
	ServiceHostname string `json:"serviceHostname,omitempty"`
}

// exportOutput is zerops_export's answer: the export and its next step in words.
type exportOutput struct {
	ops.ExportResult
	Next string `json:"next"`
}

func (s *Server) exportTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_export",
		Description: "The project (or one service) as import YAML for zerops_import; secrets are placeholders naming their keys.",
		Annotations: readOnlyAnn("Export as import YAML"),
	}, func(ctx context.Context, _ *sdk.CallToolRequest, in exportInput) (exportOutput, error) {
		res, err := ops.Export(ctx, s.opsProject(), in.ServiceHostname)
		if err != nil {
			return exportOutput{}, err
		}
		return exportOutput{*res, nextText(res.Next)}, nil
	})
}
