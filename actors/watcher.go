package actors

import (
	"context"
	"fmt"
	"sort"
	"sync"
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
	orDefault(&c.Interval, DefaultPollInterval)
	orDefault(&c.SlowInterval, DefaultSlowPollInterval)
	orDefault(&c.SlowAfter, DefaultSlowAfter)
	orDefault(&c.Limit, DefaultWaitLimit)
	orDefault(&c.MaxFailures, DefaultMaxPollFailures)
	return c
}

// ProcessUpdate is one observation of a watched process; Err is set when the
// watch ended without a terminal state (WAIT_TIMEOUT, failed polls, shutdown).
type ProcessUpdate struct {
	Process platform.Process
	Elapsed time.Duration
	Final   bool
	Err     error
}

// BuildUpdate is one observation of a watched build (app version); see ProcessUpdate.
type BuildUpdate struct {
	AppVersion platform.AppVersion
	Elapsed    time.Duration
	Final      bool
	Err        error
}

// Watcher is the process watcher actor: each tick of Serve polls every due
// watch in one batch (see tick) and fans what it saw out to the watch's
// subscribers, latest value wins. Watches live behind mu, so Subscribe and
// Status never wait for Serve. Safe for concurrent use.
type Watcher struct {
	c    platform.Client
	cfg  WatcherConfig
	life life

	polls atomic.Int64 // API requests made by polls

	mu      sync.Mutex
	procs   map[string]*watch[ProcessUpdate] // by process id
	builds  map[string]*watch[BuildUpdate]   // by service id
	project string                           // the last project a read showed: searched for the others
}

// NewWatcher returns a watcher polling through c (normally the Gateway).
func NewWatcher(c platform.Client, cfg WatcherConfig) *Watcher {
	w := &Watcher{c: c, cfg: cfg.withDefaults(),
		procs: map[string]*watch[ProcessUpdate]{}, builds: map[string]*watch[BuildUpdate]{}}
	w.life.init("process-watcher")
	return w
}

// String names the actor.
func (w *Watcher) String() string { return "process-watcher" }

// Serve polls on the schedule until ctx ends, then ends every watch:
// subscribers get a final SERVICE_UNAVAILABLE update.
func (w *Watcher) Serve(ctx context.Context) error {
	if err := w.life.begin(); err != nil {
		return err
	}
	defer w.life.end()
	t := time.NewTicker(max(w.cfg.Interval/2, time.Microsecond))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			w.Shutdown()
			return ctx.Err()
		case <-t.C:
			w.tick(ctx)
		}
	}
}

// Shutdown stops the watcher for good: every subscriber gets a final
// SERVICE_UNAVAILABLE update. Safe for concurrent use.
func (w *Watcher) Shutdown() {
	w.life.stop()
	w.mu.Lock()
	defer w.mu.Unlock()
	now, err := time.Now(), errStopped(w.String())
	for _, wt := range w.procs {
		wt.failAll(now, err)
	}
	for _, wt := range w.builds {
		wt.failAll(now, err)
	}
}

// Subscribe follows a platform process until it ends. The channel (cap 1)
// holds the latest update; the Final update is always delivered, then the
// channel closes. When ctx ends the channel closes without a final update.
func (w *Watcher) Subscribe(ctx context.Context, processID string) (<-chan ProcessUpdate, error) {
	if processID == "" {
		return nil, platform.NewError(platform.ErrInvalidParameter, "process id is empty", "Pass the id of the process to watch.")
	}
	return subscribe(w, ctx, w.procs, processID, time.Time{}, processKind{id: processID})
}

// SubscribeBuild follows the newest real build of serviceID created at or
// after since until it reaches a final state; see Subscribe.
func (w *Watcher) SubscribeBuild(ctx context.Context, serviceID string, since time.Time) (<-chan BuildUpdate, error) {
	if serviceID == "" {
		return nil, platform.NewError(platform.ErrInvalidParameter, "service id is empty", "Pass the id of the service whose build to watch.")
	}
	return subscribe(w, ctx, w.builds, serviceID, since, buildKind{serviceID: serviceID})
}

func subscribe[U any](w *Watcher, ctx context.Context, table map[string]*watch[U], key string, since time.Time, k kind[U]) (<-chan U, error) {
	if ctx.Err() != nil {
		return nil, ctxError(ctx, "subscribe")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.life.stopped() {
		return nil, errStopped(w.String())
	}
	wt := table[key]
	if wt == nil {
		now := time.Now()
		wt = &watch[U]{k: k, key: key, table: table, started: now, next: now.Add(w.cfg.Interval), subs: map[*sub[U]]struct{}{}}
		table[key] = wt
	}
	now := time.Now()
	s := &sub[U]{ch: make(chan U, 1), start: now, since: since, deadline: now.Add(w.cfg.Limit)}
	wt.subs[s] = struct{}{}
	s.stopAfter = context.AfterFunc(ctx, func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		wt.remove(s)
	})
	if wt.hasSnap {
		wt.tell(s, now)
	}
	return s.ch, nil
}

// Status lists the watches with their subscriber counts and ages.
func (w *Watcher) Status(context.Context) (ActorStatus, error) {
	cfg := w.cfg
	st := ActorStatus{Name: w.String(), State: w.life.state()}
	st.add("schedule", fmt.Sprintf("every %s, %s after %s, limit %s, %d failed polls end a watch",
		cfg.Interval, cfg.SlowInterval, cfg.SlowAfter, cfg.Limit, cfg.MaxFailures))
	w.mu.Lock()
	defer w.mu.Unlock()
	now := time.Now()
	subs := describeAll(&st, w.procs, "process ", now) + describeAll(&st, w.builds, "build of service ", now)
	sort.Strings(st.Details)
	st.add("processes", len(w.procs))
	st.add("builds", len(w.builds))
	st.add("subscribers", subs)
	st.add("polls", w.polls.Load())
	return st, nil
}

func describeAll[U any](st *ActorStatus, table map[string]*watch[U], prefix string, now time.Time) (subs int) {
	for key, wt := range table {
		st.Details = append(st.Details, prefix+key+": "+wt.describe(now))
		subs += len(wt.subs)
	}
	return subs
}

// platformChanged tells a client that keeps answers (the Gateway) a build ended.
func (w *Watcher) platformChanged() {
	if c, ok := w.c.(interface{ PlatformChanged() }); ok {
		c.PlatformChanged()
	}
}
