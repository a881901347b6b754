package ops

import (
	"context"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// restartedAfter is when the newest finished restart (or start) of the
// service began, if after since: an env change applied by a restart ends the
// failure the log before it shows. False when there is none or the search
// fails.
func restartedAfter(ctx context.Context, proj Project, serviceID string, since time.Time) (time.Time, bool) {
	c, projectID := proj.Client, proj.ID
	procs, err := c.SearchProcesses(ctx, platform.ProcessFilter{ProjectID: projectID, ServiceID: serviceID, Limit: 20})
	if err != nil {
		return time.Time{}, false
	}
	// The search lags: a restart ZCP made a moment ago (an env change's) is
	// read by id.
	procs = recentProcesses(ctx, proj, procs)
	var last time.Time
	for _, p := range procs {
		if (p.ActionName != platform.ActionRestart && p.ActionName != platform.ActionStart) || p.Status != platform.ProcessFinished {
			continue
		}
		at := p.Created
		if p.Started != nil {
			at = *p.Started
		}
		if at.After(since) && at.After(last) && (p.ServiceStackID == serviceID || refersTo(p, serviceID)) {
			last = at
		}
	}
	return last, !last.IsZero()
}
