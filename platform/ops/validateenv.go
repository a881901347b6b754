package ops

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/zeropsyml"
)

// envVarAt is one variable of a zerops.yml's envVariables, where it is and
// the setup that declares it.
type envVarAt struct {
	path, key, value string
	setup            *zeropsyml.Setup
}

// zeropsYmlEnv lists the build and run envVariables of each setup in a
// zerops.yml, each setup's own (a null value as ""); nil when content does
// not decode (the checker reports that).
func zeropsYmlEnv(content string) []envVarAt {
	f, err := zeropsyml.Parse([]byte(content))
	if err != nil {
		return nil
	}
	var out []envVarAt
	for _, s := range f.Setups {
		for _, sec := range []struct {
			name string
			env  zeropsyml.Env
		}{{"build", buildEnv(s)}, {"run", runEnv(s)}} {
			env := slices.SortedFunc(slices.Values(sec.env), func(a, b zeropsyml.EnvVar) int { return strings.Compare(a.Key, b.Key) })
			for _, v := range env {
				out = append(out, envVarAt{fmt.Sprintf("%s.%s.envVariables.%s", s.Path(), sec.name, v.Key), v.Key, v.Value, s})
			}
		}
	}
	return out
}

func buildEnv(s *zeropsyml.Setup) zeropsyml.Env {
	if s.Build == nil {
		return nil
	}
	return s.Build.EnvVariables
}

func runEnv(s *zeropsyml.Setup) zeropsyml.Env {
	if s.Run == nil {
		return nil
	}
	return s.Run.EnvVariables
}

// EnvRefIssues warns of the references in a zerops.yml's envVariables that
// will not resolve, as zerops_env set warns of its values': a variable that
// references itself, a ${host_KEY} whose host is no service of the project
// or lacks KEY, each at every place it is; a reference Zerops does not read
// as one (${host.KEY}, an unclosed ${), and https:// to another service.
func EnvRefIssues(ctx context.Context, proj Project, content string) []platform.Issue {
	vars := zeropsYmlEnv(content)
	var out []platform.Issue
	seen := map[string]bool{}
	values := make([]string, len(vars))
	for i, v := range vars {
		values[i] = v.value
		if self := "${" + v.key + "}"; strings.Contains(v.value, self) && !seen[self] {
			seen[self] = true
			out = append(out, platform.Issue{Path: v.path,
				Problem: fmt.Sprintf("%s references itself: %s stays the literal text", platform.Clip(v.key, 60), platform.Clip(self, 70)),
				Fix:     selfRefFix(ctx, proj, v.key) + "."})
		}
	}
	for _, v := range vars {
		for _, f := range formIssues(v.value) {
			out = append(out, platform.Issue{Path: v.path, Problem: f.problem, Fix: strings.ToUpper(f.fix[:1]) + f.fix[1:] + "."})
		}
	}
	out = append(out, ownSubdomainIssues(ctx, proj, content)...)
	out = append(out, unsetVarIssues(ctx, proj, vars)...)
	out = append(out, secretClashIssues(ctx, proj, vars)...)
	out = append(out, literalHostIssues(ctx, proj, vars)...)
	issues, names := refIssues(ctx, proj, values)
	// At every place: fixing one leaves the others. References in one
	// value that share their fix (one missing service, to create again)
	// are one warning naming them all: the fix is stated once.
	type placed struct {
		at    int
		refs  []string
		first refIssue
	}
	byFix := map[string]*placed{} // by path and fix
	for _, r := range issues {
		for _, v := range vars {
			if !holdsRef(v.value, r.text) {
				continue
			}
			problem, fix := r.explain(names)
			missing := func(r refIssue) bool { return r.keys == nil && r.cased == "" }
			if p, ok := byFix[v.path+"\x00"+fix]; ok && missing(r) && missing(p.first) {
				p.refs = append(p.refs, r.text)
				joined := p.first
				joined.text = strings.Join(p.refs, " and ")
				out[p.at].Problem, _ = joined.explain(names)
				continue
			}
			byFix[v.path+"\x00"+fix] = &placed{at: len(out), refs: []string{r.text}, first: r}
			out = append(out, platform.Issue{Path: v.path, Problem: problem, Fix: strings.ToUpper(fix[:1]) + fix[1:] + "."})
		}
	}
	return out
}

