package deploy

import (
	"context"
	"fmt"

	"github.com/zeropsio/zcp/platform"
)

// CancelledError is a build cancelled before it deployed: the
// BUILD_CANCELLED PlatformError with the app version and, when one was
// pushed after it, the newer version (the likely reason).
type CancelledError struct {
	*platform.PlatformError
	AppVersionID string
	Status       platform.AppVersionStatus
	Newer        *platform.AppVersion
}

func (e *CancelledError) Unwrap() error { return e.PlatformError }

// buildCancelled is the error for the push's version v, cancelled: no build
// error to look for, and a next step that ends, following the newer version
// when one was pushed after it, else deploying again.
func buildCancelled(ctx context.Context, env Env, v platform.AppVersion, label string) error {
	newer := newerVersion(ctx, env.Client, v)
	ce := &CancelledError{AppVersionID: v.ID, Status: v.Status, Newer: newer}
	running := ""
	if runsEarlier(ctx, env.Client, v) {
		running = "; the version deployed before it stays ACTIVE"
	}
	if newer != nil {
		ce.PlatformError = platform.NewError(platform.ErrBuildCancelled,
			fmt.Sprintf("the build of %s was cancelled before it deployed (app version %s CANCELLED): app version %s (#%d, %s) was pushed to %s after it%s",
				label, v.ID, newer.ID, newer.Sequence, newer.Status, label, running),
			"Nothing failed: the newer version is the one that deploys. Follow it with zerops_events serviceHostname="+label+
				"; once it is ACTIVE, zerops_verify serviceHostname="+label+" tells whether it is live.")
		return ce
	}
	ce.PlatformError = platform.NewError(platform.ErrBuildCancelled,
		fmt.Sprintf("the build of %s was cancelled before it deployed (app version %s CANCELLED): nothing failed, and this push's code does not run%s",
			label, v.ID, running),
		"A cancel stopped it (zerops_process action=cancel or the Zerops UI), not an error. To deploy this code, zerops_deploy again with the same arguments.")
	return ce
}

// newerVersion is the newest version of v's service pushed after v and not
// cancelled itself; nil when there is none (or the search fails).
func newerVersion(ctx context.Context, c platform.Client, v platform.AppVersion) *platform.AppVersion {
	if c == nil {
		return nil
	}
	versions, err := c.SearchAppVersions(platform.FreshRead(ctx), platform.AppVersionFilter{ServiceID: v.ServiceStackID, Limit: 5})
	if err != nil {
		return nil
	}
	for i, o := range versions {
		if o.ID != v.ID && !o.Cancelled() && (o.Sequence > v.Sequence || o.Created.After(v.Created)) {
			return &versions[i]
		}
	}
	return nil
}
