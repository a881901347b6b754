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

// tick ends the subscriptions past their limit and, when a poll is due, polls
// every watch: every Interval while one is younger than SlowAfter, else every
// SlowInterval. A poll costs one process search of the project and one
// app-version search, whatever the number of watches (see pollProcesses).
func (w *Watcher) tick(ctx context.Context) {
	w.mu.Lock()
	now := time.Now()
	w.endAll(now, func(s *sub) error {
		if now.Before(s.deadline) {
			return nil
		}
		return platform.NewError(platform.ErrWaitTimeout,
			fmt.Sprintf("still not finished after %s", round(now.Sub(s.start))),
			"The operation continues on the platform; check it later with zerops_process or zerops_events.")
	})
	var procs, services []string
	interval := w.cfg.SlowInterval
	for k, wt := range w.watches {
		if k.build {
			services = append(services, k.id)
		} else {
			procs = append(procs, k.id)
		}
		if now.Sub(wt.started) < w.cfg.SlowAfter {
			interval = w.cfg.Interval
		}
	}
	due, project := len(w.watches) > 0 && !now.Before(w.next), w.project
	if due { // ticks come every half Interval: a quarter's slack keeps a poll on its tick
		w.next = now.Add(interval - w.cfg.Interval/4)
	}
	w.mu.Unlock()
	if !due {
		return
	}
	ctx = asPoll(ctx)
	project = w.pollProcesses(ctx, procs, project)
	w.pollBuilds(ctx, services, project)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.project = project
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
			w.report(ctx, key{id: id}, p, nil)
		case err != nil:
			w.report(ctx, key{id: id}, nil, err)
		default: // an end the search shows (to confirm) or a process it misses
			wg.Go(func() { w.readProcess(ctx, id) })
		}
	}
	wg.Wait()
	return project
}

// report fans a poll's outcome out to the watch of k, unless the watcher is
// stopping (Shutdown tells the subscribers).
func (w *Watcher) report(ctx context.Context, k key, snap any, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if ctx.Err() == nil {
		w.observe(k, snap, err, time.Now())
	}
}

// readProcess reads one process by id and reports it.
func (w *Watcher) readProcess(ctx context.Context, id string) platform.Process {
	p, err := poll(w, ctx, func(ctx context.Context) (*platform.Process, error) { return w.c.GetProcess(ctx, id) })
	if err == nil && p == nil {
		err = platform.NewError(platform.ErrAPIError, "process "+id+": the API answered without a process",
			"Check the process with zerops_process.")
	}
	if err != nil {
		w.report(ctx, key{id: id}, nil, err)
		return platform.Process{}
	}
	w.report(ctx, key{id: id}, *p, nil)
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
		w.report(ctx, key{id: id, build: true}, list, err)
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
