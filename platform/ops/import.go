package ops

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/yamlcheck"
)

// PlannedService is one service an import would create.
type PlannedService struct {
	Hostname string `json:"hostname"`
	Type     string `json:"type"`
	Mode     string `json:"mode,omitempty"`
	// Subdomain: the import opens it over its subdomain (with the first deploy).
	Subdomain bool `json:"-"`
	// Git: buildFromGit names a repository, which the platform builds and
	// deploys after the import.
	Git bool `json:"-"`
	// Override: the project has a runtime of this hostname and the import
	// sets override: true, so no service is created; the import reference
	// says the platform redeploys that runtime instead.
	Override bool `json:"override,omitempty"`
}

// ImportCheck is the verdict on an import.yml: every problem that fails the
// import (structure, catalog and project checks together) and, apart, the
// warnings that do not. A check that could not run says so: without the live
// catalog types and versions are unchecked, without the service list taken
// hostnames are.
type ImportCheck struct {
	Valid            bool             `json:"valid"`
	Services         []PlannedService `json:"services"` // the first maxPlanned of them
	ServiceCount     int              `json:"serviceCount"`
	Problems         []platform.Issue `json:"problems"`
	Warnings         []platform.Issue `json:"warnings"`
	VersionsChecked  bool             `json:"versionsChecked"`
	HostnamesChecked bool             `json:"hostnamesChecked"`
	SchemaChecked    bool             `json:"schemaChecked"` // against the platform's published schema
}

// ImportOutcome is the answer to a real import.
type ImportOutcome struct {
	Services  []ImportedService  `json:"services"`
	Processes []platform.Process `json:"processes,omitempty"`
	Warnings  []platform.Issue   `json:"warnings"`
	// Next is what the services created ask of the project (see
	// recreatedNext); zero when nothing does.
	Next platform.Step `json:"-"`
	// Rest are the created hostnames Next does not name.
	Rest []string `json:"-"`
	// FromGit are the created hostnames with buildFromGit: the platform
	// builds and deploys each from its repository, no zerops_deploy needed.
	FromGit []string `json:"-"`
	// Overridden are the existing runtimes the import's override: true
	// took: none was created again.
	Overridden []string `json:"-"`
}

// ImportedService is one service of a real import; Error is set when the
// platform refused that service.
type ImportedService struct {
	Hostname string             `json:"hostname"`
	ID       string             `json:"id,omitempty"`
	Error    *platform.APIError `json:"error,omitempty"`
}

// ImportOptions bounds the wait for a reused hostname that is still being
// deleted (lessons #11). Zero values mean 60 s and 2 s.
type ImportOptions struct {
	DeleteWait   time.Duration
	PollInterval time.Duration
}

// CheckImport checks an import.yml for a service import into the project:
// structure against the platform's schema (pub.Schemas; else ZCP's own
// checks), each type and version against the live catalog (pub.Types; nil
// when it could not be read), and hostnames against the project's services (c nil
// or the list unreadable: not checked). Every check runs whatever an earlier
// one found. An error is returned only when content cannot be read at all
// (empty, too large, not YAML).
func CheckImport(ctx context.Context, proj Project, content string, pub Published) (*ImportCheck, error) {
	c := proj.Client
	in := yamlcheck.ImportContext{Catalog: platform.NewCatalog(pub.Types), Schemas: pub.Schemas}
	if c != nil {
		in.Existing = func() ([]platform.ServiceStack, error) { return listServices(ctx, proj) }
	}
	rep, err := yamlcheck.CheckImport(content, in)
	if err != nil {
		return nil, err
	}
	out := &ImportCheck{Services: []PlannedService{}, ServiceCount: len(rep.Services), VersionsChecked: !in.Catalog.Empty(),
		HostnamesChecked: rep.HostnamesChecked, SchemaChecked: rep.SchemaChecked, Problems: append(rep.Problems, placeholderIssues(content)...), Warnings: rep.Warnings}
	for _, s := range rep.Services {
		if len(out.Services) < maxPlanned {
			out.Services = append(out.Services, PlannedService{Hostname: platform.Clip(s.Hostname, 60), Type: platform.Clip(s.Type, 60), Mode: platform.Clip(s.Mode, 20), Subdomain: s.Subdomain, Git: s.Git, Override: s.Redeploys})
		}
	}
	if !out.VersionsChecked && len(rep.Services) > 0 {
		// Say so where the agent looks for what is wrong, not only in a flag:
		// a valid verdict must not read as "the versions are fine".
		out.Warnings = append(out.Warnings, platform.Issue{Path: "services[].type",
			Problem: "the types and versions could not be checked: the live catalog could not be read",
			Fix:     "Run the dry run again in a moment; until then check the versions with zerops_knowledge."})
	}
	if !out.SchemaChecked {
		out.Warnings = append(out.Warnings, noSchema)
	}
	if c != nil && rep.HostnamesChecked {
		if existing, err := listServices(ctx, proj); err == nil {
			out.Warnings = append(out.Warnings, danglingRefIssues(ctx, proj, content, existing, in.Catalog)...)
		}
	}
	out.Valid = len(out.Problems) == 0
	return out, nil
}

