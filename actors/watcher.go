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
// Subscriptions made before Serve are served; once Serve returns, every
// subscriber gets a final SERVICE_UNAVAILABLE update and new subscriptions
// fail. Safe for concurrent use.
type Watcher struct {
	c   platform.Client
	cfg WatcherConfig

	base    context.Context // parent of every poll loop; cancelled when Serve ends
	stopAll context.CancelFunc
	serving atomic.Bool
	wg      sync.WaitGroup // poll loops

	mu      sync.Mutex // guards the fields below; never held across I/O
	stopped bool
	procs   map[string]*watch[ProcessUpdate]
	builds  map[string]*watch[BuildUpdate]
	idle    chan struct{} // closed when the last poll loop ends; nil when nobody waits

	polls atomic.Int64 // API polls made, all watches
}

// NewWatcher returns a watcher polling through c (normally the Gateway).
func NewWatcher(c platform.Client, cfg WatcherConfig) *Watcher {
	base, stop := context.WithCancel(context.Background())
	return &Watcher{
		c:       c,
		cfg:     cfg.withDefaults(),
		base:    base,
		stopAll: stop,
		procs:   map[string]*watch[ProcessUpdate]{},
		builds:  map[string]*watch[BuildUpdate]{},
	}
}

// String names the actor.
func (w *Watcher) String() string { return "process-watcher" }

// Serve blocks until ctx ends, then ends every watch (subscribers get a
// final SERVICE_UNAVAILABLE update), waits for the poll loops and returns.
func (w *Watcher) Serve(ctx context.Context) error {
	w.serving.Store(true)
	select {
	case <-ctx.Done():
	case <-w.base.Done():
		return fmt.Errorf("%s: already stopped", w)
	}
	w.serving.Store(false)
	w.mu.Lock()
	w.stopped = true
	w.mu.Unlock()
	w.stopAll()
	w.wg.Wait()
	return ctx.Err()
}

// Subscribe follows a platform process until it ends. The channel (cap 1)
// holds the latest update; the Final update is always delivered, then the
// channel is closed. When ctx ends the subscription is removed and its
// channel closed without a final update.
func (w *Watcher) Subscribe(ctx context.Context, processID string) (<-chan ProcessUpdate, error) {
	if processID == "" {
		return nil, platform.NewError(platform.ErrInvalidParameter, "process id is empty", "Pass the id of the process to watch.")
	}
	s := newSub[ProcessUpdate](time.Now(), time.Time{}, w.cfg.Limit)
	err := subscribe(w, ctx, w.procs, processID, s, func() kind[ProcessUpdate] {
		return &processKind{c: w.c, id: processID}
	})
	if err != nil {
		return nil, err
	}
	return s.ch, nil
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
	s := newSub[BuildUpdate](time.Now(), since, w.cfg.Limit)
	err := subscribe(w, ctx, w.builds, serviceID, s, func() kind[BuildUpdate] {
		return &buildKind{c: w.c, serviceID: serviceID}
	})
	if err != nil {
		return nil, err
	}
	return s.ch, nil
}

// subscribe adds s to the live watch of key, starting one when there is none.
func subscribe[U any](w *Watcher, ctx context.Context, m map[string]*watch[U], key string, s *sub[U], newKind func() kind[U]) error {
	if ctx.Err() != nil {
		return ctxError(ctx, "subscribe")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stopped || w.base.Err() != nil {
		return errStopped(w.String())
	}
	wt := m[key]
	if wt == nil || !wt.add(ctx, s) {
		wt = newWatch(w, newKind())
		wt.add(ctx, s)
		m[key] = wt
		w.wg.Add(1)
		go func() {
			defer w.wg.Done()
			wt.run()
			w.mu.Lock()
			if m[key] == wt {
				delete(m, key)
			}
			if w.idle != nil && len(w.procs)+len(w.builds) == 0 {
				close(w.idle)
				w.idle = nil
			}
			w.mu.Unlock()
		}()
	}
	return nil
}

// whenIdle returns a channel closed once no poll loop runs (at once if none
// does). Tests await it instead of polling the watch count.
func (w *Watcher) whenIdle() <-chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.procs)+len(w.builds) == 0 {
		done := make(chan struct{})
		close(done)
		return done
	}
	if w.idle == nil {
		w.idle = make(chan struct{})
	}
	return w.idle
}

// Status lists the watches with their subscriber counts and ages.
func (w *Watcher) Status(context.Context) (ActorStatus, error) {
	st := ActorStatus{Name: w.String(), State: StateIdle}
	w.mu.Lock()
	switch {
	case w.stopped:
		st.State = StateStopped
	case w.serving.Load():
		st.State = StateRunning
	}
	now := time.Now()
	subs := 0
	for id, wt := range w.procs {
		n, line := wt.describe(now)
		subs += n
		st.Details = append(st.Details, "process "+id+": "+line)
	}
	for id, wt := range w.builds {
		n, line := wt.describe(now)
		subs += n
		st.Details = append(st.Details, "build of service "+id+": "+line)
	}
	st.add("processes", len(w.procs))
	st.add("builds", len(w.builds))
	w.mu.Unlock()
	sort.Strings(st.Details)
	st.add("subscribers", subs)
	st.add("polls", w.polls.Load())
	return st, nil
}
