package ops

import (
	"context"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
)

// unresolvedSignal reports whether a diagnosis may come from a reference
// that names no service: the app then looks up a host or reads a variable
// that is not there.
func unresolvedSignal(d diagnose.Diagnosis) bool {
	return d.Signal == "host-not-found" || d.Signal == "missing-env-variable"
}

// badRefs lists svc's service variables and the project's variables whose
// ${host_KEY} references name no service of the project: they outlive a
// redeploy and a rollback, so a diagnosis must point at them. Sensitive
// variables are not read; a read that fails yields nothing.
func badRefs(ctx context.Context, c platform.Client, projectID string, svc platform.ServiceStack) []diagnose.BadRef {
	type held struct{ where, key, value string }
	var vars []held
	if envs, err := c.GetServiceEnv(ctx, svc.ID); err == nil {
		for _, e := range envs {
			if !e.Sensitive {
				vars = append(vars, held{diagnose.InService, e.Key, e.Content})
			}
		}
	}
	if envs, err := c.GetProjectEnv(ctx, projectID); err == nil {
		for _, e := range envs {
			if !e.Sensitive && e.Type != "SYSTEM" {
				vars = append(vars, held{diagnose.InProject, e.Key, e.Content})
			}
		}
	}
	values := make([]string, len(vars))
	for i, v := range vars {
		values[i] = v.value
	}
	issues, names := refIssues(ctx, c, projectID, values)
	var out []diagnose.BadRef
	for _, r := range issues {
		if r.keys != nil {
			continue // the host exists; its missing key shows as another failure
		}
		for _, v := range vars {
			if strings.Contains(v.value, r.text) {
				out = append(out, diagnose.BadRef{Where: v.where, Service: svc.Name, Key: v.key, Ref: r.text,
					Host: r.host, Services: names, Near: nearest(r.host, names)})
			}
		}
	}
	return out
}

// nearest is the name within two edits of s (a likely typo's target), or "".
func nearest(s string, names []string) string {
	best, bestD := "", 3
	for _, n := range names {
		if d := platform.EditDistance(s, n); d < bestD && d < len(s) {
			best, bestD = n, d
		}
	}
	return best
}

// classifyRuntime classifies svc's runtime log lines; when a diagnosis may
// come from a bad reference, it reads svc's and the project's variables so
// the diagnosis names the one that holds it.
func classifyRuntime(ctx context.Context, c platform.Client, projectID string, svc platform.ServiceStack, lines []string, opt diagnose.Options) []diagnose.Diagnosis {
	ds := diagnose.ClassifyWith(lines, diagnose.Runtime, opt)
	if !slices.ContainsFunc(ds, unresolvedSignal) {
		return ds
	}
	if opt.BadRefs = badRefs(ctx, c, projectID, svc); len(opt.BadRefs) == 0 {
		return ds
	}
	return diagnose.ClassifyWith(lines, diagnose.Runtime, opt)
}

// redeployFixes reports whether the top diagnosis is fixed by a deploy (so a
// rollback may help too); true when there is none.
func redeployFixes(ds []diagnose.Diagnosis) bool {
	return len(ds) == 0 || ds[0].NeedsDeploy()
}
