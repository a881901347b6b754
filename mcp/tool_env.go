package mcp

import (
	"context"
	"fmt"
	"slices"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

type envInput struct {
	Action          ops.EnvAction `json:"action"`
	ServiceHostname string        `json:"serviceHostname,omitempty"`
	Project         Bool          `json:"project,omitzero"`
	Variables       Strings       `json:"variables,omitempty" jsonschema:"set: [\"KEY=value\"]; delete: [\"KEY\"]"`
	Restart         Bool          `json:"restart,omitzero" jsonschema:"restart after the change (project: every running runtime)"`
}

type envOutput struct {
	Action    ops.EnvAction    `json:"action"`
	Scope     ops.EnvScope     `json:"scope"`
	Service   string           `json:"serviceHostname,omitempty"`
	Variables []ops.EnvInfo    `json:"variables,omitzero"`
	Changed   []string         `json:"changed,omitempty"`
	Processes []processSummary `json:"processes,omitzero"`
	Restarted []string         `json:"restarted,omitempty"`
	Notes     []string         `json:"notes,omitempty"`
	Warnings  []string         `json:"warnings,omitempty"`
	Next      string           `json:"next"`
}

func (s *Server) envTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_env",
		Description: "Env variables of a service (serviceHostname) or the project (project: true): get, set or delete. get says each source, shows SECRET values, never sensitive ones (generated passwords, connection strings: ***).",
		Annotations: mutatingAnn("Environment variables", true, true),
	}, func(ctx context.Context, req *sdk.CallToolRequest, in envInput) (envOutput, error) {
		res, err := ops.Env(ctx, s.opsProject(), s.deps.EnvWrites, in.Action,
			ops.EnvTarget{Hostname: in.ServiceHostname, Project: in.Project.V}, in.Variables)
		if err != nil {
			return envOutput{}, err
		}
		out := envOutput{Action: res.Action, Scope: res.Scope, Service: res.Service, Variables: res.Variables, Changed: res.Changed, Notes: res.Notes, Warnings: res.Warnings}
		if res.Action == ops.EnvGet {
			out.Variables = nonNil(out.Variables)
			out.Next = "Next: reference another service's variable as ${hostname_KEY}; change values with action=set."
			if slices.ContainsFunc(out.Variables, func(v ops.EnvInfo) bool { return v.From == ops.EnvFromZeropsYml }) {
				out.Next = "Next: reference another service's variable as ${hostname_KEY}; change a secret with action=set, and one from zerops.yml in its run.envVariables, then zerops_deploy (never both for one key)."
			}
			pending := ""
			if res.Scope == ops.EnvScopeProject {
				if id := ops.ProjectEnvChangeRunning(ctx, s.opsProject()); id != "" {
					// walk 78: read right after a set, the project's new key was missing
					out.Warnings = append(out.Warnings, "A change of the project's variables is still running (zerops_process processId="+id+" wait=true): what it sets is listed once it has finished.")
				}
			}
			if res.Scope == ops.EnvScopeService {
				st := ops.EnvStatusOf(ctx, s.opsProject(), res.Service)
				if st.Running != "" {
					// walk 75b: read right after a set, the secret was not listed
					out.Warnings = append(out.Warnings, "A change of "+res.Service+"'s variables is still running (zerops_process processId="+st.Running+" wait=true): what it sets is listed once it has finished.")
				}
				if st.Pending {
					pending = pendingRestart(res.Service, st.Changed, st.Started)
					out.Next = "Next: " + pending
				}
			}
			if both := keysInBoth(out.Variables); len(both) > 0 {
				for _, k := range both {
					out.Warnings = append(out.Warnings, k+" is set both as a service secret and in run.envVariables of the zerops.yml deployed to "+res.Service+
						": the Zerops docs read two ways (the newer guide: the platform refuses such a secret; an older page: the zerops.yml value wins), so the app may not get the value you expect.")
				}
				out.Next = fmt.Sprintf("Next: keep each of %s in one place: delete the secret (%s), or remove the key from run.envVariables in zerops.yml and zerops_deploy.",
					strings.Join(both, ", "), envDeleteCall(res.Service, both))
				if pending != "" {
					out.Warnings = append(out.Warnings, "The "+pending)
				}
			}
			return out, nil
		}
		if res.Action == ops.EnvSet && len(res.Changed) == 0 && len(res.Unchanged) > 0 {
			return s.unchangedSet(ctx, req, res, out, in.Restart.V)
		}
		pr := s.progressFor(ctx, req)
		if in.Restart.V {
			out, err := s.envRestart(ctx, pr, res, out)
			if err == nil && len(res.Joined) > 0 { // also when nothing was restarted
				out.Next = joinedNext(res)
			}
			return out, err
		}
		outcomes, followed := s.followProcesses(ctx, pr, res.Processes, res.Service)
		out.Processes = summarize(outcomes)
		success := "Next: no running service reads them yet; they apply at each service's next start or deploy."
		if names := ops.EnvAffected(ctx, s.opsProject(), res); len(names) > 0 && res.Scope == ops.EnvScopeProject {
			success = projectRestartNext(res, names)
		}
		if res.Scope == ops.EnvScopeService {
			success = "Next: restart " + res.Service + " so it reads the new values: zerops_manage action=restart serviceHostname=" + res.Service + " (or pass restart: true to zerops_env next time)."
		}
		success = serviceSuccess(s.opsProject(), res, success)
		out.Next = nextForProcesses(outcomes, followed, success)
		if out.Next != success && !anyFailed(outcomes) {
			out.Next = withSuccessStep(res, out.Next, success)
		}
		badRef := len(res.BadRefKeys) > 0 && !anyFailed(outcomes)
		if !anyFailed(outcomes) {
			if next, warnings, ok := setStep(s.opsProject(), res, "a restart or deploy gives the app the unresolved text, and it will likely crash or misbehave", out.Warnings); ok {
				out.Next, out.Warnings = next, warnings
			}
		}
		// The restart once: next is it, or next fixes a reference a
		// restart now would hand the app unresolved.
		if badRef || len(res.Joined) > 0 || strings.Contains(out.Next, "action=restart") {
			out.Notes = slices.DeleteFunc(slices.Clone(out.Notes), func(n string) bool { return strings.Contains(n, "after a restart") })
		}
		return out, nil
	})
}

