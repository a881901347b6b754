package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

type importInput struct {
	Content  string `json:"content,omitempty" jsonschema:"import.yml content (services: only, no project:)"`
	FilePath string `json:"filePath,omitempty" jsonschema:"or a file, relative to the working directory"`
	DryRun   Bool   `json:"dryRun,omitzero" jsonschema:"check only: structure, hostnames, live versions, mode"`
}

// importOutput answers a dry run (dryRun: true, what would be created) or a
// real import (the services created and their processes).
type importOutput struct {
	DryRun    bool             `json:"dryRun"`
	Valid     bool             `json:"valid"`
	Services  []importService  `json:"services"`
	Processes []processSummary `json:"processes,omitzero"`
	Warnings  []string         `json:"warnings,omitempty"`
	Next      string           `json:"next"`
}

// importService is one service of an import: planned (type, mode) or created
// (id, or the platform's error).
type importService struct {
	Hostname string             `json:"hostname"`
	Type     string             `json:"type,omitempty"`
	Mode     string             `json:"mode,omitempty"`
	ID       string             `json:"id,omitempty"`
	Error    *platform.APIError `json:"error,omitempty"`
}

func (s *Server) importTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_import",
		Description: "Create services from an import.yml (services only). dryRun=true validates structure, hostnames, versions against the live catalog and mode without creating anything; run it first.",
		Annotations: mutatingAnn("Import services", false, false),
	}, func(ctx context.Context, req *sdk.CallToolRequest, in importInput) (importOutput, error) {
		content, err := s.readContent(in.Content, in.FilePath)
		if err != nil {
			return importOutput{}, err
		}
		types := s.stackTypes(ctx)
		if in.DryRun.V {
			plan, err := ops.DryRunImport(ctx, s.deps.Client, s.deps.Project.ID, content, types)
			if err != nil {
				return importOutput{}, err
			}
			next := "Next: import for real with zerops_import (same content, dryRun=false)."
			if len(plan.Warnings) > 0 {
				next = "Next: fix the warnings (they usually fail the real import), run the dry run again, then import."
			}
			out := importOutput{DryRun: true, Valid: true, Services: []importService{}, Warnings: plan.Warnings, Next: next}
			for _, p := range plan.Services {
				out.Services = append(out.Services, importService{Hostname: p.Hostname, Type: p.Type, Mode: p.Mode})
			}
			return out, nil
		}
		res, err := ops.Import(ctx, s.deps.Client, s.deps.Project.ID, content, types, s.deps.ImportOptions)
		if err != nil {
			return importOutput{}, err
		}
		outcomes, followed := s.followProcesses(ctx, s.progressFor(ctx, req), res.Processes, "")
		out := importOutput{Valid: true, Services: []importService{}, Processes: summarize(outcomes), Warnings: res.Warnings}
		for _, sv := range res.Services {
			out.Services = append(out.Services, importService{Hostname: sv.Hostname, ID: sv.ID, Error: sv.Error})
		}
		out.Next = nextForProcesses(outcomes, followed,
			"Next: services exist; write zerops.yml and deploy runtimes with zerops_deploy, wire env vars with zerops_env.")
		return out, nil
	})
}
