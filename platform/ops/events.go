package ops

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
)

// EventKind is what an Event records (the Event* values).
type EventKind string

// Event kinds.
const (
	EventProcess EventKind = "process" // a platform process
	EventBuild   EventKind = "build"   // a build (app version)
)

// Event is one entry of the project's activity timeline: a platform process
// or a build (app version).
type Event struct {
	Time       time.Time `json:"time"`
	Kind       EventKind `json:"kind"`
	ID         string    `json:"id"`
	Action     string    `json:"action,omitempty"`
	Status     string    `json:"status"`
	Service    string    `json:"serviceHostname,omitempty"`
	ServiceID  string    `json:"serviceId,omitempty"`
	FailReason string    `json:"failReason,omitempty"`
	Source     string    `json:"source,omitempty"`
	// Version is a build's number among its service's app versions (the
	// "#2" deploy and rollback answers speak of); 0 for a process.
	Version int `json:"version,omitempty"`
	// Diagnosis is, for the newest failed build of a service, what its log shows.
	Diagnosis *diagnose.Diagnosis `json:"diagnosis,omitempty"`
}

// EventsResult is the merged timeline, newest first.
type EventsResult struct {
	Events []Event `json:"events"`
	Count  int     `json:"count"`
	// More says that the window since asked for holds more events than
	// shown, and how to see them.
	More string `json:"more,omitempty"`
}

// Events merges the project's processes and builds, newest first, optionally
// only those of the service named hostname. limit 0 means 50 (max 200).
func Events(ctx context.Context, proj Project, hostname string, limit int) (*EventsResult, error) {
	return EventsSince(ctx, proj, hostname, limit, time.Time{})
}

// EventsSince is Events without the events before since (zero: all).
func EventsSince(ctx context.Context, proj Project, hostname string, limit int, since time.Time) (*EventsResult, error) {
	c, projectID := proj.Client, proj.ID
	if limit < 0 || limit > 200 {
		return nil, invalidParam(fmt.Sprintf("limit %d is outside 1–200", limit), "Pass a limit between 1 and 200 (default 50).")
	}
	if limit == 0 {
		limit = 50
	}
	services, err := listServices(ctx, proj)
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, s := range services {
		names[s.ID] = s.Name
	}
	serviceID := ""
	if hostname != "" {
		svc, err := findService(services, hostname)
		if err != nil {
			return nil, err
		}
		serviceID = svc.ID
	}
	procs, err := c.SearchProcesses(ctx, platform.ProcessFilter{ProjectID: projectID, ServiceID: serviceID, Limit: limit})
	if err != nil {
		return nil, asPlatformError(err, "searching processes")
	}
	procs = recentProcesses(ctx, proj, procs)
	versions, err := c.SearchAppVersions(ctx, platform.AppVersionFilter{ProjectID: projectID, ServiceID: serviceID, Limit: limit})
	// A push ZCP made a moment ago has started a build the search may not
	// list yet: search again briefly rather than show a timeline without it.
	for err == nil && ownBuildMissing(proj, serviceID, versions) && pause(ctx) {
		versions, err = c.SearchAppVersions(ctx, platform.AppVersionFilter{ProjectID: projectID, ServiceID: serviceID, Limit: limit})
	}
	if err != nil {
		return nil, asPlatformError(err, "searching builds")
	}
	events := make([]Event, 0, len(procs)+len(versions))
	for _, p := range procs {
		if p.ActionName.Internal() {
			continue // the platform's own bookkeeping, not the user's activity
		}
		sid := p.ServiceStackID
		if sid == "" && len(p.ServiceStacks) > 0 {
			sid = p.ServiceStacks[0].ID
		}
		if serviceID != "" && sid != serviceID && !refersTo(p, serviceID) {
			continue
		}
		e := Event{Time: p.Created, Kind: EventProcess, ID: p.ID, Action: string(p.ActionName), Status: string(p.Status), ServiceID: sid, Service: names[sid]}
		if e.Service == "" && len(p.ServiceStacks) > 0 {
			e.Service = p.ServiceStacks[0].Name
		}
		if p.FailReason != nil {
			e.FailReason = *p.FailReason
		}
		events = append(events, e)
	}
	for _, v := range versions {
		if serviceID != "" && v.ServiceStackID != serviceID {
			continue
		}
		// A build is dated by its start: its last change moves whenever a
		// newer version replaces it (walk 85: two builds read one time).
		// A redeploy is dated by its activation, which is that change.
		t, action := v.Created, "build"
		if redeployed(v, versions) {
			t, action = v.LastUpdate, "redeploy" // walk 82: a rollback listed as a build, which it runs none of
		}
		events = append(events, Event{Time: t, Kind: EventBuild, ID: v.ID, Action: action, Status: string(v.Status),
			ServiceID: v.ServiceStackID, Service: names[v.ServiceStackID], Source: v.Source, Version: v.Sequence})
	}
	sort.SliceStable(events, func(i, j int) bool { return events[i].Time.After(events[j].Time) })
	return window(events, procs, versions, limit, since), nil
}

