package ops

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sort"

	"github.com/zeropsio/zcp/platform"
)

// envRefRe matches a reference to another service's variable, ${host_KEY}:
// hostnames have no underscore, so the first one splits host from key.
var envRefRe = regexp.MustCompile(`\$\{([a-z0-9]+)_([a-zA-Z0-9_]+)\}`)

// envRefWarnings names each ${host_KEY} in pairs that no service of the
// project resolves: no service host (naming the services there are) or no
// variable KEY on it (naming its keys). A reference the check cannot read
// is passed over, never guessed at.
func envRefWarnings(ctx context.Context, c platform.Client, projectID string, pairs []EnvPair) []string {
	type ref struct{ host, key, text string }
	var refs []ref
	seen := map[string]bool{}
	for _, p := range pairs {
		for _, m := range envRefRe.FindAllStringSubmatch(p.Value, -1) {
			if !seen[m[0]] {
				seen[m[0]] = true
				refs = append(refs, ref{m[1], m[2], m[0]})
			}
		}
	}
	if len(refs) == 0 {
		return nil
	}
	services, err := listServices(ctx, c, projectID)
	if err != nil {
		return nil
	}
	byName := map[string]platform.ServiceStack{}
	var names []string
	for _, s := range services {
		if s.System {
			continue
		}
		byName[s.Name] = s
		names = append(names, s.Name)
	}
	sort.Strings(names)
	keysOf := map[string][]string{}
	projectKeys := map[string]bool{}
	if envs, err := c.GetProjectEnv(ctx, projectID); err == nil {
		for _, e := range envs {
			projectKeys[e.Key] = true
		}
	}
	var out []string
	for _, r := range refs {
		svc, ok := byName[r.host]
		if !ok && projectKeys[r.host+"_"+r.key] {
			continue // a project variable whose name holds an underscore
		}
		if !ok {
			out = append(out, fmt.Sprintf("%s: the project has no service %q (services: %s), so nothing resolves it; reference one of those hostnames.",
				r.text, platform.Clip(r.host, 40), listSome(names, ", ")))
			continue
		}
		keys, read := keysOf[r.host]
		if !read {
			envs, err := c.GetServiceEnv(ctx, svc.ID)
			if err != nil {
				keysOf[r.host] = nil
				continue
			}
			for _, e := range envs {
				keys = append(keys, e.Key)
			}
			sort.Strings(keys)
			keysOf[r.host] = keys
		}
		if keys != nil && !slices.Contains(keys, r.key) {
			out = append(out, fmt.Sprintf("%s: %s has no variable %s (it has: %s); check the name with zerops_env action=get serviceHostname=%s.",
				r.text, r.host, platform.Clip(r.key, 60), listSome(keys, ", "), r.host))
		}
	}
	return out
}