// maxPlanned bounds the services a check lists (it counts all of them).
const maxPlanned = 50

// refusal is the error a real import answers when the check found problems:
// IMPORT_HAS_PROJECT for a project: section, else INVALID_IMPORT_YML, listing
// every problem with its fix.
func (ic *ImportCheck) refusal() error {
	code := platform.ErrInvalidImportYml
	suggestion := "Fix every listed problem (zerops_import with the import.yml as content and dryRun=true lists them with their fixes) and import again. Nothing was imported."
	for _, p := range ic.Problems {
		if p.Path == "project" {
			code = platform.ErrImportHasProject // its fix, in the error, says what to do with the section
			break
		}
	}
	return platform.NewError(code,
		fmt.Sprintf("import.yml has %d problem(s): %s", len(ic.Problems), platform.JoinIssues(ic.Problems)),
		suggestion)
}

// Import checks content as CheckImport does (any problem refuses the import
// before an API call) and imports the services into the project. A reused hostname whose service is still
// DELETING is waited for (bounded by opts.DeleteWait); an existing one is an
// error. Per-service refusals are reported in the outcome; when every service
// was refused the call fails.
func Import(ctx context.Context, proj Project, content string, pub Published, opts ImportOptions) (*ImportOutcome, error) {
	c, projectID := proj.Client, proj.ID
	plan, err := CheckImport(ctx, proj, content, pub)
	if err != nil {
		return nil, err
	}
	if !plan.Valid {
		return nil, plan.refusal()
	}
	if err := waitHostnamesFree(ctx, proj, plan.Services, opts); err != nil {
		return nil, err
	}
	res, err := c.ImportServices(ctx, projectID, content)
	if err != nil {
		var rej *platform.ImportRejection
		if errors.As(err, &rej) {
			issues := apiIssues(rej.Problems, plan.Services)
			head := fmt.Sprintf("the platform refused the import (%d problem(s)): ", len(issues))
			return nil, &IssuesError{Problems: issues, Brief: head + platform.JoinProblems(issues), PlatformError: &platform.PlatformError{
				Code: platform.ErrInvalidImportYml, HTTPStatus: rej.HTTPStatus, APICode: rej.APICode, Err: err,
				Message:    head + platform.JoinIssues(issues),
				Suggestion: "Fix every listed problem (path, problem, fix) and import again. Nothing was imported.",
			}}
		}
		return nil, asPlatformError(err, "importing services")
	}
	out := &ImportOutcome{Warnings: plan.Warnings, Services: []ImportedService{}}
	var failed []string
	for _, s := range res.ServiceStacks {
		if s.ID != "" {
			proj.noteChange(s.ID, nil)
			for i := range s.Processes {
				proj.noteChange(s.ID, &s.Processes[i])
			}
		}
		out.Services = append(out.Services, ImportedService{Hostname: s.Name, ID: s.ID, Error: s.Error})
		if s.Error == nil && plannedSubdomain(plan.Services, s.Name) {
			proj.Memory.planSubdomain(projectID, s.Name)
		}
		if s.Error != nil {
			failed = append(failed, fmt.Sprintf("%s: %s", s.Name, platform.Clip(s.Error.Message, 200)))
			continue
		}
		out.Processes = append(out.Processes, s.Processes...)
	}
	if len(failed) > 0 && len(failed) == len(res.ServiceStacks) {
		return nil, platform.NewError(platform.ErrAPIError,
			"the platform refused every service: "+listSome(failed, "; "),
			"Fix the reported problems (zerops_import with the import.yml as content and dryRun=true checks them) and import again.")
	}
	for _, s := range out.Services {
		if s.Error == nil {
			continue
		}
		if len(s.Error.Problems) > 0 {
			for _, is := range apiIssues(s.Error.Problems, plan.Services) {
				is.Problem = "not imported: " + is.Problem
				out.Warnings = append(out.Warnings, is)
			}
			continue
		}
		out.Warnings = append(out.Warnings, platform.Issue{Path: s.Hostname, Problem: "not imported: " + platform.Clip(s.Error.Message, 200),
			Fix: "Fix it and import this service again on its own."})
	}
	var created []string
	for _, s := range out.Services {
		switch {
		case s.Error != nil:
		case slices.ContainsFunc(plan.Services, func(p PlannedService) bool { return p.Hostname == s.Hostname && p.Override }):
			out.Overridden = append(out.Overridden, s.Hostname)
		default:
			created = append(created, s.Hostname)
		}
	}
	types := map[string]string{}
	for _, s := range plan.Services {
		types[s.Hostname] = s.Type
		if s.Git && slices.Contains(created, s.Hostname) {
			out.FromGit = append(out.FromGit, s.Hostname)
		}
	}
	out.Next, out.Rest = recreatedNext(ctx, proj, created, types)
	return out, nil
}

