package mcp

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
)

type deployInput struct {
	SourceService   string `json:"sourceService,omitempty" jsonschema:"SSH: the container holding the code"`
	TargetService   string `json:"targetService,omitempty" jsonschema:"default: sourceService"`
	TargetServiceID string `json:"targetServiceId,omitempty" jsonschema:"or the target's id"`
	Setup           string `json:"setup,omitempty" jsonschema:"zerops.yml setup name, e.g. dev or prod"`
	WorkingDir      string `json:"workingDir,omitempty" jsonschema:"dir with zerops.yml; relative to ZCP's dir, or /var/www over SSH"`
	ServiceID       string `json:"serviceId,omitempty" jsonschema:"the target's id (local)"`
	Rollback        Bool   `json:"rollback,omitzero" jsonschema:"no push"`
	AppVersionID    string `json:"appVersionId,omitempty" jsonschema:"rollback to this version (default: the previous)"`
	Follow          string `json:"follow,omitempty" jsonschema:"an appVersionId an answer named: wait for its verdict"`
}

type deployOutput struct {
	deploy.Outcome
	Next string `json:"next"`
}

func (s *Server) deployTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_deploy",
		Description: "Push code, build, deploy: SSH from sourceService or local from workingDir to targetService; rollback: true redeploys its earlier version. With a progress token: follows the build, probes the app: verdict live, degraded, not-answering, build-failed or deploy-failed (sandbox: unverified when unsure) with the diagnosis; else PUSHED and its appVersionId for follow=.",
		Annotations: mutatingAnn("Deploy code", false, false),
	}, func(ctx context.Context, req *sdk.CallToolRequest, in deployInput) (deployOutput, error) {
		if s.deps.Deployer == nil {
			return deployOutput{}, platform.NewError(platform.ErrInvalidUsage, "deploy is not configured in this ZCP",
				"Deploy from the zcp service inside the project (SSH mode) or install zcli for local mode.")
		}
		pr := s.progressFor(ctx, req)
		env := deploy.Env{Client: s.deps.Client, Logs: s.deps.Logs, ProjectID: s.projectID(), Memory: s.deps.Memory, WorkDir: s.deps.WorkDir,
			Push: s.deps.Deployer.Deploy, Progress: pr.send, Prober: s.deps.Prober, ReadyWait: s.deps.ReadyWait}
		if s.deps.Pool != nil {
			env.Queue = s.deps.Pool.Run
		}
		if r, ok := s.deps.Deployer.(deploy.ZeropsYmlReader); ok {
			env.ReadZeropsYml = r.ReadZeropsYml
			env.Types = s.stackTypes
			env.Schemas = s.schemas
		}
		if r, ok := s.deps.Deployer.(deploy.SourceReader); ok {
			env.ReadSource = r.ReadSource
		}
		if r, ok := s.deps.Deployer.(deploy.SourceLister); ok {
			env.ListSource = r.ListSource
		}
		if (pr.enabled() || in.Follow != "") && s.deps.Watcher != nil {
			env.Follow, env.Wait = s.followBuild, s.waitBudget()
			env.Await = func(ctx context.Context, p platform.Process) (platform.Process, bool) {
				w := s.awaitProcesses(ctx, pr, []platform.Process{p}, in.TargetService)[0]
				return w.Process, w.Finished
			}
		}
		if in.Follow != "" {
			return s.followOn(ctx, env, in)
		}
		defer s.leases.push(cmp.Or(in.TargetService, in.SourceService))()
		if in.Rollback.V {
			return s.rollback(ctx, env, in)
		}
		if in.AppVersionID != "" {
			return deployOutput{}, platform.NewError(platform.ErrInvalidParameter, "appVersionId is for a rollback",
				"Add rollback: true with targetService to redeploy that version, or drop appVersionId to push code.")
		}
		res, err := deploy.Run(ctx, env, deploy.Params{SourceService: in.SourceService, TargetService: in.TargetService,
			TargetServiceID: in.TargetServiceID, Setup: in.Setup, WorkingDir: in.WorkingDir, ServiceID: in.ServiceID})
		if err != nil {
			return deployOutput{}, deployError(err)
		}
		return s.deployAnswer(res), nil
	})
}

