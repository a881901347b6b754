package actors

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// searchLimit is a batched search's page, newest first: the watched
// processes are among the newest, and one missing is read by id.
const searchLimit = 100

// polled is one watch's outcome of a tick.
type polled struct {
	snap any
	err  error
}

// tick polls when a watch is due, in one batch: one search of the project
// for every watched process (one the lagging search misses is read by id
// when due, and while no project is known the first due one read by id tells
// it) and one app-version search for the due builds. An end the search shows
// is confirmed by a read by id, which also tells the gateway of it.
func (w *Watcher) tick(ctx context.Context) {
	now := time.Now()
	w.mu.Lock()
	procs, services := due(w.procs, now, w.cfg.Interval), due(w.builds, now, w.cfg.Interval)
	project, watched := w.project, map[string]bool{}
	for id, wt := range w.procs {
		if len(wt.subs) > 0 {
			watched[id] = true // not due: observed if the search shows it
		}
	}
	w.mu.Unlock()
	if len(procs)+len(services) == 0 {
		return
	}
	ctx = asPoll(ctx)
	out := map[string]polled{}
	for _, id := range procs {
		watched[id] = false // due: read by id when the search misses it
	}
	if project == "" && len(procs) > 0 {
		p, r := readProcess(w, ctx, procs[0])
		out[procs[0]], project = r, p.ProjectID
		delete(watched, procs[0])
	}
	found := map[string]platform.Process{}
	var err error
	if project != "" && len(watched) > 0 {
		var list []platform.Process
		list, err = poll(w, ctx, func(ctx context.Context) ([]platform.Process, error) {
			return w.c.SearchProcesses(ctx, platform.ProcessFilter{ProjectID: project, Limit: searchLimit})
		})
		for _, p := range list {
			found[p.ID] = p
		}
	}
	var byID []string
	for id, notDue := range watched {
		p, ok := found[id]
		switch {
		case ok && !p.IsTerminal():
			out[id] = polled{snap: p}
		case ok: // an end in the search is confirmed by a read by id
			byID = append(byID, id)
		case notDue:
		case err != nil:
			out[id] = polled{err: err}
		default:
			byID = append(byID, id)
		}
	}
	readProcesses(w, ctx, byID, out)
	builds := w.pollBuilds(ctx, services, project)

	w.mu.Lock()
	defer w.mu.Unlock()
	if ctx.Err() != nil { // stopping: Shutdown tells the subscribers
		return
	}
	w.project, now = project, time.Now()
	for id, r := range out {
		if wt := w.procs[id]; wt != nil {
			wt.observe(w.cfg, now, r.snap, r.err)
		}
	}
	buildEnded := false
	for id, r := range builds {
		if wt := w.builds[id]; wt != nil && wt.observe(w.cfg, now, r.snap, r.err) && r.err == nil {
			buildEnded = true
		}
	}
	if buildEnded {
		w.platformChanged() // the client saw no end: the build is over
	}
}

// due expires the subscriptions past their limit and lists the keys of the
// watches due within a quarter interval (ticks come every half). Requires
// Watcher.mu.
func due[U any](table map[string]*watch[U], now time.Time, interval time.Duration) []string {
	var keys []string
	for key, wt := range table {
		if wt.expire(now); len(wt.subs) > 0 && !wt.next.After(now.Add(interval/4)) {
			keys = append(keys, key)
		}
	}
	return keys
}

// readProcess reads one process by id.
func readProcess(w *Watcher, ctx context.Context, id string) (platform.Process, polled) {
	p, err := poll(w, ctx, func(ctx context.Context) (*platform.Process, error) { return w.c.GetProcess(ctx, id) })
	if err == nil && p == nil {
		err = platform.NewError(platform.ErrAPIError, "process "+id+": the API answered without a process",
			"Check the process with zerops_process.")
	}
	if err != nil {
		return platform.Process{}, polled{err: err}
	}
	return *p, polled{snap: *p}
}

// readProcesses reads the processes by id, all at once, into out.
func readProcesses(w *Watcher, ctx context.Context, ids []string, out map[string]polled) {
	res := make([]polled, len(ids))
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Go(func() { _, res[i] = readProcess(w, ctx, id) })
	}
	wg.Wait()
	for i, id := range ids {
		out[id] = res[i]
	}
}

// pollBuilds reads the app versions of the services: one search of the
// project when it is known, else one per service.
func (w *Watcher) pollBuilds(ctx context.Context, services []string, project string) map[string]polled {
	out := map[string]polled{}
	if project == "" || len(services) == 0 {
		for _, id := range services {
			list, err := poll(w, ctx, func(ctx context.Context) ([]platform.AppVersion, error) {
				return w.c.SearchAppVersions(ctx, platform.AppVersionFilter{ServiceID: id})
			})
			out[id] = polled{snap: list, err: err}
		}
		return out
	}
	list, err := poll(w, ctx, func(ctx context.Context) ([]platform.AppVersion, error) {
		return w.c.SearchAppVersions(ctx, platform.AppVersionFilter{ProjectID: project, Limit: searchLimit})
	})
	for _, id := range services {
		var mine []platform.AppVersion
		for _, av := range list {
			if av.ServiceStackID == id {
				mine = append(mine, av)
			}
		}
		out[id] = polled{snap: mine, err: err}
	}
	return out
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
