package deploy

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/schema"
)

// Params are a deploy call's arguments. SSH mode when SourceService is
// set (the target defaults to the source itself); local mode with WorkingDir
// and ServiceID (or TargetService/TargetServiceID).
type Params struct {
	SourceService   string
	TargetService   string
	TargetServiceID string
	Setup           string
	WorkingDir      string
	ServiceID       string
}

// BuildObservation is one observation of a followed build.
type BuildObservation struct {
	AppVersion platform.AppVersion
	Elapsed    time.Duration
	Final      bool
	Err        error
}

// Env is what a deploy runs with. Push is required. Queue, when set,
// serialises pushes per target; Follow, when set, follows the build the push
// started (its app version when known, else the newest created after since)
// and then checks that the app answers (nil: the build is not followed);
// Progress receives one line per build observation and check.
type Env struct {
	Client    platform.Client
	Logs      platform.LogFetcher
	ProjectID string
	Memory    *ops.Memory // what ZCP remembers of the project; nil: nothing
	WorkDir   string      // ZCP's working directory: relative local workingDirs resolve against it
	Push      func(ctx context.Context, req Request) (*Result, error)
	Queue     func(ctx context.Context, target string, job func(context.Context) error) error
	Follow    func(ctx context.Context, serviceID string, since time.Time, appVersionID string) (<-chan BuildObservation, error)
	Progress  func(msg string)
	Await     func(ctx context.Context, p platform.Process) (platform.Process, bool) // waits for a rollback's process; nil: not followed
	Prober    *ops.Prober                                                            // the check's HTTP GETs; nil requests the real URLs
	ReadyWait time.Duration                                                          // how long the app may take to answer; 0 = DefaultReadyWait
	ReadyPoll time.Duration                                                          // between two checks; 0 = 2 s
	// ReadZeropsYml reads the zerops.yml a push of req would send, checked
	// before the push; nil: not checked. Empty content without an error: not
	// readable here, and the push reports what it finds.
	ReadZeropsYml func(ctx context.Context, req Request) (file, content string, err error)
	// ReadSource reads a file of the code a push of req sends (relative to
	// its working directory), where the file run.start starts binds its
	// address; nil: not read.
	ReadSource func(ctx context.Context, req Request, rel string) (string, error)
	// ListSource lists a folder (relative; "" the top) of the code a push
	// of req sends (a directory's name ends in "/"), bounded; true when
	// that is all of it. A Python app's own modules are told from packages
	// by it; nil: not listed.
	ListSource func(ctx context.Context, req Request, dir string) ([]string, bool)
	// Types is the live catalog the check's bases are checked against; nil,
	// or nil answered: not checked.
	Types func(ctx context.Context) []platform.ServiceStackType
	// Wait is the budget of the wait after the push (the build, then the
	// check); when it ends first, the outcome says where the work is
	// (Outcome.Waiting) and Follow continues from there. 0: no budget.
	Wait time.Duration
	// Schemas answers the platform's published schemas the pre-push check
	// validates against; nil or a nil answer: ZCP's own structural checks.
	Schemas func(ctx context.Context) *schema.Set
}

// inQueue runs job in target's deploy queue, or at once when there is none.
func (e Env) inQueue(ctx context.Context, target string, job func(context.Context) error) error {
	if e.Queue == nil {
		return job(ctx)
	}
	return e.Queue(ctx, target, job)
}