// withSuccessStep adds to next, the check of a process still running, the
// step after it, success: first for a credential, whose step does not
// wait for the variable's process, after it for a service's restart (walk
// 84: the restart sat in a note while next named only the process check).
func withSuccessStep(res *ops.EnvResult, next, success string) string {
	switch {
	case !res.CredentialNext.IsZero():
		return success + " The variable change itself: " + strings.TrimPrefix(next, "Next: ")
	case res.Scope == ops.EnvScopeService:
		return next + " Once it has ended: " + strings.TrimPrefix(success, "Next: ")
	}
	return next
}

// unchangedSet finishes a set that sent nothing, every value already held:
// a restart would give no app anything new (walk 75: the same value again
// restarted seven runtimes). An app that has not read an earlier change is
// restarted when restart is asked for, else named with its restart; a
// held value that is wrong gets its fix.
func (s *Server) unchangedSet(ctx context.Context, req *sdk.CallToolRequest, res *ops.EnvResult, out envOutput, restart bool) (envOutput, error) {
	out.Next = "Next: nothing to do: " + strings.Join(res.Unchanged, ", ") + " already held " + pick(len(res.Unchanged), "that value", "those values") +
		", so nothing was sent."
	var pending []string
	if res.Scope == ops.EnvScopeProject {
		pending = s.pendingRestarts(ctx)
	} else if _, _, ok := ops.EnvPendingRestart(ctx, s.opsProject(), res.Service); ok {
		pending = []string{res.Service}
	}
	switch {
	case len(pending) > 0 && restart:
		// restart: true asked for what an earlier change still needs (walk
		// 75c: with the value held, nothing was restarted).
		procs, names, err := ops.RestartPending(ctx, s.opsProject(), pending)
		if err != nil {
			return envOutput{}, err
		}
		restarts, followed := s.followProcesses(ctx, s.progressFor(ctx, req), procs, "")
		out.Processes, out.Restarted = summarize(restarts), nonNil(names)
		out.Next = nextForProcesses(restarts, followed, out.Next+" "+strings.Join(names, ", ")+" ran"+
			" with values from before an earlier change and "+pick(len(names), "was", "were")+" restarted; zerops_verify checks that "+pick(len(names), "it answers", "they answer")+".")
	case len(pending) > 0:
		out.Next += " " + strings.Join(pending, ", ") + " still run" + pick(len(pending), "s", "") + " with values from before an earlier change: " + restartCalls(pending) + "."
	default:
		out.Next = strings.TrimSuffix(out.Next, ".") + " and nothing was restarted."
	}
	if next, warnings, ok := setStep(s.opsProject(), res, "a restart or deploy gives the app the unresolved text, and it will likely crash or misbehave", out.Warnings); ok {
		out.Next, out.Warnings = next, warnings
	}
	return out, nil
}

