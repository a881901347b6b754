package actors

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// key names a watch: a process by id, or a service's builds by service id.
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
// value wins) and reports whether that update was the final one. Guarded by
// Watcher.mu: tell and close run only with it held.
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
	if len(w.watches) == 0 { // the schedule starts with the first watch: its first poll comes an Interval later
		w.next = now.Add(w.cfg.Interval - w.cfg.Interval/4)
	}
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

// observe fans one poll's outcome out to the watch of k, unless the watcher
// is stopping (Shutdown tells the subscribers). Failed polls end the watch
// after MaxFailures in a row, or at once when permanent.
func (w *Watcher) observe(ctx context.Context, k key, snap any, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	wt := w.watches[k]
	if wt == nil || ctx.Err() != nil {
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
	now := time.Now()
	if p, ok := snap.(platform.Process); ok && err == nil && p.IsTerminal() {
		w.learn(p, wt, now)
	}
	for s := range wt.subs {
		w.tell(k, wt, s, err, now)
	}
}

// searchLimit is a batched search's page, newest first: the watched
// processes are among the newest, and one missing is read by id.
const searchLimit = 100

// tick ends the subscriptions past their limit and, when a poll is due, polls
// every watch: every Interval while one is younger than SlowAfter, else every
// SlowInterval. A poll costs one process search of the project and one
// app-version search, whatever the number of watches (see pollProcesses).
func (w *Watcher) tick(ctx context.Context) {
	w.mu.Lock()
	now, project := time.Now(), w.project
	w.endAll(now, func(s *sub) error {
		if now.Before(s.deadline) {
			return nil
		}
		return platform.NewError(platform.ErrWaitTimeout,
			fmt.Sprintf("still not finished after %s", round(now.Sub(s.start))),
			"The operation continues on the platform; check it later with zerops_process or zerops_events.")
	})
	var procs, services []string
	interval, near := w.cfg.SlowInterval, false
	for k, wt := range w.watches {
		if k.build {
			services = append(services, k.id)
		} else {
			procs = append(procs, k.id)
			near = near || w.endNear(wt, now)
		}
		if now.Sub(wt.started) < w.cfg.SlowAfter {
			interval = w.cfg.Interval
		}
	}
	// Ticks come every tickEvery: half a tick's slack keeps a poll on its tick.
	slack := w.tickEvery() / 2
	fastDue := near && !now.Before(w.last.Add(w.cfg.FastInterval-slack))
	if len(w.watches) == 0 || (now.Before(w.next) && !fastDue) {
		w.mu.Unlock()
		return
	}
	w.next, w.last = now.Add(interval-w.cfg.Interval/4), now
	w.mu.Unlock()
	ctx = asPoll(ctx)
	project = w.pollProcesses(ctx, procs, project)
	w.pollBuilds(ctx, services, project)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.project = project
}

// tickEvery is the period of Serve's ticks: half the shortest interval.
func (w *Watcher) tickEvery() time.Duration {
	return max(min(w.cfg.Interval, w.cfg.FastInterval)/2, time.Microsecond)
}

// endNear reports whether the watched process may end about now, so the
// schedule polls every FastInterval: from an Interval before to an Interval
// after the end its action's last process suggests (started + how long
// that took), or, for an action not seen to end yet, until the watch is two
// Intervals old. Never in the watch's first three quarters of an Interval,
// when a lagging search may not show the process yet (it would be read by
// id). Requires mu.
func (w *Watcher) endNear(wt *watch, now time.Time) bool {
	age := now.Sub(wt.started)
	if age < w.cfg.Interval-w.cfg.Interval/4 {
		return false
	}
	p, _ := wt.snap.(platform.Process)
	d, known := w.expected[p.ActionName]
	if !known || p.ActionName == "" {
		return age < 2*w.cfg.Interval
	}
	end := processBegan(p, wt).Add(d)
	return now.After(end.Add(-w.cfg.Interval)) && now.Before(end.Add(w.cfg.Interval))
}

// maxExpected bounds the actions whose durations the watcher remembers.
const maxExpected = 64

// learn remembers how long an ended process took, by the platform's own
// timestamps where it gives them, else from the watch's start to now.
// Requires mu.
func (w *Watcher) learn(p platform.Process, wt *watch, now time.Time) {
	if p.ActionName == "" {
		return
	}
	end := now
	if p.Finished != nil {
		end = *p.Finished
	}
	d := end.Sub(processBegan(p, wt))
	if d < 0 { // clocks apart
		return
	}
	if _, ok := w.expected[p.ActionName]; !ok && len(w.expected) >= maxExpected {
		clear(w.expected)
	}
	w.expected[p.ActionName] = d
}

// processBegan is when the process started running by its snapshot, else
// when it was created, else when its watch began.
func processBegan(p platform.Process, wt *watch) time.Time {
	switch {
	case p.Started != nil && !p.Started.IsZero():
		return *p.Started
	case !p.Created.IsZero():
		return p.Created
	}
	return wt.started
}

// pollProcesses reads the processes with one search of the project; an end
// the search shows is confirmed by a read by id (searches lag; the read also
// tells the gateway), and a process it does not show yet is read by id. While
// no project is known, the first process read by id tells it. It returns the
// project.
func (w *Watcher) pollProcesses(ctx context.Context, ids []string, project string) string {
	if project == "" && len(ids) > 0 {
		project, ids = w.readProcess(ctx, ids[0]).ProjectID, ids[1:]
	}
	found := map[string]platform.Process{}
	var err error
	if project != "" && len(ids) > 0 {
		var list []platform.Process
		list, err = poll(w, ctx, func(ctx context.Context) ([]platform.Process, error) {
			return w.c.SearchProcesses(ctx, platform.ProcessFilter{ProjectID: project, Limit: searchLimit})
		})
		for _, p := range list {
			found[p.ID] = p
		}
	}
	var wg sync.WaitGroup
	for _, id := range ids {
		p, ok := found[id]
		switch {
		case ok && !p.IsTerminal():
			w.observe(ctx, key{id: id}, p, nil)
		case err != nil:
			w.observe(ctx, key{id: id}, nil, err)
		default: // an end the search shows (to confirm) or a process it misses
			wg.Go(func() { w.readProcess(ctx, id) })
		}
	}
	wg.Wait()
	return project
}

// readProcess reads one process by id for its watch.
func (w *Watcher) readProcess(ctx context.Context, id string) platform.Process {
	p, err := poll(w, ctx, func(ctx context.Context) (*platform.Process, error) { return w.c.GetProcess(ctx, id) })
	if err == nil && p == nil {
		err = platform.NewError(platform.ErrAPIError, "process "+id+": the API answered without a process",
			"Check the process with zerops_process.")
	}
	if err != nil {
		p = &platform.Process{}
	}
	w.observe(ctx, key{id: id}, *p, err)
	return *p
}

// pollBuilds reads the app versions of the services: one search of the
// project when it is known, else one per service.
func (w *Watcher) pollBuilds(ctx context.Context, services []string, project string) {
	search := func(f platform.AppVersionFilter) ([]platform.AppVersion, error) {
		return poll(w, ctx, func(ctx context.Context) ([]platform.AppVersion, error) { return w.c.SearchAppVersions(ctx, f) })
	}
	var list []platform.AppVersion
	var err error
	if project != "" && len(services) > 0 {
		list, err = search(platform.AppVersionFilter{ProjectID: project, Limit: searchLimit})
	}
	for _, id := range services {
		if project == "" {
			list, err = search(platform.AppVersionFilter{ServiceID: id})
		}
		w.observe(ctx, key{id: id, build: true}, list, err)
	}
}

// poll makes one API call of a tick, turning a panic below it (a client bug)
// into an error the watch reports like any failed poll.
func poll[T any](w *Watcher, ctx context.Context, fn func(context.Context) (T, error)) (v T, err error) {
	w.polls.Add(1)
	defer func() {
		if r := recover(); r != nil {
			err = platform.NewError(platform.ErrInternal, fmt.Sprintf("watcher poll panicked: %v", r),
				"Check the process with zerops_process; the panic is a ZCP bug worth reporting.")
		}
	}()
	return fn(ctx)
}

// describe summarises the watch for the status dump.
func (wt *watch) describe(k key, now time.Time) string {
	state := "not polled yet"
	switch snap := wt.snap.(type) {
	case platform.Process:
		state = string(snap.ActionName) + " " + string(snap.Status)
	case []platform.AppVersion:
		state = "no build yet"
		if av, ok := newestBuild(snap, k.id, time.Time{}); ok {
			state = "app version " + av.ID + " " + string(av.Status)
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
		if av.ServiceStackID != serviceID || av.Created.Before(since) || av.StartedWithoutCode() {
			continue
		}
		if !found || av.Created.After(best.Created) ||
			(av.Created.Equal(best.Created) && av.Sequence > best.Sequence) {
			best, found = av, true
		}
	}
	return best, found
}

// versionByID picks the app version id from versions.
func versionByID(versions []platform.AppVersion, id string) (platform.AppVersion, bool) {
	for _, av := range versions {
		if av.ID == id {
			return av, true
		}
	}
	return platform.AppVersion{}, false
}
