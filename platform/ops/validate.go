package ops

import (
	"context"
	"slices"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/schema"
	"github.com/zeropsio/zcp/platform/yamlcheck"
	"github.com/zeropsio/zcp/platform/zeropsyml"
)

// Published is what the platform publishes that a check reads: the live
// type catalog (nil: not read) and the JSON schemas of zerops.yml and
// import.yml (nil: not fetched, ZCP's own structural checks stand in).
type Published struct {
	Types   []platform.ServiceStackType
	Schemas *schema.Set
}

func (p Published) live(subdomain func(string) bool) yamlcheck.Live {
	in := yamlcheck.NewLive(p.Types, subdomain)
	in.Schemas = p.Schemas
	return in
}

// noSchema is the warning of a check made without the platform's schema.
var noSchema = platform.Issue{Problem: "checked without the platform's schema: it could not be fetched yet (first run offline, or the API is down); ZCP's own structural checks ran",
	Fix: "Check again once the API answers; the platform may still refuse a key or value those checks do not know."}

// Validate checks a zerops.yml or import.yml: against the platform's schema
// (pub.Schemas; else by ZCP's structural checks, saying so) and, with
// pub.Types (the live catalog), its bases and types as the import dry run does; with c, the HTTP ports of setups whose service the
// project reaches over its subdomain or an import of this process asked to,
// and the envVariables references that will not resolve. An error is returned only when content
// cannot be validated at all.
func Validate(ctx context.Context, proj Project, content, kind string, pub Published) (*yamlcheck.ValidationResult, error) {
	c, projectID := proj.Client, proj.ID
	var subdomain func(string) bool
	var serviceType func(string) string
	if c != nil {
		var byName map[string]bool
		var types map[string]string
		read := func() {
			if byName == nil {
				byName, types = map[string]bool{}, map[string]string{}
				if services, err := listServices(ctx, proj); err == nil {
					for _, s := range services {
						byName[s.Name] = s.SubdomainAccess
						if s.Type.Category == platform.CategoryUser {
							types[s.Name] = s.Type.VersionName
						}
					}
				}
			}
		}
		subdomain = func(setup string) bool {
			read()
			return byName[setup] || proj.Memory.subdomainPlanned(projectID, setup)
		}
		serviceType = func(setup string) string { read(); return types[setup] }
	}
	in := pub.live(subdomain)
	in.ServiceType = serviceType
	res, err := yamlcheck.ValidateWith(content, kind, in)
	if err != nil {
		return nil, err
	}
	if !res.SchemaChecked {
		res.Warnings = append(res.Warnings, noSchema)
	}
	if c != nil && res.Kind == yamlcheck.KindZeropsYml {
		res.Warnings = append(res.Warnings, EnvRefIssues(ctx, proj, content)...)
	}
	if !res.VersionsChecked {
		// Say so where the agent looks, not only in the flag: valid must not
		// read as "these versions exist".
		res.Warnings = append(res.Warnings, platform.Issue{Problem: "the versions could not be checked: the live catalog has not been read (the API has not answered)",
			Fix: "Validate again in a moment; until then check the versions with zerops_knowledge."})
	}
	return res, nil
}

// ValidateSetup checks the zerops.yml a push of setup to target sends with
// Validate's rules, for setup's entry and the one it extends: errs refuse the
// push, warns do not (a run.base of another runtime than target's type is
// warned of as Validate warns). The HTTP ports are checked against target's subdomain
// (on, or asked for by an import of this process) and against pub: the
// platform's schema, and the bases against the live catalog. An error is returned only when content cannot be
// validated at all.
func ValidateSetup(ctx context.Context, proj Project, content, setup string, target *platform.ServiceStack, pub Published) (errs, warns []platform.Issue, err error) {
	c, projectID := proj.Client, proj.ID
	subdomain := func(s string) bool {
		return target != nil && s == setup && (target.SubdomainAccess || proj.Memory.subdomainPlanned(projectID, target.Name))
	}
	in := pub.live(subdomain)
	in.ServiceType = func(s string) string { // validate's rule: a run.base of another runtime than target's
		if target == nil || s != setup || target.Type.Category != platform.CategoryUser {
			return ""
		}
		return target.Type.VersionName
	}
	errs, warns, err = yamlcheck.CheckSetupWith(content, setup, in)
	if err != nil || len(errs) > 0 || c == nil {
		return errs, warns, err
	}
	warns = append(warns, yamlcheck.SetupIssues(content, setup, EnvRefIssues(ctx, proj, content))...)
	if target != nil {
		warns = append(warns, copyRefIssues(ctx, proj, content, setup, target.Name)...)
	}
	return nil, warns, nil
}