// Outcome is the answer to a deploy: what was pushed, the build's end
// when it was followed, a status and a one-line message.
type Outcome struct {
	Status          string        `json:"status"`
	Message         string        `json:"message"`
	Mode            string        `json:"mode"`
	SourceService   string        `json:"sourceService,omitempty"`
	TargetService   string        `json:"targetService,omitempty"`
	TargetServiceID string        `json:"targetServiceId"`
	Setup           string        `json:"setup,omitempty"`
	WorkingDir      string        `json:"workingDir,omitempty"`
	Output          []string      `json:"output"`
	DurationMS      int64         `json:"pushDurationMs"`
	Build           *BuildOutcome `json:"build,omitempty"`
	// AppVersionID is, on a PUSHED answer (not followed), the app version
	// the push created: what a follow waits on.
	AppVersionID string `json:"appVersionId,omitempty"`
	// Verdict (live, degraded, not-answering, deployed, unverified, stopped,
	// replaced) and Check are set when the build was followed to ACTIVE; a
	// failed build is an error.
	Verdict platform.Verdict `json:"verdict,omitempty"`
	Check   *Check           `json:"check,omitempty"`
	// Warnings are the validator's for the pushed zerops.yml: the push went
	// out, but what they name may not work as meant.
	Warnings []platform.Issue `json:"warnings,omitempty"`
	// Notes say what an answer's verdict does not: after a rollback, the
	// init commands the versions rolled back from ran, whose changes stay.
	Notes []string `json:"notes,omitempty"`
	// Waiting is set when the wait budget ended first: the step still
	// running (WaitingBuild, WaitingCheck); Follow continues from there.
	Waiting string `json:"waiting,omitempty"`
	// Unchanged: the target's last deploy uploaded the same files and
	// failed the same way as this one.
	Unchanged bool `json:"-"`
	// FromBroken: a rollback went back from a version seen not answering
	// after its deploy (else it answered, or nothing is known of it).
	FromBroken bool `json:"-"`
	// LastPush is, after a rollback, the service's newest app version:
	// what the next push of the same working files makes again (nil: none
	// known).
	LastPush *LastPush `json:"-"`

	digest string // the upload's Result.Digest
}

// LastPush is a service's newest app version: its sequence number,
// whether it failed (its build, or answering after its deploy), and
// whether it is the version a rollback went back to (Target) or the one it
// went back from (From).
type LastPush struct {
	Sequence     int
	Failed       bool
	Target, From bool
}

// Steps a deploy's wait budget can end in.
const (
	WaitingBuild = "build" // the build (or its deploy) still runs on the platform
	WaitingCheck = "check" // ACTIVE; whether the app answers is not decided yet
)

// BuildOutcome is where a followed build ended (or why following it stopped).
type BuildOutcome struct {
	AppVersionID   string                    `json:"appVersionId"`
	Status         platform.AppVersionStatus `json:"status"`
	ElapsedSeconds int                       `json:"elapsedSeconds,omitempty"` // since the wait for it began
	Note           string                    `json:"note,omitempty"`
}

// ErrWaitBudget is the cause of a context whose wait budget ended: the work
// goes on, and a continuation call waits on from where it is.
var ErrWaitBudget = errors.New("the wait budget ended")

// withBudget bounds ctx by the budget d (none when d is 0).
func withBudget(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeoutCause(ctx, d, ErrWaitBudget)
}

// BudgetEnded reports whether ctx ended because its wait budget did.
func BudgetEnded(ctx context.Context) bool {
	return ctx.Err() != nil && errors.Is(context.Cause(ctx), ErrWaitBudget)
}

// cutShort reports whether err is a call refused because it could not run
// before ctx's deadline while ctx still lives: the gateway refuses at once a
// call its rate budget cannot admit in time, so a wait budget is as good as
// ended, and what the call would have read is not known.
func cutShort(ctx context.Context, err error) bool {
	_, bounded := ctx.Deadline()
	return bounded && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded)
}

// Deploy statuses when the build was not followed to its end.
const (
	StatusPushed   = "PUSHED"   // the push succeeded; the build runs on the platform
	StatusBuilding = "BUILDING" // followed, but the wait ended before the build did
)

