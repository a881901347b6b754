package mcp

import (
	"context"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform/ops"
)

type subdomainInput struct {
	ServiceHostname string              `json:"serviceHostname"`
	Action          ops.SubdomainAction `json:"action" jsonschema:"enable or disable"`
}

type subdomainOutput struct {
	Action          ops.SubdomainAction `json:"action"`
	ServiceHostname string              `json:"serviceHostname"`
	AlreadyInState  bool                `json:"alreadyInState,omitempty"`
	Message         string              `json:"message,omitempty"`
	SubdomainURLs   []string            `json:"subdomainUrls,omitempty" jsonschema:"after enable: each HTTP port's public URL"`
	Processes       []processSummary    `json:"processes"`
	Next            string              `json:"next"`
}

func (s *Server) subdomainTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_subdomain",
		Description: "Enable or disable a service's public *.zerops.app subdomain (for testing, not production). Idempotent.",
		Annotations: mutatingAnn("Subdomain access", false, true),
	}, func(ctx context.Context, req *sdk.CallToolRequest, in subdomainInput) (subdomainOutput, error) {
		res, err := ops.Subdomain(ctx, s.opsProject(), in.ServiceHostname, in.Action)
		if err != nil {
			return subdomainOutput{}, err
		}
		outcomes, followed := s.followProcesses(ctx, s.progressFor(ctx, req), processList(res.Process), res.ServiceHostname)
		out := subdomainOutput{Action: res.Action, ServiceHostname: res.ServiceHostname, AlreadyInState: res.AlreadyInState,
			Message: res.Message, SubdomainURLs: res.SubdomainURLs, Processes: summarize(outcomes)}
		success := "Next: zerops_discover shows the subdomain; the app must listen on 0.0.0.0 on an httpSupport port."
		if len(res.SubdomainURLs) > 0 {
			// The URLs are in subdomainUrls: said once.
			success = "Next: zerops_verify serviceHostname=" + res.ServiceHostname + " checks that the app answers at the subdomain URL above."
		}
		if len(res.RefKeys) > 0 {
			// The variable is there from now on; the running app's
			// references to it resolve at its next start.
			success = "Next: restart " + res.ServiceHostname + " so " + strings.Join(res.RefKeys, ", ") + " get" + pick(len(res.RefKeys), "s", "") +
				" the subdomain URL (a reference resolves when the app starts, and it started before the subdomain): zerops_manage action=restart serviceHostname=" + res.ServiceHostname +
				"; then zerops_verify serviceHostname=" + res.ServiceHostname + "."
		}
		if res.Action == ops.SubdomainDisable {
			success = "Next: the service is no longer public on its zerops.app subdomain."
		}
		out.Next = nextForProcesses(outcomes, followed, success)
		return out, nil
	})
}
