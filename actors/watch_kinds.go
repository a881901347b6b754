package actors

import (
	"context"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// The watcher's two kinds. Stating it here also shows the unused linter,
// which does not follow a kind into a generic request's field, that their
// methods are used.
var (
	_ kind[ProcessUpdate] = (*processKind)(nil)
	_ kind[BuildUpdate]   = (*buildKind)(nil)
)

// processKind watches one platform process.
type processKind struct {
	c  platform.Client
	id string
}

func (k *processKind) fetch(ctx context.Context) (any, error) {
	p, err := k.c.GetProcess(ctx, k.id)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, platform.NewError(platform.ErrAPIError, "process "+k.id+": the API answered without a process",
			"Check the process with zerops_process.")
	}
	return *p, nil
}

func (k *processKind) view(snap any, s *sub[ProcessUpdate], now time.Time) (ProcessUpdate, bool, bool) {
	p := snap.(platform.Process)
	final := p.IsTerminal()
	return ProcessUpdate{Process: p, Elapsed: now.Sub(s.start), Final: final}, true, final
}

func (k *processKind) fail(s *sub[ProcessUpdate], now time.Time, err error) ProcessUpdate {
	u := ProcessUpdate{Process: platform.Process{ID: k.id}}
	if s.hasLast {
		u = s.last
	}
	u.Elapsed, u.Final, u.Err = now.Sub(s.start), true, err
	return u
}

func (k *processKind) clientSeesEnd() bool { return true }

func (k *processKind) label(snap any) string {
	p := snap.(platform.Process)
	return p.ActionName + " " + p.Status
}

// buildKind watches the app versions of one service; each subscriber follows
// the newest real build created at or after its own since.
type buildKind struct {
	c         platform.Client
	serviceID string
}

func (k *buildKind) fetch(ctx context.Context) (any, error) {
	return k.c.SearchAppVersions(ctx, platform.AppVersionFilter{ServiceID: k.serviceID})
}

func (k *buildKind) view(snap any, s *sub[BuildUpdate], now time.Time) (BuildUpdate, bool, bool) {
	av, ok := newestBuild(snap.([]platform.AppVersion), s.since)
	if !ok {
		return BuildUpdate{}, false, false // the version has not appeared yet
	}
	final := av.Final()
	return BuildUpdate{AppVersion: av, Elapsed: now.Sub(s.start), Final: final}, true, final
}

func (k *buildKind) fail(s *sub[BuildUpdate], now time.Time, err error) BuildUpdate {
	u := BuildUpdate{AppVersion: platform.AppVersion{ServiceStackID: k.serviceID}}
	if s.hasLast {
		u = s.last
	}
	u.Elapsed, u.Final, u.Err = now.Sub(s.start), true, err
	return u
}

func (k *buildKind) clientSeesEnd() bool { return false }

func (k *buildKind) label(snap any) string {
	versions := snap.([]platform.AppVersion)
	av, ok := newestBuild(versions, time.Time{})
	if !ok {
		return "no build yet"
	}
	return "app version " + av.ID + " " + av.Status
}

// newestBuild picks the newest version created at or after since, skipping
// NONE-source versions without a build (what startWithoutCode leaves).
func newestBuild(versions []platform.AppVersion, since time.Time) (platform.AppVersion, bool) {
	var best platform.AppVersion
	found := false
	for _, av := range versions {
		if av.Created.Before(since) {
			continue
		}
		if av.Source == platform.SourceNone && (av.Build == nil || av.Build.PipelineStart == nil) {
			continue
		}
		if !found || av.Created.After(best.Created) ||
			(av.Created.Equal(best.Created) && av.Sequence > best.Sequence) {
			best, found = av, true
		}
	}
	return best, found
}
