package ops

import (
	"context"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// runningReaders names the other runtime services with a container running
// that reference one of keys of the service host as ${host_KEY} (their own
// variables, or the zerops.yml ZCP last deployed to them): a set of the key
// reaches each at its next start, not before; built, those whose
// referencing key a bundler writes into the code (NEXT_PUBLIC_…), at their
// next deploy. A service whose variables cannot be read is passed over.
func runningReaders(ctx context.Context, proj Project, host string, keys []string) (started, built []string) {
	services, err := listServices(ctx, proj)
	if err != nil {
		return nil, nil
	}
	refers := func(v string) bool {
		return slices.ContainsFunc(envRefRe.FindAllStringSubmatch(v, -1), func(m []string) bool {
			h, k := refParts(m)
			return h == host && slices.Contains(keys, k)
		})
	}
	for _, s := range services {
		if s.System || s.Name == host || s.Type.Category != platform.CategoryUser || s.Status != platform.ServiceActive || neverDeployed(&s) {
			continue
		}
		readers, _ := referringKeys(ctx, proj, &s, refers)
		switch {
		case len(readers) == 0:
		case len(buildTimeKeys(readers)) > 0:
			built = append(built, s.Name)
		default:
			started = append(started, s.Name)
		}
	}
	return started, built
}

// projectReaders names, among the running runtimes a project set reaches
// (envAffected), those whose variables (their own, the deployed
// zerops.yml's as the platform lists them or as ZCP last deployed it)
// reference a key set as ${KEY}. Every runtime inherits project variables
// at its next start (docs, env variables: inherited by all services; a
// running process keeps the environment it started with); these are the
// ones known to read a key. unread are those not found referencing one
// whose own variables could not be read: no answer may say they do not.
func projectReaders(ctx context.Context, proj Project, res *EnvResult, keys []string) (readers, unread []string) {
	services, err := envAffected(ctx, proj, res)
	if err != nil {
		return nil, nil
	}
	refers := func(v string) bool {
		return slices.ContainsFunc(keys, func(k string) bool { return strings.Contains(v, "${"+k+"}") })
	}
	for _, s := range services {
		keys, read := referringKeys(ctx, proj, &s, refers)
		switch {
		case slices.ContainsFunc(keys, func(p EnvPair) bool { return p.Key != "" }):
			readers = append(readers, s.Name)
		case !read:
			unread = append(unread, s.Name)
		}
	}
	return readers, unread
}

// referringKeys are the keys of the service s whose value refers passes:
// its own variables (read: they could be read) and those of the zerops.yml
// ZCP last deployed to it.
func referringKeys(ctx context.Context, proj Project, s *platform.ServiceStack, refers func(string) bool) (keys []EnvPair, read bool) {
	if envs, err := proj.Client.GetServiceEnv(ctx, s.ID); err == nil {
		read = true
		for _, e := range envs {
			if refers(e.Content) {
				keys = append(keys, EnvPair{Key: e.Key})
			}
		}
	}
	if yml, ok := proj.Memory.deployedEnv(proj.ID, s.ID); ok {
		for k, v := range yml {
			if refers(v) {
				keys = append(keys, EnvPair{Key: k})
			}
		}
	}
	return keys, read
}
