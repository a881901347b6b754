package ops

import (
	"context"
	"slices"

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
		var readers []EnvPair // the keys referencing one of keys
		if envs, err := proj.Client.GetServiceEnv(ctx, s.ID); err == nil {
			for _, e := range envs {
				if refers(e.Content) {
					readers = append(readers, EnvPair{Key: e.Key})
				}
			}
		}
		if yml, ok := proj.Memory.deployedEnv(proj.ID, s.ID); ok {
			for k, v := range yml {
				if refers(v) {
					readers = append(readers, EnvPair{Key: k})
				}
			}
		}
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