// followOn adapts deploy.Follow: follow=<appVersionId> alone.
func (s *Server) followOn(ctx context.Context, env deploy.Env, in deployInput) (deployOutput, error) {
	if in.SourceService != "" || in.WorkingDir != "" || in.ServiceID != "" || in.Setup != "" || in.Rollback.V || in.AppVersionID != "" ||
		in.TargetService != "" || in.TargetServiceID != "" {
		return deployOutput{}, platform.NewError(platform.ErrInvalidParameter, "follow waits on a deploy already pushed and takes no other argument",
			"Call zerops_deploy follow="+platform.Clip(strings.TrimSpace(in.Follow), 60)+" alone.")
	}
	id := strings.TrimSpace(in.Follow)
	res, err := deploy.Follow(ctx, env, id, s.leases.serviceOf(id))
	if err != nil {
		return deployOutput{}, deployError(err)
	}
	return s.deployAnswer(res), nil
}

// rollback adapts deploy.Rollback: rollback=true with a target.
func (s *Server) rollback(ctx context.Context, env deploy.Env, in deployInput) (deployOutput, error) {
	if in.SourceService != "" || in.WorkingDir != "" || in.ServiceID != "" || in.Setup != "" {
		return deployOutput{}, platform.NewError(platform.ErrInvalidParameter, "a rollback pushes no code",
			"Pass only targetService (or targetServiceId) and optionally appVersionId with rollback: true.")
	}
	res, err := deploy.Rollback(ctx, env, deploy.RollbackParams{TargetService: in.TargetService,
		TargetServiceID: in.TargetServiceID, AppVersionID: in.AppVersionID})
	if err != nil {
		return deployOutput{}, err
	}
	return deployAnswer(res, false), nil
}

// deployAnswer is deployAnswer, remembering the service of a version whose
// answer names a continuation.
func (s *Server) deployAnswer(res *deploy.Outcome) deployOutput {
	if res.Waiting != "" && res.Build != nil && res.Build.AppVersionID != "" {
		s.leases.noteService(res.Build.AppVersionID, res.TargetServiceID)
	}
	follow := res.Status == deploy.StatusPushed && res.AppVersionID != "" && s.deps.Watcher != nil
	if follow {
		// Not followed (no progress token): one call waits for the verdict;
		// its version is known by its service before the search lists it.
		s.leases.noteService(res.AppVersionID, res.TargetServiceID)
	}
	return deployAnswer(res, follow)
}

// fixOnce is res without the warnings its check states the fix of: one
// its diagnosis states is left to it, likewise one the verdict's step
// states (set run.documentRoot).
func fixOnce(res *deploy.Outcome) *deploy.Outcome {
	if res.Check == nil || len(res.Warnings) == 0 {
		return res
	}
	cp := *res
	if len(res.Check.Diagnoses) > 0 {
		cp.Warnings = undiagnosed(res.Warnings, res.Check.Diagnoses[0], "")
	} else {
		cp.Warnings = unreasoned(unstated(res.Warnings, nextText(res.Check.Next)), res.Check.Reason)
	}
	return &cp
}

// rollbackLiveNext is the next step of a rollback that went live: what the
// working files hold, which the next push brings back.
func rollbackLiveNext(res *deploy.Outcome, target string) string {
	last := res.LastPush
	if last != nil && last.Target {
		return fmt.Sprintf("Next: nothing to fix; %s runs version #%d again, the last one pushed, live at %s.", target, last.Sequence, res.Check.URL)
	}
	return "Next: " + target + " runs the earlier version again, live at " + res.Check.URL + ". " + rollbackFiles(res)
}

