package actors

import (
	"fmt"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// kind is how a snapshot reads for a subscriber: a process or a build.
type kind[U any] interface {
	view(snap any, s *sub[U], now time.Time) (u U, ok, final bool) // ok: something to tell s
	fail(s *sub[U], now time.Time, err error) U                    // s's final update with err
	label(snap any) string                                         // for the status dump
}

// sub is one subscription: a cap-1 channel holding the latest update.
type sub[U any] struct {
	ch        chan U
	closed    bool
	start     time.Time
	since     time.Time // builds: follow versions created at or after this
	deadline  time.Time
	last      U
	hasLast   bool
	stopAfter func() bool // releases the removal on the subscriber's context
}

// deliver replaces any undelivered update with u: the send never blocks.
func (s *sub[U]) deliver(u U) {
	select {
	case <-s.ch:
	default:
	}
	s.ch <- u
	s.last, s.hasLast = u, true
}

func (s *sub[U]) close() {
	if !s.closed {
		s.closed = true
		close(s.ch)
	}
}

// watch is one watched process (or service's build); guarded by Watcher.mu.
type watch[U any] struct {
	k        kind[U]
	key      string
	table    map[string]*watch[U] // holds the watch while it has subscribers
	started  time.Time
	next     time.Time // when it is next due for a poll
	subs     map[*sub[U]]struct{}
	snap     any
	hasSnap  bool
	polls    int
	failures int
}

// remove drops s (its context ended) and closes its channel.
func (wt *watch[U]) remove(s *sub[U]) {
	if _, ok := wt.subs[s]; !ok {
		return
	}
	delete(wt.subs, s)
	s.close()
	wt.closeIfEmpty()
}

// end delivers s's final update and closes its channel.
func (wt *watch[U]) end(s *sub[U], u U) {
	s.deliver(u)
	s.close()
	delete(wt.subs, s)
	s.stopAfter()
}

// closeIfEmpty drops the watch from its table once no subscriber is left.
func (wt *watch[U]) closeIfEmpty() {
	if len(wt.subs) == 0 && wt.table[wt.key] == wt {
		delete(wt.table, wt.key)
	}
}

// tell sends s its view of the latest snapshot.
func (wt *watch[U]) tell(s *sub[U], now time.Time) {
	u, ok, final := wt.k.view(wt.snap, s, now)
	if !ok {
		return
	}
	if final {
		wt.end(s, u)
		return
	}
	s.deliver(u)
}

// failAll ends every subscription with err.
func (wt *watch[U]) failAll(now time.Time, err error) {
	for s := range wt.subs {
		wt.end(s, wt.k.fail(s, now, err))
	}
	wt.closeIfEmpty()
}

// expire ends the subscriptions whose wait limit has passed.
func (wt *watch[U]) expire(now time.Time) {
	for s := range wt.subs {
		if !now.Before(s.deadline) {
			err := platform.NewError(platform.ErrWaitTimeout,
				fmt.Sprintf("still not finished after %s", round(now.Sub(s.start))),
				"The operation continues on the platform; check it later with zerops_process or zerops_events.")
			wt.end(s, wt.k.fail(s, now, err))
		}
	}
	wt.closeIfEmpty()
}

// observe fans one poll's outcome out and schedules the next poll; ended
// reports whether the watch ended on what it saw.
func (wt *watch[U]) observe(cfg WatcherConfig, now time.Time, snap any, err error) (ended bool) {
	wt.polls++
	interval := cfg.Interval
	if now.Sub(wt.started) >= cfg.SlowAfter {
		interval = cfg.SlowInterval
	}
	wt.next = now.Add(interval)
	if err != nil {
		wt.failures++
		if permanent(err) || wt.failures >= cfg.MaxFailures {
			wt.failAll(now, fmt.Errorf("watch ended after %d failed poll(s): %w", wt.failures, err))
		}
		return false
	}
	wt.failures = 0
	wt.snap, wt.hasSnap = snap, true
	for s := range wt.subs {
		wt.tell(s, now)
	}
	wt.closeIfEmpty()
	return len(wt.subs) == 0
}

// describe summarises the watch for the status dump.
func (wt *watch[U]) describe(now time.Time) string {
	state := "not polled yet"
	if wt.hasSnap {
		state = wt.k.label(wt.snap)
	}
	oldest := time.Duration(0)
	for s := range wt.subs {
		oldest = max(oldest, now.Sub(s.start))
	}
	return fmt.Sprintf("%s, %d subscriber(s), age %s, oldest subscriber %s, %d poll(s), %d failure(s) in a row",
		state, len(wt.subs), round(now.Sub(wt.started)), round(oldest), wt.polls, wt.failures)
}

// permanent reports poll errors that no later poll can fix.
func permanent(err error) bool {
	switch platform.ErrorCode(err) {
	case platform.ErrProcessNotFound, platform.ErrNotFound, platform.ErrServiceNotFound,
		platform.ErrAuthInvalidToken, platform.ErrAuthTokenExpired, platform.ErrPermissionDenied,
		platform.ErrInvalidParameter, platform.ErrServiceUnavailable:
		return true
	}
	return false
}

// The kinds a watch can follow (the assertion also tells linters the methods
// are reached through kind).
var (
	_ kind[ProcessUpdate] = processKind{}
	_ kind[BuildUpdate]   = buildKind{}
)

// processKind reads a snapshot (a platform.Process) for its subscribers.
type processKind struct{ id string }

func (k processKind) view(snap any, s *sub[ProcessUpdate], now time.Time) (ProcessUpdate, bool, bool) {
	p := snap.(platform.Process)
	final := p.IsTerminal()
	return ProcessUpdate{Process: p, Elapsed: now.Sub(s.start), Final: final}, true, final
}

func (k processKind) fail(s *sub[ProcessUpdate], now time.Time, err error) ProcessUpdate {
	u := ProcessUpdate{Process: platform.Process{ID: k.id}}
	if s.hasLast {
		u = s.last
	}
	u.Elapsed, u.Final, u.Err = now.Sub(s.start), true, err
	return u
}

func (k processKind) label(snap any) string {
	p := snap.(platform.Process)
	return p.ActionName + " " + p.Status
}

// buildKind reads a snapshot (the service's app versions) for its
// subscribers; each follows the newest real build created at or after its
// own since.
type buildKind struct{ serviceID string }

func (k buildKind) view(snap any, s *sub[BuildUpdate], now time.Time) (BuildUpdate, bool, bool) {
	av, ok := newestBuild(snap.([]platform.AppVersion), s.since)
	if !ok {
		return BuildUpdate{}, false, false // the version has not appeared yet
	}
	final := av.Final()
	return BuildUpdate{AppVersion: av, Elapsed: now.Sub(s.start), Final: final}, true, final
}

func (k buildKind) fail(s *sub[BuildUpdate], now time.Time, err error) BuildUpdate {
	u := BuildUpdate{AppVersion: platform.AppVersion{ServiceStackID: k.serviceID}}
	if s.hasLast {
		u = s.last
	}
	u.Elapsed, u.Final, u.Err = now.Sub(s.start), true, err
	return u
}

func (k buildKind) label(snap any) string {
	av, ok := newestBuild(snap.([]platform.AppVersion), time.Time{})
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
