package actors

import (
	"context"
	"fmt"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// kind is what differs between watching a process and watching a build.
// fetch runs in the watch's poll goroutine; the other methods run in the
// watcher's loop, which owns the snapshot.
type kind[U any] interface {
	// fetch polls the API.
	fetch(ctx context.Context) (any, error)
	// view turns the latest snapshot into s's update; ok is false when there
	// is nothing to tell s yet.
	view(snap any, s *sub[U], now time.Time) (u U, ok, final bool)
	// fail is s's final update carrying err and the last state s saw.
	fail(s *sub[U], now time.Time, err error) U
	// label describes the snapshot for the status dump.
	label(snap any) string
	// clientSeesEnd says whether the client's own read already tells it
	// the watched work ended (the Gateway's GetProcess does, scoped by what
	// the process did), so the watcher need not announce it.
	clientSeesEnd() bool
}

// sub is one subscription: a cap-1 channel holding the latest update. The
// loop alone sends on ch and owns the other fields.
type sub[U any] struct {
	ch        chan U
	closed    bool // ch is closed: closed once, even by a crash's cleanup
	start     time.Time
	since     time.Time // builds: follow versions created at or after this
	deadline  time.Time
	last      U
	hasLast   bool
	stopAfter func() bool // releases the watch on the subscriber's context
}

func newSub[U any](now, since time.Time, limit time.Duration) *sub[U] {
	return &sub[U]{ch: make(chan U, 1), start: now, since: since, deadline: now.Add(limit)}
}

// deliver replaces any undelivered update with u. Only the loop sends, so
// after the drain the send cannot block: the subscriber can only make room.
func (s *sub[U]) deliver(u U) {
	select {
	case <-s.ch:
	default:
	}
	s.ch <- u
	s.last, s.hasLast = u, true
}

// close closes ch, once.
func (s *sub[U]) close() {
	if !s.closed {
		s.closed = true
		close(s.ch)
	}
}

// watch is one poll goroutine and its subscribers. k, run, ctx and started
// are set before the poll goroutine starts and never change; the rest is the
// loop's.
type watch[U any] struct {
	k       kind[U]
	run     *watcherRun     // the run whose loop owns the watch: its goroutines report there only
	ctx     context.Context // ends when the last subscriber leaves, Serve ends or the run crashes
	started time.Time

	key      string
	table    map[string]*watch[U] // the loop's table holding the watch while it has subscribers
	cancel   context.CancelFunc
	subs     map[*sub[U]]struct{}
	snap     any
	hasSnap  bool
	polls    int
	failures int
}

// add joins s to the watch, removed again when ctx ends. s at once gets the
// latest state, if there is one.
func (wt *watch[U]) add(ctx context.Context, s *sub[U]) {
	wt.subs[s] = struct{}{}
	// The departure goes to the loop as a message; the loop may be busy, so
	// the AfterFunc goroutine waits for it (or for the run's end). If ctx has
	// already ended, it runs at once.
	s.stopAfter = context.AfterFunc(ctx, func() {
		post(wt.run, context.Background(), leaveMsg[U]{wt: wt, s: s})
	})
	if wt.hasSnap {
		wt.tell(s, time.Now())
	}
}

// remove drops s (its context ended) and closes its channel. s may have
// ended already: its departure and its final update can cross.
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
	if !s.closed { // only after a panic between its close and its removal
		s.deliver(u)
	}
	s.close()
	delete(wt.subs, s)
	if s.stopAfter != nil { // nil only after a panic inside add
		s.stopAfter()
	}
}

// closeIfEmpty stops the poll goroutine once no subscriber is left and
// drops the watch from the table, so that a new subscription starts afresh.
func (wt *watch[U]) closeIfEmpty() {
	if len(wt.subs) > 0 {
		return
	}
	wt.cancel()
	if wt.table[wt.key] == wt {
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

// observe fans one poll's outcome out and reports whether the watch goes on.
func (wt *watch[U]) observe(cfg WatcherConfig, snap any, err error) bool {
	now := time.Now()
	wt.polls++
	if len(wt.subs) == 0 {
		return false // closed while the poll ran
	}
	if err != nil {
		wt.failures++
		if permanent(err) || wt.failures >= cfg.MaxFailures {
			wt.failAll(now, fmt.Errorf("watch ended after %d failed poll(s): %w", wt.failures, err))
		}
		return len(wt.subs) > 0 // transient: try again on the next tick
	}
	wt.failures = 0
	wt.snap, wt.hasSnap = snap, true
	for s := range wt.subs {
		wt.tell(s, now)
	}
	wt.closeIfEmpty()
	return len(wt.subs) > 0
}

// poll is the watch's poll goroutine: poll on the schedule until
// the loop says the watch is over or its context ends. It makes the API
// calls, so that the loop never waits on one, and hands every outcome to the
// loop.
func (wt *watch[U]) poll(w *Watcher) {
	defer func() {
		select {
		case wt.run.in.exits <- struct{}{}:
		case <-wt.run.done: // the run crashed (a loop that stops counts every poll goroutine out first)
		}
	}()
	cfg := w.cfg
	// The first poll comes one interval in: a subscriber has just seen the
	// process (in the answer that started it), and a process rarely ends at
	// once, so an immediate poll would mostly spend the API budget on
	// nothing.
	next := wt.started.Add(cfg.Interval)
	timer := time.NewTimer(cfg.Interval)
	defer timer.Stop()
	for {
		select {
		case <-timer.C:
		case <-wt.ctx.Done():
			return
		}
		if wt.ctx.Err() != nil {
			// A due timer can win the select against an ended context;
			// do not poll again with a dead one.
			return
		}
		snap, err := fetchSafely(asPoll(wt.ctx), wt.k)
		w.polls.Add(1)
		if err != nil && wt.ctx.Err() != nil {
			return // abandoned or shutting down: the loop has told the subscribers
		}
		more := make(chan bool, 1)
		if !post(wt.run, wt.ctx, pollResult[U]{wt: wt, snap: snap, err: err, more: more}) {
			return
		}
		select {
		case ok := <-more:
			if !ok {
				if err == nil && !wt.k.clientSeesEnd() {
					w.platformChanged() // the watch ended on what it saw: the build is over
				}
				return
			}
		case <-wt.ctx.Done():
			return
		}
		// Keep to the schedule, skipping ticks a slow poll missed.
		interval := cfg.Interval
		if time.Since(wt.started) >= cfg.SlowAfter {
			interval = cfg.SlowInterval
		}
		next = next.Add(interval)
		if now := time.Now(); next.Before(now) {
			next = now.Add(interval)
		}
		timer.Reset(time.Until(next))
	}
}

// fetchSafely polls through k, turning a panic below it (a client bug) into
// an error the loop reports like any failed poll: a poll goroutine runs
// outside the supervisor's recovery, where a panic would end the process.
func fetchSafely[U any](ctx context.Context, k kind[U]) (snap any, err error) {
	defer func() {
		if r := recover(); r != nil {
			snap, err = nil, platform.NewError(platform.ErrInternal, fmt.Sprintf("watcher poll panicked: %v", r),
				"Check the process with zerops_process; the panic is a ZCP bug worth reporting.")
		}
	}()
	return k.fetch(ctx)
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
