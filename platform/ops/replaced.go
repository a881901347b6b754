package ops

import (
	"context"
	"fmt"

	"github.com/zeropsio/zcp/platform"
)

// ownVersion is the app version id of service serviceID: from versions
// when listed there, else read by id within the service (nil when the
// platform has no such version).
func ownVersion(ctx context.Context, c platform.Client, serviceID string, versions []platform.AppVersion, id string) (*platform.AppVersion, error) {
	for i := range versions {
		if versions[i].ID == id {
			return &versions[i], nil
		}
	}
	found, err := c.SearchAppVersions(platform.FreshRead(ctx), platform.AppVersionFilter{ID: id, ServiceID: serviceID, Limit: 1})
	if err != nil {
		return nil, asPlatformError(err, "reading app version "+id)
	}
	for i := range found {
		if found[i].ID == id {
			return &found[i], nil
		}
	}
	return nil, nil
}

// judgeReplaced judges a deploy's own version mine that no longer runs: a
// later deploy replaced it before it was checked, and that one's answer,
// not this one's, says whether the app is live.
func judgeReplaced(ctx context.Context, c platform.Client, h *ServiceHealth, svc platform.ServiceStack, mine platform.AppVersion) {
	h.AppVersion = &VersionState{ID: mine.ID, Status: mine.Status, Created: mine.Created}
	h.Verdict = platform.VerdictDegraded
	now := "a later version"
	if versions, err := c.SearchAppVersions(platform.FreshRead(ctx), platform.AppVersionFilter{ServiceID: svc.ID, Limit: 5}); err == nil && len(versions) > 0 {
		live := liveVersion(versions)
		if live.ID != mine.ID {
			h.ReplacedBy = &VersionState{ID: live.ID, Status: live.Status, Created: live.Created}
			now = fmt.Sprintf("app version %s (%s)", live.ID, live.Status)
		}
	}
	if h.ReplacedBy == nil {
		h.ReplacedBy = &VersionState{}
	}
	h.Reason = fmt.Sprintf("this deploy's app version %s is %s: a later deploy replaced it before it was checked; %s runs now",
		mine.ID, mine.Status, now)
	h.Next = platform.Say("the later deploy's answer tells whether "+svc.Name+" is live; ").
		Call("zerops_verify", "serviceHostname="+svc.Name).Say(" checks what runs now.")
}
