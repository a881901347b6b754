package ops

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
	"github.com/zeropsio/zcp/platform/editdist"
)

// unresolvedSignal reports whether a diagnosis may come from a reference
// that names no service: the app then looks up a host or reads a variable
// that is not there.
func unresolvedSignal(d diagnose.Diagnosis) bool {
	return d.Signal == "host-not-found" || d.Signal == "missing-env-variable"
}

// heldVar is a variable set for an app: where, its key and its value;
// yml marks a service variable of type ENV (the deployed zerops.yml's).
type heldVar struct {
	where, key, value string
	yml               bool
}

// appVars are svc's service variables and the project's variables, the
// ones a redeploy and a rollback keep. Sensitive variables are not read;
// a read that fails yields nothing.
func appVars(ctx context.Context, proj Project, svc platform.ServiceStack) []heldVar {
	c, projectID := proj.Client, proj.ID
	var vars []heldVar
	if envs, err := c.GetServiceEnv(ctx, svc.ID); err == nil {
		for _, e := range envs {
			if !e.Sensitive {
				vars = append(vars, heldVar{where: diagnose.InService, key: e.Key, value: e.Content, yml: fromZeropsYml(e)})
			}
		}
	}
	if envs, err := c.GetProjectEnv(ctx, projectID); err == nil {
		for _, e := range envs {
			if !e.Sensitive && e.Type != "SYSTEM" {
				vars = append(vars, heldVar{where: diagnose.InProject, key: e.Key, value: e.Content})
			}
		}
	}
	return vars
}

// badRefs lists the vars whose ${host_KEY} references name no service of
// the project: a diagnosis must point at them, not at zerops.yml.
func badRefs(ctx context.Context, proj Project, svc platform.ServiceStack, vars []heldVar) []diagnose.BadRef {
	values := make([]string, len(vars))
	for i, v := range vars {
		values[i] = v.value
	}
	issues, names := refIssues(ctx, proj, values)
	var out []diagnose.BadRef
	for _, r := range issues {
		if r.keys != nil {
			continue // the host exists; its missing key shows as another failure
		}
		near := nearest(r.host, names)
		if r.cased != "" {
			near = strings.ToLower(r.host) // hostnames are lowercase
		}
		for _, v := range vars {
			if strings.Contains(v.value, r.text) {
				where := v.where
				if v.yml {
					where = diagnose.InYml
				}
				out = append(out, diagnose.BadRef{Where: where, Service: svc.Name, Key: v.key, Ref: r.text,
					Host: r.host, Services: names, Near: near, Kin: r.kin, Gone: r.gone, Recreate: r.recreate,
					Whole: strings.TrimSpace(v.value) == r.text})
			}
		}
	}
	return append(out, urlRefs(ctx, proj, svc, vars)...)
}

// urlRefs lists the vars that are a connection URL whose host, written
// out, no service of the project has (walk 81: @postgres:5432 where the
// database is db): the app fails to look it up, and the fix names the
// services of the kind the URL's scheme says.
func urlRefs(ctx context.Context, proj Project, svc platform.ServiceStack, vars []heldVar) []diagnose.BadRef {
	var out []diagnose.BadRef
	var services []platform.ServiceStack
	var names []string
	for _, v := range vars {
		host, kind := platform.URLHost(v.value)
		if host == "" {
			continue
		}
		if services == nil {
			var err error
			if services, err = listServices(ctx, proj); err != nil {
				return nil
			}
			for _, s := range services {
				if !s.System {
					names = append(names, s.Name)
				}
			}
			slices.Sort(names)
		}
		if slices.Contains(names, host) {
			continue
		}
		where := v.where
		if v.yml {
			where = diagnose.InYml
		}
		out = append(out, diagnose.BadRef{Where: where, Service: svc.Name, Key: v.key, Ref: host, Host: host,
			Services: names, Near: nearest(host, names), Kin: hostKin(kind, host, services), URL: true})
	}
	return out
}

// nearest is the name within two edits of s (a likely typo's target), or "";
// two neighbouring letters swapped are one edit, as a typist's slip is
// (vk for kv).
func nearest(s string, names []string) string {
	best, bestD := "", 3
	for _, n := range names {
		if d := editdist.SwapDistanceWithin(s, n, bestD); d < bestD && d < len(s) {
			best, bestD = n, d
		}
	}
	return best
}