// rollbackFiles says what the working files hold after a rollback that
// did not go back to the last push: the next push brings it back.
func rollbackFiles(res *deploy.Outcome) string {
	switch last := res.LastPush; {
	case last != nil && !last.From:
		// The working files are the last push's, not the version gone back from.
		next := fmt.Sprintf("The last push was version #%d", last.Sequence)
		if last.Failed {
			return next + ", which failed: your local zerops.yml and code still hold that change; fix it there before the next zerops_deploy, or that deploy brings the failure back."
		}
		return next + ": your local zerops.yml and code still hold it, not the version rolled back to; change them first, or the next zerops_deploy brings it back."
	case res.FromBroken:
		// Only what runs went back: the next push would bring the failure again.
		return "Your local zerops.yml and code still hold the change that failed: fix it there before the next zerops_deploy, or that deploy brings the failure back."
	}
	// The version gone back from was not seen failing (a user may undo
	// a change that works): no failure to name.
	return "Your local zerops.yml and code still hold the version rolled back from: change them first, or the next zerops_deploy brings it back."
}

// deployAnswer is a deploy's or rollback's outcome with its next step;
// follow: a PUSHED answer's version can be waited on with follow=.
func deployAnswer(res *deploy.Outcome, follow bool) deployOutput {
	res = fixOnce(res)
	target := orDefault(res.TargetService, "<target>")
	out := deployOutput{Outcome: *res, Next: verdictNext(res, target, follow)}
	// A reference to a service the project lacks failed the version gone
	// back to as well: no change of the local files failed.
	missing := res.Check != nil && len(res.Check.Diagnoses) > 0 && res.Check.Diagnoses[0].MissingService() != ""
	if res.Mode == deploy.ModeRollback && (res.FromBroken || res.LastPush != nil && res.LastPush.Failed && !res.LastPush.Target) && !strings.Contains(out.Next, "still hold") && !missing {
		out.Next += " After a rollback your local zerops.yml and code still hold the change that failed: fix it there before the next zerops_deploy."
	}
	if n := len(res.Warnings); n > 0 && !strings.Contains(out.Next, "warning") {
		// The fix once: each warning names its own, in warnings.
		out.Next += fmt.Sprintf(" Before the next zerops_deploy, fix (or knowingly accept) the %d zerops.yml warning%s (each names its fix).", n, plural(n))
	}
	if res.Unchanged {
		out.Next = "Next: " + unchangedNote(target) + strings.TrimPrefix(out.Next, "Next: ")
	}
	if res.Check != nil { // the fix once: in next
		check := *res.Check
		check.Diagnoses = diagnose.WithoutStated(check.Diagnoses, out.Next)
		out.Check = &check
	}
	return out
}

// liveNext is the next step of a deploy that went live.
func liveNext(res *deploy.Outcome, target string) string {
	switch {
	case len(res.Warnings) > 0:
		// The warnings did not keep the app from answering: whether to
		// change the file is the user's call, not a redeploy now.
		n := len(res.Warnings)
		them := pick(n, "it", "them")
		return fmt.Sprintf("Next: %s is live at %s; nothing blocks it. %s did not keep it from answering: show %s to the user, whose call it is to fix %s (%s) or knowingly accept %s; no redeploy is needed now.",
			target, res.Check.URL, pick(n, "The zerops.yml warning", fmt.Sprintf("The %d zerops.yml warnings", n)), them, them,
			pick(n, "its fix is in warnings", "each names its fix"), them)
	case res.Mode == deploy.ModeRollback:
		return rollbackLiveNext(res, target)
	case res.Check.Simulated: // the check's step says what the sandbox did not judge
		return "Next: " + target + " is live at " + res.Check.URL + "; " + stepText(res.Check.Next)
	default:
		return "Next: nothing to fix; " + target + " is live at " + res.Check.URL + "."
	}
}