// Run resolves p, pushes (in the target's queue turn) and, when env.Follow
// is set, follows the build the push started until it is ACTIVE or failed,
// then checks that the app answers HTTP and gives the verdict. A failed
// build is BUILD_FAILED carrying its diagnosis and the build log's last lines;
// a cancelled one BUILD_CANCELLED (CancelledError).
// The zerops.yml's warnings ride on the outcome, or on the error as a
// WarnedError.
func Run(ctx context.Context, env Env, p Params) (*Outcome, error) {
	started := time.Now()
	req, targetName, err := resolveDeploy(ctx, env, p)
	if err != nil {
		return nil, err
	}
	warnings, pushed, err := checkBeforePush(ctx, env, req, targetName)
	if err != nil {
		return nil, err
	}
	env.Memory.NoteCodeSource(env.ProjectID, ops.CodeSource{Service: p.SourceService, Dir: p.WorkingDir}, pushed.setups, pushed.bases)
	out, err := pushAndFollow(ctx, env, req, targetName, started, pushed)
	if out != nil && env.Memory.NoteUploadEnd(env.ProjectID, out.TargetServiceID, out.digest, failureOf(out, err)) {
		var bf *BuildFailedError
		if errors.As(err, &bf) {
			bf.Unchanged = true
		}
		out.Unchanged = err == nil
	}
	if err != nil {
		if len(warnings) > 0 {
			err = &WarnedError{Err: err, Warnings: warnings}
		}
		return nil, err
	}
	out.Warnings = warnings
	return out, nil
}

// failureOf is how a deploy that ended in out and err failed, the same
// for the same failure: a failed build's status and first diagnosis, or a
// verdict that the app does not work and its first diagnosis; "" when it
// did not fail (or its end is not known).
func failureOf(out *Outcome, err error) string {
	first := func(d []diagnose.Diagnosis) string {
		if len(d) == 0 {
			return ""
		}
		return d[0].Signal
	}
	var bf *BuildFailedError
	switch {
	case errors.As(err, &bf):
		return "build " + string(bf.Status) + " " + first(bf.Diagnoses)
	case err == nil && out.Check != nil && (out.Verdict == platform.VerdictNotAnswering || out.Verdict == platform.VerdictDegraded):
		return string(out.Verdict) + " " + first(out.Check.Diagnoses)
	}
	return ""
}

// WarnedError is a deploy's failure after its zerops.yml passed the check
// with warnings, which may be the cause.
type WarnedError struct {
	Err      error
	Warnings []platform.Issue
}

func (e *WarnedError) Error() string { return e.Err.Error() }
func (e *WarnedError) Unwrap() error { return e.Err }

// pushAndFollow pushes req in the target's queue turn and, when env.Follow
// is set, follows the build and checks the app (see Run); pushed, what the
// pushed setup's zerops.yml and code showed, is remembered for the
// diagnoses of the target.
func pushAndFollow(ctx context.Context, env Env, req Request, targetName string, started time.Time, pushed pushedSetup) (*Outcome, error) {
	target := req.TargetServiceID
	if req.SourceService == "" {
		target = req.ServiceID
	}
	var res *Result
	var since time.Time
	job := func(ctx context.Context) error {
		// Inside the target's queue turn no other push of ours can add a
		// version, so the newest one now is the last before this push.
		if env.Follow != nil {
			since = buildBaseline(ctx, env.Client, target)
		}
		r, err := env.Push(ctx, req)
		res = r
		return err
	}
	if err := env.inQueue(ctx, target, job); err != nil {
		return nil, err
	}
	if res == nil {
		return nil, platform.NewError(platform.ErrDeployFailed, "the deploy returned no result", "Check zerops_events for the target service.")
	}
	if id := cmp.Or(res.TargetServiceID, target); id != "" {
		env.Memory.NoteDeploy(env.ProjectID, id, res.Started)
		env.Memory.NoteDeployedEnv(env.ProjectID, id, pushed.env)
		env.Memory.NoteDeployedCode(env.ProjectID, id, pushed.code)
	}
	out := &Outcome{Mode: res.Mode, SourceService: res.SourceService, TargetService: targetName,
		TargetServiceID: cmp.Or(res.TargetServiceID, target), Setup: res.Setup, WorkingDir: res.WorkingDir,
		Output: res.Output, DurationMS: res.Duration.Milliseconds(), digest: res.Digest}
	if out.Output == nil {
		out.Output = []string{}
	}
	label := cmp.Or(targetName, out.TargetServiceID)
	if env.Follow == nil {
		out.Status = StatusPushed
		out.Message = fmt.Sprintf("Code pushed to %s; the build runs on the platform.", label)
		if res.AppVersion != nil {
			out.AppVersionID = res.AppVersion.ID
			env.Memory.NoteVersionPushed(env.ProjectID, out.TargetServiceID, res.AppVersion.ID)
		}
		return out, nil
	}
	own := ""
	switch {
	case res.AppVersion != nil:
		// The push's own version: followed and judged by its id, so that a
		// later push's version cannot pass for this one.
		since, own = res.AppVersion.Created, res.AppVersion.ID
	case since.IsZero():
		since = res.Started.Add(-ops.BuildSinceSlack)
	}
	if own != "" {
		// Known before its build ends: a failed build is read with the
		// code it was pushed with (the folders its build writes).
		env.Memory.NoteVersionPushed(env.ProjectID, out.TargetServiceID, own)
	}
	err := finishFollow(ctx, env, out, label, since, own, started)
	if out.Build != nil { // the push's own version: a rollback to it brings back what was pushed
		env.Memory.NoteVersionPushed(env.ProjectID, out.TargetServiceID, cmp.Or(own, out.Build.AppVersionID))
	}
	return out, err
}

