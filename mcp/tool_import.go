package mcp

import (
	"context"
	"slices"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

type importInput struct {
	Content  string `json:"content,omitempty" jsonschema:"services: only, no project:"`
	FilePath string `json:"filePath,omitempty" jsonschema:"or a file (relative to working dir)"`
	DryRun   Bool   `json:"dryRun,omitzero" jsonschema:"check only: structure, hostnames, live versions, mode"`
}

// importOutput answers a dry run (dryRun: true: valid, every problem and
// warning, and which checks ran) or a real import (the services created and
// their processes).
type importOutput struct {
	DryRun           bool             `json:"dryRun"`
	Valid            bool             `json:"valid"`
	Problems         []platform.Issue `json:"problems"`
	Warnings         []platform.Issue `json:"warnings"`
	VersionsChecked  *bool            `json:"versionsChecked,omitempty"`
	HostnamesChecked *bool            `json:"hostnamesChecked,omitempty"`
	SchemaChecked    *bool            `json:"schemaChecked,omitempty"`
	Services         []importService  `json:"services"`
	ServiceCount     int              `json:"serviceCount,omitempty"`
	Processes        []processSummary `json:"processes,omitzero"`
	Next             string           `json:"next"`
}

// importService is one service of an import: planned (type, mode) or created
// (id, or the platform's error).
type importService struct {
	Hostname string             `json:"hostname"`
	Type     string             `json:"type,omitempty"`
	Mode     string             `json:"mode,omitempty"`
	ID       string             `json:"id,omitempty"`
	Error    *platform.APIError `json:"error,omitempty"`
	// Override: an existing runtime of this hostname is kept and, as the
	// import reference says of override: true, redeployed; none is created.
	Override bool `json:"override,omitempty"`
}

func (s *Server) importTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_import",
		Description: "Create services from an import.yml. dryRun=true checks it, creating nothing; run it first.",
		Annotations: mutatingAnn("Import services", false, false),
	}, func(ctx context.Context, req *sdk.CallToolRequest, in importInput) (importOutput, error) {
		content, err := s.readContent(ctx, in.Content, in.FilePath)
		if err != nil {
			return importOutput{}, err
		}
		pub := s.published(ctx)
		if in.DryRun.V {
			plan, err := ops.CheckImport(ctx, s.opsProject(), content, pub)
			if err != nil {
				return importOutput{}, err
			}
			out := importOutput{DryRun: true, Valid: plan.Valid, Problems: plan.Problems, Warnings: plan.Warnings,
				VersionsChecked: &plan.VersionsChecked, HostnamesChecked: &plan.HostnamesChecked, SchemaChecked: &plan.SchemaChecked, Services: []importService{}, ServiceCount: plan.ServiceCount}
			for _, p := range plan.Services {
				out.Services = append(out.Services, importService{Hostname: p.Hostname, Type: p.Type, Mode: p.Mode, Override: p.Override})
			}
			out.Next = dryRunNext(plan)
			var git []string
			for _, p := range plan.Services {
				if p.Git && !p.Override {
					git = append(git, p.Hostname)
				}
			}
			if s.deps.Sandbox && len(git) > 0 && plan.Valid { // said before the import, not after it
				out.Next += " " + fromGitSaid(git, true)
			}
			return out, nil
		}
		res, err := ops.Import(ctx, s.opsProject(), content, pub, s.deps.ImportOptions)
		if err != nil {
			return importOutput{}, err
		}
		outcomes, followed := s.followProcesses(ctx, s.progressFor(ctx, req), res.Processes, "")
		out := importOutput{Valid: true, Problems: []platform.Issue{}, Warnings: res.Warnings, Services: []importService{}, Processes: summarize(outcomes)}
		for _, sv := range res.Services {
			out.Services = append(out.Services, importService{Hostname: sv.Hostname, ID: sv.ID, Error: sv.Error, Override: slices.Contains(res.Overridden, sv.Hostname)})
		}
		success := "Next: services exist; write zerops.yml (reference managed services' variables in run.envVariables) and deploy runtimes with zerops_deploy."
		fromGit := ""
		if n := len(res.FromGit); n > 0 {
			fromGit = fromGitSaid(res.FromGit, s.deps.Sandbox)
			success = "Next: " + fromGit + " Any other runtime imported here: write zerops.yml (reference managed services' variables in run.envVariables) and deploy it with zerops_deploy."
			if len(res.FromGit) == len(out.Services) {
				success = "Next: " + fromGit
			}
		}
		if !res.Next.IsZero() { // a service back under a deleted one's hostname, or one others reference
			success = nextText(res.Next)
			if rest := slices.DeleteFunc(slices.Clone(res.Rest), func(h string) bool { return slices.Contains(res.FromGit, h) }); len(rest) > 0 {
				success += " For " + strings.Join(rest, ", ") + ": write zerops.yml and deploy runtimes with zerops_deploy."
			}
			if fromGit != "" {
				success += " " + fromGit
			}
		}
		if n := len(res.Overridden); n > 0 {
			said := overrideSaid(res.Overridden, false)
			if n == len(out.Services) {
				success = "Next: " + said + " zerops_events shows whether a redeploy ran; then zerops_verify serviceHostname=" + res.Overridden[0] + " tells whether it answers."
			} else {
				success += " " + said
			}
		}
		out.Next = nextForProcesses(outcomes, followed, success)
		if fromGit != "" && !strings.Contains(out.Next, fromGit) { // the process check alone dropped it (walk 75)
			out.Next += " Once it has finished: " + fromGit
		}
		return out, nil
	})
}

