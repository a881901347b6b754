package ops

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/yamlcheck"
)

// EnvAction is what Env does to a service's or the project's variables (the
// Env* values).
type EnvAction string

// Env actions.
const (
	EnvGet    EnvAction = "get"
	EnvSet    EnvAction = "set"
	EnvDelete EnvAction = "delete"
)

// EnvActions lists the accepted env actions.
var EnvActions = []EnvAction{EnvGet, EnvSet, EnvDelete}

var envKeyRe = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*$`)

// EnvScope is whose variables an env call touched (the EnvScope* values).
type EnvScope string

// Env scopes.
const (
	EnvScopeService EnvScope = "service"
	EnvScopeProject EnvScope = "project"
)

// EnvPair is one parsed KEY=value line.
type EnvPair struct {
	Key   string
	Value string
}

// EnvTarget says whose variables an env call touches.
type EnvTarget struct {
	Hostname string // service hostname; empty with Project
	Project  bool
}

// EnvResult is the answer to an env call. Processes are the platform
// processes a change started (none for get).
type EnvResult struct {
	Action    EnvAction `json:"action"`
	Scope     EnvScope  `json:"scope"`
	Service   string    `json:"serviceHostname,omitempty"`
	Variables []EnvInfo `json:"variables,omitempty"`
	Changed   []string  `json:"changed,omitempty"`
	// Unchanged are the keys a set gave the value they already held:
	// nothing was sent for them.
	Unchanged []string           `json:"unchanged,omitempty"`
	Processes []platform.Process `json:"processes,omitempty"`
	Notes     []string           `json:"notes,omitempty"`
	// Warnings name ${host_KEY} references a set leaves unresolved.
	Warnings []string `json:"warnings,omitempty"`
	// BadRefKeys are the set variables holding a reference that will not resolve.
	BadRefKeys []string `json:"-"`
	// BadRefFixes hold, for a bad key whose value is the reference alone,
	// its warning with and without the fix and, to a service the project
	// lacks, the reference to the one service of the kind it names.
	BadRefFixes map[string]RefFix `json:"-"`
	// YmlKeys are the set variables that run.envVariables of the
	// service's deployed zerops.yml also declare (as the platform lists
	// them, or as ZCP last deployed it): the value set does not reach the app.
	YmlKeys []string `json:"-"`
	// YmlBroken are the YmlKeys whose zerops.yml value holds a reference
	// that does not resolve: no value to keep.
	YmlBroken []string `json:"-"`
	// ymlListed are the keys the platform lists as from the deployed
	// zerops.yml (type ENV), with their values.
	ymlListed map[string]string
	// Shadowed are, for a project set, the running runtimes that declare a
	// key set here themselves (zerops.yml or a secret), whose own value
	// wins over the project's: service name → keys.
	Shadowed map[string][]string `json:"-"`
	// ProjectReaders are, for a project set, the running runtimes whose
	// variables reference a key set here as ${KEY}: those known to read it.
	ProjectReaders []string `json:"-"`
	// ProjectUnread are, for a project set, the running runtimes whose own
	// variables could not be read: whether they reference a key is unknown.
	ProjectUnread []string `json:"-"`
	// Managed: the service set is a managed one whose docs name none of
	// the keys set as a variable it reads (managedReads): a restart would
	// likely give it nothing, so none is made (the warning names the call).
	Managed bool `json:"-"`
	// Joined are the set variables whose value holds what reads as further
	// KEY=value pairs (an agent's "A=1,B=2" in one item), in order, each
	// with the keys inside its value.
	Joined []JoinedVar `json:"-"`
	// BuildTime are the set variables a bundler writes into the built
	// code (NEXT_PUBLIC_, VITE_, REACT_APP_, GATSBY_): a restart leaves the
	// built value; the build reads them as RUNTIME_<key>, then a deploy.
	BuildTime []string `json:"-"`
	// NeverDeployed: the service has no deploy yet, so nothing to restart.
	NeverDeployed bool `json:"-"`
	// Readers are the other running runtimes that reference a key set
	// here as ${service_KEY}: each gets the value at its next start;
	// BuildReaders, those whose referencing key their build writes into
	// the code (NEXT_PUBLIC_…), at their next deploy.
	Readers, BuildReaders []string `json:"-"`
	// credentials are the generated variables the set changed that the
	// platform lets the user edit (EDITABLE: a managed service's password),
	// each with the user it belongs to when known.
	credentials []credential
	// CredentialNext is the step after a set of credentials: the same
	// value set in the service itself, then the restarts of its readers.
	CredentialNext platform.Step `json:"-"`
}

// credential is a generated credential variable a set changed.
type credential struct{ key, user string }

// ParseEnvLines parses KEY=value lines. Every line is checked before any is
// returned, so nothing is applied when one is bad (INVALID_ENV_FORMAT).
// A later duplicate key wins.
func ParseEnvLines(lines []string) ([]EnvPair, error) {
	if len(lines) == 0 {
		return nil, envFormatErr("no variables given", `Pass variables as ["KEY=value", …].`)
	}
	var problems []string
	pairs := make([]EnvPair, 0, len(lines))
	index := map[string]int{}
	for i, line := range lines {
		key, value, ok := strings.Cut(line, "=")
		key = strings.TrimSpace(key)
		switch {
		case !ok:
			problems = append(problems, fmt.Sprintf("line %d %q has no '='", i+1, platform.Clip(line, 40)))
		case !envKeyRe.MatchString(key):
			problems = append(problems, fmt.Sprintf("line %d: key %q must match [a-zA-Z_][a-zA-Z0-9_]*", i+1, platform.Clip(key, 40)))
		case strings.ContainsAny(value, "\n\r\x00"):
			problems = append(problems, fmt.Sprintf("line %d: value of %s contains a newline or NUL", i+1, platform.Clip(key, 40)))
		default:
			if j, dup := index[key]; dup {
				pairs[j].Value = value
				continue
			}
			index[key] = len(pairs)
			pairs = append(pairs, EnvPair{Key: key, Value: value})
		}
	}
	if len(problems) > 0 {
		return nil, envFormatErr(listSome(problems, "; "),
			`Each variable is one "KEY=value" string; keys start with a letter or '_', then letters, digits or '_'; values are single-line. Nothing was changed.`)
	}
	return pairs, nil
}

// ParseEnvKeys validates the keys of a delete (a "KEY=value" item counts as its KEY).
func ParseEnvKeys(items []string) ([]string, error) {
	if len(items) == 0 {
		return nil, envFormatErr("no keys given", `Pass the keys to delete as ["KEY", …].`)
	}
	var problems []string
	keys := make([]string, 0, len(items))
	seen := map[string]bool{}
	for i, item := range items {
		key, _, _ := strings.Cut(item, "=")
		key = strings.TrimSpace(key)
		if !envKeyRe.MatchString(key) {
			problems = append(problems, fmt.Sprintf("item %d: key %q must match [a-zA-Z_][a-zA-Z0-9_]*", i+1, platform.Clip(key, 40)))
			continue
		}
		if !seen[key] {
			seen[key] = true
			keys = append(keys, key)
		}
	}
	if len(problems) > 0 {
		return nil, envFormatErr(listSome(problems, "; "), "Pass plain keys such as [\"API_KEY\"]. Nothing was changed.")
	}
	return keys, nil
}

func envFormatErr(msg, suggestion string) error {
	return platform.NewError(platform.ErrInvalidEnvFormat, msg, suggestion)
}

// EnvQueue serializes env writes per target (actors.EnvWrites): write runs
// once every earlier write of target and its settle have ended, and settle
// (nil when there is nothing to wait for) holds target until the write's
// processes have ended.
type EnvQueue interface {
	Write(ctx context.Context, target string, write func(ctx context.Context) (settle func(context.Context), err error)) error
}

// Env runs an env action on a service or on the project. A set or delete
// reads, merges and writes through q, so that overlapping writes of one
// target never lose each other's changes; a nil q runs it directly (tests).
func Env(ctx context.Context, proj Project, q EnvQueue, name EnvAction, target EnvTarget, variables []string) (*EnvResult, error) {
	c := proj.Client
	action := EnvAction(strings.ToLower(strings.TrimSpace(string(name))))
	if !slices.Contains(EnvActions, action) {
		return nil, unknownAction(action, EnvActions...)
	}
	if target.Project && target.Hostname != "" {
		return nil, invalidParam("pass either serviceHostname or project: true, not both",
			"Service variables: serviceHostname. Project-wide variables: project: true.")
	}
	if !target.Project && target.Hostname == "" {
		return nil, platform.NewError(platform.ErrServiceRequired, "serviceHostname or project: true is required",
			"Pass serviceHostname for a service's variables or project: true for project variables.")
	}
	// Parse before any API call: a bad line must leave everything untouched.
	var pairs []EnvPair
	var keys []string
	var err error
	switch action {
	case EnvSet:
		pairs, err = ParseEnvLines(variables)
	case EnvDelete:
		keys, err = ParseEnvKeys(variables)
	}
	if err != nil {
		return nil, err
	}
	queueKey := "project"
	var svc *platform.ServiceStack
	if !target.Project {
		if svc, err = ResolveService(ctx, proj, target.Hostname); err != nil {
			return nil, err
		}
		queueKey = "service:" + svc.Name
	}
	var res *EnvResult
	write := func(ctx context.Context) (func(context.Context), error) {
		var err error
		if target.Project {
			res, err = projectEnv(ctx, proj, action, pairs, keys)
		} else {
			res, err = serviceEnv(ctx, c, svc, action, pairs, keys)
		}
		if res == nil || len(res.Processes) == 0 {
			return nil, err
		}
		// Remembered, so that the timeline shows them before the search does.
		for i := range res.Processes {
			proj.noteChange(serviceIDOf(svc), &res.Processes[i])
		}
		return settleProcesses(c, res.Processes), err
	}
	var warnings, badKeys []string
	var fixes map[string]RefFix
	if action == EnvSet {
		warnings, badKeys, fixes = envRefWarnings(ctx, proj, pairs)
	}
	if action == EnvGet || q == nil {
		_, err = write(ctx)
	} else {
		err = q.Write(ctx, queueKey, write)
	}
	if res != nil && svc != nil && err == nil {
		warnings = afterServiceEnv(ctx, proj, svc, res, warnings)
	}
	if res != nil {
		res.Warnings, res.BadRefKeys, res.BadRefFixes = warnings, badKeys, fixes
		if action == EnvSet {
			res.Joined = joinedVars(pairs)
			for _, j := range res.Joined {
				res.Warnings = append(res.Warnings, fmt.Sprintf("%s was set as one variable whose value runs on past a comma or space into %s: %s not set by this call.",
					platform.Clip(j.Key, 60), platform.Clip(strings.Join(j.Inside, "=…, ")+"=…", 200), platform.Clip(strings.Join(j.Inside, ", "), 200)))
			}
		}
		if action == EnvSet {
			afterSet(ctx, proj, svc, res, pairs, err == nil)
		}
	}
	return res, err
}

// afterServiceEnv completes res, svc's get or delete that went through:
// a get lists the project's variables svc's containers get too; a delete
// adds to warnings the running apps referencing a deleted key (walk 78: a
// renamed key said nothing of its readers).
func afterServiceEnv(ctx context.Context, proj Project, svc *platform.ServiceStack, res *EnvResult, warnings []string) []string {
	switch {
	case res.Action == EnvGet:
		res.Variables = withProjectVars(ctx, proj.Client, proj.ID, res.Variables)
		// Walk 85: ${db_hostname_wrong} was listed as any other value.
		var own []EnvPair
		for _, v := range res.Variables {
			if v.From == EnvFromSecret || v.From == EnvFromZeropsYml {
				own = append(own, EnvPair{Key: v.Key, Value: v.Value})
			}
		}
		refWarnings, _, _ := envRefWarnings(ctx, proj, own)
		warnings = append(warnings, refWarnings...)
	case res.Action == EnvDelete && len(res.Changed) > 0:
		if started, built := runningReaders(ctx, proj, svc.Name, res.Changed); len(started)+len(built) > 0 {
			verb := "reference"
			if len(started)+len(built) == 1 {
				verb = "references"
			}
			warnings = append(warnings, fmt.Sprintf("%s %s %s of %s: at their next start (or deploy) the reference no longer resolves and stays as written; change or remove it there.",
				strings.Join(append(started, built...), ", "), verb, strings.Join(res.Changed, ", "), svc.Name))
		}
	}
	return warnings
}

// afterSet adds to the result res of a set of pairs (on svc; nil: the
// project) what the values set will not do: keys a service's own variable
// shadows, a managed service that reads none, keys its zerops.yml declares.
// written: the write went through.
func afterSet(ctx context.Context, proj Project, svc *platform.ServiceStack, res *EnvResult, pairs []EnvPair, written bool) {
	if svc == nil {
		if written {
			res.Shadowed = shadowedOnServices(ctx, proj, res, pairs)
			res.Warnings = append(res.Warnings, shadowedWarnings(res.Shadowed)...)
			keys := make([]string, len(pairs))
			for i, p := range pairs {
				keys[i] = p.Key
			}
			res.ProjectReaders, res.ProjectUnread = projectReaders(ctx, proj, res, keys)
		}
		return
	}
	if len(res.credentials) > 0 {
		if written {
			res.Warnings = append(res.Warnings, credentialWarning(svc, res.credentials))
			res.CredentialNext = credentialNext(svc, res.credentials, referencesTo(ctx, proj, svc.Name))
		}
		// What a restart of svc itself would do for them is not the step.
		res.Notes = slices.DeleteFunc(res.Notes, func(n string) bool { return n == restartNote(svc) })
		pairs = slices.DeleteFunc(slices.Clone(pairs), func(p EnvPair) bool {
			return slices.ContainsFunc(res.credentials, func(cr credential) bool { return cr.key == p.Key })
		})
	}
	if written && len(pairs) > 0 && svc.Type.Category != "" && svc.Type.Category != platform.CategoryUser && !mayRead(svc, pairs) {
		res.Managed = true
		res.Warnings = append(res.Warnings, managedEnvWarning(svc, pairs))
		res.Notes = slices.DeleteFunc(res.Notes, func(n string) bool { return n == restartNote(svc) })
	}
	if written && svc.Type.Category == platform.CategoryUser {
		keys := make([]string, len(pairs))
		for i, p := range pairs {
			keys[i] = p.Key
		}
		res.Readers, res.BuildReaders = runningReaders(ctx, proj, svc.Name, keys)
		res.BuildTime = buildTimeKeys(pairs)
		if len(res.BuildTime) > 0 {
			res.Warnings = append(res.Warnings, buildTimeWarning(svc.Name, res.BuildTime))
			if len(res.BuildTime) == len(pairs) {
				res.Notes = slices.DeleteFunc(res.Notes, func(n string) bool { return n == restartNote(svc) })
			}
		}
	}
	res.YmlKeys, res.Warnings = shadowedByYml(proj, svc, pairs, res.ymlListed, res.Warnings)
	res.YmlBroken = brokenInYml(ctx, proj, svc, res.YmlKeys, res.ymlListed)
	if len(res.YmlKeys) == len(pairs) { // a restart cannot give the app these values
		res.Notes = slices.DeleteFunc(res.Notes, func(n string) bool { return n == restartNote(svc) })
	}
}

// serviceIDOf is svc's id, or "" for the project's variables.
func serviceIDOf(svc *platform.ServiceStack) string {
	if svc == nil {
		return ""
	}
	return svc.ID
}

// settleProcesses waits until every process in procs has ended, however it
// ended: the next write of the target must read what these produced. A
// process it cannot read any more is given up on.
func settleProcesses(c platform.Client, procs []platform.Process) func(context.Context) {
	return func(ctx context.Context) {
		for _, p := range procs {
			_ = waitProcessEnd(ctx, c, p.ID, envSettleLimit)
		}
	}
}

// envSettleLimit bounds the wait for one env process (the actor bounds the
// whole settle too).
const envSettleLimit = 10 * time.Minute

func serviceEnv(ctx context.Context, c platform.Client, svc *platform.ServiceStack, action EnvAction, pairs []EnvPair, keys []string) (*EnvResult, error) {
	res := &EnvResult{Action: action, Scope: EnvScopeService, Service: svc.Name, NeverDeployed: neverDeployed(svc)}
	existing, err := c.GetServiceEnv(ctx, svc.ID)
	if err != nil {
		return nil, asPlatformError(err, "reading the variables of "+svc.Name)
	}
	switch action {
	case EnvGet:
		res.Variables = maskEnvs(existing, isSensitiveEnv)
		return res, nil
	case EnvSet:
		return serviceEnvSet(ctx, c, svc, res, existing, pairs)
	default: // delete
		byKey := map[string]platform.EnvVar{}
		for _, e := range existing {
			if isUserEnv(e) {
				byKey[e.Key] = e
			}
		}
		// A secret set beside a zerops.yml key (the platform may accept
		// it) is the user's to delete; the zerops.yml one is not.
		others := slices.DeleteFunc(slices.Clone(keys), func(k string) bool { _, own := byKey[k]; return own })
		if yml := ymlKeys(existing, others); len(yml) > 0 {
			return nil, zeropsYmlEnvErr(svc.Name, yml, "delete")
		}
		if gen := generatedKeys(existing, others); len(gen) > 0 {
			return nil, invalidParam(fmt.Sprintf("%s on %s is generated by the platform (read-only)", listSome(clipAll(gen, 40), ", "), svc.Name),
				"Remove it from variables; only your own (SECRET) variables can be deleted. Nothing was changed.")
		}
		var missing []string
		for _, k := range keys {
			if _, ok := byKey[k]; !ok {
				missing = append(missing, k)
			}
		}
		if len(missing) > 0 {
			return nil, platform.NewError(platform.ErrNotFound,
				fmt.Sprintf("%s has no user variable %s", svc.Name, listSome(clipAll(missing, 40), ", ")),
				"zerops_env action=get lists the service's variables; generated variables cannot be deleted. Nothing was changed.")
		}
		for _, k := range keys {
			proc, err := c.DeleteUserData(ctx, byKey[k].ID)
			if err != nil {
				return res, asPlatformError(err, "deleting "+k)
			}
			res.Changed = append(res.Changed, k)
			if proc != nil {
				res.Processes = append(res.Processes, *proc)
			}
		}
		res.Notes = append(res.Notes, restartNote(svc))
		return res, nil
	}
}

// withProjectVars is a service's variables vars with the project's its
// containers also get: those of keys it does not hold itself (its own
// value wins), marked as the project's. vars as they were when the
// project's cannot be read.
func withProjectVars(ctx context.Context, c platform.Client, projectID string, vars []EnvInfo) []EnvInfo {
	project, err := c.GetProjectEnv(ctx, projectID)
	if err != nil {
		return vars
	}
	own := map[string]bool{}
	for _, v := range vars {
		own[v.Key] = true
	}
	project = slices.DeleteFunc(project, func(e platform.EnvVar) bool { return own[e.Key] })
	if len(project) == 0 {
		return vars
	}
	out := append(vars, maskEnvs(project, isSensitiveEnv)...)
	for i := len(vars); i < len(out); i++ {
		out[i].From, out[i].ReadOnly = EnvFromProject, false
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// sameValue reports whether e, a variable as read, holds value already: a
// value the read hides (a sensitive one) is never taken as the same.
func sameValue(e platform.EnvVar, value string) bool {
	return !e.Sensitive && e.Content != Redacted && e.Content == value
}

// serviceEnvSet writes pairs to svc's variables (existing, as read): its
// own ones through the env file, an editable generated credential through
// its user-data (the platform answers; afterSet warns what must follow),
// any other generated one refused.
func serviceEnvSet(ctx context.Context, c platform.Client, svc *platform.ServiceStack, res *EnvResult, existing []platform.EnvVar, pairs []EnvPair) (*EnvResult, error) {
	var edits []platform.EnvVar // editable generated variables, by id, with the value set
	filePairs := make([]EnvPair, 0, len(pairs))
	for _, p := range pairs {
		edited := false
		for _, e := range existing {
			if e.Key == p.Key && editableCredential(e) {
				edits, edited = append(edits, platform.EnvVar{ID: e.ID, Key: p.Key, Content: p.Value}), true
				res.credentials = append(res.credentials, credential{key: p.Key, user: credentialUser(existing, p.Key)})
				continue
			}
			if e.Key == p.Key && fromZeropsYml(e) {
				// The docs read two ways (refused, or the yml wins):
				// the platform decides, the answer warns.
				if res.ymlListed == nil {
					res.ymlListed = map[string]string{}
				}
				res.ymlListed[p.Key] = e.Content
				continue
			}
			if e.Key == p.Key && !isUserEnv(e) {
				return nil, invalidParam(fmt.Sprintf("%s is generated by the platform on %s", p.Key, svc.Name), generatedSetFix(svc, p.Key))
			}
		}
		if !edited && !slices.ContainsFunc(existing, func(e platform.EnvVar) bool { return e.Key == p.Key && isUserEnv(e) && sameValue(e, p.Value) }) {
			filePairs = append(filePairs, p)
		} else if !edited {
			res.Unchanged = append(res.Unchanged, p.Key)
		}
	}
	if len(res.Unchanged) == len(pairs) {
		return res, nil // nothing to send, nothing to restart for
	}
	if len(filePairs) > 0 {
		content := mergeEnvFile(existing, filePairs)
		proc, err := c.SetServiceEnvFile(ctx, svc.ID, content)
		if err != nil {
			return nil, duplicateKeyErr(asPlatformError(err, "writing the variables of "+svc.Name), svc.Name, res.ymlListed)
		}
		for _, p := range filePairs {
			res.Changed = append(res.Changed, p.Key)
		}
		if proc != nil {
			res.Processes = append(res.Processes, *proc)
		}
	}
	// The platform answers for a generated variable it lets the user
	// edit; ZCP warns what else must change (afterSet).
	for _, e := range edits {
		proc, err := c.UpdateUserData(ctx, e.ID, e.Key, e.Content)
		if err != nil {
			return res, asPlatformError(err, "changing "+e.Key+" of "+svc.Name)
		}
		res.Changed = append(res.Changed, e.Key)
		if proc != nil {
			res.Processes = append(res.Processes, *proc)
		}
	}
	res.Notes = append(res.Notes, restartNote(svc))
	return res, nil
}

// restartNote says how the change of svc's variables reaches its containers.
func restartNote(svc *platform.ServiceStack) string {
	if neverDeployed(svc) {
		return neverDeployedNote(svc.Name)
	}
	return "Running containers see the change after a restart: zerops_manage action=restart serviceHostname=" + svc.Name + " (or pass restart: true to zerops_env)."
}

// userEnvTypes are the types of the user's own variables: a service's SECRET
// ones (the env file set/delete rewrites) and a project's USER ones. Every
// other type (READ_ONLY, EDITABLE, INTERNAL, ENV, SYSTEM, or one the platform
// adds later) is the platform's or zerops.yml's and is never rewritten.
var userEnvTypes = map[string]bool{"SECRET": true, "USER": true}

// isUserEnv reports whether e is one of the user's own variables (an
// allow-list: an unknown type counts as generated).
func isUserEnv(e platform.EnvVar) bool { return userEnvTypes[strings.ToUpper(e.Type)] }

// envFromYml is the type of a service variable that the deployed
// zerops.yml's run.envVariables set.
const envFromYml = "ENV"

// fromZeropsYml reports whether e comes from the deployed zerops.yml.
func fromZeropsYml(e platform.EnvVar) bool { return strings.EqualFold(e.Type, envFromYml) }

// ymlKeys returns the keys that name a variable the deployed zerops.yml sets.
func ymlKeys(existing []platform.EnvVar, keys []string) []string {
	var out []string
	for _, k := range keys {
		if slices.ContainsFunc(existing, func(e platform.EnvVar) bool { return e.Key == k && fromZeropsYml(e) }) {
			out = append(out, k)
		}
	}
	return out
}

// zeropsYmlEnvErr refuses a delete of keys that come from svc's deployed
// zerops.yml: the change belongs there, and takes effect with a deploy.
func zeropsYmlEnvErr(svc string, keys []string, action EnvAction) error {
	names := listSome(clipAll(keys, 40), ", ")
	what := "Change it in"
	if action == EnvDelete {
		what = "Remove it from"
	}
	return invalidParam(fmt.Sprintf("%s on %s comes from run.envVariables of its deployed zerops.yml, not from a service variable", names, svc),
		fmt.Sprintf("%s `run.envVariables` of the zerops.yml setup deployed to %s, then zerops_deploy (zerops.yml changes need a redeploy). Nothing was changed.", what, svc))
}

// generatedKeys returns the keys that name a variable that is not the user's own.
func generatedKeys(existing []platform.EnvVar, keys []string) []string {
	var out []string
	for _, k := range keys {
		for _, e := range existing {
			if e.Key == k && !isUserEnv(e) {
				out = append(out, k)
				break
			}
		}
	}
	return out
}

// mergeEnvFile renders the service's user variables with pairs applied on top,
// in a stable order, as the env file the platform expects.
func mergeEnvFile(existing []platform.EnvVar, pairs []EnvPair) string {
	vals := map[string]string{}
	var order []string
	for _, e := range existing {
		if !isUserEnv(e) {
			continue
		}
		if _, ok := vals[e.Key]; !ok {
			order = append(order, e.Key)
		}
		vals[e.Key] = e.Content
	}
	for _, p := range pairs {
		if _, ok := vals[p.Key]; !ok {
			order = append(order, p.Key)
		}
		vals[p.Key] = p.Value
	}
	sort.Strings(order)
	var b strings.Builder
	for _, k := range order {
		b.WriteString(k + "=" + vals[k] + "\n")
	}
	return b.String()
}

func projectEnv(ctx context.Context, proj Project, action EnvAction, pairs []EnvPair, keys []string) (*EnvResult, error) {
	c, projectID := proj.Client, proj.ID
	res := &EnvResult{Action: action, Scope: EnvScopeProject}
	existing, err := c.GetProjectEnv(ctx, projectID)
	if err != nil {
		return nil, asPlatformError(err, "reading project variables")
	}
	byKey := map[string]platform.EnvVar{}
	for _, e := range existing {
		byKey[e.Key] = e
	}
	switch action {
	case EnvGet:
		res.Variables = maskEnvs(existing, isSensitiveEnv)
		return res, nil
	case EnvSet:
		for _, p := range pairs {
			if old, ok := byKey[p.Key]; ok && !isUserEnv(old) {
				return nil, invalidParam(fmt.Sprintf("project variable %s is generated by the platform", p.Key),
					"Pick another key; generated variables cannot be overwritten. Nothing was changed.")
			}
		}
		for _, p := range pairs {
			old, exists := byKey[p.Key]
			if exists && sameValue(old, p.Value) {
				res.Unchanged = append(res.Unchanged, p.Key)
				continue
			}
			if exists {
				proc, err := c.DeleteProjectEnv(ctx, old.ID)
				if err != nil {
					return res, asPlatformError(err, "replacing project variable "+p.Key)
				}
				// The platform refuses the new key until the deletion has finished.
				if proc != nil {
					if err := waitProcessEnd(ctx, c, proc.ID, 60*time.Second); err != nil {
						return res, err
					}
				}
			}
			proc, err := c.CreateProjectEnv(ctx, projectID, p.Key, p.Value, exists && old.Sensitive)
			if err != nil {
				return res, asPlatformError(err, "creating project variable "+p.Key)
			}
			res.Changed = append(res.Changed, p.Key)
			if proc != nil {
				res.Processes = append(res.Processes, *proc)
			}
		}
		if len(res.Changed) > 0 {
			res.Notes = append(res.Notes, "Services see project variables after a restart: restart each running runtime service with zerops_manage (or pass restart: true to zerops_env).")
		}
		return res, nil
	default: // delete
		if sys := generatedKeys(existing, keys); len(sys) > 0 {
			return nil, invalidParam(fmt.Sprintf("project variable %s is a SYSTEM variable and cannot be deleted", listSome(clipAll(sys, 40), ", ")),
				"Remove it from variables; only your own (USER) project variables can be deleted. Nothing was changed.")
		}
		var missing []string
		for _, k := range keys {
			if _, ok := byKey[k]; !ok {
				missing = append(missing, k)
			}
		}
		if len(missing) > 0 {
			return nil, platform.NewError(platform.ErrNotFound,
				fmt.Sprintf("the project has no variable %s", listSome(clipAll(missing, 40), ", ")),
				"zerops_env action=get project=true lists them. Nothing was changed.")
		}
		for _, k := range keys {
			proc, err := c.DeleteProjectEnv(ctx, byKey[k].ID)
			if err != nil {
				return res, asPlatformError(err, "deleting project variable "+k)
			}
			res.Changed = append(res.Changed, k)
			if proc != nil {
				res.Processes = append(res.Processes, *proc)
			}
		}
		return res, nil
	}
}

// waitProcessEnd polls a process until it ends, backing off from 50 ms to
// 1 s, for at most limit. A process that ends other than FINISHED is an error.
func waitProcessEnd(ctx context.Context, c platform.Client, id string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	delay := 50 * time.Millisecond
	for {
		p, err := c.GetProcess(ctx, id)
		if err != nil {
			return asPlatformError(err, "waiting for process "+id)
		}
		if p.IsTerminal() {
			if p.Status != platform.ProcessFinished {
				reason := string(p.Status)
				if p.FailReason != nil {
					reason += ": " + *p.FailReason
				}
				return platform.NewError(platform.ErrAPIError, fmt.Sprintf("process %s (%s) ended %s", p.ID, p.ActionName, reason),
					"Check zerops_events and retry.")
			}
			return nil
		}
		if time.Now().After(deadline) {
			return platform.NewError(platform.ErrWaitTimeout, fmt.Sprintf("process %s is still %s", p.ID, p.Status),
				"Check it with zerops_process and retry once it has finished.")
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		if delay < time.Second {
			delay *= 2
		}
	}
}

// RestartAfterEnv restarts what an env change affects, once its processes
// have ended: the service, or for project variables every running runtime
// service that sees a new value (EnvAffected). It returns the restart processes and the services restarted.
func RestartAfterEnv(ctx context.Context, proj Project, res *EnvResult) ([]platform.Process, []string, error) {
	services, err := envAffected(ctx, proj, res)
	if err != nil {
		return nil, nil, err
	}
	return restartEach(ctx, proj, services)
}

// restartEach restarts each of services: the processes started and the
// names restarted, up to the first that fails.
func restartEach(ctx context.Context, proj Project, services []platform.ServiceStack) ([]platform.Process, []string, error) {
	var procs []platform.Process
	var names []string
	for _, svc := range services {
		proc, err := proj.Client.RestartService(ctx, svc.ID)
		if err != nil {
			return procs, names, asPlatformError(err, "restarting "+svc.Name)
		}
		proj.noteChange(svc.ID, proc)
		names = append(names, svc.Name)
		if proc != nil {
			procs = append(procs, *proc)
		}
	}
	return procs, names, nil
}

// EnvAffected names the services a restart gives the change res made:
// the service, or for project variables every running runtime service
// with code deployed but those declaring every key set themselves. A read
// that fails names none.
func EnvAffected(ctx context.Context, proj Project, res *EnvResult) []string {
	services, _ := envAffected(ctx, proj, res)
	names := make([]string, 0, len(services))
	for _, s := range services {
		names = append(names, s.Name)
	}
	return names
}

func envAffected(ctx context.Context, proj Project, res *EnvResult) ([]platform.ServiceStack, error) {
	services, err := listServices(ctx, proj)
	if err != nil {
		return nil, err
	}
	var out []platform.ServiceStack
	for _, svc := range services {
		switch {
		case svc.System:
			continue
		case res.Scope == EnvScopeProject && (svc.Type.Category != platform.CategoryUser || svc.Status != platform.ServiceActive):
			continue
		case res.Scope == EnvScopeProject && keepsOwn(res, svc.Name):
			continue // its own value of every key set wins: a restart gives it nothing
		case res.Scope != EnvScopeProject && svc.Name != res.Service:
			continue
		case res.Managed:
			continue // it reads none of the variables set on it
		case neverDeployed(&svc):
			continue // no container runs: the variables apply at its first deploy
		}
		out = append(out, svc)
	}
	return out, nil
}

// keepsOwn reports whether the service name declares every key a project
// set changed itself (res.Shadowed), so it sees none of the new values.
func keepsOwn(res *EnvResult, name string) bool {
	own := res.Shadowed[name]
	return len(own) > 0 && !slices.ContainsFunc(res.Changed, func(k string) bool { return !slices.Contains(own, k) })
}

func itThem(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

func mapsMerge(dst, src map[string]string) map[string]string {
	if dst == nil {
		dst = map[string]string{}
	}
	for k, v := range src {
		if _, ok := dst[k]; !ok {
			dst[k] = v
		}
	}
	return dst
}

// duplicateKeyErr explains the platform's refusal (userDataDuplicateKey)
// of a service secret on keys (listed) that run.envVariables of svc's
// deployed zerops.yml declare; any other error is returned as it is.
func duplicateKeyErr(err error, svc string, listed map[string]string) error {
	var pe *platform.PlatformError
	if len(listed) == 0 || !errors.As(err, &pe) || !strings.EqualFold(pe.APICode, "userDataDuplicateKey") {
		return err
	}
	keys := slices.Sorted(maps.Keys(listed))
	cp := *pe
	cp.Message = fmt.Sprintf("the platform refused a service variable on %s: run.envVariables of the zerops.yml deployed to %s declare %s (userDataDuplicateKey)",
		listSome(clipAll(keys, 40), ", "), svc, itThem(len(keys)))
	cp.Suggestion = fmt.Sprintf("Keep each key in one place, never both: change the value in `run.envVariables` of the zerops.yml setup deployed to %s, then zerops_deploy; or remove it there, deploy, and set it here. Nothing was changed.", svc)
	return &cp
}

// shadowedByYml adds to warnings one naming those of pairs that
// run.envVariables of the zerops.yml ZCP last deployed to svc also declare,
// with both readings of the Zerops docs: the platform refuses such a
// secret, or the zerops.yml value overrides it. Either way the value set
// does not reach the app. It returns those keys.
func shadowedByYml(proj Project, svc *platform.ServiceStack, pairs []EnvPair, listed map[string]string, warnings []string) ([]string, []string) {
	yml := maps.Clone(listed)
	if deployed, ok := proj.Memory.deployedEnv(proj.ID, svc.ID); ok {
		yml = mapsMerge(yml, deployed)
	}
	var keys, declared []string
	for _, p := range pairs {
		v, set := yml[p.Key]
		if !set {
			continue
		}
		keys = append(keys, p.Key)
		if yamlcheck.LiteralSecret(p.Key, v) { // never quoted back
			v = "a literal secret, not shown"
		}
		declared = append(declared, platform.Clip(p.Key, 60)+": "+platform.Clip(v, 80))
	}
	if len(keys) == 0 {
		return nil, warnings
	}
	return keys, append(warnings, fmt.Sprintf("%s %s also declared in `run.envVariables` of the zerops.yml deployed to %s (%s). "+
		"The platform took this set, though the newer guide says it refuses a service secret on such a key (userDataDuplicateKey); "+
		"an older page says the zerops.yml value overrides it, so the app does not get the value set here.",
		listSome(clipAll(keys, 60), ", "), isAre(len(keys)), svc.Name, listSome(declared, "; ")))
}

// brokenInYml are those of keys whose value in the zerops.yml deployed to
// svc holds a reference that does not resolve.
func brokenInYml(ctx context.Context, proj Project, svc *platform.ServiceStack, keys []string, listed map[string]string) []string {
	if len(keys) == 0 {
		return nil
	}
	yml := maps.Clone(listed)
	if deployed, ok := proj.Memory.deployedEnv(proj.ID, svc.ID); ok {
		yml = mapsMerge(yml, deployed)
	}
	pairs := make([]EnvPair, 0, len(keys))
	for _, k := range keys {
		pairs = append(pairs, EnvPair{Key: k, Value: yml[k]})
	}
	_, bad, _ := envRefWarnings(ctx, proj, pairs)
	return bad
}

// JoinedVar is a set variable whose value holds further KEY=value pairs.
type JoinedVar struct {
	Key    string
	Inside []string // the keys inside its value
}

// joinedPairRe is a KEY= after a comma or a space inside a value: a
// variable of its own joined to the one before it. Only upper-case keys,
// as env variables are written: a connection string's "Database=" or a
// query's "a=1&b=2" are values.
var joinedPairRe = regexp.MustCompile(`[,\s]\s*([A-Z_][A-Z0-9_]*)=`)

// joinedVars are the pairs whose value holds further KEY=value pairs.
func joinedVars(pairs []EnvPair) []JoinedVar {
	var out []JoinedVar
	for _, p := range pairs {
		var inside []string
		for _, m := range joinedPairRe.FindAllStringSubmatch(p.Value, 5) {
			inside = append(inside, m[1])
		}
		if len(inside) > 0 {
			out = append(out, JoinedVar{Key: p.Key, Inside: inside})
		}
	}
	return out
}

// shadowedOnServices are the running runtimes the project set res affects
// that declare one of pairs' keys themselves (in run.envVariables of their
// deployed zerops.yml or as a secret): a service's own variable wins over a
// project variable of the same key, so the value set does not reach them.
// A service whose variables cannot be read is left out.
func shadowedOnServices(ctx context.Context, proj Project, res *EnvResult, pairs []EnvPair) map[string][]string {
	services, err := envAffected(ctx, proj, res)
	if err != nil {
		return nil
	}
	out := map[string][]string{}
	for _, svc := range services {
		envs, err := proj.Client.GetServiceEnv(ctx, svc.ID)
		if err != nil {
			continue
		}
		for _, p := range pairs {
			if slices.ContainsFunc(envs, func(e platform.EnvVar) bool { return e.Key == p.Key && (isUserEnv(e) || fromZeropsYml(e)) }) && !slices.Contains(out[svc.Name], p.Key) {
				out[svc.Name] = append(out[svc.Name], p.Key)
			}
		}
	}
	return out
}

// shadowedWarnings say which services keep their own value of which
// keys, and how the project value would reach them: one warning per set
// of keys, naming every service that declares just those (the fix once).
func shadowedWarnings(shadowed map[string][]string) []string {
	byKeys := map[string][]string{}
	for _, name := range slices.Sorted(maps.Keys(shadowed)) {
		k := strings.Join(shadowed[name], ", ")
		byKeys[k] = append(byKeys[k], name)
	}
	var out []string
	for _, k := range slices.Sorted(maps.Keys(byKeys)) {
		names, keys := byKeys[k], shadowed[byKeys[k][0]]
		one := len(names) == 1
		word := func(single, plural string) string {
			if one {
				return single
			}
			return plural
		}
		who := listSome(names, ", ")
		out = append(out, fmt.Sprintf("%s %s %s %s (in run.envVariables of the deployed zerops.yml or as a secret), and a service's own variable wins over a project variable: %s %s, not the one set here. "+
			"For %s to read the project's, remove %s there (from zerops.yml, then zerops_deploy; or zerops_env action=delete on the secret).",
			who, word("declares", "declare"), listSome(clipAll(keys, 60), ", "), word("itself", "themselves"), who, word("keeps its own value", "keep their own value"),
			word("it", "them"), itThem(len(keys))))
	}
	return out
}

// editableCredential reports whether e is a generated variable the
// platform lets the user edit (EDITABLE) that a set may change: a
// credential such as a database's password. A connection string is
// composed from the credentials (the MariaDB page: it follows user and
// password), so it is changed through them (generatedSetFix).
func editableCredential(e platform.EnvVar) bool {
	return strings.EqualFold(e.Type, "EDITABLE") && !strings.Contains(strings.ToLower(e.Key), "connection")
}

// credentialUser is the user whose password key holds, as existing names
// it: user for password, superUser for superUserPassword; "" otherwise.
func credentialUser(existing []platform.EnvVar, key string) string {
	userKey, ok := map[string]string{"password": "user", "superUserPassword": "superUser"}[key]
	if !ok {
		return ""
	}
	for _, e := range existing {
		if e.Key == userKey {
			return e.Content
		}
	}
	return ""
}

// credentialWarning says what a set of the managed service svc's credential
// variables did and did not do: the variables change, and where the docs
// say so (PostgreSQL, MariaDB) the database user's own password does not.
// It states no fix: credentialNext is the step.
func credentialWarning(svc *platform.ServiceStack, creds []credential) string {
	keys := make([]string, 0, len(creds))
	for _, cr := range creds {
		keys = append(keys, cr.key)
	}
	what := listSome(keys, ", ")
	switch svc.Type.Name {
	case "postgresql":
		return fmt.Sprintf("This set changes only the variable %s of %s, not the password of its database user: the postgresql docs say the two do not synchronize.", what, svc.Name)
	case "mariadb":
		return fmt.Sprintf("This set changes only the variable %s of %s, not the password of its database user: the mariadb docs say the two do not synchronize, and that connectionString follows the variable.", what, svc.Name)
	}
	return fmt.Sprintf("This set changes only the variable %s of %s; the %s docs do not say that %s itself takes a new value from it.",
		what, svc.Name, cmp.Or(svc.Type.VersionName, svc.Type.Name), svc.Name)
}

// credentialNext is the step after a set of svc's credential variables:
// the same value set where the service checks it (the database user's
// password; else a check that the service accepts it), then a restart of
// the services that read it at start (refs, as referencesTo names them).
func credentialNext(svc *platform.ServiceStack, creds []credential, refs []string) platform.Step {
	user := cmp.Or(creds[0].user, svc.Name)
	var st platform.Step
	switch svc.Type.Name {
	case "postgresql":
		st = platform.Say(fmt.Sprintf("set the same value as the password of user %s in the database: ALTER USER %s WITH PASSWORD '<the same value>' in psql (through zcli vpn up or from a runtime container).", user, user))
	case "mariadb":
		st = platform.Say(fmt.Sprintf("set the same value as the password of user %s in the database: ALTER USER '%s'@'%%' IDENTIFIED BY '<the same value>' in the mariadb client (through zcli vpn up or from a runtime container).", user, user))
	default:
		st = platform.Say(fmt.Sprintf("check that %s accepts the new value (connect with it) before relying on it.", svc.Name))
	}
	if len(refs) == 0 {
		return st.Say(fmt.Sprintf(" No other service references ${%s_…} now; one that does reads the new value at its next start.", svc.Name))
	}
	st = st.Say(fmt.Sprintf(" Then restart the services that read it at start, so they connect with the new value: %s", listSome(refs, "; ")))
	sep := " ("
	for _, r := range refs {
		if name, _, _ := strings.Cut(r, " ("); name != "project" {
			st = st.Say(sep).Call("zerops_manage", "action=restart", "serviceHostname="+name)
			sep = "; "
		}
	}
	if sep == "; " {
		st = st.Say(")")
	}
	return st.Say(".")
}

// generatedSetFix is the suggestion for a set refused on svc's generated
// variable key: a database's credentials are rotated in the database and
// the GUI (the docs' PostgreSQL and MariaDB pages), any other key is one
// of the platform's, so the app's own goes under another key.
func generatedSetFix(svc *platform.ServiceStack, key string) string {
	if strings.Contains(strings.ToLower(key), "connection") && svc.Type.Category != platform.CategoryUser {
		return fmt.Sprintf("%s's %s is composed from its credentials: change the password instead (zerops_env action=set serviceHostname=%s variables=[\"password=…\"]), and %s follows. Nothing was changed.",
			svc.Name, key, svc.Name, key)
	}
	return "Generated variables cannot be overwritten; pick another key. Nothing was changed."
}

// managedReads are the variables each managed service type's page in the
// Zerops docs says the service itself reads (applied at a restart);
// anyReads are the types that read keys of their own software's settings
// (MariaDB takes its system variables, lower_case_table_names, so).
// Another type's page names none: a variable set on it likely only serves
// the services that reference it.
var (
	managedReads = map[string][]string{
		"elasticsearch": {"HEAP_PERCENT", "PLUGINS"},
		"nats":          {"MAX_PAYLOAD", "JET_STREAM_ENABLED"},
		"valkey":        {"VALKEY_MAXMEMORY_POLICY"}, // services created before profile overrides
		"meilisearch":   {"environment"},
	}
	anyReads = map[string]bool{"mariadb": true}
)

// mayRead reports whether the managed service svc may read one of pairs'
// keys as a setting of its own (managedReads, anyReads).
func mayRead(svc *platform.ServiceStack, pairs []EnvPair) bool {
	if anyReads[svc.Type.Name] {
		return true
	}
	return slices.ContainsFunc(pairs, func(p EnvPair) bool { return slices.Contains(managedReads[svc.Type.Name], p.Key) })
}

// managedEnvWarning says that the managed service svc's docs name none of
// the keys of pairs as a variable it reads: they likely serve only the
// services that reference them, so it was not restarted (the call that
// restarts it is named); where its settings are changed instead.
func managedEnvWarning(svc *platform.ServiceStack, pairs []EnvPair) string {
	typ := cmp.Or(svc.Type.VersionName, svc.Type.Name)
	keys := make([]string, 0, len(pairs))
	for _, p := range pairs {
		keys = append(keys, p.Key)
	}
	reads := "names no variable it reads"
	if r := managedReads[svc.Type.Name]; len(r) > 0 {
		reads = "names " + strings.Join(r, ", ") + " as the variables it reads"
	}
	where := ""
	if svc.Type.Name == "valkey" {
		where = " Valkey's maxmemory-policy comes from its profile: profileOverrides in import.yml or the GUI; a Valkey created before profile overrides reads VALKEY_MAXMEMORY_POLICY."
	}
	n := len(keys)
	verb := map[bool]string{true: "s"}[n == 1]
	return fmt.Sprintf("%s is a managed service (%s) and its docs page (zerops://docs/services/%s) %s: %s likely configure%s nothing in %s itself, so ZCP did not restart it (if %s does read %s, zerops_manage action=restart serviceHostname=%s applies %s); %s serve%s the services that reference %s as ${%s_%s}.%s",
		svc.Name, typ, svc.Type.Name, reads, listSome(clipAll(keys, 60), ", "), verb, svc.Name,
		svc.Name, itThem(n), svc.Name, itThem(n), itThem(n), verb, itThem(n), svc.Name, platform.Clip(keys[0], 60), where)
}

// buildTimePrefixes begin the names of variables that front-end bundlers
// (Next.js, Vite, Create React App, Gatsby) write into the code they build.
var buildTimePrefixes = []string{"NEXT_PUBLIC_", "VITE_", "REACT_APP_", "GATSBY_"}

// buildTimeKeys are the keys of pairs a bundler writes into built code.
func buildTimeKeys(pairs []EnvPair) []string {
	var out []string
	for _, p := range pairs {
		if slices.ContainsFunc(buildTimePrefixes, func(pre string) bool { return strings.HasPrefix(p.Key, pre) }) && !slices.Contains(out, p.Key) {
			out = append(out, p.Key)
		}
	}
	return out
}

// buildTimeWarning says that keys, set on the service name, reach the
// code only through its build.
func buildTimeWarning(name string, keys []string) string {
	keys = keys[:min(len(keys), 5)]
	lines := make([]string, len(keys))
	for i, k := range keys {
		lines[i] = "`" + k + ": ${RUNTIME_" + k + "}`"
	}
	return fmt.Sprintf("%s: the build writes %s into the built code, so a restart leaves the value it was built with; "+
		"a service's own variables reach its build only with the RUNTIME_ prefix: add %s to build.envVariables in the zerops.yml of %s, then zerops_deploy.",
		platform.JoinClipped(keys, ", ", 200), map[bool]string{true: "it", false: "these"}[len(keys) == 1], strings.Join(lines, ", "), name)
}
