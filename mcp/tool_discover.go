package mcp

import (
	"context"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

type discoverInput struct {
	ServiceHostname string `json:"serviceHostname,omitempty" jsonschema:"only this service"`
	IncludeEnvs     Bool   `json:"includeEnvs,omitzero" jsonschema:"add env variables (secret values as ***, keys listed)"`
}

type discoverOutput struct {
	ops.DiscoverResult
	Next string `json:"next"`
}

func (s *Server) discoverTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_discover",
		Description: "Project state: services with type, status, ports, subdomain URLs; one service with its scaling in force.",
		Annotations: readOnlyAnn("Discover project and services"),
	}, func(ctx context.Context, _ *sdk.CallToolRequest, in discoverInput) (discoverOutput, error) {
		res, err := ops.Discover(ctx, s.opsProject(), in.ServiceHostname, in.IncludeEnvs.V)
		if err != nil {
			return discoverOutput{}, err
		}
		next := "Next: act on a service (zerops_manage, zerops_env, zerops_logs) or create services with zerops_workflow workflow=bootstrap."
		for _, svc := range res.Services {
			if len(svc.SubdomainURLs) > 0 {
				next += " Check a service over HTTP at its subdomainUrls (e.g. " + svc.SubdomainURLs[0] + ")."
				break
			}
		}
		// What is down comes first, not a hint at scaling (walk 75c: with
		// db STOPPED, next offered cache's scaling).
		var stopped, failed []string
		for _, svc := range res.Services {
			switch svc.Status {
			case platform.ServiceStopped, platform.ServiceStopping:
				stopped = append(stopped, svc.Hostname+" ("+string(svc.Status)+")")
			case platform.ServiceFailed:
				failed = append(failed, svc.Hostname)
			}
		}
		if len(stopped)+len(failed) > 0 {
			next = "Next:"
			if len(stopped) > 0 {
				host, _, _ := strings.Cut(stopped[0], " ")
				next += " not running: " + strings.Join(stopped, ", ") + "; unless that is on purpose, start each (zerops_manage action=start serviceHostname=" + host + ")."
			}
			if len(failed) > 0 {
				next += " FAILED: " + strings.Join(failed, ", ") + "; zerops_events serviceHostname=" + failed[0] + " shows what failed."
			}
			next += " zerops_verify tells which services answer and what they need."
		}
		if in.ServiceHostname == "" && len(stopped)+len(failed) == 0 {
			// Only for a service whose scaling this answer does not show
			// already, and that has one (object storage has none).
			for _, svc := range res.Services {
				if svc.Autoscaling == nil && svc.Category != platform.CategoryObject {
					// Walk 84: "a service not shown here" read as a
					// service missing from the list.
					next += " This list leaves out each service's scaling (RAM, CPU, containers); zerops_discover serviceHostname=" + svc.Hostname + " shows " + svc.Hostname + "'s."
					break
				}
			}
		}
		if len(res.Services) == 0 {
			next = "Next: the project is empty; call zerops_workflow workflow=bootstrap to create services."
		}
		return discoverOutput{*res, next}, nil
	})
}
