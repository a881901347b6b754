package deploy

import (
	"cmp"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

// ModeRollback is a redeploy of an earlier app version (Outcome.Mode).
const ModeRollback = "rollback"

// ModeFollow is a continued wait for a deploy's build (Outcome.Mode).
const ModeFollow = "follow"

// RollbackParams name the service to roll back and, optionally, the app
// version to go back to (default: the one live before the current one).
type RollbackParams struct {
	TargetService   string
	TargetServiceID string
	AppVersionID    string
}

// Rollback redeploys an earlier, successfully built app version of a
// runtime service in the target's queue turn; when env.Await is set it
// waits for the redeploy and gives the same verdict as a deploy.
func Rollback(ctx context.Context, env Env, p RollbackParams) (*Outcome, error) {
	started := time.Now()
	svc, err := rollbackTarget(ctx, env, p)
	if err != nil {
		return nil, err
	}
	versions, err := env.Client.SearchAppVersions(ctx, platform.AppVersionFilter{ProjectID: env.ProjectID, ServiceID: svc.ID})
	if err != nil {
		return nil, err
	}
	v, err := pickVersion(versions, p.AppVersionID, svc.Name, env.seenNotAnswering)
	if err != nil {
		return nil, err
	}
	if p.AppVersionID == "" {
		if err := pastHealthy(env, svc, versions, v); err != nil {
			return nil, err
		}
	}
	fromBroken := slices.ContainsFunc(versions, func(a platform.AppVersion) bool {
		return a.Status == platform.AppVersionActive && env.seenNotAnswering(a.ID)
	})
	last := lastPush(versions, v.ID, env.seenNotAnswering)
	notes := initRolledBack(env, versions, v)
	if n := ops.RollbackVarsNote(ctx, env.project(), svc.ID, svc.Name, v.Sequence, v.Created); n != "" {
		notes = append(notes, n)
	}
	var proc *platform.Process
	job := func(ctx context.Context) error {
		proc, err = env.Client.DeployAppVersion(ctx, v.ID)
		return err
	}
	if err = env.inQueue(ctx, svc.ID, job); err != nil {
		return nil, err
	}
	env.Memory.NoteDeploy(env.ProjectID, svc.ID, started)
	pushedEnv, pushedCode := env.Memory.VersionPushed(env.ProjectID, v.ID) // nil: a version ZCP did not push
	env.Memory.NoteDeployedEnv(env.ProjectID, svc.ID, pushedEnv)
	env.Memory.NoteDeployedCode(env.ProjectID, svc.ID, pushedCode)
	out := &Outcome{Mode: ModeRollback, TargetService: svc.Name, TargetServiceID: svc.ID, Output: []string{}, FromBroken: fromBroken, LastPush: last,
		DurationMS: time.Since(started).Milliseconds(), Build: &BuildOutcome{AppVersionID: v.ID, Status: v.Status}, Notes: notes}
	what := fmt.Sprintf("version #%d (%s)", v.Sequence, v.ID)
	if env.Await == nil || proc == nil {
		out.Status = StatusPushed
		out.Message = fmt.Sprintf("Redeploying %s of %s; process %s runs on the platform.", what, svc.Name, procID(proc)) + deployFailedNote(v)
		return out, nil
	}
	if env.Progress != nil {
		env.Progress(fmt.Sprintf("Rolling back %s to %s", svc.Name, what))
	}
	end, finished := env.Await(ctx, *proc)
	switch {
	case !finished:
		out.Status = StatusBuilding
		out.Build.Note = "stopped waiting; the redeploy keeps running (zerops_process id=" + end.ID + ")"
		out.Message = fmt.Sprintf("Redeploying %s of %s; it has not finished.", what, svc.Name) + deployFailedNote(v)
		return out, nil
	case end.Status != platform.ProcessFinished:
		return nil, deletedDuring(ctx, env, svc.ID, svc.Name, v.ID, v.Status, platform.NewError(platform.ErrDeployFailed,
			fmt.Sprintf("the redeploy of %s of %s ended %s%s", what, svc.Name, end.Status, failReason(end)),
			"The version deployed before stays ACTIVE; zerops_events serviceHostname="+svc.Name+" shows why."))
	}
	out.Status, out.Build.Status = string(platform.AppVersionActive), platform.AppVersionActive
	if env.Progress != nil {
		env.Progress(fmt.Sprintf("Rolling back %s: deployed; checking that it answers HTTP", svc.Name))
	}
	out.Verdict, out.Check = checkLive(ctx, env, svc.ID, svc.Name, v.ID, started)
	env.noteVerdict(v.ID, out.Verdict)
	if out.Verdict == platform.VerdictLive || out.Verdict == platform.VerdictDegraded {
		env.Memory.NoteRolledBack(env.ProjectID, svc.ID, v.ID)
	}
	if out.Verdict == platform.VerdictTargetDeleted {
		return nil, deletedDuring(ctx, env, svc.ID, svc.Name, v.ID, out.Build.Status, nil)
	}
	out.Message = "Rolled back to " + what + ": " + verdictMessage(svc.Name, out.Verdict, out.Check)
	return out, nil
}

// pastHealthy refuses a default rollback of svc to v that would leave the
// live version an earlier rollback went to and saw answer: going back past
// a healthy version is a choice to make by its id, not a repeat of the
// rollback. nil when the live version is another.
func pastHealthy(env Env, svc *platform.ServiceStack, versions []platform.AppVersion, v platform.AppVersion) error {
	i := slices.IndexFunc(versions, func(a platform.AppVersion) bool { return a.Status == platform.AppVersionActive })
	if i < 0 {
		return nil
	}
	live := versions[i]
	if live.ID == v.ID || live.ID != env.Memory.RolledBackTo(env.ProjectID, svc.ID) || env.seenNotAnswering(live.ID) {
		return nil
	}
	return platform.NewError(platform.ErrInvalidParameter,
		fmt.Sprintf("%s runs #%d (%s), which an earlier rollback went back to and which answered; a rollback now would leave it for #%d (%s), older",
			svc.Name, live.Sequence, live.ID, v.Sequence, v.ID),
		fmt.Sprintf("Keep %s: fix the change that failed in your zerops.yml or code, then zerops_deploy again. Only to go back to #%d anyway: zerops_deploy rollback=true targetService=%s appVersionId=%s.",
			live.ID, v.Sequence, svc.Name, v.ID))
}

// initRolledBack says, for each version newer than v that was deployed
// (ACTIVE now, or BACKUP: once ACTIVE) and that ZCP pushed with
// run.initCommands, that the rollback to v does not undo what they did:
// a migration they ran stays in the database that v's code meets.
func initRolledBack(env Env, versions []platform.AppVersion, v platform.AppVersion) []string {
	var before []string // what v ran itself: a zsc execOnce key it shares ran then, once
	if _, code := env.Memory.VersionPushed(env.ProjectID, v.ID); code != nil {
		before = code.Init
	}
	var out []string
	for _, a := range versions {
		if a.Sequence <= v.Sequence || a.Failed() || a.Status != platform.AppVersionActive && a.Status != platform.AppVersionBackup {
			continue
		}
		_, code := env.Memory.VersionPushed(env.ProjectID, a.ID)
		if code == nil {
			continue
		}
		ran := slices.DeleteFunc(slices.Clone(code.Init), func(c string) bool { return onceBefore(c, before) })
		if len(ran) == 0 {
			continue
		}
		cmds := make([]string, 0, min(len(ran), 3))
		for _, c := range ran[:min(len(ran), 3)] {
			cmds = append(cmds, "`"+platform.Clip(c, 120)+"`")
		}
		more := ""
		if len(ran) > 3 {
			more = fmt.Sprintf(" and %d more", len(ran)-3)
		}
		out = append(out, fmt.Sprintf("version #%d ran run.initCommands at its start (%s%s): the rollback to #%d puts back its code, not what they changed. "+
			"A database migration among them stays applied; if #%d's code cannot work with it, undo it in the database (a down migration, or a backup taken before #%d).",
			a.Sequence, strings.Join(cmds, ", "), more, v.Sequence, v.Sequence, a.Sequence))
	}
	return out
}

// execOnceKey is the key of a `zsc execOnce KEY …` command.
var execOnceKey = regexp.MustCompile(`^\s*zsc\s+execOnce\s+(\S+)`)

// onceBefore reports whether cmd, an init command of a later version, did
// not run for it: a `zsc execOnce` whose key is fixed (no appVersionId in
// it) and that the earlier version's init commands (before) hold as well
// ran once, for that version or one before it.
func onceBefore(cmd string, before []string) bool {
	m := execOnceKey.FindStringSubmatch(cmd)
	return m != nil && !strings.Contains(m[1], "appVersionId") && slices.Contains(before, cmd)
}

func rollbackTarget(ctx context.Context, env Env, p RollbackParams) (*platform.ServiceStack, error) {
	var svc *platform.ServiceStack
	var err error
	switch {
	case p.TargetService != "" && p.TargetServiceID != "":
		return nil, invalidParam("pass targetService or targetServiceId, not both", "targetService is a hostname; targetServiceId an id.")
	case p.TargetService != "":
		svc, err = ops.ResolveService(ctx, env.project(), p.TargetService)
	case p.TargetServiceID != "":
		svc, err = env.Client.GetService(ctx, p.TargetServiceID)
	default:
		return nil, invalidParam("a rollback needs its target", "Pass targetService (the runtime's hostname) with rollback: true.")
	}
	if err != nil {
		return nil, err
	}
	if svc.Type.Category != "" && svc.Type.Category != platform.CategoryUser {
		// Not a deploy target, and what a rollback of it means is its
		// data as it was: that is a backup, not code.
		return nil, invalidParam(fmt.Sprintf("%s is a managed service (%s): it has no deployed versions to roll back", svc.Name, cmp.Or(svc.Type.VersionName, svc.Type.Name)),
			fmt.Sprintf("Its data as it was comes from a backup: zerops_manage action=backups serviceHostname=%s lists them and says how to restore one. A rollback goes back to an earlier deploy of a runtime service (rollback: true with its hostname). Nothing was changed.", svc.Name))
	}
	return svc, nil
}

// pickVersion is the version a rollback deploys: id when given, else the
// one live before the current. Each BACKUP version was ACTIVE and left it
// when another went live, which updated it: the one updated last is the one
// the current version replaced. (After a rollback the highest sequence is
// not it: a redeploy makes an older version ACTIVE again.) Only a version
// whose build finished can be deployed, and never by default one whose
// build failed or was cancelled, nor one this process saw not answer after
// its deploy (notAnswering, the project's memory): the next before it is taken instead.
func pickVersion(versions []platform.AppVersion, id, label string, notAnswering func(id string) bool) (platform.AppVersion, error) {
	var cands []platform.AppVersion
	for _, v := range versions {
		if v.Status == platform.AppVersionBackup && !v.Failed() && !v.Cancelled() {
			cands = append(cands, v)
		}
	}
	slices.SortStableFunc(cands, func(a, b platform.AppVersion) int {
		return cmp.Or(b.LastUpdate.Compare(a.LastUpdate), cmp.Compare(b.Sequence, a.Sequence))
	})
	backups := make([]string, 0, len(cands))
	var broken []string
	for _, v := range cands {
		what := fmt.Sprintf("%s (#%d)", v.ID, v.Sequence)
		if notAnswering(v.ID) {
			broken = append(broken, what)
			what += " (did not answer after its deploy)"
		}
		backups = append(backups, what)
	}
	choices := "Deployable earlier versions: " + cmp.Or(strings.Join(backups, ", "), "none") + "."
	if id == "" {
		if err := neverWentLive(versions, cands, label, notAnswering); err != nil {
			return platform.AppVersion{}, err
		}
		for _, v := range cands {
			if !notAnswering(v.ID) {
				return v, nil
			}
		}
		if len(versions) == 0 { // nothing failed: nothing was deployed
			return platform.AppVersion{}, platform.NewError(platform.ErrNotFound, "no version of "+label+" to go back to: no code has been deployed to it yet",
				"A rollback needs an earlier deploy; deploy to it with zerops_deploy targetService="+label+".")
		}
		if len(cands) == 0 {
			if i := slices.IndexFunc(versions, func(v platform.AppVersion) bool { return v.Status == platform.AppVersionActive }); i >= 0 && !notAnswering(versions[i].ID) {
				// Its only deployed version runs, not seen failing: no fix is due.
				return platform.AppVersion{}, platform.NewError(platform.ErrNotFound,
					fmt.Sprintf("no earlier version of %s to go back to: %s runs %s (#%d), the only version deployed to it", label, label, versions[i].ID, versions[i].Sequence),
					"Nothing to roll back: keep "+versions[i].ID+". zerops_verify serviceHostname="+label+" tells whether it answers; only if it does not, fix the cause in zerops.yml or the code and zerops_deploy again.")
			}
			return platform.AppVersion{}, platform.NewError(platform.ErrNotFound, "no earlier version of "+label+" to go back to: none built and deployed before the current one",
				"Fix the code and zerops_deploy again; zerops_events serviceHostname="+label+" lists its versions.")
		}
		// The live version not seen failing is where an earlier rollback
		// went back to: repeating it has nowhere better to go.
		if i := slices.IndexFunc(versions, func(v platform.AppVersion) bool { return v.Status == platform.AppVersionActive }); i >= 0 && !notAnswering(versions[i].ID) {
			return platform.AppVersion{}, platform.NewError(platform.ErrNotFound,
				fmt.Sprintf("no earlier version of %s known to work to go back to: %s already runs %s (#%d), not seen failing, and the other versions did not answer after their deploy: %s",
					label, label, versions[i].ID, versions[i].Sequence, strings.Join(broken, ", ")),
				"Nothing to roll back: keep "+versions[i].ID+". Fix the change that failed in your zerops.yml or code, then zerops_deploy again.")
		}
		return platform.AppVersion{}, platform.NewError(platform.ErrNotFound,
			"no earlier version of "+label+" known to work to go back to: each did not answer after its deploy: "+strings.Join(broken, ", "),
			"Fix the code and zerops_deploy again; or, to redeploy one anyway (the newest is "+cands[0].ID+"), zerops_deploy rollback=true targetService="+label+" appVersionId="+cands[0].ID+".")
	}
	for _, v := range versions {
		if v.ID != id {
			continue
		}
		switch {
		case v.Status == platform.AppVersionActive:
			return v, invalidParam(fmt.Sprintf("app version %s (#%d) is already the live one", id, v.Sequence), choices)
		case v.Status == platform.AppVersionDeployFailed:
			// Its build finished: whether the platform deploys it again is
			// its call (Rollback warns).
			return v, nil
		case v.Failed():
			return v, invalidParam(fmt.Sprintf("app version %s (#%d) ended %s: a version whose build failed has nothing to deploy", id, v.Sequence, v.Status), choices)
		case v.Status != platform.AppVersionBackup:
			return v, invalidParam(fmt.Sprintf("app version %s (#%d) is %s, not a finished build", id, v.Sequence, v.Status), choices)
		}
		return v, nil
	}
	return platform.AppVersion{}, invalidParam(fmt.Sprintf("%s has no app version %q", label, platform.Clip(id, 40)), choices)
}

// deployFailedNote is what a redeploy of a version that ended
// DEPLOY_FAILED adds to its answer while it has not ended ("" for another
// version; once it ends, its own outcome says how it went): it never ran,
// and deploying it again may fail the same way. Not a warning: the
// answer's warnings are zerops.yml's, each with a fix to deploy again.
func deployFailedNote(v platform.AppVersion) string {
	if v.Status != platform.AppVersionDeployFailed {
		return ""
	}
	return fmt.Sprintf(" Version #%d ended %s before: its build passed but its deploy failed, so it never ran, and it may fail the same way (it holds the same code and zerops.yml; whether what it needed outside them, a variable or a service, has changed since is not checked); if it does, fix the cause zerops_events shows and zerops_deploy a new version.", v.Sequence, v.Status)
}

// neverWentLive refuses a default rollback whose service's latest deploy
// failed (or was cancelled) before it went live: the version that runs is
// still the one from before that deploy, so going back would replace a
// version not seen failing with an older one. A live version seen not
// answering, or a failure older than the live version, is no reason to
// refuse. cands are the deployable earlier versions, newest first; the one
// named to go back further anyway is the newest not seen not answering.
func neverWentLive(versions, cands []platform.AppVersion, label string, notAnswering func(id string) bool) error {
	i := slices.IndexFunc(versions, func(v platform.AppVersion) bool { return v.Status == platform.AppVersionActive })
	if i < 0 || notAnswering(versions[i].ID) {
		return nil
	}
	live := versions[i]
	var last *platform.AppVersion
	for j, v := range versions {
		if v.Created.After(live.LastUpdate) && (last == nil || v.Created.After(last.Created)) {
			last = &versions[j]
		}
	}
	if last == nil || (!last.Failed() && !last.Cancelled()) {
		return nil
	}
	how := "ended " + string(last.Status)
	if last.Cancelled() {
		how = "was cancelled"
	}
	further := ""
	// A version seen not answering is where an earlier rollback came from:
	// offering it would lead back into that failure.
	if j := slices.IndexFunc(cands, func(v platform.AppVersion) bool { return !notAnswering(v.ID) }); j >= 0 {
		further = " Only to go back further anyway: zerops_deploy rollback=true targetService=" + label + " appVersionId=" + cands[j].ID + "."
	}
	return platform.NewError(platform.ErrNotFound,
		fmt.Sprintf("nothing to roll back on %s: its latest deploy, #%d (%s), %s and never went live; %s still runs #%d (%s), the version it ran before that deploy",
			label, last.Sequence, last.ID, how, label, live.Sequence, live.ID),
		"Keep "+live.ID+": fix what failed in your zerops.yml or code, then zerops_deploy again."+further)
}

func procID(p *platform.Process) string {
	if p == nil {
		return "(none)"
	}
	return p.ID
}

func failReason(p platform.Process) string {
	if p.FailReason == nil || *p.FailReason == "" {
		return ""
	}
	return ": " + platform.Clip(*p.FailReason, 200)
}

// lastPush is the newest of versions (the last push: what the same
// working files make again) as a rollback to target finds it; nil when
// there are none.
func lastPush(versions []platform.AppVersion, target string, notAnswering func(id string) bool) *LastPush {
	var newest *platform.AppVersion
	for i := range versions {
		if newest == nil || versions[i].Sequence > newest.Sequence {
			newest = &versions[i]
		}
	}
	if newest == nil {
		return nil
	}
	return &LastPush{Sequence: newest.Sequence, Failed: newest.Failed() || notAnswering(newest.ID),
		Target: newest.ID == target, From: newest.Status == platform.AppVersionActive}
}
