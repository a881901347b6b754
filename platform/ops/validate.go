package ops

import (
	"context"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/yamlcheck"
)

// Validate checks a zerops.yml or import.yml: its structure offline and,
// with types (the live catalog; nil: not read), its bases and types as the
// import dry run does; with c, the HTTP ports of setups whose service the
// project reaches over its subdomain or an import of this process asked to,
// and the envVariables references that will not resolve. An error is returned only when content
// cannot be validated at all.
func Validate(ctx context.Context, proj Project, content, kind string, types []platform.ServiceStackType) (*yamlcheck.ValidationResult, error) {
	c, projectID := proj.Client, proj.ID
	var subdomain func(string) bool
	if c != nil {
		var byName map[string]bool
		subdomain = func(setup string) bool {
			if byName == nil {
				byName = map[string]bool{}
				if services, err := listServices(ctx, proj); err == nil {
					for _, s := range services {
						byName[s.Name] = s.SubdomainAccess
					}
				}
			}
			return byName[setup] || proj.Memory.subdomainPlanned(projectID, setup)
		}
	}
	res, err := yamlcheck.ValidateWith(content, kind, yamlcheck.NewLive(types, subdomain))
	if err != nil {
		return nil, err
	}
	if c != nil && res.Kind == yamlcheck.KindZeropsYml {
		res.Warnings = append(res.Warnings, EnvRefIssues(ctx, proj, content)...)
	}
	if !res.VersionsChecked {
		// Say so where the agent looks, not only in the flag: valid must not
		// read as "these versions exist".
		res.Warnings = append(res.Warnings, platform.Issue{Problem: "bases and types were not checked against the live catalog: the API has not answered",
			Fix: "Validate again in a moment; until then check the versions with zerops_knowledge."})
	}
	return res, nil
}

// ValidateSetup checks the zerops.yml a push of setup to target sends with
// Validate's rules, for setup's entry and the one it extends: errs refuse the
// push, warns do not. The HTTP ports are checked against target's subdomain
// (on, or asked for by an import of this process) and, with types, the bases
// against the live catalog. An error is returned only when content cannot be
// validated at all.
func ValidateSetup(ctx context.Context, proj Project, content, setup string, target *platform.ServiceStack, types []platform.ServiceStackType) (errs, warns []platform.Issue, err error) {
	c, projectID := proj.Client, proj.ID
	subdomain := func(s string) bool {
		return target != nil && s == setup && (target.SubdomainAccess || proj.Memory.subdomainPlanned(projectID, target.Name))
	}
	errs, warns, err = yamlcheck.CheckSetupWith(content, setup, yamlcheck.NewLive(types, subdomain))
	if err != nil || len(errs) > 0 || c == nil {
		return errs, warns, err
	}
	return nil, append(warns, yamlcheck.SetupIssues(content, setup, EnvRefIssues(ctx, proj, content))...), nil
}
