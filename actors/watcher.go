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

// WatcherConfig sets the poll schedule. Zero fields take the defaults.
type WatcherConfig struct {
	Interval     time.Duration // poll interval at first (2 s)
	FastInterval time.Duration // poll interval while a watched process's end is near (400 ms; see endNear)
	SlowInterval time.Duration // poll interval once every watch is older than SlowAfter (5 s)
	SlowAfter    time.Duration // (30 s)
	Limit        time.Duration // a subscriber gets WAIT_TIMEOUT this long after subscribing (10 min)
	MaxFailures  int           // consecutive failed polls that end a watch (5)
}

func (c WatcherConfig) withDefaults() WatcherConfig {
	orDefault(&c.Interval, 2*time.Second)
	orDefault(&c.FastInterval, min(400*time.Millisecond, c.Interval/2))
	orDefault(&c.SlowInterval, 5*time.Second)
	orDefault(&c.SlowAfter, 30*time.Second)
	orDefault(&c.Limit, 10*time.Minute)
	orDefault(&c.MaxFailures, 5)
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

// Watcher is the process watcher actor: each tick of Serve polls every
// watch in one batch (see tick) and fans what it saw out to the watch's
// subscribers, latest value wins. Watches live behind mu, so Subscribe and
// Status never wait for Serve. Safe for concurrent use.
type Watcher struct {
	c    platform.Client
	cfg  WatcherConfig
	life life

	polls atomic.Int64 // API requests made by polls

	mu       sync.Mutex
	watches  map[key]*watch
	project  string                                // the last project a read showed: searched for the others
	next     time.Time                             // when the next poll is due, unless an end is near
	last     time.Time                             // when the last poll began
	expected map[platform.ActionName]time.Duration // action name → how long its last ended process took
}

// NewWatcher returns a watcher polling through c (normally the Gateway).
func NewWatcher(c platform.Client, cfg WatcherConfig) *Watcher {
	w := &Watcher{c: c, cfg: cfg.withDefaults(), watches: map[key]*watch{}, expected: map[platform.ActionName]time.Duration{}}
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
	t := time.NewTicker(w.tickEvery())
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
	w.endAll(time.Now(), func(*sub) error { return errStopped(w.String()) })
}

// endAll ends each subscription for which err answers an error. Requires mu.
func (w *Watcher) endAll(now time.Time, err func(*sub) error) {
	for k, wt := range w.watches {
		for s := range wt.subs {
			if err := err(s); err != nil {
				w.tell(k, wt, s, err, now)
			}
		}
	}
}

// Subscribe follows a platform process until it ends. The channel (cap 1)
// holds the latest update; the Final update is always delivered, then the
// channel closes. When ctx ends the channel closes without a final update.
func (w *Watcher) Subscribe(ctx context.Context, processID string) (<-chan ProcessUpdate, error) {
	if processID == "" {
		return nil, platform.NewError(platform.ErrInvalidParameter, "process id is empty", "Pass the id of the process to watch.")
	}
	ch, last := make(chan ProcessUpdate, 1), ProcessUpdate{Process: platform.Process{ID: processID}}
	tell := func(snap any, err error, elapsed time.Duration) bool {
		if err == nil {
			last.Process = snap.(platform.Process)
		}
		last.Elapsed, last.Err, last.Final = elapsed, err, err != nil || last.Process.IsTerminal()
		deliver(ch, last)
		return last.Final
	}
	return ch, w.subscribe(ctx, key{id: processID}, &sub{tell: tell, close: func() { close(ch) }})
}

// SubscribeBuild follows the newest real build of serviceID created at or
// after since, or the app version appVersionID when set, until it reaches a
// final state; see Subscribe. The end of a build is news to a client that
// keeps answers (the Gateway's PlatformChanged).
func (w *Watcher) SubscribeBuild(ctx context.Context, serviceID string, since time.Time, appVersionID string) (<-chan BuildUpdate, error) {
	if serviceID == "" {
		return nil, platform.NewError(platform.ErrInvalidParameter, "service id is empty", "Pass the id of the service whose build to watch.")
	}
	ch, last := make(chan BuildUpdate, 1), BuildUpdate{AppVersion: platform.AppVersion{ServiceStackID: serviceID}}
	tell := func(snap any, err error, elapsed time.Duration) bool {
		if err == nil {
			av, ok := newestBuild(snap.([]platform.AppVersion), serviceID, since)
			if appVersionID != "" {
				av, ok = versionByID(snap.([]platform.AppVersion), appVersionID)
			}
			if !ok {
				return false // the version has not appeared yet
			}
			last.AppVersion = av
		}
		last.Elapsed, last.Err, last.Final = elapsed, err, err != nil || last.AppVersion.Final()
		if c, ok := w.c.(interface{ PlatformChanged() }); ok && last.Final && err == nil {
			c.PlatformChanged() // before the subscriber hears of it: cached reads predate the end
		}
		deliver(ch, last)
		return last.Final
	}
	return ch, w.subscribe(ctx, key{id: serviceID, build: true}, &sub{tell: tell, close: func() { close(ch) }})
}

// Status lists the watches with their subscriber counts and ages.
func (w *Watcher) Status(context.Context) (ActorStatus, error) {
	c := w.cfg
	st := ActorStatus{Name: w.String(), State: w.life.state()}
	st.add("schedule", fmt.Sprintf("every %s, %s after %s, %s near an expected end, limit %s, %d failed polls end a watch",
		c.Interval, c.SlowInterval, c.SlowAfter, c.FastInterval, c.Limit, c.MaxFailures))
	w.mu.Lock()
	defer w.mu.Unlock()
	now, builds, subs := time.Now(), 0, 0
	for k, wt := range w.watches {
		prefix := "process "
		if k.build {
			prefix = "build of service "
			builds++
		}
		st.Details = append(st.Details, prefix+k.id+": "+wt.describe(k, now))
		subs += len(wt.subs)
	}
	sort.Strings(st.Details)
	st.add("processes", len(w.watches)-builds)
	st.add("builds", builds)
	st.add("subscribers", subs)
	st.add("polls", w.polls.Load())
	return st, nil
}
