package actors

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// Watcher defaults.
const (
	DefaultPollInterval     = 2 * time.Second
	DefaultSlowPollInterval = 5 * time.Second
	DefaultSlowAfter        = 30 * time.Second
	DefaultWaitLimit        = 10 * time.Minute
	DefaultMaxPollFailures  = 5
)

// WatcherConfig sets the poll schedule. Zero fields take the defaults.
type WatcherConfig struct {
	Interval     time.Duration // poll interval at first
	SlowInterval time.Duration // poll interval once a watch is older than SlowAfter
	SlowAfter    time.Duration
	Limit        time.Duration // a subscriber gets WAIT_TIMEOUT this long after subscribing
	MaxFailures  int           // consecutive failed polls that end a watch
}

func (c WatcherConfig) withDefaults() WatcherConfig {
	if c.Interval <= 0 {
		c.Interval = DefaultPollInterval
	}
	if c.SlowInterval <= 0 {
		c.SlowInterval = DefaultSlowPollInterval
	}
	if c.SlowAfter <= 0 {
		c.SlowAfter = DefaultSlowAfter
	}
	if c.Limit <= 0 {
		c.Limit = DefaultWaitLimit
	}
	if c.MaxFailures <= 0 {
		c.MaxFailures = DefaultMaxPollFailures
	}
	return c
}

// ProcessUpdate is one observation of a watched process. Elapsed counts from
// the subscription. Final is set on the last update of a subscription; Err
// is set when the watch ended without a terminal state (WAIT_TIMEOUT, a poll
// failure, or SERVICE_UNAVAILABLE at shutdown).
type ProcessUpdate struct {
	Process platform.Process
	Elapsed time.Duration
	Final   bool
	Err     error
}

// BuildUpdate is one observation of a watched build (app version).
type BuildUpdate struct {
	AppVersion platform.AppVersion
	Elapsed    time.Duration
	Final      bool
	Err        error
}

// Watcher is the process watcher actor. It runs one poll loop per watched
// process (or per service, for builds) whatever the number of subscribers,
// and fans each observation out to them, latest value wins: a slow
// subscriber only ever misses intermediate states, never the final one, and
// never blocks the loop. A subscriber whose context ends is removed alone;
// the last one leaving stops the loop.
//
// Serve's loop owns the table of watches (one per process id, one per service
// for builds), each watch's subscribers, latest observation and failure
// count, and every subscriber's wait limit. Subscribe, SubscribeBuild and
// Status send it a request and wait for its reply; a watch's poll goroutine
// makes the API calls and reports each result to the loop, so the loop itself
// never waits on I/O. A subscription asked for before Serve waits for the loop
// to start; once Serve returns on shutdown, every subscriber has had a final
// SERVICE_UNAVAILABLE update and new subscriptions fail. A loop that panics is
// restarted by the next Serve with no watches: every subscriber of the
// crashed run gets a final SERVICE_UNAVAILABLE update and its channel closed,
// and the run's poll goroutines end; subscribing again starts afresh. Safe
// for concurrent use.
type Watcher struct {
	c   platform.Client
	cfg WatcherConfig

	life *loopLife[watcherInbox] // the current run (its inbox and done channel), the stop for good, the last snapshot

	polls atomic.Int64 // API polls made, all watches; counted by the poll goroutines

	// testHookPanic, set only by tests before Serve, runs at the top of each
	// loop iteration: a panic there is a crash of the loop.
	testHookPanic func()
}

// watcherInbox is the inbox of one run of the watcher's loop; a watch holds
// the run that started it and reports to that run only.
type watcherInbox struct {
	reqs   chan watcherMsg // callers' requests; unbuffered, received only by the loop
	events chan watcherMsg // poll results and departures from the run's own goroutines
	exits  chan struct{}   // one per poll goroutine, as it ends
}

// watcherRun is one run of the watcher's loop.
type watcherRun = loopRun[watcherInbox]

func newWatcherInbox() watcherInbox {
	return watcherInbox{reqs: make(chan watcherMsg), events: make(chan watcherMsg), exits: make(chan struct{})}
}

// platformChanged tells the client, when it keeps answers for a while (the
// Gateway), that a watched process or build has ended.
func (w *Watcher) platformChanged() {
	if c, ok := w.c.(interface{ PlatformChanged() }); ok {
		c.PlatformChanged()
	}
}

// NewWatcher returns a watcher polling through c (normally the Gateway).
func NewWatcher(c platform.Client, cfg WatcherConfig) *Watcher {
	return &Watcher{
		c:    c,
		cfg:  cfg.withDefaults(),
		life: newLoopLife("process-watcher", newWatcherInbox),
	}
}

// String names the actor.
func (w *Watcher) String() string { return "process-watcher" }

