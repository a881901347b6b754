package actors

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// kind is what differs between watching a process and watching a build. Its
// snapshot is written by the watch's poll loop under the watch's lock.
type kind[U any] interface {
	// fetch polls the API. It runs without the watch's lock.
	fetch(ctx context.Context) (any, error)
	// view turns the latest snapshot into s's update; ok is false when there
	// is nothing to tell s yet.
	view(snap any, s *sub[U], now time.Time) (u U, ok, final bool)
	// fail is s's final update carrying err and the last state s saw.
	fail(s *sub[U], now time.Time, err error) U
	// label describes the snapshot for the status dump.
	label(snap any) string
}

// sub is one subscription: a cap-1 channel holding the latest update.
type sub[U any] struct {
	ch        chan U
	start     time.Time
	since     time.Time // builds: follow versions created at or after this
	deadline  time.Time
	last      U
	hasLast   bool
	stopAfter func() bool // releases the ctx watch
}

func newSub[U any](now, since time.Time, limit time.Duration) *sub[U] {
	return &sub[U]{ch: make(chan U, 1), start: now, since: since, deadline: now.Add(limit)}
}

// deliver replaces any undelivered update with u. Only the watch sends, under
// its lock, so after the drain the send cannot block.
func (s *sub[U]) deliver(u U) {
	select {
	case <-s.ch:
	default:
	}
	s.ch <- u
	s.last, s.hasLast = u, true
}

// watch is one poll loop and its subscribers.
type watch[U any] struct {
	w       *Watcher
	k       kind[U]
	ctx     context.Context // ends when the last subscriber leaves or the watcher stops
	cancel  context.CancelFunc
	started time.Time

	mu       sync.Mutex
	subs     map[*sub[U]]struct{}
	closed   bool // no subscriber left: a new subscription starts a new watch
	snap     any
	hasSnap  bool
	polls    int
	failures int
}

func newWatch[U any](w *Watcher, k kind[U]) *watch[U] {
	ctx, cancel := context.WithCancel(w.base)
	return &watch[U]{w: w, k: k, ctx: ctx, cancel: cancel, started: time.Now(), subs: map[*sub[U]]struct{}{}}
}

// add joins s to the watch unless it has closed. s at once gets the latest
// state, if there is one. s is removed when ctx ends.
func (wt *watch[U]) add(ctx context.Context, s *sub[U]) bool {
	wt.mu.Lock()
	defer wt.mu.Unlock()
	if wt.closed {
		return false
	}
	wt.subs[s] = struct{}{}
	// If ctx has already ended, the func runs at once in its own goroutine
	// and waits for this lock.
	s.stopAfter = context.AfterFunc(ctx, func() { wt.remove(s) })
	if wt.hasSnap {
		wt.tellLocked(s, time.Now())
	}
	return true
}

// remove drops s (its context ended) and closes its channel.
func (wt *watch[U]) remove(s *sub[U]) {
	wt.mu.Lock()
	defer wt.mu.Unlock()
	if _, ok := wt.subs[s]; !ok {
		return
	}
	delete(wt.subs, s)
	close(s.ch)
	wt.closeIfEmptyLocked()
}

// endLocked delivers s's final update and closes its channel.
func (wt *watch[U]) endLocked(s *sub[U], u U) {
	s.deliver(u)
	close(s.ch)
	delete(wt.subs, s)
	s.stopAfter()
}

func (wt *watch[U]) closeIfEmptyLocked() {
	if len(wt.subs) == 0 && !wt.closed {
		wt.closed = true
		wt.cancel()
	}
}

// tellLocked sends s its view of the latest snapshot.
func (wt *watch[U]) tellLocked(s *sub[U], now time.Time) {
	u, ok, final := wt.k.view(wt.snap, s, now)
	if !ok {
		return
	}
	if final {
		wt.endLocked(s, u)
		return
	}
	s.deliver(u)
}

// failAllLocked ends every subscription with err.
func (wt *watch[U]) failAllLocked(now time.Time, err error) {
	for s := range wt.subs {
		wt.endLocked(s, wt.k.fail(s, now, err))
	}
	wt.closeIfEmptyLocked()
}

