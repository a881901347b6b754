package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform/ops"
)

type metricsInput struct {
	ServiceHostname string `json:"serviceHostname,omitempty" jsonschema:"only this service (default: all)"`
	Window          string `json:"window,omitempty" jsonschema:"e.g. 30m, 6h, 2d; default 1h, max 7d"`
}

func (s *Server) metricsTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_metrics",
		Description: "CPU, RAM, disk vs their limits and containers per service over a window: now/peak/average and a verdict naming the scale call when one is at its limit.",
		Annotations: readOnlyAnn("Resource use"),
	}, func(ctx context.Context, _ *sdk.CallToolRequest, in metricsInput) (ops.MetricsResult, error) {
		window, err := ops.ParseWindow(in.Window)
		if err != nil {
			return ops.MetricsResult{}, err
		}
		res, err := ops.Metrics(ctx, s.opsProject(), in.ServiceHostname, window)
		if err != nil {
			return ops.MetricsResult{}, err
		}
		return *res, nil
	})
}