// fromGitSaid says what becomes of the imported runtimes hosts with
// buildFromGit: the platform builds and deploys each from its repository,
// no zerops_deploy needed; the sandbox builds nothing from git, so there
// the app is tried from a local copy of the repository.
func fromGitSaid(hosts []string, sandbox bool) string {
	n, names := len(hosts), strings.Join(hosts, ", ")
	if !sandbox {
		return names + pick(n, " builds from its", " build from their") + " buildFromGit repository: the platform builds and deploys " + pick(n, "it", "each") +
			" after the import, no zerops_deploy needed; zerops_events follows the build, then zerops_verify."
	}
	return names + pick(n, " has", " have") + " buildFromGit, which Zerops builds and deploys after the import, but the sandbox builds nothing from git: " +
		names + pick(n, " stays", " stay") + " without code here (zerops_verify answers not-deployed). To try " + pick(n, "the app", "them") + " in the sandbox, clone " +
		pick(n, "the repository into a folder beside you, keep its zerops.yml (with a setup named as the service) and deploy that folder to "+hosts[0],
			"each one's repository into a folder of its own beside you, keep its zerops.yml (with a setup named as its service) and deploy each folder to its service") +
		" with zerops_deploy (workingDir: the folder)."
}

// dryRunNext is the next step after a dry run.
func dryRunNext(plan *ops.ImportCheck) string {
	var unchecked []string
	if !plan.VersionsChecked {
		unchecked = append(unchecked, "types and versions (the live catalog could not be read)")
	}
	if !plan.HostnamesChecked {
		unchecked = append(unchecked, "hostnames in use (the service list could not be read)")
	}
	next := "Next: import for real with zerops_import (same content, without dryRun)."
	if w := warningsFirst(plan.Warnings, "run the dry run", "import for real with zerops_import (same content, without dryRun)."); w != "" {
		next = w
	}
	if !plan.Valid {
		next = "Next: fix every problem (each names its fix), run the dry run again, then import."
	}
	var overridden []string
	for _, s := range plan.Services {
		if s.Override {
			overridden = append(overridden, s.Hostname)
		}
	}
	if len(overridden) > 0 {
		next = overrideSaid(overridden, true) + " " + next
	}
	if len(unchecked) > 0 {
		next += " Not checked: " + strings.Join(unchecked, "; ") + "; run the dry run again to check them."
	}
	return next
}

// overrideSaid says what the import reference says of override: true on the
// existing runtimes hosts, and that it says no more; dry: before the import.
func overrideSaid(hosts []string, dry bool) string {
	n := len(hosts)
	what := strings.Join(hosts, ", ") + pick(n, " exists as a runtime", " exist as runtimes") + " and override: true is set: the import creates no new service there."
	if !dry {
		what = strings.Join(hosts, ", ") + pick(n, " was", " were") + " not created again: " + pick(n, "it exists as a runtime", "they exist as runtimes") + " and override: true is set."
	}
	return what + " The import reference says the platform replaces the existing runtime by triggering a redeploy, and no more: which of this import's settings the redeploy applies is not documented."
}