// envReadInput is the read-only variant's input: no variables, action get only.
type envReadInput struct {
	Action          ops.EnvAction `json:"action,omitempty" jsonschema:"get (default); set and delete are refused: ZCP runs read-only"`
	ServiceHostname string        `json:"serviceHostname,omitempty" jsonschema:"the service; or project: true"`
	Project         Bool          `json:"project,omitzero" jsonschema:"project-wide variables"`
}

var envReadGate = actionGate[ops.EnvAction]{
	tool:     "zerops_env",
	def:      ops.EnvGet,
	read:     map[ops.EnvAction]ops.EnvAction{ops.EnvGet: ops.EnvGet},
	accepted: []ops.EnvAction{ops.EnvGet},
	mutating: []ops.EnvAction{ops.EnvSet, ops.EnvDelete},
	instead:  "Read variables with action=get.",
}

// envReadTool is zerops_env as registered under ZCP_READ_ONLY: it reads
// variables and refuses set and delete with READ_ONLY. It never calls an
// env operation other than get, whatever the arguments.
func (s *Server) envReadTool() toolDef {
	def := newTool(&sdk.Tool{
		Name:        "zerops_env",
		Description: "Read environment variables of a service (serviceHostname) or the project (project: true); SECRET values are shown, sensitive ones (generated passwords, connection strings) read ***. ZCP runs read-only: set and delete are refused.",
		Annotations: readOnlyAnn("Environment variables"),
	}, func(ctx context.Context, _ *sdk.CallToolRequest, in envReadInput) (envOutput, error) {
		if _, err := envReadGate.check(in.Action); err != nil {
			return envOutput{}, err
		}
		res, err := ops.Env(ctx, s.opsProject(), s.deps.EnvWrites, ops.EnvGet,
			ops.EnvTarget{Hostname: in.ServiceHostname, Project: in.Project.V}, nil)
		if err != nil {
			return envOutput{}, err
		}
		return envOutput{Action: res.Action, Scope: res.Scope, Service: res.Service, Variables: nonNil(res.Variables),
			Next: "Next: reference another service's variable as ${hostname_KEY} in zerops.yml."}, nil
	})
	def.guard = envReadGate.guard
	return def
}

