package ops

import (
	"context"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
)

// maxDiagnosedBuilds bounds the build logs one events answer reads.
const maxDiagnosedBuilds = 3

// diagnosedLines is how much of a failed build's log is read: its end.
const diagnosedLines = 200

// DiagnoseFailedBuilds gives the newest build of each service, when it
// failed, the diagnosis its build log shows (at most maxDiagnosedBuilds
// logs are read). A log that cannot be read leaves the event as it was: the
// timeline is still the answer.
func DiagnoseFailedBuilds(ctx context.Context, proj Project, lf platform.LogFetcher, res *EventsResult) {
	if lf == nil || res == nil {
		return
	}
	seen := map[string]bool{}
	read := 0
	for i := range res.Events { // newest first
		e := &res.Events[i]
		if e.Kind != EventBuild || seen[e.ServiceID] {
			continue
		}
		seen[e.ServiceID] = true
		if e.Status != string(platform.AppVersionBuildFailed) || read == maxDiagnosedBuilds {
			continue
		}
		read++
		v, err := findBuild(ctx, proj, e.ID)
		if err != nil {
			continue
		}
		entries, err := BuildLog(ctx, proj, lf, *v, diagnosedLines)
		if err != nil {
			continue
		}
		lines := make([]string, len(entries))
		for j, l := range entries {
			lines[j] = l.Message
		}
		if ds := diagnose.Classify(lines, BuildLogStage(v.Status)); len(ds) > 0 {
			e.Diagnosis = &ds[0]
		}
	}
}
