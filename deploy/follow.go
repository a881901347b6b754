package deploy

import (
	"cmp"
	"context"
	"fmt"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// Follow continues a deploy whose answer came before its verdict (the wait
// budget ended, Outcome.Waiting): it follows app version appVersionID of
// service serviceID ("" when not known: looked up) from where it is, then
// checks the app, and ends in the verdict or the error the uninterrupted
// deploy would have given, within env.Wait again. env.Follow is required:
// without a watcher there is nothing to wait with.
func Follow(ctx context.Context, env Env, appVersionID, serviceID string) (*Outcome, error) {
	if env.Follow == nil {
		return nil, platform.NewError(platform.ErrInvalidUsage, "this ZCP cannot follow builds",
			"Follow the build with zerops_events, then zerops_verify the service.")
	}
	if appVersionID == "" || len(appVersionID) > 64 {
		return nil, invalidParam("follow takes an app version id", "Pass the appVersionId a zerops_deploy answer named (build.appVersionId).")
	}
	since := time.Now()
	if serviceID == "" {
		// The search lists a new version about a second late: an answer's
		// own versions are known by their service (the caller's hint).
		versions, err := env.Client.SearchAppVersions(ctx, platform.AppVersionFilter{ID: appVersionID, ProjectID: env.ProjectID, Limit: 1})
		if err != nil {
			return nil, err
		}
		if len(versions) == 0 || versions[0].ID != appVersionID {
			return nil, platform.NewError(platform.ErrNotFound, fmt.Sprintf("no app version %q in this project", platform.Clip(appVersionID, 40)),
				"Pass the appVersionId a zerops_deploy answer named (build.appVersionId); zerops_events lists the builds.")
		}
		serviceID, since = versions[0].ServiceStackID, versions[0].Created
	}
	label := serviceID
	if svc, err := env.Client.GetService(ctx, serviceID); err == nil {
		label = cmp.Or(svc.Name, label)
	} else if err := deletedDuring(ctx, env, serviceID, label, appVersionID, "unfinished", nil); err != nil {
		return nil, err
	}
	out := &Outcome{Mode: ModeFollow, TargetService: label, TargetServiceID: serviceID, Output: []string{}}
	if err := finishFollow(ctx, env, out, label, since, appVersionID, since); err != nil {
		return nil, err
	}
	return out, nil
}