// verdictNext is the step a deploy's or rollback's verdict calls for,
// before what deployAnswer adds to it.
func verdictNext(res *deploy.Outcome, target string, follow bool) string {
	switch {
	case follow:
		return fmt.Sprintf("Next: zerops_deploy follow=%s waits for this build and tells whether %s is live, or the cause and the fix; zerops_events serviceHostname=%s shows the build meanwhile.",
			res.AppVersionID, target, target)
	case res.Waiting != "" && res.Build != nil && res.Build.AppVersionID != "":
		return waitOnNext(res, target)
	case res.Verdict == platform.VerdictLive:
		return liveNext(res, target)
	case res.Verdict == platform.VerdictDeployed && len(res.Warnings) > 0 && res.Check != nil && !res.Check.Next.IsZero():
		// The check names what is wrong (no HTTP port for the subdomain):
		// its fix first, the warnings in the same edit.
		return nextText(res.Check.Next) + fmt.Sprintf(" In the same edit, fix (or knowingly accept) the %d zerops.yml warning%s (each names its fix).",
			len(res.Warnings), plural(len(res.Warnings)))
	case res.Verdict == platform.VerdictDeployed && len(res.Warnings) > 0:
		// Nothing was probed: the warnings are what is known to be wrong.
		return warningsFirst(res.Warnings, "zerops_deploy", "zerops_verify serviceHostname="+target+" tells whether it answers.")
	case res.Check != nil && (res.Verdict == platform.VerdictNotAnswering || res.Verdict == platform.VerdictDegraded) &&
		mayCause(res.Warnings, res.Check.Diagnoses, false):
		return warnedNext(res.Warnings, nextText(res.Check.Next))
	case res.Check != nil && res.Verdict == platform.VerdictUnverified && res.Mode == deploy.ModeRollback && (res.LastPush == nil || !res.LastPush.Target):
		// Not checked, but what the working files hold is known all the same.
		return nextText(res.Check.Next) + " " + rollbackFiles(res)
	case res.Check != nil:
		return nextText(res.Check.Next)
	case res.Mode == deploy.ModeRollback && (res.LastPush == nil || !res.LastPush.Target):
		// Not followed: a rollback builds nothing; what the files hold is
		// known all the same, as the followed path says.
		return fmt.Sprintf("Next: a rollback runs no build; once %s runs the earlier version again, zerops_verify serviceHostname=%s tells whether it is live. ", target, target) + rollbackFiles(res)
	case res.Mode == deploy.ModeRollback:
		return fmt.Sprintf("Next: a rollback runs no build; once %s runs that version again, zerops_verify serviceHostname=%s tells whether it is live.", target, target)
	default:
		return fmt.Sprintf("Next: follow the build with zerops_events serviceHostname=%s; once it is ACTIVE, zerops_verify serviceHostname=%s tells whether it is live.", target, target)
	}
}

// unchangedNote leads the step after a deploy whose upload (files,
// zerops.yml) failed the same way as the target's last deploy: an agent
// deploying it again unchanged would loop.
func unchangedNote(target string) string {
	return "Nothing changed since the last failed deploy of " + target +
		" (same files, same zerops.yml), and it failed the same way: deploying it again as it is will not help. "
}

// waitOnNext is the next step of a deploy whose wait budget ended before
// its verdict: the one call that waits on from there.
func waitOnNext(res *deploy.Outcome, target string) string {
	where := fmt.Sprintf("the build of %s is %s after %d s", target, res.Build.Status, res.Build.ElapsedSeconds)
	if res.Waiting == deploy.WaitingCheck {
		where = target + " is deployed; whether it answers is being checked"
	}
	return fmt.Sprintf("Next: not done yet (%s; it keeps going on the platform). Call zerops_deploy follow=%s to wait on for its verdict; repeat that call while the answer says not done yet.",
		where, res.Build.AppVersionID)
}