// run is the poll loop: poll now, then on the schedule, until no subscriber
// is left or the watcher stops.
func (wt *watch[U]) run() {
	defer wt.cancel()
	cfg := wt.w.cfg
	next := wt.started // poll at once
	timer := time.NewTimer(0)
	defer timer.Stop()
	<-timer.C
	for {
		if wt.ctx.Err() != nil {
			// Checked first: once ctx has ended a due timer could otherwise
			// win the select below and poll again with a dead context.
			wt.ended()
			return
		}
		wt.mu.Lock()
		if wt.closed {
			wt.mu.Unlock()
			return
		}
		wake := next
		for s := range wt.subs {
			if s.deadline.Before(wake) {
				wake = s.deadline
			}
		}
		wt.mu.Unlock()

		timer.Reset(time.Until(wake))
		select {
		case <-timer.C:
		case <-wt.ctx.Done():
			wt.ended()
			return
		}

		now := time.Now()
		wt.expire(now)
		if !now.Before(next) {
			wt.poll()
			// Keep to the schedule, skipping ticks a slow poll missed.
			interval := cfg.Interval
			if time.Since(wt.started) >= cfg.SlowAfter {
				interval = cfg.SlowInterval
			}
			next = next.Add(interval)
			if now = time.Now(); next.Before(now) {
				next = now.Add(interval)
			}
		}
	}
}

// ended handles the end of the watch's context. When the watcher stopped,
// every subscriber left gets a final SERVICE_UNAVAILABLE update; otherwise the
// last subscriber has left and there is nobody to tell.
func (wt *watch[U]) ended() {
	wt.mu.Lock()
	defer wt.mu.Unlock()
	if wt.w.base.Err() != nil {
		wt.failAllLocked(time.Now(), errStopped(wt.w.String()))
	}
}

// expire ends the subscriptions whose wait limit has passed.
func (wt *watch[U]) expire(now time.Time) {
	wt.mu.Lock()
	defer wt.mu.Unlock()
	for s := range wt.subs {
		if !now.Before(s.deadline) {
			err := platform.NewError(platform.ErrWaitTimeout,
				fmt.Sprintf("still not finished after %s", round(now.Sub(s.start))),
				"The operation continues on the platform; check it later with zerops_process or zerops_events.")
			wt.endLocked(s, wt.k.fail(s, now, err))
		}
	}
	wt.closeIfEmptyLocked()
}

// poll fetches once and fans the result out.
func (wt *watch[U]) poll() {
	snap, err := wt.k.fetch(wt.ctx)
	wt.w.polls.Add(1)
	now := time.Now()
	wt.mu.Lock()
	defer wt.mu.Unlock()
	wt.polls++
	if wt.closed {
		return
	}
	if err != nil {
		if wt.ctx.Err() != nil {
			return // shutting down or abandoned; run handles it
		}
		wt.failures++
		if permanent(err) || wt.failures >= wt.w.cfg.MaxFailures {
			wt.failAllLocked(now, fmt.Errorf("watch ended after %d failed poll(s): %w", wt.failures, err))
		}
		return // transient: try again on the next tick
	}
	wt.failures = 0
	wt.snap, wt.hasSnap = snap, true
	for s := range wt.subs {
		wt.tellLocked(s, now)
	}
	wt.closeIfEmptyLocked()
}

// describe summarises the watch for the status dump.
func (wt *watch[U]) describe(now time.Time) (subs int, line string) {
	wt.mu.Lock()
	defer wt.mu.Unlock()
	state := "not polled yet"
	if wt.hasSnap {
		state = wt.k.label(wt.snap)
	}
	oldest := time.Duration(0)
	for s := range wt.subs {
		oldest = max(oldest, now.Sub(s.start))
	}
	return len(wt.subs), fmt.Sprintf("%s, %d subscriber(s), age %s, oldest subscriber %s, %d poll(s), %d failure(s) in a row",
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
