package actors

import (
	"context"
	"fmt"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// key names a watch: a process by its id, or the builds of a service by the
// service's id.
type key struct {
	id    string
	build bool
}

// watch is one watched process (or service's builds) with its subscribers;
// guarded by Watcher.mu, dropped with its last subscriber.
type watch struct {
	started  time.Time
	subs     map[*sub]struct{}
	snap     any // the last poll's answer (platform.Process or []platform.AppVersion); nil before it
	polls    int
	failures int
}

// sub is one subscriber. tell turns the watch's snapshot, or an error that
// ends the subscription, into its next update on its channel (cap 1, latest
// value wins) and reports whether that update was the final one.
type sub struct {
	start, deadline time.Time
	tell            func(snap any, err error, elapsed time.Duration) (final bool)
	close           func()      // closes the channel
	stopAfter       func() bool // releases the removal on the subscriber's context
}

// deliver replaces any undelivered update on ch with u: it never blocks, as
// ch (cap 1) has no other sender.
func deliver[U any](ch chan U, u U) {
	select {
	case <-ch:
	default:
	}
	ch <- u
}

// subscribe adds s to the watch of k, which it starts when none runs, and
// tells s the latest snapshot at once.
func (w *Watcher) subscribe(ctx context.Context, k key, s *sub) error {
	if ctx.Err() != nil {
		return ctxError(ctx, "subscribe")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.life.stopped() {
		return errStopped(w.String())
	}
	now := time.Now()
	wt := w.watches[k]
	if wt == nil {
		wt = &watch{started: now, subs: map[*sub]struct{}{}}
		w.watches[k] = wt
	}
	s.start, s.deadline = now, now.Add(w.cfg.Limit)
	wt.subs[s] = struct{}{}
	s.stopAfter = context.AfterFunc(ctx, func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if _, ok := wt.subs[s]; ok {
			w.drop(k, wt, s)
		}
	})
	if wt.snap != nil {
		w.tell(k, wt, s, nil, now)
	}
	return nil
}

// tell gives s its update from the watch's snapshot, or err, and drops s
// after its final update. Requires mu.
func (w *Watcher) tell(k key, wt *watch, s *sub, err error, now time.Time) {
	if s.tell(wt.snap, err, now.Sub(s.start)) {
		s.stopAfter()
		w.drop(k, wt, s)
	}
}

// drop closes s's channel and drops the watch with its last subscriber.
// Requires mu.
func (w *Watcher) drop(k key, wt *watch, s *sub) {
	delete(wt.subs, s)
	s.close()
	if len(wt.subs) == 0 {
		delete(w.watches, k)
	}
}

// observe fans one poll's outcome out to the watch's subscribers. Failed
// polls end the watch after MaxFailures in a row, or at once when permanent.
// Requires mu.
func (w *Watcher) observe(k key, snap any, err error, now time.Time) {
	wt := w.watches[k]
	if wt == nil {
		return
	}
	wt.polls++
	if err != nil {
		if wt.failures++; !permanent(err) && wt.failures < w.cfg.MaxFailures {
			return
		}
		err = fmt.Errorf("watch ended after %d failed poll(s): %w", wt.failures, err)
	} else {
		wt.failures, wt.snap = 0, snap
	}
	for s := range wt.subs {
		w.tell(k, wt, s, err, now)
	}
}

// describe summarises the watch for the status dump.
func (wt *watch) describe(k key, now time.Time) string {
	state := "not polled yet"
	switch snap := wt.snap.(type) {
	case platform.Process:
		state = snap.ActionName + " " + snap.Status
	case []platform.AppVersion:
		state = "no build yet"
		if av, ok := newestBuild(snap, k.id, time.Time{}); ok {
			state = "app version " + av.ID + " " + av.Status
		}
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

// newestBuild picks the newest version of the service created at or after
// since, skipping NONE-source versions without a build (what
// startWithoutCode leaves).
func newestBuild(versions []platform.AppVersion, serviceID string, since time.Time) (platform.AppVersion, bool) {
	var best platform.AppVersion
	found := false
	for _, av := range versions {
		if av.ServiceStackID != serviceID || av.Created.Before(since) {
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