// deployError is a failed deploy's error answer: a failed build's verdict,
// diagnoses and log lines, and the zerops.yml's warnings, which lead its
// suggestion when they may be why the build failed.
func deployError(err error) error {
	var pe *platform.PlatformError
	if !errors.As(err, &pe) {
		return err
	}
	var warnings []platform.Issue
	if we := (*deploy.WarnedError)(nil); errors.As(err, &we) {
		warnings = we.Warnings
	}
	extra := map[string]any{}
	if bf := (*deploy.BuildFailedError)(nil); errors.As(err, &bf) {
		extra["verdict"], extra["appVersionId"], extra["status"] = failedVerdict(bf.Status), bf.AppVersionID, bf.Status
		diags := bf.Diagnoses
		if len(diags) > 0 { // a warning the failure proves is its cause, fixed once in the suggestion
			if fix := proveFix(warnings, diags[0], preparePhase(bf.Status)); fix != "" {
				cp := *pe
				cp.Suggestion = fix
				pe = &cp
				diags = slices.Clone(diags)
				diags[0].Fix = "" // the warning's fix, naming the command, stands for it
			}
			warnings = undiagnosed(warnings, diags[0], preparePhase(bf.Status))
		}
		if len(bf.BuildLog) > 0 {
			extra["buildLog"] = bf.BuildLog
		}
		if mayCause(warnings, bf.Diagnoses, true) {
			cp := *pe
			cp.Suggestion = strings.TrimPrefix(warnedNext(warnings, pe.Suggestion), "Next: ")
			cp.Suggestion = strings.ToUpper(cp.Suggestion[:1]) + cp.Suggestion[1:]
			pe = &cp
		}
		if bf.Unchanged {
			cp := *pe
			cp.Suggestion = unchangedNote(orDefault(bf.Target, "the target")) + pe.Suggestion
			pe = &cp
		}
		if len(diags) > 0 { // the fix once: in the suggestion; the cause once: in the error
			diags = slices.Clone(diagnose.WithoutStated(diags, pe.Suggestion))
			if c := strings.TrimSuffix(diags[0].Cause, "."); c != "" && strings.Contains(pe.Message, c) {
				diags[0].Cause = ""
			}
			extra["diagnoses"] = diags
		}
	}
	if ce := (*deploy.CancelledError)(nil); errors.As(err, &ce) {
		extra["verdict"], extra["appVersionId"], extra["status"] = platform.VerdictCancelled, ce.AppVersionID, ce.Status
		if ce.Newer != nil {
			extra["newerAppVersionId"] = ce.Newer.ID
		}
	}
	if td := (*deploy.TargetDeletedError)(nil); errors.As(err, &td) {
		extra["verdict"], extra["appVersionId"], extra["status"] = platform.VerdictTargetDeleted, td.AppVersionID, td.Status
	}
	if len(warnings) > 0 {
		extra["warnings"] = warnings
	}
	if len(extra) == 0 {
		return err
	}
	return &toolError{PlatformError: pe, Extra: extra}
}

// failedVerdict is the verdict of a version that ended status in the
// pipeline: deploy-failed when its build passed and its new containers
// never became ready (DEPLOY_FAILED), else build-failed.
func failedVerdict(status platform.AppVersionStatus) platform.Verdict {
	if status == platform.AppVersionDeployFailed {
		return platform.VerdictDeployFailed
	}
	return platform.VerdictBuildFailed
}

// codeCauses are the diagnoses whose cause is in the code, its manifest or a
// command line: no zerops.yml warning explains them.
var codeCauses = []string{"npm-missing-script", "lockfile-mismatch", "compile-error", "runtime-version-mismatch",
	"start-file-missing", "start-command-invalid", "module-not-found-at-runtime"}

// mayCause reports whether warnings may be why a build (build true) or the
// deployed app failed with diags, the most specific first: not when that
// names a cause in the code or a variable a deploy keeps (its fix is an env
// change, which no deploy replaces), nor a run setting for a build, which
// runs without them.
func mayCause(warnings []platform.Issue, diags []diagnose.Diagnosis, build bool) bool {
	if len(diags) > 0 && (slices.Contains(codeCauses, diags[0].Signal) || !diags[0].NeedsDeploy()) {
		return false
	}
	if len(diags) > 0 && diags[0].MissingService() != "" {
		return false // a reference to a service the project lacks: it fails for certain, fixed first
	}
	if len(diags) > 0 && (diags[0].Signal == "listening-on-localhost" || diags[0].Signal == "wrong-port") {
		return slices.ContainsFunc(warnings, func(w platform.Issue) bool { return setsAddress(w, diags[0]) })
	}
	// What reaches the run container is the build's: a run variable
	// changes none of it.
	files := len(diags) > 0 && diags[0].Signal == "deploy-files-missing"
	return slices.ContainsFunc(warnings, func(w platform.Issue) bool {
		return (!build || !strings.Contains("."+w.Path+".", ".run.")) && !unsudoUnproven(w, diags, build) && !inert(w) &&
			(!files || !strings.Contains(w.Path+".", ".run.envVariables.")) // one on the mapping names several keys
	})
}