// ownSubdomainIssues warns of ${zeropsSubdomain} in the run.envVariables
// of a setup named after a service of the project that has no subdomain
// access: the platform makes that variable when the subdomain is enabled,
// so until then the app gets the literal text.
func ownSubdomainIssues(ctx context.Context, proj Project, content string) []platform.Issue {
	if !strings.Contains(content, subdomainRef) {
		return nil
	}
	f, err := zeropsyml.Parse([]byte(content))
	if err != nil {
		return nil
	}
	services, err := listServices(ctx, proj)
	if err != nil {
		return nil
	}
	var out []platform.Issue
	for _, s := range f.Setups {
		i := slices.IndexFunc(services, func(svc platform.ServiceStack) bool { return svc.Name == s.Name && !svc.System })
		// An import that asked for subdomain access enables it with the
		// first deploy (the official recipes' APP_URL: ${zeropsSubdomain}):
		// the deploy's verdict says when the app gets the variable.
		if i < 0 || services[i].SubdomainAccess || proj.Memory.subdomainPlanned(proj.ID, s.Name) {
			continue
		}
		env := slices.SortedFunc(slices.Values(runEnv(s)), func(a, b zeropsyml.EnvVar) int { return strings.Compare(a.Key, b.Key) })
		for _, v := range env {
			if !strings.Contains(v.Value, subdomainRef) {
				continue
			}
			// The subdomain serves an HTTP port a deploy registered: before
			// the first deploy it cannot be enabled, so it comes after,
			// with the restart that gives the app the variable.
			fix := fmt.Sprintf("Enable it before the deploy: zerops_subdomain serviceHostname=%s action=enable (the variable exists from then on; a service already running gets it at its next start), or set %s to the app's own URL.",
				s.Name, platform.Clip(v.Key, 60))
			if len(httpPorts(services[i])) == 0 {
				fix = fmt.Sprintf("Deploy, then enable it (a subdomain needs the HTTP port the deploy registers): zerops_subdomain serviceHostname=%s action=enable, then zerops_manage action=restart serviceHostname=%s so the app starts with the variable; or set %s to the app's own URL.",
					s.Name, s.Name, platform.Clip(v.Key, 60))
			}
			out = append(out, platform.Issue{Path: fmt.Sprintf("%s.run.envVariables.%s", s.Path(), v.Key),
				Problem: fmt.Sprintf("%s: %s has no subdomain access, so it has no zeropsSubdomain variable and the app gets the literal text", subdomainRef, s.Name), Fix: fix})
		}
	}
	return out
}

// plainRefRe is a reference ${NAME} to a variable by its name alone, as a
// project variable or one of the service's own is referenced: a name
// starting with a capital (the platform's own, hostname or
// zeropsSubdomain, start lowercase; ${host_KEY} is another service's).
var plainRefRe = regexp.MustCompile(`\$\{([A-Z][A-Za-z0-9_]*)\}`)

