package ops

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/platform"
)

// PlannedService is one service an import would create.
type PlannedService struct {
	Hostname string `json:"hostname"`
	Type     string `json:"type"`
	Mode     string `json:"mode,omitempty"`
}

// ImportPlan is the outcome of the checks every import runs first.
type ImportPlan struct {
	Services []PlannedService `json:"services"`
	Warnings []string         `json:"warnings,omitempty"`

	omitted int // warnings the checker left out, counted by capWarnings
}

// ImportOutcome is the answer to a real import.
type ImportOutcome struct {
	Services  []ImportedService  `json:"services"`
	Processes []platform.Process `json:"processes,omitempty"`
	Warnings  []string           `json:"warnings,omitempty"`
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

// CheckImport runs the offline and catalog checks of an import. types may be
// nil (catalog unavailable): version warnings are then skipped. Errors block
// the import: a project: section is IMPORT_HAS_PROJECT, anything else
// INVALID_IMPORT_YML, each naming the problems found (at most maxIssues,
// then a count of the rest). Warnings are bounded the same way.
func CheckImport(content string, types []platform.ServiceStackType) (*ImportPlan, error) {
	plan, err := checkImport(content, types)
	if err != nil {
		return nil, err
	}
	plan.capWarnings()
	return plan, nil
}

// checkImport is CheckImport without the bound on warnings.
func checkImport(content string, types []platform.ServiceStackType) (*ImportPlan, error) {
	root, err := decodeYAML(content)
	if err != nil {
		return nil, err
	}
	var c checker
	services := checkImportYml(&c, root, true)
	problems := len(c.errors) + c.moreErrors
	c.finishErrors()
	if problems > 0 {
		code := platform.ErrInvalidImportYml
		suggestion := "Fix the listed problems and run zerops_import dryRun=true again."
		for _, e := range c.errors {
			if e.Path == "project" {
				code = platform.ErrImportHasProject
				suggestion = "Remove the project: section and keep only services:. " + suggestion
				break
			}
		}
		return nil, platform.NewError(code,
			fmt.Sprintf("import.yml has %d problem(s): %s", problems, strings.Join(issueStrings(c.errors), "; ")),
			suggestion)
	}
	plan := &ImportPlan{Services: make([]PlannedService, 0, len(services)), omitted: c.moreWarnings}
	raws := make([]map[string]any, 0, len(services))
	for _, s := range services {
		plan.Services = append(plan.Services, PlannedService{Hostname: s.Hostname, Type: s.Type, Mode: s.Mode})
		raws = append(raws, s.Raw)
	}
	var typeWarnings []string
	if len(types) > 0 {
		typeWarnings = knowledge.ValidateServiceTypes(raws, types)
	}
	plan.Warnings = append(plan.Warnings, typeWarnings...)
	for _, w := range c.warnings {
		if strings.HasSuffix(w.Path, ".mode") && mentionsMode(typeWarnings, w.Path) {
			continue // the catalog check already said it
		}
		plan.Warnings = append(plan.Warnings, w.String())
	}
	return plan, nil
}

// capWarnings keeps the first maxIssues warnings and ends with the count of
// the rest: one warning per service of a large import would otherwise flood
// the answer.
func (p *ImportPlan) capWarnings() {
	if len(p.Warnings) > maxIssues {
		p.omitted += len(p.Warnings) - maxIssues
		p.Warnings = p.Warnings[:maxIssues:maxIssues]
	}
	if p.omitted > 0 {
		p.Warnings = append(p.Warnings, fmt.Sprintf("… and %d more warnings not listed", p.omitted))
		p.omitted = 0
	}
}

// mentionsMode reports whether a catalog warning already covers the missing
// mode of the service at path "services[i](host).mode".
func mentionsMode(warnings []string, path string) bool {
	host := path
	if i := strings.Index(host, "("); i >= 0 {
		host = host[i+1:]
	}
	host = strings.TrimSuffix(host, ").mode")
	for _, w := range warnings {
		if strings.Contains(w, host) && strings.Contains(strings.ToLower(w), "mode") {
			return true
		}
	}
	return false
}

// DryRunImport checks content without importing it. It also compares the
// hostnames with the project's current services when they can be listed.
func DryRunImport(ctx context.Context, c platform.Client, projectID, content string, types []platform.ServiceStackType) (*ImportPlan, error) {
	plan, err := checkImport(content, types)
	if err != nil {
		return nil, err
	}
	if c == nil {
		plan.capWarnings()
		return plan, nil
	}
	existing, err := listServices(ctx, c, projectID)
	if err != nil {
		plan.capWarnings()
		return plan, nil //nolint:nilerr // the existing-hostname check is a bonus; the import itself reports clashes
	}
	byName := map[string]platform.ServiceStack{}
	for _, s := range existing {
		byName[s.Name] = s
	}
	for _, s := range plan.Services {
		if old, ok := byName[s.Hostname]; ok {
			if old.Status == platform.ServiceDeleting {
				plan.Warnings = append(plan.Warnings, fmt.Sprintf("hostname %q is still being deleted; the import waits for the deletion to finish", s.Hostname))
			} else {
				plan.Warnings = append(plan.Warnings, fmt.Sprintf("hostname %q already exists in the project; importing it again fails — pick another hostname or delete the service first", s.Hostname))
			}
		}
	}
	plan.capWarnings()
	return plan, nil
}

// Import checks content (errors block, nothing is sent) and imports the
// services into the project. A reused hostname whose service is still
// DELETING is waited for (bounded by opts.DeleteWait); an existing one is an
// error. Per-service refusals are reported in the outcome; when every service
// was refused the call fails.
func Import(ctx context.Context, c platform.Client, projectID, content string, types []platform.ServiceStackType, opts ImportOptions) (*ImportOutcome, error) {
	plan, err := CheckImport(content, types)
	if err != nil {
		return nil, err
	}
	if err := waitHostnamesFree(ctx, c, projectID, plan.Services, opts); err != nil {
		return nil, err
	}
	res, err := c.ImportServices(ctx, projectID, content)
	if err != nil {
		return nil, asPlatformError(err, "importing services")
	}
	out := &ImportOutcome{Warnings: plan.Warnings, Services: []ImportedService{}}
	var failed []string
	for _, s := range res.ServiceStacks {
		if s.ID != "" {
			noteChange(projectID, s.ID, nil)
			for i := range s.Processes {
				noteChange(projectID, s.ID, &s.Processes[i])
			}
		}
		out.Services = append(out.Services, ImportedService{Hostname: s.Name, ID: s.ID, Error: s.Error})
		if s.Error != nil {
			failed = append(failed, fmt.Sprintf("%s: %s", s.Name, platform.Clip(s.Error.Message, 200)))
			continue
		}
		out.Processes = append(out.Processes, s.Processes...)
	}
	if len(failed) > 0 && len(failed) == len(res.ServiceStacks) {
		return nil, platform.NewError(platform.ErrAPIError,
			"the platform refused every service: "+listSome(failed, "; "),
			"Fix the reported problems (zerops_import dryRun=true checks them) and import again.")
	}
	for _, f := range failed {
		out.Warnings = append(out.Warnings, "not imported: "+f)
	}
	return out, nil
}

// waitHostnamesFree refuses hostnames that exist and waits, bounded, for ones
// still being deleted.
func waitHostnamesFree(ctx context.Context, c platform.Client, projectID string, planned []PlannedService, opts ImportOptions) error {
	wait, poll := opts.DeleteWait, opts.PollInterval
	if wait <= 0 {
		wait = 60 * time.Second
	}
	if poll <= 0 {
		poll = 2 * time.Second
	}
	deadline := time.Now().Add(wait)
	for {
		existing, err := listServices(ctx, c, projectID)
		if err != nil {
			return err
		}
		var deleting, taken []string
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
				if s.Status == platform.ServiceDeleting {
					deleting = append(deleting, s.Name)
				} else {
					taken = append(taken, s.Name)
				}
			}
		}
		if len(taken) > 0 {
			return platform.NewError(platform.ErrInvalidImportYml,
				fmt.Sprintf("hostname(s) already in use: %s", listSome(taken, ", ")),
				"Pick other hostnames, or delete the existing services first (zerops_delete). Nothing was imported.")
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
