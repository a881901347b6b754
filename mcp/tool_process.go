package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

type processInput struct {
	ProcessID string `json:"processId"`
	Action    string `json:"action,omitempty" jsonschema:"status (default) or cancel"`
}

type processOutput struct {
	Process processSummary `json:"process"`
	Next    string         `json:"next"`
}

func (s *Server) processTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_process",
		Description: "Status of a platform process returned by another tool (PENDING, RUNNING, FINISHED, FAILED with reason, CANCELED), or cancel it.",
		Annotations: mutatingAnn("Process status or cancel", true, true),
	}, func(ctx context.Context, _ *sdk.CallToolRequest, in processInput) (*sdk.CallToolResult, error) {
		p, err := ops.ProcessAction(ctx, s.deps.Client, in.ProcessID, in.Action)
		if err != nil {
			return nil, err
		}
		sum := summarize([]waitOutcome{{Process: *p, Finished: p.IsTerminal()}})[0]
		next := "Next: still running; check again in a few seconds."
		switch p.Status {
		case platform.ProcessFinished:
			next = "Next: done; verify with zerops_discover."
		case platform.ProcessFailed:
			next = "Next: read failReason, check zerops_logs for the service, fix and retry."
		case platform.ProcessCanceled, platform.ProcessCanceling:
			next = "Next: the process was cancelled; start the work again if needed."
		}
		return jsonResult(processOutput{Process: sum, Next: next})
	})
}
