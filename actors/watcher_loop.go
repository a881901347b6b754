package actors

import (
	"context"
	"fmt"
	"sort"
	"time"
)

// watcherMsg is a message to the watcher's loop: a caller's request or a
// report from one of the watcher's goroutines. handle runs in the loop
// goroutine, the only one that touches the loop's state; it never blocks
// (replies go to channels of buffer 1).
type watcherMsg interface {
	handle(l *watcherLoop)
}

// watcherLoop is the state one run of Serve's loop owns.
type watcherLoop struct {
	w      *Watcher
	run    *watcherRun        // the run whose inbox the loop serves; nil for an idle snapshot
	ctx    context.Context    // the run's: ends with Serve's, or on a crash; parent of every watch's context
	cancel context.CancelFunc // ends ctx
	procs  map[string]*watch[ProcessUpdate]
	builds map[string]*watch[BuildUpdate]

	running int             // poll goroutines not yet ended (closed watches' included)
	idle    []chan struct{} // closed when running drops to zero

	timer *time.Timer // fires at wake, the earliest wait limit; stopped when none
	wake  time.Time
}

func newWatcherLoop(ctx context.Context, w *Watcher, r *watcherRun) *watcherLoop {
	timer := time.NewTimer(time.Hour)
	timer.Stop() // Go 1.23 timers: nothing is delivered after Stop
	ctx, cancel := context.WithCancel(ctx)
	return &watcherLoop{
		w:      w,
		run:    r,
		ctx:    ctx,
		cancel: cancel,
		procs:  map[string]*watch[ProcessUpdate]{},
		builds: map[string]*watch[BuildUpdate]{},
		timer:  timer,
	}
}

func (l *watcherLoop) processTable() map[string]*watch[ProcessUpdate] { return l.procs }
func (l *watcherLoop) buildTable() map[string]*watch[BuildUpdate]     { return l.builds }

// serve handles messages until Serve's context ends, then shuts down.
func (l *watcherLoop) serve() {
	defer l.timer.Stop()
	for {
		if l.w.testHookPanic != nil {
			l.w.testHookPanic()
		}
		select {
		case m := <-l.run.in.reqs:
			m.handle(l)
		case m := <-l.run.in.events:
			m.handle(l)
		case reply := <-l.run.status:
			reply <- l.status(StateRunning)
		case <-l.run.in.exits:
			l.pollerEnded()
		case <-l.timer.C:
			l.expire(time.Now())
		case <-l.ctx.Done():
			l.shutdown()
			l.cancel()
			return
		}
	}
}

// crash ends the run after its loop panicked, without waiting for anything:
// every subscriber gets a final update with err and its channel closed,
// every watch's context ends (so its poll goroutine ends on its own, its
// sends to the run given up with the run's end) and waiters for idle are
// released. It runs during the panic, so it only cancels, closes and sends
// to channels with room.
func (l *watcherLoop) crash(err error) {
	l.cancel()
	now := time.Now()
	for _, wt := range l.procs {
		wt.failAll(now, err)
	}
	for _, wt := range l.builds {
		wt.failAll(now, err)
	}
	for _, ch := range l.idle {
		close(ch)
	}
	l.idle = nil
}

// shutdown ends every subscription with SERVICE_UNAVAILABLE, which also
// cancels every watch's context, and waits for the poll goroutines to end.
// Each of them ends promptly: its API call and its sends to the loop all
// select on that context.
func (l *watcherLoop) shutdown() {
	now := time.Now()
	err := errStopped(l.w.String())
	for _, wt := range l.procs {
		wt.failAll(now, err)
	}
	for _, wt := range l.builds {
		wt.failAll(now, err)
	}
	for l.running > 0 {
		<-l.run.in.exits
		l.pollerEnded()
	}
}

// startWatch adds a watch of key to table and starts its poll goroutine.
func startWatch[U any](l *watcherLoop, table map[string]*watch[U], key string, k kind[U]) *watch[U] {
	ctx, cancel := context.WithCancel(l.ctx)
	wt := &watch[U]{
		k:       k,
		run:     l.run,
		ctx:     ctx,
		started: time.Now(),
		key:     key,
		table:   table,
		cancel:  cancel,
		subs:    map[*sub[U]]struct{}{},
	}
	table[key] = wt
	l.running++
	go wt.poll(l.w)
	return wt
}