// envRestart finishes an env change with restart: true: it waits for the
// change's processes to end, then restarts what the change affects, with
// progress when asked.
func (s *Server) envRestart(ctx context.Context, pr *progress, res *ops.EnvResult, out envOutput) (envOutput, error) {
	outcomes := s.awaitProcesses(ctx, pr, res.Processes, res.Service)
	for _, o := range outcomes {
		if !o.Finished || o.Process.Status != platform.ProcessFinished {
			out.Processes = summarize(outcomes)
			out.Notes = append(out.Notes, "nothing was restarted: the variable change has not finished")
			out.Next = nextForProcesses(outcomes, true, "Next: once the change has finished, restart with "+restartCalls(ops.EnvAffected(ctx, s.opsProject(), res))+".")
			return out, nil
		}
	}
	procs, names, err := ops.RestartAfterEnv(ctx, s.opsProject(), res)
	if err != nil {
		return envOutput{}, err
	}
	kept := out.Notes[:0]
	for _, n := range out.Notes {
		if !strings.Contains(n, "after a restart") { // done here
			kept = append(kept, n)
		}
	}
	out.Notes = kept
	restarts, followed := s.followProcesses(ctx, pr, procs, "")
	out.Processes = summarize(append(outcomes, restarts...))
	out.Restarted = nonNil(names)
	success := "Next: the services run with the new values; zerops_verify checks that they answer (zerops_logs shows their lines)."
	if len(res.Shadowed) > 0 {
		success = "Next: the services run with the new values, except the keys the warnings name, which those services declare themselves; zerops_verify checks that they answer (zerops_logs shows their lines)."
	}
	success = serviceSuccess(s.opsProject(), res, success)
	out.Next = nextForProcesses(restarts, followed, success)
	if !anyFailed(restarts) {
		// Whether or not the restart has ended, what it starts is broken.
		if next, warnings, ok := setStep(s.opsProject(), res, "the restarted app gets the unresolved text and will likely crash or misbehave", out.Warnings); ok {
			out.Next, out.Warnings = next, warnings
		}
	}
	return out, nil
}

// setStep is the step after a set that left something to fix beyond a
// restart, with the warnings to answer beside it; false when nothing is
// left. One step decides, and the fix each warning needs is said once,
// where the agent reads it: values joined into one item are split first
// (every warning keeps its fix); a broken reference on a key the deployed
// zerops.yml declares with a value that resolves goes, keeping that value;
// other broken references are fixed first, then keys zerops.yml declares
// are kept in one place.
func setStep(proj ops.Project, res *ops.EnvResult, consequence string, warnings []string) (string, []string, bool) {
	switch {
	case len(res.Joined) > 0:
		return joinedNext(res), warnings, true
	case len(res.BadRefKeys) > 0 && len(res.YmlKeys) > 0 && ymlHolds(res, res.BadRefKeys):
		return ymlHeldNext(res), withoutFixes(res, res.BadRefKeys, warnings), true
	case len(res.BadRefKeys) > 0:
		next, warnings := badRefStep(res, consequence, warnings)
		if len(res.YmlKeys) > 0 {
			next += " Then " + strings.TrimPrefix(ymlKeysNext(proj, res), "Next: ")
		}
		return next, warnings, true
	case len(res.YmlKeys) > 0:
		return ymlKeysNext(proj, res), warnings, true
	}
	return "", warnings, false
}

// ymlHolds reports whether the deployed zerops.yml declares each of keys
// with a value that resolves: none set here reaches the app, and zerops.yml
// gives each one that works.
func ymlHolds(res *ops.EnvResult, keys []string) bool {
	for _, k := range keys {
		if !slices.Contains(res.YmlKeys, k) || slices.Contains(res.YmlBroken, k) {
			return false
		}
	}
	return true
}

// ymlHeldNext is the step after a set of broken references on keys the
// deployed zerops.yml declares with values that resolve: delete them,
// keeping zerops.yml's.
func ymlHeldNext(res *ops.EnvResult) string {
	keys := res.BadRefKeys[:min(len(res.BadRefKeys), 5)]
	return fmt.Sprintf("Next: %s set here hold%s a reference that will not resolve (warnings), and the zerops.yml deployed to %s declares %s with a value that resolves, which is the one to keep. Delete the one set here: %s.",
		platform.JoinClipped(keys, ", ", 200), pick(len(keys), "s", ""), res.Service, pick(len(keys), "it", "them"), envDeleteCall(res.Service, keys))
}