// finishFollow follows the build of out's target (app version own, when
// known, else the newest after since) within the wait budget, then checks
// the app and sets out's verdict: the part of a deploy that Follow repeats.
func finishFollow(ctx context.Context, env Env, out *Outcome, label string, since time.Time, own string, started time.Time) error {
	wctx, stop := withBudget(ctx, env.Wait)
	defer stop()
	build, err := followBuild(wctx, env, out.TargetServiceID, label, since, own)
	if err != nil {
		var bf *BuildFailedError
		var ce *CancelledError
		switch {
		case errors.As(err, &bf):
			return deletedDuring(ctx, env, out.TargetServiceID, label, bf.AppVersionID, bf.Status, err)
		case errors.As(err, &ce):
			return deletedDuring(ctx, env, out.TargetServiceID, label, ce.AppVersionID, ce.Status, err)
		}
		return err
	}
	out.Build = build
	switch build.Status {
	case platform.AppVersionActive, platform.AppVersionBackup: // BACKUP: a later deploy replaced it already
		out.Status = string(build.Status)
		if env.Progress != nil {
			env.Progress(fmt.Sprintf("Deploying %s: deployed; checking that it answers HTTP", label))
		}
		out.Verdict, out.Check = checkLive(wctx, env, out.TargetServiceID, label, build.AppVersionID, started)
		if out.Verdict == "" { // the budget ended before the check decided
			out.Waiting, out.Check = WaitingCheck, nil
			out.Message = fmt.Sprintf("%s is deployed (%s); whether it answers HTTP is not decided yet.", label, build.Status)
			return nil
		}
		env.noteVerdict(build.AppVersionID, out.Verdict)
		if out.Verdict == platform.VerdictTargetDeleted {
			return deletedDuring(ctx, env, out.TargetServiceID, label, build.AppVersionID, build.Status, nil)
		}
		out.Message = verdictMessage(label, out.Verdict, out.Check)
	default:
		if err := deletedDuring(ctx, env, out.TargetServiceID, label, build.AppVersionID, cmp.Or(build.Status, "unfinished"), nil); err != nil {
			return err
		}
		out.Status = StatusBuilding
		if BudgetEnded(wctx) && ctx.Err() == nil {
			out.Waiting = WaitingBuild
		}
		out.Message = fmt.Sprintf("Code pushed to %s; %s.", label, cmp.Or(build.Note, "the build has not finished"))
	}
	return nil
}

// resolveDeploy turns the arguments into a Request and the target's
// hostname (when known).
func resolveDeploy(ctx context.Context, env Env, in Params) (Request, string, error) {
	req := Request{Setup: in.Setup}
	if in.TargetService != "" && in.TargetServiceID != "" {
		return req, "", invalidParam("pass targetService or targetServiceId, not both", "targetService is a hostname; targetServiceId an id.")
	}
	if in.SourceService == "" {
		return resolveLocal(ctx, env, in, req)
	}
	return resolveSSH(ctx, env, in, req)
}