// classifyRuntime classifies svc's runtime log lines, knowing svc's type
// and what the last push showed of its code; when a diagnosis
// depends on svc's variables (a bad reference, a port variable), it reads
// svc's and the project's and classifies again knowing them. Whichever
// pass answers, an out-of-memory fix fits svc's RAM ceiling (oomAtMax).
func classifyRuntime(ctx context.Context, proj Project, svc platform.ServiceStack, lines []string, opt diagnose.Options) []diagnose.Diagnosis {
	return oomAtMax(ctx, proj.Client, svc, restartForNewHost(ctx, proj, svc, restartForSetVars(ctx, proj, svc, refForUnsetVars(ctx, proj, svc, classifyKnowing(ctx, proj, svc, lines, opt)))))
}

// restartForNewHost turns a host-not-found diagnosis whose host is a
// service created after svc's app last started (a deleted database made
// again) into the restart that resolves it: the app still runs with the
// lookup that failed, and nothing needs to change but its start.
func restartForNewHost(ctx context.Context, proj Project, svc platform.ServiceStack, ds []diagnose.Diagnosis) []diagnose.Diagnosis {
	var services []platform.ServiceStack
	var start time.Time
	read := false
	for i := range ds {
		if ds[i].Signal != "host-not-found" || ds[i].MissingService() != "" {
			continue
		}
		if !read {
			read, start = true, latestStart(ctx, proj, svc)
			if start.IsZero() {
				return ds
			}
			var err error
			if services, err = listServices(ctx, proj); err != nil {
				return ds
			}
		}
		for _, s := range services {
			if s.Created.After(start) && s.Name != svc.Name && hostWord(ds[i].Evidence, s.Name) {
				ds[i].SetHostBack(svc.Name, s.Name)
				break
			}
		}
	}
	return ds
}

// hostWord reports whether text names host as a word of its own (a
// lookup's ENOTFOUND pgdb, not pgdb2).
func hostWord(text, host string) bool {
	for i := strings.Index(text, host); i >= 0; {
		end := i + len(host)
		before := i == 0 || !isHostChar(text[i-1])
		after := end == len(text) || !isHostChar(text[end])
		if before && after {
			return true
		}
		next := strings.Index(text[i+1:], host)
		if next < 0 {
			return false
		}
		i += 1 + next
	}
	return false
}

// isHostChar reports whether c may be part of a hostname.
func isHostChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c == '-' || c == '_'
}

// classifyKnowing is classifyRuntime's classification, before the fixes
// are fitted to svc's scaling.
func classifyKnowing(ctx context.Context, proj Project, svc platform.ServiceStack, lines []string, opt diagnose.Options) []diagnose.Diagnosis {
	projectID := proj.ID
	if opt.Port == 0 { // the port a fix names
		opt.Port = declaredPort(svc)
	}
	// The run base pushed runs the code; else the service's type says.
	opt.Code = proj.Memory.deployedCode(projectID, svc.ID)
	opt.Runtime = cmp.Or(svc.Type.VersionName, svc.Type.Name)
	if opt.Code != nil && opt.Code.Base != "" {
		opt.Runtime = opt.Code.Base
		if opt.Ports != nil && opt.WebServer == "" {
			// The pushed run base's web server (php-nginx on a nodejs
			// service, walk 88): its port 80 is no code's to move.
			opt.WebServer = webServerOf(opt.Code.Base)
		}
	}
	ds := diagnose.ClassifyWith(lines, diagnose.Runtime, opt)
	refs := slices.ContainsFunc(ds, unresolvedSignal)
	// A wrong port or a localhost bind despite PORT or HOST set is in the code.
	port := slices.ContainsFunc(ds, func(d diagnose.Diagnosis) bool {
		return d.Signal == "wrong-port" || d.Signal == "listening-on-localhost"
	})
	// A refused call at a managed kind's port, or at a database, names the
	// project's one service of that kind.
	if slices.ContainsFunc(ds, func(d diagnose.Diagnosis) bool {
		return d.Signal == "connection-refused" || d.Signal == "db-connection-refused"
	}) {
		opt.Peers = peerTypes(ctx, proj)
		if !refs && !port {
			return forService(svc.Name, diagnose.ClassifyWith(lines, diagnose.Runtime, opt))
		}
	}
	if !refs && !port {
		return forService(svc.Name, ds)
	}
	vars := appVars(ctx, proj, svc)
	yml, known := proj.Memory.deployedEnv(projectID, svc.ID)
	if len(vars) == 0 && !known {
		return forService(svc.Name, ds)
	}
	if refs {
		opt.BadRefs = badRefs(ctx, proj, svc, withYml(vars, yml))
	}
	if port {
		opt.Env = map[string]string{}
		for i := len(vars) - 1; i >= 0; i-- { // a service variable wins over a project one
			if !vars[i].yml {
				opt.Env[vars[i].key] = vars[i].value
			}
		}
		// The zerops.yml ZCP pushed says what run.envVariables hold; else
		// the service's ENV variables, which the platform takes from it.
		opt.YmlEnv = yml
		if !known {
			opt.YmlEnv = map[string]string{}
			for _, v := range vars {
				if v.yml {
					opt.YmlEnv[v.key] = v.value
				}
			}
		}
	}
	return forService(svc.Name, diagnose.ClassifyWith(lines, diagnose.Runtime, opt))
}

