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

// metricsOutput is zerops_metrics' answer: ops.MetricsResult with its next
// steps in words.
type metricsOutput struct {
	Window   string             `json:"window"` // from, till (UTC) and the bucket
	Services []serviceMetrics   `json:"services"`
	Verdict  ops.MetricsVerdict `json:"verdict"`
	Next     string             `json:"next"`
}

// serviceMetrics is one service's resource use with its next step in words.
type serviceMetrics struct {
	ops.ServiceMetrics
	Next string `json:"next,omitempty"`
}

func metricsAnswer(res *ops.MetricsResult) metricsOutput {
	out := metricsOutput{Window: res.Window, Services: make([]serviceMetrics, len(res.Services)), Verdict: res.Verdict, Next: nextText(res.Next)}
	for i, m := range res.Services {
		out.Services[i] = serviceMetrics{m, nextText(m.Next)}
		if out.Services[i].Next == out.Next { // the next step once: the answer's
			out.Services[i].Next = ""
		}
	}
	return out
}

func (s *Server) metricsTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_metrics",
		Description: "CPU, RAM, disk vs limits and containers per service over a window (now, peak, average): verdict and next step.",
		Annotations: readOnlyAnn("Resource use"),
	}, func(ctx context.Context, _ *sdk.CallToolRequest, in metricsInput) (metricsOutput, error) {
		window, err := ops.ParseWindow(in.Window)
		if err != nil {
			return metricsOutput{}, err
		}
		res, err := ops.Metrics(ctx, s.opsProject(), in.ServiceHostname, window)
		if err != nil {
			return metricsOutput{}, err
		}
		return metricsAnswer(res), nil
	})
}