// resolveLocal is resolveDeploy for a deploy of a local directory.
func resolveLocal(ctx context.Context, env Env, in Params, req Request) (Request, string, error) {
	if in.WorkingDir == "" || (in.ServiceID == "" && in.TargetServiceID == "" && in.TargetService == "") {
		return req, "", invalidParam("nothing to deploy from",
			"Pass sourceService (SSH deploy from a runtime container) or workingDir + targetService (local deploy).")
	}
	dir, err := ops.ResolveDirInDir(env.WorkDir, in.WorkingDir)
	if err != nil {
		return req, "", err
	}
	req.WorkingDir = dir
	id, name := cmp.Or(in.TargetServiceID, in.ServiceID), "" // two that differ: sameTarget refuses
	if in.TargetService == "" {
		if err := hostnameAsID(ctx, env, id); err != nil {
			return req, "", err
		}
	}
	if in.TargetService != "" {
		svc, err := ops.ResolveService(ctx, env.project(), in.TargetService)
		if err != nil {
			return req, "", err
		}
		if err := runtimeOnly(svc, "target"); err != nil {
			return req, "", err
		}
		id, name = svc.ID, svc.Name
	}
	if err := sameTarget(ctx, env, in, id, name); err != nil {
		return req, "", err
	}
	if name == "" { // named by id: the answer's next steps need its hostname
		if services, err := ops.ListServices(ctx, env.project()); err == nil {
			for _, s := range services {
				if s.ID == id {
					name = s.Name
				}
			}
		}
	}
	req.ServiceID = id
	return req, name, nil
}

// resolveSSH is resolveDeploy for a deploy from a runtime container
// (sourceService) to itself or to another service.
func resolveSSH(ctx context.Context, env Env, in Params, req Request) (Request, string, error) {
	dir, err := remoteWorkingDir(in.WorkingDir)
	if err != nil {
		return req, "", err
	}
	req.WorkingDir = dir
	services, err := ops.ListServices(ctx, env.project())
	if err != nil {
		return req, "", err
	}
	var source, target *platform.ServiceStack
	for i := range services {
		if services[i].Name == in.SourceService {
			source = &services[i]
		}
		if (in.TargetService != "" && services[i].Name == in.TargetService) || (in.TargetServiceID != "" && services[i].ID == in.TargetServiceID) {
			target = &services[i]
		}
	}
	if source == nil {
		_, err := ops.ResolveService(ctx, env.project(), in.SourceService)
		return req, "", err
	}
	switch {
	case in.TargetService == "" && in.TargetServiceID == "":
		target = source
	case target == nil && in.TargetService != "":
		_, err := ops.ResolveService(ctx, env.project(), in.TargetService)
		return req, "", err
	case target == nil:
		return req, "", platform.NewError(platform.ErrServiceNotFound, fmt.Sprintf("no service with id %q in this project", platform.Clip(in.TargetServiceID, 40)),
			"Use targetService with a hostname from zerops_discover.")
	}
	if err := runtimeOnly(source, "source"); err != nil {
		return req, "", err
	}
	if err := runtimeOnly(target, "target"); err != nil {
		return req, "", err
	}
	if err := sameTarget(ctx, env, in, target.ID, target.Name); err != nil {
		return req, "", err
	}
	req.SourceService = source.Name
	req.TargetServiceID = target.ID
	return req, target.Name, nil
}