// withoutFixes is warnings with the warning of each of keys whose fix
// another step replaces said without that fix: a value's several
// references that one fix covers, as one problem.
func withoutFixes(res *ops.EnvResult, keys, warnings []string) []string {
	warnings = slices.Clone(warnings)
	for _, k := range keys {
		fix, ok := res.BadRefFixes[k]
		if !ok {
			continue
		}
		covers, said := fix.Covers, false
		if covers == nil {
			covers = []string{fix.Warning}
		}
		for _, w := range covers { // the problem once, in the first one's place
			if i := slices.Index(warnings, w); i >= 0 && !said {
				warnings[i], said = fix.Problem, true
			} else if i >= 0 {
				warnings = slices.Delete(warnings, i, i+1)
			}
		}
	}
	return warnings
}

// anyFailed reports whether a process of outcomes failed or was canceled.
func anyFailed(outcomes []waitOutcome) bool {
	for _, o := range outcomes {
		if o.Process.Status == platform.ProcessFailed || o.Process.Status == platform.ProcessCanceled {
			return true
		}
	}
	return false
}

// envCallTarget is the arguments of a zerops_env call that name res's
// variables: the service's, or the project's.
func envCallTarget(res *ops.EnvResult) string {
	if res.Scope == ops.EnvScopeProject {
		return "project=true"
	}
	return "serviceHostname=" + res.Service
}

// badRefStep is the step after a set that left references unresolved (the
// warnings), with the warnings to answer beside it: fix the variables
// holding them, then verify; consequence says what happens meanwhile. When
// the step's call sends the one bad key's fix, that key's warning is the
// one ops hands without the fix, so the fix is said once.
func badRefStep(res *ops.EnvResult, consequence string, warnings []string) (string, []string) {
	target, verify := envCallTarget(res), " serviceHostname="+res.Service
	if res.Scope == ops.EnvScopeProject {
		verify = ""
	}
	keys := res.BadRefKeys
	if len(keys) > 5 {
		keys = keys[:5]
	}
	if fix, ok := res.BadRefFixes[keys[0]]; len(keys) == 1 && ok && fix.Ref != "" {
		warnings = withoutFixes(res, keys, warnings)
		return fmt.Sprintf("Next: %s holds a reference that will not resolve (warnings): %s. Fix the variable first: zerops_env action=set %s variables=[\"%s=%s\"] restart=true (%s), then zerops_verify%s.",
			platform.Clip(keys[0], 60), consequence, target, platform.Clip(keys[0], 60), fix.Ref, fix.Kin, verify), warnings
	}
	return fmt.Sprintf("Next: %s hold%s a reference that will not resolve (warnings): %s. Fix the variable first: zerops_env action=set %s variables=[\"%s=…\"] restart=true with a reference the warning names (or action=delete), then zerops_verify%s.",
		platform.JoinClipped(keys, ", ", 200), pick(len(res.BadRefKeys), "s", ""), consequence, target, platform.Clip(keys[0], 60), verify), warnings
}

// joinedNext is the step after a set whose value held further KEY=value
// pairs (the warning names them): the same set, one item per variable.
func joinedNext(res *ops.EnvResult) string {
	j := res.Joined[0]
	items := make([]string, 0, len(j.Inside)+1)
	for _, k := range append([]string{j.Key}, j.Inside...) {
		items = append(items, fmt.Sprintf("%q", platform.Clip(k, 60)+"=…"))
	}
	return fmt.Sprintf("Next: if they were meant as separate variables, set each as its own item of the list: zerops_env action=set %s variables=[%s] restart=true (a value that holds such text on purpose needs nothing).",
		envCallTarget(res), strings.Join(items, ","))
}