// waitHostnamesFree refuses hostnames that exist and waits, bounded, for ones
// still being deleted.
func waitHostnamesFree(ctx context.Context, proj Project, planned []PlannedService, opts ImportOptions) error {
	c := proj.Client
	wait, poll := opts.DeleteWait, opts.PollInterval
	if wait <= 0 {
		wait = 60 * time.Second
	}
	if poll <= 0 {
		poll = 2 * time.Second
	}
	deadline := time.Now().Add(wait)
	for {
		existing, err := listServices(ctx, proj)
		if err != nil {
			return err
		}
		var deleting, taken []string
		redeployable := false // a taken runtime the import could redeploy from its buildFromGit
		for _, s := range existing {
			for _, p := range planned {
				if p.Hostname != s.Name {
					continue
				}
				// The list comes from a lagging search: the service's own
				// record says whether it is still there and being deleted.
				if fresh, err := c.GetService(ctx, s.ID); err == nil && fresh != nil {
					s = *fresh
				} else if platform.ErrorCode(err) == platform.ErrServiceNotFound {
					continue
				}
				switch {
				case s.Status == platform.ServiceDeleting:
					deleting = append(deleting, s.Name)
				case !p.Override || !yamlcheck.Overridable(s):
					taken = append(taken, s.Name)
					redeployable = redeployable || (p.Git && yamlcheck.Overridable(s))
				}
			}
		}
		if len(taken) > 0 {
			fix := "Reuse the existing services: drop them from the import and deploy to them or wire to them by hostname; or give the new services other hostnames. Nothing was imported."
			if redeployable {
				fix = "Reuse the existing services: drop them from the import and deploy to them or wire to them by hostname; or give the new services other hostnames; " +
					"or, for a runtime with buildFromGit, add override: true to have the platform redeploy the existing one from it (the import reference: runtimes only). Nothing was imported."
			}
			return platform.NewError(platform.ErrInvalidImportYml, fmt.Sprintf("hostname(s) already in use: %s", listSome(taken, ", ")), fix)
		}
		if len(deleting) == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return platform.NewError(platform.ErrAPIError,
				fmt.Sprintf("service(s) %s are still being deleted", listSome(deleting, ", ")),
				"Wait a minute and run the import again; the hostnames become free once the deletion finishes. Nothing was imported.")
		}
		t := time.NewTimer(poll)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}