// sameTarget refuses a serviceId that names another service (or none) than
// the target the other arguments name, id (hostname name): the deploy
// would otherwise go to one of them silently.
func sameTarget(ctx context.Context, env Env, in Params, id, name string) error {
	if in.ServiceID == "" || in.ServiceID == id {
		return nil
	}
	by := "targetService"
	switch {
	case in.TargetServiceID != "":
		by = "targetServiceId"
	case in.TargetService == "" && in.SourceService != "":
		by = "sourceService (the default target)"
	case in.TargetService == "":
		return nil // serviceId alone names the target
	}
	label := cmp.Or(name, id)
	given := platform.Clip(in.ServiceID, 40)
	other := ""
	if services, err := ops.ListServices(ctx, env.project()); err == nil {
		for _, s := range services {
			if s.ID == in.ServiceID {
				other = s.Name
			}
		}
	}
	if other == "" {
		return invalidParam(fmt.Sprintf("serviceId %q names no service of this project, and %s names %s", given, by, label),
			fmt.Sprintf("Drop serviceId: %s already names the target, %s.", strings.Fields(by)[0], label))
	}
	return invalidParam(fmt.Sprintf("serviceId %q is %s's id, but %s names %s: which one is the target?", given, other, by, label),
		fmt.Sprintf("To deploy to %s, drop serviceId; to deploy to %s, pass targetService: %q instead of %s.", label, other, other, strings.Fields(by)[0]))
}

// hostnameAsID refuses a service id that is no service's id but one's
// hostname, naming targetService, which takes it.
func hostnameAsID(ctx context.Context, env Env, id string) error {
	services, err := ops.ListServices(ctx, env.project())
	if err != nil {
		return err
	}
	named := false
	for _, s := range services {
		if s.ID == id {
			return nil
		}
		named = named || s.Name == id
	}
	if !named {
		return nil
	}
	return invalidParam(fmt.Sprintf("%q is a hostname, not a service id", platform.Clip(id, 40)),
		fmt.Sprintf("Pass targetService: %q (serviceId and targetServiceId take ids).", platform.Clip(id, 40)))
}

// runtimeOnly refuses a managed service as a deploy's source or target:
// only runtime services take code (the platform refuses app versions of the
// others, and they have no SSH).
func runtimeOnly(svc *platform.ServiceStack, role string) error {
	if svc.Type.Category == "" || svc.Type.Category == platform.CategoryUser {
		return nil
	}
	return invalidParam(fmt.Sprintf("the %s %s is a managed service (%s): only runtime services take deploys", role, svc.Name, cmp.Or(svc.Type.VersionName, svc.Type.Name)),
		"Deploy the code to a runtime service (zerops_discover lists them with category USER); a managed service is configured in import.yml and reached from the runtime by its hostname.")
}

// remoteWorkingDir resolves an SSH deploy's workingDir: empty is the default
// (/var/www), a relative one is taken under it and may not leave it.
func remoteWorkingDir(dir string) (string, error) {
	switch {
	case dir == "":
		return "", nil // Validate applies the default
	case strings.HasPrefix(dir, "/"):
		return dir, nil // Validate checks it
	}
	for _, seg := range strings.Split(dir, "/") {
		if seg == ".." {
			return "", platform.NewError(platform.ErrPathTraversal, fmt.Sprintf("workingDir %q leaves /var/www", platform.Clip(dir, 80)),
				"Pass the directory holding zerops.yml in the source container, under /var/www (relative) or absolute, without '..'.")
		}
	}
	return path.Join(DefaultWorkingDir, dir), nil
}