// declaredPort is svc's first declared HTTP port, else its first port; 0
// when it declares none.
func declaredPort(svc platform.ServiceStack) int {
	if ports := httpPorts(svc); len(ports) > 0 {
		return ports[0]
	}
	if len(svc.Ports) > 0 {
		return svc.Ports[0].Port
	}
	return 0
}

// forService names the service in each fix's zerops_env call: the
// classifier does not know whose log it reads, and a set without
// serviceHostname is refused (SERVICE_REQUIRED), so the call must be one
// the agent can make as written.
func forService(hostname string, ds []diagnose.Diagnosis) []diagnose.Diagnosis {
	const call = "zerops_env action=set variables="
	for i := range ds {
		ds[i].Fix = strings.ReplaceAll(ds[i].Fix, call, "zerops_env action=set serviceHostname="+hostname+" variables=")
	}
	return ds
}

// withYml is vars with the deployed zerops.yml's run.envVariables (yml),
// each marked as the yaml's, where vars lack them: the platform may not
// list them as the service's variables.
func withYml(vars []heldVar, yml map[string]string) []heldVar {
	out := slices.Clone(vars)
	for _, k := range slices.Sorted(maps.Keys(yml)) {
		if !slices.ContainsFunc(vars, func(v heldVar) bool { return v.yml && v.key == k }) {
			out = append(out, heldVar{where: diagnose.InService, key: k, value: yml[k], yml: true})
		}
	}
	return out
}

// redeployFixes reports whether the top diagnosis is fixed by a deploy (so a
// rollback may help too); false when there is none: nothing says the new
// version is broken. A reference to a service the project lacks is not:
// the version before references it too (when the service was just
// deleted) or needs it all the same.
func redeployFixes(ds []diagnose.Diagnosis) bool {
	return len(ds) > 0 && ds[0].NeedsDeploy() && ds[0].MissingService() == ""
}

// oomAtMax rewrites the out-of-memory fix of ds for svc when its RAM may
// already grow to the platform's maximum: no scale call raises it, so the
// fix is the leak or the runtime's own memory limit.
func oomAtMax(ctx context.Context, c platform.Client, svc platform.ServiceStack, ds []diagnose.Diagnosis) []diagnose.Diagnosis {
	i := slices.IndexFunc(ds, func(d diagnose.Diagnosis) bool { return d.Signal == "out-of-memory" })
	ceil, ceilWords := ramCeiling(svc)
	if i < 0 || scalingOf(ctx, c, svc).MaxRAM < ceil {
		return ds
	}
	ds[i].Fix = fmt.Sprintf("%s may already grow to %s (maxRam %g GB), so scaling will not help. %s If it holds steady and needs more: when `zerops_metrics` shows RAM at that ceiling, make the app hold less (smaller caches and batches, stream large data); when %s",
		svc.Name, ceilWords, ceil, diagnose.OOMLeak, diagnose.OOMRuntimeLimit)
	return ds
}

// peerTypes maps the project's services' hostnames to their type names
// (nil when they cannot be listed).
func peerTypes(ctx context.Context, proj Project) map[string]string {
	services, err := listServices(ctx, proj)
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, s := range services {
		if !s.System {
			out[s.Name] = cmp.Or(s.Type.VersionName, s.Type.Name)
		}
	}
	return out
}
