package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform/ops"
)

type deleteInput struct {
	ServiceHostname string  `json:"serviceHostname"`
	Confirm         Confirm `json:"confirm,omitzero" jsonschema:"must be true: deletion is permanent"`
}

type deleteOutput struct {
	ServiceHostname string           `json:"serviceHostname"`
	Processes       []processSummary `json:"processes"`
	Next            string           `json:"next"`
}

func (s *Server) deleteTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_delete",
		Description: "Permanently delete a service and its data. Requires confirm: true; ask the user first.",
		Annotations: mutatingAnn("Delete service", true, false),
	}, func(ctx context.Context, req *sdk.CallToolRequest, in deleteInput) (deleteOutput, error) {
		res, err := ops.Delete(ctx, s.opsProject(), in.ServiceHostname, bool(in.Confirm))
		if err != nil {
			return deleteOutput{}, err
		}
		outcomes, followed := s.followProcesses(ctx, s.progressFor(ctx, req), processList(res.Process), res.ServiceHostname)
		out := deleteOutput{ServiceHostname: res.ServiceHostname, Processes: summarize(outcomes)}
		out.Next = nextForProcesses(outcomes, followed, "Next: the hostname is free again once the deletion finishes (zerops_discover).")
		return out, nil
	})
}