// inert reports whether w changes nothing the platform does: build.deploy,
// the deprecated name of deployFiles, which it still reads.
func inert(w platform.Issue) bool { return strings.HasSuffix(w.Path, ".build.deploy") }

// setsAddress reports whether w, a warning, may be why the app listens
// where d, a bind or port diagnosis, found it (the log shows the address):
// one on run.ports or run.start, or on a run variable d names (HOST, PORT).
func setsAddress(w platform.Issue, d diagnose.Diagnosis) bool {
	if strings.HasSuffix(w.Path, ".run.start") || strings.Contains(w.Path, ".run.ports") {
		return true
	}
	_, key, ok := strings.Cut(w.Path, ".run.envVariables.")
	if !ok || key == "" {
		return false
	}
	named, err := regexp.MatchString(`\b`+regexp.QuoteMeta(key)+`\b`, d.Cause+" "+d.Fix)
	return err == nil && named
}

// unsudoUnproven reports whether w is an install without sudo (a maybe:
// official recipes install so) and the failure is diagnosed as another
// cause than a prepare command, its evidence no permission line, or is the
// deployed app's (build false: every prepare command passed, or the
// version would have failed there): the install is not why it failed.
func unsudoUnproven(w platform.Issue, diags []diagnose.Diagnosis, build bool) bool {
	if !strings.Contains(w.Problem, " without sudo: ") {
		return false
	}
	if !build && strings.Contains(w.Path, "prepareCommands") {
		return true
	}
	if len(diags) == 0 || diags[0].Signal == "prepare-command-failed" {
		return false
	}
	return !strings.Contains(diags[0].Evidence, "Permission denied") && !strings.Contains(diags[0].Evidence, "are you root")
}

// warnedNext leads next, the step for a failed build or app, with the
// zerops.yml's warnings, which may be the cause; next alone without them.
func warnedNext(warnings []platform.Issue, next string) string {
	if w := warningsFirst(warnings, "zerops_deploy", "if it still fails: "+strings.TrimPrefix(next, "Next: ")); w != "" {
		return w
	}
	return next
}

// followBuild adapts the watcher's build subscription to the deploy
// package. When ctx ends with the wait budget the subscription is parked
// for zerops_deploy follow=<appVersionId>, which reads on from it; the
// channel closes once the lease is parked or ended.
func (s *Server) followBuild(ctx context.Context, serviceID string, since time.Time, appVersionID string) (<-chan deploy.BuildObservation, error) {
	l, err := s.buildLease(ctx, serviceID, since, appVersionID)
	if err != nil {
		return nil, err
	}
	out := make(chan deploy.BuildObservation)
	go func() {
		defer close(out)
		id := appVersionID
		stop := func() {
			if deploy.BudgetEnded(ctx) {
				s.leases.builds.park(id, l)
				return
			}
			l.end()
		}
		for {
			u, ok, ended := l.next(ctx)
			switch {
			case ended:
				stop()
				return
			case !ok:
				l.end()
				return
			}
			if u.AppVersion.ID != "" {
				id = u.AppVersion.ID
			}
			select {
			case out <- deploy.BuildObservation{AppVersion: u.AppVersion, Elapsed: u.Elapsed, Final: u.Final, Err: u.Err}:
			case <-ctx.Done():
				l.pending = &u
				stop()
				return
			}
			if u.Final {
				l.end()
				return
			}
		}
	}()
	return out, nil
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}