func (l *watcherLoop) pollerEnded() {
	l.running--
	if l.running > 0 {
		return
	}
	for _, ch := range l.idle {
		close(ch)
	}
	l.idle = nil
}

// expire ends the subscriptions whose wait limit has passed, then sets the
// timer for the next one.
func (l *watcherLoop) expire(now time.Time) {
	l.wake = time.Time{}
	expireAll(l, l.procs, now)
	expireAll(l, l.builds, now)
}

func expireAll[U any](l *watcherLoop, table map[string]*watch[U], now time.Time) {
	for _, wt := range table {
		wt.expire(now) // may delete wt from table: allowed while ranging
		for s := range wt.subs {
			l.wakeBy(s.deadline)
		}
	}
}

// wakeBy makes the timer fire no later than t. A subscription removed
// before its limit leaves the timer early, which costs one idle wake-up.
func (l *watcherLoop) wakeBy(t time.Time) {
	if !l.wake.IsZero() && !t.Before(l.wake) {
		return
	}
	l.wake = t
	l.timer.Reset(time.Until(t))
}

// status is the loop's snapshot for the status dump.
func (l *watcherLoop) status(state string) ActorStatus {
	cfg := l.w.cfg
	st := ActorStatus{Name: l.w.String(), State: state}
	st.add("schedule", fmt.Sprintf("every %s, %s after %s, limit %s, %d failed polls end a watch",
		cfg.Interval, cfg.SlowInterval, cfg.SlowAfter, cfg.Limit, cfg.MaxFailures))
	now := time.Now()
	subs := describeAll(&st, l.procs, "process ", now) + describeAll(&st, l.builds, "build of service ", now)
	sort.Strings(st.Details)
	st.add("processes", len(l.procs))
	st.add("builds", len(l.builds))
	st.add("subscribers", subs)
	st.add("poll goroutines", l.running)
	st.add("polls", l.w.polls.Load())
	return st
}

func describeAll[U any](st *ActorStatus, table map[string]*watch[U], prefix string, now time.Time) (subs int) {
	for key, wt := range table {
		st.Details = append(st.Details, prefix+key+": "+wt.describe(now))
		subs += len(wt.subs)
	}
	return subs
}

// subscribeReq asks the loop for a subscription to key in table; the loop
// replies with the subscriber's channel.
type subscribeReq[U any] struct {
	ctx   context.Context // the subscriber's; its end removes the subscription
	table func(*watcherLoop) map[string]*watch[U]
	key   string
	since time.Time // builds: follow versions created at or after this
	kind  kind[U]   // used when no watch of key runs yet
	reply chan (<-chan U)
}

func (r subscribeReq[U]) handle(l *watcherLoop) {
	table := r.table(l)
	wt := table[r.key]
	if wt == nil {
		wt = startWatch(l, table, r.key, r.kind)
	}
	s := newSub[U](time.Now(), r.since, l.w.cfg.Limit)
	wt.add(r.ctx, s)
	if _, ok := wt.subs[s]; ok { // s may have ended at once on a final state
		l.wakeBy(s.deadline)
	}
	r.reply <- s.ch
}

// idleReq asks for a channel closed once no poll goroutine runs.
type idleReq struct{ reply chan (<-chan struct{}) }

func (r idleReq) handle(l *watcherLoop) {
	ch := make(chan struct{})
	if l.running == 0 {
		close(ch)
	} else {
		l.idle = append(l.idle, ch)
	}
	r.reply <- ch
}

// leaveMsg tells the loop that s's context ended.
type leaveMsg[U any] struct {
	wt *watch[U]
	s  *sub[U]
}

func (m leaveMsg[U]) handle(*watcherLoop) { m.wt.remove(m.s) }

// pollResult is one poll's outcome. The loop answers on more whether the
// watch goes on, and the poll goroutine waits for that answer before it
// schedules another poll: a watch that has just ended makes no further call.
type pollResult[U any] struct {
	wt   *watch[U]
	snap any
	err  error
	more chan bool
}

func (r pollResult[U]) handle(l *watcherLoop) { r.more <- r.wt.observe(l.w.cfg, r.snap, r.err) }

// post sends m to run r's loop from one of the run's goroutines; false when
// ctx ended or the run ended first.
func post(r *watcherRun, ctx context.Context, m watcherMsg) bool {
	select {
	case r.in.events <- m:
		return true
	case <-ctx.Done():
		return false
	case <-r.done:
		return false
	}
}
