package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform/ops"
)

type importInput struct {
	Content  string `json:"content,omitempty" jsonschema:"import.yml content (services: only, no project:)"`
	FilePath string `json:"filePath,omitempty" jsonschema:"or a file, relative to the working directory"`
	DryRun   Bool   `json:"dryRun,omitzero" jsonschema:"check only: structure, hostnames, live versions, mode"`
}

type importDryRunOutput struct {
	DryRun   bool                 `json:"dryRun"`
	Valid    bool                 `json:"valid"`
	Services []ops.PlannedService `json:"services"`
	Warnings []string             `json:"warnings,omitempty"`
	Next     string               `json:"next"`
}

type importOutput struct {
	Services  []ops.ImportedService `json:"services"`
	Processes []processSummary      `json:"processes,omitempty"`
	Warnings  []string              `json:"warnings,omitempty"`
	Next      string                `json:"next"`
}

func (s *Server) importTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_import",
		Description: "Create services from an import.yml (services only). dryRun=true validates structure, hostnames, versions against the live catalog and mode without creating anything; run it first.",
		Annotations: mutatingAnn("Import services", false, false),
	}, func(ctx context.Context, req *sdk.CallToolRequest, in importInput) (*sdk.CallToolResult, error) {
		content, err := s.readContent(in.Content, in.FilePath)
		if err != nil {
			return nil, err
		}
		types := s.stackTypes(ctx)
		if in.DryRun.V {
			plan, err := ops.DryRunImport(ctx, s.deps.Client, s.deps.Project.ID, content, types)
			if err != nil {
				return nil, err
			}
			next := "Next: import for real with zerops_import (same content, dryRun=false)."
			if len(plan.Warnings) > 0 {
				next = "Next: fix the warnings (they usually fail the real import), run the dry run again, then import."
			}
			return jsonResult(importDryRunOutput{DryRun: true, Valid: true, Services: plan.Services, Warnings: plan.Warnings, Next: next})
		}
		res, err := ops.Import(ctx, s.deps.Client, s.deps.Project.ID, content, types, s.deps.ImportOptions)
		if err != nil {
			return nil, err
		}
		outcomes, followed := s.followProcesses(ctx, s.progressFor(ctx, req), res.Processes, "")
		out := importOutput{Services: res.Services, Processes: summarize(outcomes), Warnings: res.Warnings}
		out.Next = nextForProcesses(outcomes, followed,
			"Next: services exist; write zerops.yml and deploy runtimes with zerops_deploy, wire env vars with zerops_env.")
		return jsonResult(out)
	})
}