// maxDeployCalls bounds the deploy calls a valid zerops.yml's next step names.
const maxDeployCalls = 3

// DeployNext is the step after a valid zerops.yml (content): the deploy of
// each setup named after a service of the project (at most maxDeployCalls),
// else of its first setup, with setup and a target to choose. dir is the
// directory of the file validated, below ZCP's working directory, which
// the deploy then sends ("": the code's source ZCP last pushed from).
func DeployNext(ctx context.Context, proj Project, content, dir string) platform.Step {
	f, err := zeropsyml.Parse([]byte(content))
	src := proj.Memory.codeSource(proj.ID)
	if dir != "" { // the file validated is where the code is: not the last push's source
		src.Service, src.Dir = "", dir
	}
	if err != nil || len(f.Setups) == 0 {
		return platform.Say("zerops_deploy with targetService set to the service to deploy to, and sourceService to the container holding the code (or workingDir to the directory with zerops.yml)")
	}
	if dir == "" && !slices.ContainsFunc(f.Setups, func(s *zeropsyml.Setup) bool { _, lacks := src.forSetup(s.Name); return lacks == nil }) {
		// Content given inline: a source ZCP pushed from whose file has
		// none of its setups holds another app (walk 79: the last push's
		// folder was named for a new app's setup).
		src = CodeSource{}
	}
	have := map[string]bool{}
	if proj.Client != nil {
		if services, err := listServices(ctx, proj); err == nil {
			for _, s := range services {
				have[s.Name] = s.Type.Category == platform.CategoryUser
			}
		}
	}
	var step platform.Step
	n := 0
	for _, s := range f.Setups {
		if !have[s.Name] || n == maxDeployCalls {
			continue
		}
		if n > 0 {
			step = step.Say("; then ")
		}
		call := deployCall(src, s.Name)
		if _, lacks := src.forSetup(s.Name); lacks != nil {
			// The file last pushed from src lacked the setup; the
			// content validated has it: its next version, pushed as is,
			// when it keeps a setup of that file. Sharing none, it is
			// another app's file, whose code is not known to be there.
			plain := src
			plain.known = nil
			if !slices.ContainsFunc(f.Setups, func(o *zeropsyml.Setup) bool { return slices.Contains(lacks, o.Name) }) {
				src = CodeSource{}
			}
			call = deployCall(plain, s.Name)
		}
		if src == (CodeSource{}) { // what to add, said once after the calls
			call = platform.Call("zerops_deploy", "targetService="+s.Name)
		}
		step, n = step.Then(call), n+1
	}
	if n > 1 && src == (CodeSource{}) {
		return step.Say(", each" + sourceUnknown)
	}
	if n == 1 && src == (CodeSource{}) {
		return step.Say(sourceUnknown)
	}
	if n > 0 {
		return step
	}
	setup := f.Setups[0].Name
	var runtimes []string
	for name, user := range have {
		if user {
			runtimes = append(runtimes, name)
		}
	}
	if _, taken := have[setup]; len(have) > 0 && !taken {
		// No service bears the setup's name: the deploy needs one first,
		// or the setup named with another runtime as the target.
		slices.Sort(runtimes)
		step := platform.Say("the project has no service " + setup + " (the setup's name): create it with ").Call("zerops_import").
			Say(" (hostname " + setup + ", a runtime type), then ").Then(deploySetup(src, setup)).Say(", and targetService=" + setup)
		if len(runtimes) > 0 {
			step = step.Say("; or deploy this setup to one of the project's runtimes (" + listSome(runtimes, ", ") + ") with targetService set to it")
		}
		return step
	}
	return deploySetup(src, setup).Say(", and targetService set to the service setup " + setup + " is for")
}