// restartCalls is the zerops_manage restart call of each of names.
func restartCalls(names []string) string {
	if len(names) == 0 {
		return "a restart with zerops_manage once the service runs"
	}
	calls := make([]string, len(names))
	for i, n := range names {
		calls[i] = "zerops_manage action=restart serviceHostname=" + n
	}
	return strings.Join(calls, ", then ")
}

// ymlKeysNext is the step after a set of variables the deployed zerops.yml's
// run.envVariables also declare (the warning says why): keep each key in
// one place, zerops.yml or the service variable.
func ymlKeysNext(proj ops.Project, res *ops.EnvResult) string {
	keys := platform.JoinClipped(res.YmlKeys, ", ", 200)
	vars := make([]string, 0, min(len(res.YmlKeys), 5))
	for _, k := range res.YmlKeys[:min(len(res.YmlKeys), 5)] {
		vars = append(vars, fmt.Sprintf("%q", platform.Clip(k, 60)))
	}
	if len(res.YmlBroken) == len(res.YmlKeys) { // the zerops.yml values do not resolve: nothing there to keep
		return fmt.Sprintf("Next: keep %s in one place, the value set here: the zerops.yml value holds a reference that does not resolve. Remove it from `run.envVariables` in zerops.yml and deploy: %s.",
			keys, stepText(ops.DeployCall(proj, res.Service)))
	}
	// Walk 82: a plain setting (LOG_LEVEL) changed this way had no step
	// that kept it in zerops.yml with the new value, where it belongs.
	return fmt.Sprintf("Next: keep %s in one place. To use the value set here, remove it from `run.envVariables` in zerops.yml and deploy: %s. "+
		"To keep it in zerops.yml (where a setting that is no secret belongs), delete this one: zerops_env action=delete serviceHostname=%s variables=[%s]; a new value is then written there and deployed.",
		keys, stepText(ops.DeployCall(proj, res.Service)), res.Service, strings.Join(vars, ","))
}

