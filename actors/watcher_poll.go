package actors

import (
	"cmp"
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// searchLimit is the page a batched search asks for, newest first: the
// watched processes are among the newest, and one missing is read by id.
const searchLimit = 100

// polled is one watch's outcome of a tick.
type polled struct {
	snap    any
	project string // processes: the project the answer showed
	err     error
}

// tick polls the watches due by now (or within half an interval, so that
// watches started at different times share a tick) in one batch, and fans
// the outcomes out. Its API calls end with ctx.
func (w *Watcher) tick(ctx context.Context) {
	now := time.Now()
	soon := now.Add(w.cfg.Interval / 2)
	w.mu.Lock()
	type due struct{ id, project string }
	var procs []due
	var services []string
	for id, wt := range w.procs {
		wt.expire(now)
		if len(wt.subs) > 0 && !wt.next.After(soon) {
			procs = append(procs, due{id, cmp.Or(wt.project, w.project)})
		}
	}
	for id, wt := range w.builds {
		wt.expire(now)
		if len(wt.subs) > 0 && !wt.next.After(soon) {
			services = append(services, id)
		}
	}
	project := w.project
	w.polling = len(procs)+len(services) > 0
	w.checkIdle()
	w.mu.Unlock()
	if len(procs)+len(services) == 0 {
		return
	}

	pctx := asPoll(ctx)
	out := make(map[string]polled, len(procs))
	if len(procs) > 0 && procs[0].project == "" {
		// No project known yet: one read by id tells it for the others.
		r := readProcess(w, pctx, procs[0].id)
		out[procs[0].id] = r
		for i := range procs[1:] {
			procs[i+1].project = cmp.Or(procs[i+1].project, r.project)
		}
		procs = procs[1:]
	}
	found := map[string]platform.Process{}
	failed := map[string]error{} // a project whose search failed
	for _, d := range procs {
		if _, done := failed[d.project]; d.project == "" || done {
			continue
		}
		list, err := poll(w, pctx, func(ctx context.Context) ([]platform.Process, error) {
			return w.c.SearchProcesses(ctx, platform.ProcessFilter{ProjectID: d.project, Limit: searchLimit})
		})
		failed[d.project] = err
		for _, p := range list {
			found[p.ID] = p
		}
	}
	var byID []string
	var ended []platform.Process // seen ended by the search, not by a read through the client
	for _, d := range procs {
		p, ok := found[d.id]
		switch {
		case ok: // an end the search shows is final: a lagging index reports an end late, never early
			out[d.id] = polled{snap: p, project: p.ProjectID}
			if p.IsTerminal() {
				ended = append(ended, p)
			}
		case !ok && failed[d.project] != nil:
			out[d.id] = polled{err: failed[d.project]}
		default: // a process the lagging search misses, or one of no known project
			byID = append(byID, d.id)
		}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, id := range byID {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := readProcess(w, pctx, id)
			mu.Lock()
			defer mu.Unlock()
			out[id] = r
		}()
	}
	builds := w.pollBuilds(pctx, services, project)
	wg.Wait()

	w.mu.Lock()
	w.polling = false
	if ctx.Err() != nil { // stopping: Shutdown tells the subscribers
		w.mu.Unlock()
		return
	}
	now = time.Now()
	for id, r := range out {
		if wt := w.procs[id]; wt != nil {
			if r.project != "" {
				wt.project, w.project = r.project, r.project
			}
			wt.observe(w.cfg, now, r.snap, r.err)
		}
	}
	buildEnded := false
	for id, r := range builds {
		if wt := w.builds[id]; wt != nil && wt.observe(w.cfg, now, r.snap, r.err) && r.err == nil {
			buildEnded = true
		}
	}
	w.checkIdle()
	w.mu.Unlock()
	if buildEnded {
		w.platformChanged() // the client saw no end: the build is over
	}
	if c, ok := w.c.(interface{ processesEnded([]platform.Process) }); ok && len(ended) > 0 {
		c.processesEnded(ended) // the client saw these ends only in a search
	}
}

// readProcess reads one process by id.
func readProcess(w *Watcher, ctx context.Context, id string) polled {
	p, err := poll(w, ctx, func(ctx context.Context) (*platform.Process, error) { return w.c.GetProcess(ctx, id) })
	switch {
	case err != nil:
		return polled{err: err}
	case p == nil:
		return polled{err: platform.NewError(platform.ErrAPIError, "process "+id+": the API answered without a process",
			"Check the process with zerops_process.")}
	}
	return polled{snap: *p, project: p.ProjectID}
}

// pollBuilds reads the app versions of the services: one project search
// when several are due and the project is known, else one per service.
func (w *Watcher) pollBuilds(ctx context.Context, services []string, project string) map[string]polled {
	out := make(map[string]polled, len(services))
	if project == "" || len(services) < 2 {
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
	bySvc := map[string][]platform.AppVersion{}
	for _, av := range list {
		bySvc[av.ServiceStackID] = append(bySvc[av.ServiceStackID], av)
	}
	for _, id := range services {
		out[id] = polled{snap: bySvc[id], err: err}
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