// buildFailure is the error of a version that failed in the pipeline, with
// the build log's last lines: BUILD_FAILED, or DEPLOY_FAILED when the build
// passed and the new containers never became ready.
func buildFailure(ctx context.Context, env Env, v platform.AppVersion, label string) error {
	what, code := "the build", platform.ErrBuildFailed
	switch v.Status {
	case platform.AppVersionPreparingRuntimeFailed:
		what = "preparing the runtime" // after the build, before the deploy
	case platform.AppVersionDeployFailed:
		// The build passed: its new containers never became ready.
		what, code = "the deploy", platform.ErrDeployFailed
	}
	pe := platform.NewError(code,
		fmt.Sprintf("%s of %s ended %s", what, label, v.Status),
		"Read the log lines below (or zerops_logs serviceHostname="+label+" buildId="+v.ID+"), fix zerops.yml or the code, and deploy again.")
	bf := &BuildFailedError{PlatformError: pe, AppVersionID: v.ID, Status: v.Status, Target: label}
	lines, err := ops.BuildLogLines(ctx, env.project(), env.Logs, v)
	if err != nil {
		return bf
	}
	bf.BuildLog = lines
	_, pushed := env.Memory.VersionPushed(env.ProjectID, v.ID)
	bf.Diagnoses = ops.ClassifyVersionLog(ctx, env.Client, nil, v, bf.BuildLog, pushed)
	if len(bf.Diagnoses) > 3 {
		bf.Diagnoses = bf.Diagnoses[:3]
	}
	if len(bf.Diagnoses) > 0 {
		d := bf.Diagnoses[0]
		pe.Message = fmt.Sprintf("%s of %s ended %s: %s", what, label, v.Status, strings.TrimSuffix(d.Cause, "."))
		pe.Suggestion = d.FixThenDeploy()
		if v.Status == platform.AppVersionDeployFailed {
			// The failed version never ran: an env fix applies at the
			// deploy again, not by restarting what runs (or nothing).
			pe.Suggestion = strings.Replace(d.FixForRedeploy(), "zerops_env action=set variables=", "zerops_env action=set serviceHostname="+label+" variables=", 1)
		}
		if runsEarlier(ctx, env.Client, v) {
			// ACTIVE, not "running": whether it answers is not probed here.
			pe.Suggestion = strings.TrimSuffix(pe.Suggestion, ".") + " (the version deployed before stays ACTIVE)."
		}
	}
	return bf
}

// runsEarlier tells whether the service of the failed version v has an
// earlier version that is ACTIVE: after a failed first build nothing runs
// (the empty version of startWithoutCode runs nothing of the user's).
func runsEarlier(ctx context.Context, c platform.Client, v platform.AppVersion) bool {
	if c == nil {
		return false
	}
	versions, err := c.SearchAppVersions(ctx, platform.AppVersionFilter{ServiceID: v.ServiceStackID, Limit: 20})
	if err != nil {
		return false
	}
	for _, o := range versions {
		if o.ID != v.ID && o.Status == platform.AppVersionActive && !o.StartedWithoutCode() {
			return true
		}
	}
	return false
}

// BuildFailedError is a version failed in the pipeline: the BUILD_FAILED (or
// DEPLOY_FAILED) PlatformError with the app version, the diagnoses and the
// build log's last lines.
type BuildFailedError struct {
	*platform.PlatformError
	AppVersionID string
	Status       platform.AppVersionStatus
	Target       string // the target's hostname (or id)
	BuildLog     []string
	Diagnoses    []diagnose.Diagnosis
	// Unchanged: the target's last deploy uploaded the same files and
	// failed the same way.
	Unchanged bool
}

func (e *BuildFailedError) Unwrap() error { return e.PlatformError }