// Serve runs the watcher's loop until ctx ends, then ends every watch
// (subscribers get a final SERVICE_UNAVAILABLE update), waits for the poll
// goroutines and returns. If the loop panics, every watch of the run ends at
// once (subscribers get a final SERVICE_UNAVAILABLE update, the poll
// goroutines are told to end but not waited for) and the panic goes on out
// of Serve; the next Serve starts with no watches.
func (w *Watcher) Serve(ctx context.Context) error {
	var l *watcherLoop
	return w.life.serve(ctx, func(r *watcherRun) ActorStatus {
		l = newWatcherLoop(ctx, w, r)
		l.serve()
		return l.status(StateStopped)
	}, func(_ *watcherRun, err error, _ bool) {
		if l != nil {
			l.crash(err)
		}
	})
}

// Subscribe follows a platform process until it ends. The channel (cap 1)
// holds the latest update; the Final update is always delivered, then the
// channel is closed. When ctx ends the subscription is removed and its
// channel closed without a final update.
func (w *Watcher) Subscribe(ctx context.Context, processID string) (<-chan ProcessUpdate, error) {
	if processID == "" {
		return nil, platform.NewError(platform.ErrInvalidParameter, "process id is empty", "Pass the id of the process to watch.")
	}
	req := subscribeReq[ProcessUpdate]{
		ctx:   ctx,
		table: (*watcherLoop).processTable,
		key:   processID,
		kind:  &processKind{c: w.c, id: processID},
		reply: make(chan (<-chan ProcessUpdate), 1),
	}
	return ask(w, ctx, "subscribe", req, req.reply)
}

// SubscribeBuild follows the newest app version of serviceID created at or
// after since, skipping NONE-source versions that have no build, until it
// reaches a final state (anything but UPLOADING, WAITING_TO_BUILD, BUILDING,
// PREPARING_RUNTIME, WAITING_TO_DEPLOY, DEPLOYING, or a set pipelineFailed).
// Subscribers of one service share one poll loop. Channel semantics are as
// for Subscribe.
func (w *Watcher) SubscribeBuild(ctx context.Context, serviceID string, since time.Time) (<-chan BuildUpdate, error) {
	if serviceID == "" {
		return nil, platform.NewError(platform.ErrInvalidParameter, "service id is empty", "Pass the id of the service whose build to watch.")
	}
	req := subscribeReq[BuildUpdate]{
		ctx:   ctx,
		table: (*watcherLoop).buildTable,
		key:   serviceID,
		since: since,
		kind:  &buildKind{c: w.c, serviceID: serviceID},
		reply: make(chan (<-chan BuildUpdate), 1),
	}
	return ask(w, ctx, "subscribe", req, req.reply)
}

// Status lists the watches with their subscriber counts and ages, as the
// loop sees them. With no loop running (before Serve, or between a crash and
// the restart) it answers at once with the idle state, after a shutdown
// with the snapshot taken as the loop ended.
func (w *Watcher) Status(ctx context.Context) (ActorStatus, error) {
	return w.life.ask(ctx, w.idleStatus)
}

// idleStatus is the status of a watcher with no loop running.
func (w *Watcher) idleStatus() ActorStatus {
	return newWatcherLoop(context.Background(), w, nil).status(StateIdle)
}

// whenIdle returns a channel closed once no poll goroutine runs (at once if
// none does). Tests await it instead of polling the watch count.
func (w *Watcher) whenIdle() <-chan struct{} {
	idle := make(chan struct{})
	close(idle)
	if !w.life.started() {
		return idle // only the loop starts poll goroutines
	}
	req := idleReq{reply: make(chan (<-chan struct{}), 1)}
	ch, err := ask(w, context.Background(), "wait for idle", req, req.reply)
	if err != nil {
		return idle // stopped: Serve waited for every poll goroutine (or crashed: not waited for)
	}
	return ch
}

// ask sends req to the current run's loop and waits for its reply on reply
// (buffer 1). Both steps give up when ctx ends or the run ends (the watcher
// stopped or its loop crashed), so no caller waits forever; a reply already
// given wins over either, so that what the loop granted is not dropped. (A
// subscription granted to a caller that gave up all the same is removed by
// its ended context, like any other; one granted by a run that crashed has
// had its final update.)
func ask[R any](w *Watcher, ctx context.Context, what string, req watcherMsg, reply <-chan R) (R, error) {
	var zero R
	if ctx.Err() != nil {
		return zero, ctxError(ctx, what)
	}
	run := w.life.current()
	select {
	case <-run.done:
		return zero, run.ended()
	default:
	}
	select {
	case run.in.reqs <- req:
	case <-ctx.Done():
		return zero, ctxError(ctx, what)
	case <-run.done:
		return zero, run.ended()
	}
	select {
	case r := <-reply:
		return r, nil
	case <-ctx.Done():
	case <-run.done:
	}
	select {
	case r := <-reply:
		return r, nil
	default:
	}
	if ctx.Err() != nil {
		return zero, ctxError(ctx, what)
	}
	return zero, run.ended()
}
