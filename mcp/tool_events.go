package mcp

import (
	"cmp"
	"context"
	"slices"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
	"github.com/zeropsio/zcp/platform/ops"
)

type eventsInput struct {
	ServiceHostname string `json:"serviceHostname,omitempty" jsonschema:"only this service"`
	Limit           Int    `json:"limit,omitzero" jsonschema:"default 50, max 200"`
	Since           string `json:"since,omitempty" jsonschema:"e.g. 30m, 2h, 1d or RFC 3339"`
}

type eventsOutput struct {
	ops.EventsResult
	Next string `json:"next"`
}

func (s *Server) eventsTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_events",
		Description: "Project activity, newest first: processes (start, import, scale…) and builds, with status and fail reasons; follows a deploy.",
		Annotations: readOnlyAnn("Activity timeline"),
	}, func(ctx context.Context, _ *sdk.CallToolRequest, in eventsInput) (eventsOutput, error) {
		var since time.Time
		if in.Since != "" {
			t, err := ops.ParseSince(in.Since, time.Now())
			if err != nil {
				return eventsOutput{}, err
			}
			since = t
		}
		res, err := ops.EventsSince(ctx, s.opsProject(), in.ServiceHostname, in.Limit.V, since)
		if err != nil {
			return eventsOutput{}, err
		}
		ops.DiagnoseFailedBuilds(ctx, s.opsProject(), s.deps.Logs, res)
		next := eventsNext(res.Events, in.ServiceHostname)
		for i, e := range res.Events { // the fix once: in next
			if e.Diagnosis != nil {
				d := diagnose.WithoutStated([]diagnose.Diagnosis{*e.Diagnosis}, next)[0]
				res.Events[i].Diagnosis = &d
			}
		}
		return eventsOutput{*res, next}, nil
	})
}

// eventsNext is the next step from the timeline's state, judged on each
// service's newest build and newest process of each action (older ones are
// history): a failure leads with its diagnosis or log, work under way is
// waited for. A timeline with neither cannot tell a crashing or unreachable
// app (the platform records no such event), so it points at zerops_verify.
func eventsNext(events []ops.Event, hostname string) string {
	seen := map[string]bool{}
	var failed, running []ops.Event
	olderFailed := false       // a failure a newer event of its kind came after
	for _, e := range events { // newest first
		key := string(e.Kind) + "|" + e.ServiceID
		if e.Kind == ops.EventProcess {
			key += "|" + e.Action
		}
		if seen[key] {
			olderFailed = olderFailed || eventFailed(e)
			continue
		}
		seen[key] = true
		switch {
		case eventFailed(e):
			failed = append(failed, e)
		case eventRunning(e):
			running = append(running, e)
		}
	}
	if len(failed) > 0 {
		e := failed[0]
		for _, f := range failed[1:] { // a failed process's own build, dated alike, carries the diagnosis
			if e.Kind == ops.EventProcess && f.Kind == ops.EventBuild && f.ServiceID == e.ServiceID {
				e = f
				break
			}
		}
		switch {
		case e.Diagnosis != nil:
			return diagnosisNext(*e.Diagnosis)
		case e.Kind == ops.EventBuild:
			return "Next: " + eventWho(e) + "'s build " + e.ID + " is " + e.Status + ": read zerops_logs serviceHostname=" + e.Service +
				" buildId=" + e.ID + ", fix the cause, then zerops_deploy again."
		default:
			return "Next: " + e.Action + " of " + eventWho(e) + " failed (its failReason says why): fix the cause and run it again."
		}
	}
	if len(running) > 0 {
		e := running[0]
		if b := slices.IndexFunc(running, func(r ops.Event) bool {
			return r.Kind == ops.EventBuild && r.Status != string(platform.AppVersionUploading)
		}); b >= 0 &&
			e.Kind != ops.EventBuild && (e.Action == string(platform.ActionBuild) || e.Action == string(platform.ActionDeploy)) {
			e = running[b] // a deploy's process: its build is what is waited for (walk 75b: the process, here; zerops_deploy follow, there)
		}
		if e.Kind == ops.EventBuild && e.Status == string(platform.AppVersionUploading) {
			return "Next: " + eventWho(e) + "'s upload " + e.ID + " is not built yet: a push under way, or one that failed (it builds nothing and has no log). " +
				stepText(ops.UploadNext(e.Service))
		}
		if e.Kind == ops.EventBuild {
			return "Next: " + eventWho(e) + " is " + e.Status + ": zerops_deploy follow=" + e.ID + " waits for it and tells whether " + eventWho(e) +
				" is live, or the cause and the fix (its output so far: zerops_logs serviceHostname=" + e.Service + " buildId=" + e.ID + ")."
		}
		return "Next: " + e.Action + " of " + eventWho(e) + " is " + e.Status + ": wait for it with zerops_process processId=" + e.ID + "."
	}
	state := "no build or process is running or failed"
	if olderFailed {
		state = "nothing is running, and the failures listed are older than the newest build and processes, which ended well"
	}
	return "Next: " + state + "; an app that crashes or listens elsewhere shows no event here: zerops_verify" +
		verifyArg(hostname) + " checks that it answers (with the diagnosis if not)." + envChangeLast(events)
}

// envChangeLast names, when the newest change the timeline shows is of
// variables (no build since), that change as the one to read first (walk
// 80: asked what changed since errors began, the answer pointed at verify
// past the variable change made just before them); "" otherwise.
func envChangeLast(events []ops.Event) string {
	for _, e := range events { // newest first
		switch {
		case e.Kind == ops.EventBuild:
			return ""
		case e.Kind != ops.EventProcess:
		case e.Action == string(platform.ActionUpdateUserData) && e.Service != "":
			return " The newest change is of " + e.Service + "'s variables (" + e.Action + " at " + e.Time.UTC().Format(time.RFC3339) +
				"), after its latest build: if it misbehaves since then, read them first: zerops_env action=get serviceHostname=" + e.Service + "."
		case e.Action == string(platform.ActionUpdateProjectEnvs):
			return " The newest change is of the project's variables (" + e.Action + " at " + e.Time.UTC().Format(time.RFC3339) +
				"), after the latest build: if an app misbehaves since then, read them first: zerops_env action=get project=true."
		}
	}
	return ""
}

func eventWho(e ops.Event) string { return cmp.Or(e.Service, "the project") }

// eventFailed reports whether a build or process ended in failure.
func eventFailed(e ops.Event) bool {
	switch e.Status {
	case string(platform.ProcessFailed), string(platform.AppVersionBuildFailed), string(platform.AppVersionBuildValidationFailed),
		string(platform.AppVersionPreparingRuntimeFailed), string(platform.AppVersionDeployFailed):
		return true
	}
	return e.Diagnosis != nil
}

// eventRunning reports whether a build or process is still under way.
func eventRunning(e ops.Event) bool {
	if e.Kind == ops.EventBuild {
		v := platform.AppVersion{Status: platform.AppVersionStatus(e.Status), Created: e.Time}
		return !v.Final() && !ops.AbandonedUpload(v, time.Now())
	}
	switch platform.ProcessStatus(e.Status) {
	case platform.ProcessPending, platform.ProcessRunning, platform.ProcessRollbacking, platform.ProcessCanceling:
		return true
	}
	return false
}