// followBuild reports the build started by the push (app version own, when
// known) until it is ACTIVE or failed.
func followBuild(ctx context.Context, env Env, serviceID, label string, since time.Time, own string) (*BuildOutcome, error) {
	ch, err := env.Follow(ctx, serviceID, since, own)
	if err != nil {
		// The push itself succeeded; following its build is a bonus, so a
		// watcher that cannot take the subscription is a note, not a failure.
		return &BuildOutcome{Note: "could not follow the build"}, nil //nolint:nilerr // see above
	}
	out := &BuildOutcome{AppVersionID: own} // known before the search lists it
	var last platform.AppVersion
	begun := time.Now()
	stopped := func(why string) (*BuildOutcome, error) {
		out.ElapsedSeconds = max(out.ElapsedSeconds, int(time.Since(begun).Seconds()))
		if BudgetEnded(ctx) {
			why = fmt.Sprintf("still %s after %d s; the build keeps running", cmp.Or(out.Status, "WAITING"), out.ElapsedSeconds)
		}
		out.Note = why
		return out, nil
	}
	for {
		select {
		case <-ctx.Done():
			for range ch { //nolint:revive // until the follower let go of its subscription (parked for a continuation)
			}
			return stopped("stopped waiting: the call was cancelled; the build keeps running")
		case u, ok := <-ch:
			if !ok {
				return stopped(cmp.Or(out.Note, "stopped waiting; the build keeps running"))
			}
			out.ElapsedSeconds = int(u.Elapsed.Seconds())
			if u.AppVersion.ID != "" {
				last = u.AppVersion
				out.AppVersionID, out.Status = last.ID, last.Status
			}
			if !u.Final {
				if last.Final() {
					continue // the result reports the end, not a notification (lessons #1)
				}
				if env.Progress != nil {
					env.Progress(fmt.Sprintf("Deploying %s: %s (%ds)", label, cmp.Or(last.Status, "WAITING"), int(u.Elapsed.Seconds())))
				}
				continue
			}
			if u.Err != nil {
				out.Note = "following the build stopped (" + platform.Clip(platform.ErrorCode(u.Err), 40) + "); the build keeps running"
				return out, nil //nolint:nilerr // the watch ended, not the build: the note says so
			}
			switch {
			case last.Cancelled():
				return nil, buildCancelled(ctx, env, last, label)
			case last.Failed():
				return nil, buildFailure(ctx, env, last, label)
			}
			return out, nil
		}
	}
}

// buildBaseline returns the time after which a build belongs to the push
// about to start: just after the creation of the service's newest app version,
// by the platform's own clock, so that clock skew between this container and
// the platform cannot hide the new build. The zero time means "unknown".
func buildBaseline(ctx context.Context, c platform.Client, serviceID string) time.Time {
	versions, err := c.SearchAppVersions(ctx, platform.AppVersionFilter{ServiceID: serviceID, Limit: 1})
	if err != nil {
		return time.Time{}
	}
	if len(versions) == 0 {
		return time.Unix(0, 1) // no earlier version: any version is this push's
	}
	return versions[0].Created.Add(time.Millisecond)
}

// TargetDeletedError is a deploy whose target was deleted while it ran:
// whatever its build did, nothing of it runs.
type TargetDeletedError struct {
	*platform.PlatformError
	AppVersionID string
	Status       platform.AppVersionStatus
}

func (e *TargetDeletedError) Unwrap() error { return e.PlatformError }

// deletedDuring is the TargetDeletedError when the target serviceID is gone
// or being deleted (read by id, fresh), else orig: the error the deploy
// ended with, nil when it ended without one.
func deletedDuring(ctx context.Context, env Env, serviceID, label, appVersionID string, status platform.AppVersionStatus, orig error) error {
	state, gone := targetGone(ctx, env.Client, serviceID)
	if !gone {
		return orig
	}
	what := "its push"
	if appVersionID != "" {
		what = fmt.Sprintf("app version %s (%s)", appVersionID, status)
	}
	return &TargetDeletedError{AppVersionID: appVersionID, Status: status, PlatformError: platform.NewError(platform.ErrServiceNotFound,
		fmt.Sprintf("%s was deleted while the deploy ran (%s): %s went to no service, and nothing of it runs", label, state, what),
		"To run this code, re-create "+label+" with zerops_import and zerops_deploy again, or zerops_deploy it to another runtime service (targetService).")}
}

// targetGone tells whether service id is deleted or being deleted, and
// which; a failed read is no answer.
func targetGone(ctx context.Context, c platform.Client, id string) (string, bool) {
	if c == nil || id == "" {
		return "", false
	}
	svc, err := c.GetService(platform.FreshRead(ctx), id)
	switch {
	case err != nil:
		return "it no longer exists", platform.ErrorCode(err) == platform.ErrServiceNotFound
	case svc.Status == platform.ServiceDeleting:
		return "its deletion is under way: " + string(svc.Status), true
	}
	return "", false
}

func invalidParam(msg, suggestion string) *platform.PlatformError {
	return platform.NewError(platform.ErrInvalidParameter, msg, suggestion)
}
