package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform/ops"
)

type eventsInput struct {
	ServiceHostname string `json:"serviceHostname,omitempty" jsonschema:"only this service"`
	Limit           Int    `json:"limit,omitzero" jsonschema:"default 50, max 200"`
}

type eventsOutput struct {
	ops.EventsResult
	Next string `json:"next"`
}

func (s *Server) eventsTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_events",
		Description: "Activity timeline of the project, newest first: platform processes (start, import, scale…) and builds with their status and fail reasons. Use it to follow a deploy.",
		Annotations: readOnlyAnn("Activity timeline"),
	}, func(ctx context.Context, _ *sdk.CallToolRequest, in eventsInput) (eventsOutput, error) {
		res, err := ops.Events(ctx, s.deps.Client, s.projectID(), in.ServiceHostname, in.Limit.V)
		if err != nil {
			return eventsOutput{}, err
		}
		ops.DiagnoseFailedBuilds(ctx, s.deps.Client, s.deps.Logs, s.projectID(), res)
		next := "Next: for a failed build read zerops_logs serviceHostname=<service> buildId=<id>; for a failed process its failReason."
		for _, e := range res.Events {
			if e.Diagnosis != nil {
				next = diagnosisNext(*e.Diagnosis)
				break
			}
		}
		return eventsOutput{*res, next}, nil
	})
}