// keysInBoth are the keys vars lists both as a service secret and from the
// deployed zerops.yml, sorted.
func keysInBoth(vars []ops.EnvInfo) []string {
	secret, yml := map[string]bool{}, map[string]bool{}
	for _, v := range vars {
		switch v.From {
		case ops.EnvFromSecret:
			secret[v.Key] = true
		case ops.EnvFromZeropsYml:
			yml[v.Key] = true
		}
	}
	var out []string
	for k := range secret {
		if yml[k] {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// envDeleteCall is the zerops_env call that deletes keys of service.
func envDeleteCall(service string, keys []string) string {
	vars := make([]string, len(keys))
	for i, k := range keys {
		vars[i] = fmt.Sprintf("%q", platform.Clip(k, 60))
	}
	return fmt.Sprintf("zerops_env action=delete serviceHostname=%s variables=[%s]", service, strings.Join(vars, ","))
}

// managedNext is the step after a set on a managed service whose docs
// name none of the keys as read by it (the warning says where its
// settings change): it was not restarted.
func managedNext(res *ops.EnvResult) string {
	return "Next: " + res.Service + " was not restarted: its docs name none of these as a variable it reads (warnings); a service that references them gets them at its next restart or deploy."
}

// serviceSuccess is the next step after a change of res's variables
// succeeds, where what the service is decides it over success: a service
// never deployed gets them at its first deploy, a managed one needs its
// own step (managedNext), a database credential its change in the
// database (res.CredentialNext).
func serviceSuccess(proj ops.Project, res *ops.EnvResult, success string) string {
	if res.NeverDeployed {
		success = "Next: deploy " + res.Service + " with zerops_deploy (zerops_workflow workflow=deploy); the variables apply at that first deploy."
	}
	if res.Managed {
		success = managedNext(res)
	}
	if len(res.BuildTime) > 0 && !res.NeverDeployed {
		success = fmt.Sprintf("Next: zerops_deploy %s after adding %s to build.envVariables in its zerops.yml (warnings): the build writes %s into the code, which a restart does not change.",
			res.Service, pick(len(res.BuildTime), "the line", "the lines"), pick(len(res.BuildTime), "it", "them"))
	}
	if !res.CredentialNext.IsZero() {
		success = nextText(res.CredentialNext)
	}
	if res.CredentialNext.IsZero() && !res.Managed {
		success += readersNext(proj, res)
	}
	return success
}

// readersNext is what the other running services referencing a key set
// on res.Service need to get it: a restart, or a deploy where their build
// writes the value into the code.
func readersNext(proj ops.Project, res *ops.EnvResult) string {
	out := ""
	if n := len(res.Readers); n > 0 {
		out += fmt.Sprintf(" %s reference%s it as ${%s_…} and get%s the value at the next start: %s.",
			strings.Join(res.Readers, ", "), pick(n, "s", ""), res.Service, pick(n, "s", ""), restartCalls(res.Readers))
	}
	if n := len(res.BuildReaders); n > 0 {
		calls := make([]string, n)
		for i, r := range res.BuildReaders {
			calls[i] = stepText(ops.DeployCall(proj, r))
		}
		out += fmt.Sprintf(" %s reference%s it as ${%s_…} in a variable the build writes into the code (NEXT_PUBLIC_…): a restart keeps the built value; %s.",
			strings.Join(res.BuildReaders, ", "), pick(n, "s", ""), res.Service, strings.Join(calls, ", then "))
	}
	return out
}

// projectRestartNext is the step after a project set without restart:
// names are the running runtimes a restart gives a new value. Each
// inherits project variables at its next start (docs: inherited by all
// services; a running process keeps the environment it started with), so
// none is said to read them unless its variables reference a key: those
// are restarted first, the others when their code reads the keys.
func projectRestartNext(res *ops.EnvResult, names []string) string {
	var readers, others []string
	for _, n := range names {
		if slices.Contains(res.ProjectReaders, n) {
			readers = append(readers, n)
		} else {
			others = append(others, n)
		}
	}
	keys := platform.JoinClipped(res.Changed, ", ", 120)
	except := ""
	if slices.ContainsFunc(names, func(n string) bool { return len(res.Shadowed[n]) > 0 }) {
		except = " (except the keys the warnings name, which those services declare themselves)"
	}
	// inherit says that the services see the new values at their next
	// restart, and the calls that restart those whose code reads them.
	inherit := func(svcs []string, too string) string {
		n := len(svcs)
		return fmt.Sprintf("%s inherit%s project variables%s and see%s the new values%s at %s next restart; %s: %s",
			strings.Join(svcs, ", "), pick(n, "s", ""), too, pick(n, "s", ""), except, pick(n, "its", "their"),
			pick(n, "restart it only if its code reads them", "restart those whose code reads them"), restartCalls(svcs))
	}
	if len(readers) == 0 {
		none := fmt.Sprintf("no service's variables reference %s", keys)
		if n := len(res.ProjectUnread); n > 0 {
			none = fmt.Sprintf("no service whose variables ZCP could read references %s (%s: could not be read, so %s may)",
				keys, strings.Join(res.ProjectUnread, ", "), pick(n, "it", "they"))
		}
		return fmt.Sprintf("Next: %s. %s (or pass restart: true to zerops_env next time to restart %s).",
			none, inherit(others, ""), pick(len(others), "it", "them all"))
	}
	next := fmt.Sprintf("Next: restart %s, whose variables reference %s, so %s get%s the new values%s: %s.",
		strings.Join(readers, ", "), keys, pick(len(readers), "it", "they"), pick(len(readers), "s", ""), except, restartCalls(readers))
	if len(others) > 0 {
		next += " " + inherit(others, " too") + "."
	}
	return next

}