// redeployed reports whether v, ACTIVE, went live again after a newer
// version of its service was made: a rollback's redeploy of a build made
// before (its last change, the activation, follows the newer one's start).
func redeployed(v platform.AppVersion, versions []platform.AppVersion) bool {
	if v.Status != platform.AppVersionActive {
		return false
	}
	return slices.ContainsFunc(versions, func(o platform.AppVersion) bool {
		return o.ServiceStackID == v.ServiceStackID && o.Created.After(v.Created) && v.LastUpdate.After(o.Created)
	})
}

// window is events (newest first) without those before since (zero: all),
// at most limit, saying in More when the window since holds more than
// shown: more than limit of them, or a search (procs, versions) that
// filled its limit without reaching back to since.
func window(events []Event, procs []platform.Process, versions []platform.AppVersion, limit int, since time.Time) *EventsResult {
	if !since.IsZero() {
		if i := slices.IndexFunc(events, func(e Event) bool { return e.Time.Before(since) }); i >= 0 {
			events = events[:i] // newest first: the rest are older still
		}
	}
	reaches := func(n int, oldest time.Time) bool { return n < limit || oldest.Before(since) }
	oldestProc, oldestVersion := time.Now(), time.Now()
	for _, p := range procs {
		oldestProc = minTime(oldestProc, p.Created)
	}
	for _, v := range versions {
		oldestVersion = minTime(oldestVersion, v.Created)
	}
	cut := len(events) > limit || !reaches(len(procs), oldestProc) || !reaches(len(versions), oldestVersion)
	if len(events) > limit {
		events = events[:limit]
	}
	out := &EventsResult{Events: events, Count: len(events)}
	if !since.IsZero() && cut && len(events) > 0 {
		out.More = fmt.Sprintf("only the %d newest events since %s are shown (back to %s); older ones in the window are left out: ",
			len(events), since.UTC().Format(time.RFC3339), events[len(events)-1].Time.UTC().Format(time.RFC3339))
		if limit < 200 {
			out.More += "pass limit up to 200"
		} else {
			out.More += "narrow since, or pass serviceHostname"
		}
	}
	return out
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// ownBuildMissing reports whether a push ZCP made within the settle window
// (to serviceID, or to any service when it is "") has no app version in
// versions yet.
func ownBuildMissing(proj Project, serviceID string, versions []platform.AppVersion) bool {
	for svc, started := range proj.Memory.pushedJustNow(proj.ID) {
		if serviceID != "" && svc != serviceID {
			continue
		}
		found := false
		for _, v := range versions {
			if v.ServiceStackID == svc && !v.Created.Before(started.Add(-BuildSinceSlack)) {
				found = true
				break
			}
		}
		if !found {
			return true
		}
	}
	return false
}

// pause waits retryEvery; false when ctx ended first.
func pause(ctx context.Context) bool {
	t := time.NewTimer(retryEvery)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

func refersTo(p platform.Process, serviceID string) bool {
	for _, s := range p.ServiceStacks {
		if s.ID == serviceID {
			return true
		}
	}
	return false
}

// BuildSinceSlack widens a build search window before a push started (by
// this container's clock), used only when no better baseline is known.
const BuildSinceSlack = 2 * time.Second