// unsetVarIssues warns of each ${NAME} in a zerops.yml's envVariables that
// nothing of the project sets: no project variable, no variable of the
// setup's own (its envVariables, or the variables of the service it is
// named after), and no service whose hostname it could start with. The
// platform leaves such a reference as its literal text, with no error
// (zeropsio/docs, environment variables): a warning, not a refusal, since
// the variable may be set before the service starts.
func unsetVarIssues(ctx context.Context, proj Project, vars []envVarAt) []platform.Issue {
	if !slices.ContainsFunc(vars, func(v envVarAt) bool { return plainRefRe.MatchString(v.value) }) {
		return nil
	}
	services, err := listServices(ctx, proj)
	if err != nil {
		return nil
	}
	envs, err := proj.Client.GetProjectEnv(ctx, proj.ID)
	if err != nil {
		return nil // the project's variables not read: nothing is claimed
	}
	set := map[string]bool{}
	for _, e := range envs {
		set[e.Key] = true
	}
	hosts := map[string]platform.ServiceStack{}
	for _, svc := range services {
		if !svc.System {
			hosts[svc.Name] = svc
		}
	}
	keysOf := map[string][]string{}
	ownOf := map[*zeropsyml.Setup]map[string]bool{} // nil: the service's variables not read
	runOf := map[*zeropsyml.Setup]map[string]bool{} // what the runtime sets; nil: not known (no such service, or not read)
	var out []platform.Issue
	for _, v := range vars {
		s := v.setup
		own, done := ownOf[s]
		if !done {
			run := map[string]bool{} // run.envVariables', then the service's
			for _, e := range runEnv(s) {
				run[e.Key] = true
			}
			svc, named := hosts[s.Name]
			var keys []string
			if named {
				keys = serviceKeys(ctx, proj.Client, keysOf, svc)
			}
			own = nil // its service's variables not read
			if !named || keys != nil {
				for _, k := range keys {
					run[k] = true
				}
				if named {
					runOf[s] = run
				}
				own = maps.Clone(run)
				for _, e := range buildEnv(s) {
					own[e.Key] = true
				}
			}
			ownOf[s] = own
		}
		if own == nil {
			continue // its service's variables not read
		}
		for _, m := range plainRefRe.FindAllStringSubmatch(v.value, -1) {
			name := m[1]
			host, _, _ := strings.Cut(name, "_")
			if key, ok := strings.CutPrefix(name, "RUNTIME_"); ok {
				// A build's read of a run variable: the service's own (a
				// secret, a generated one), run.envVariables' or the
				// project's; a platform name (lowercase first) is its.
				if run := runOf[s]; run != nil && key != "" && key[0] >= 'A' && key[0] <= 'Z' && !run[key] && !set[key] {
					out = append(out, platform.Issue{Path: v.path,
						Problem: fmt.Sprintf("%s: %s has no runtime variable %s (none in run.envVariables, none of the service's, no project variable), so the build gets the literal text %s in %s (no error)",
							m[0], s.Name, key, m[0], platform.Clip(v.key, 60)),
						Fix: fmt.Sprintf("Set it on %s (zerops_env action=set serviceHostname=%s variables=[\"%s=…\"]) or in run.envVariables of zerops.yml, then deploy.",
							s.Name, s.Name, key)})
				}
				continue
			}
			if name == v.key || set[name] || own[name] {
				continue // itself (warned of above) or set
			}
			if _, ok := hosts[strings.ToLower(host)]; ok {
				continue // ${Host_KEY}: the cased-hostname check says what it names
			}
			out = append(out, platform.Issue{Path: v.path,
				Problem: fmt.Sprintf("%s: the project has no variable %s and %s sets none of that name, so nothing resolves it; the platform then leaves the literal text %s in %s (no error), unless it is set before %s starts",
					m[0], name, s.Name, m[0], platform.Clip(v.key, 60), s.Name),
				Fix: fmt.Sprintf("Set it as a project variable (zerops_env action=set project=true variables=[\"%s=…\"]) or a variable of %s (zerops_env action=set serviceHostname=%s), or reference another service's variable as ${<hostname>_%s}.",
					name, s.Name, s.Name, name)})
		}
	}
	return out
}

// secretClashIssues warns of each run.envVariables key that the service
// the setup deploys to (named like it) also holds as a secret: the docs
// read two ways on which wins, or whether the platform takes both, so the
// key belongs in one place (walk 76: a clash surfaced only at env get).
func secretClashIssues(ctx context.Context, proj Project, vars []envVarAt) []platform.Issue {
	var out []platform.Issue
	secrets := map[*zeropsyml.Setup]map[string]bool{}
	for _, v := range vars {
		if !strings.Contains(v.path, ".run.envVariables.") {
			continue
		}
		own, read := secrets[v.setup]
		if !read {
			own = map[string]bool{}
			secrets[v.setup] = own
			if svc, err := ResolveService(ctx, proj, v.setup.Name); err == nil && svc.Type.Category == platform.CategoryUser {
				if envs, err := proj.Client.GetServiceEnv(ctx, svc.ID); err == nil {
					for _, e := range envs {
						if strings.EqualFold(e.Type, "SECRET") {
							own[e.Key] = true
						}
					}
				}
			}
		}
		if !own[v.key] {
			continue
		}
		host := v.setup.Name
		out = append(out, platform.Issue{Path: v.path,
			Problem: fmt.Sprintf("%s is also a secret of %s: the Zerops docs read two ways (the newer guide: the platform refuses a secret on a key zerops.yml declares; an older page: the zerops.yml value wins), so which value the app gets is not certain",
				platform.Clip(v.key, 60), platform.Clip(host, 40)),
			Fix: fmt.Sprintf("Keep the key in one place: remove %s from run.envVariables, or delete the secret (zerops_env action=delete serviceHostname=%s variables=[\"%s\"]) and keep this value.",
				platform.Clip(v.key, 60), platform.Clip(host, 40), platform.Clip(v.key, 60))})
	}
	return out
}
