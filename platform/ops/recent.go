package ops

import (
	"context"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// The API answers searches from an index that lags mutations by seconds: a
// service imported a moment ago is missing from the service list, a deleted
// one still listed, a process just started not yet found (facts: "Search is
// eventually consistent"). ZCP remembers what it changed itself and reads
// those by id, which is current, and briefly retries a lookup that follows
// its own mutation before answering SERVICE_NOT_FOUND.

// recentTTL is how long a change is remembered: well past any index lag.
const recentTTL = 30 * time.Second

// settleWindow is how long after its own mutation a lookup that found
// nothing retries the search, and retryEvery the pause between tries.
const (
	settleWindow = 3 * time.Second
	retryEvery   = 250 * time.Millisecond
)

// changes holds the project's recent changes: ids → when they were noted.
type changes struct {
	services  map[string]time.Time
	processes map[string]time.Time
	deploys   map[string]pushNote // target service id → its latest push
	last      time.Time
}

// pushNote is a push ZCP made: when it started and when it was noted.
type pushNote struct{ started, noted time.Time }

// note records a change of serviceID (may be "") by proc (may be nil).
func (m *Memory) note(projectID, serviceID string, proc *platform.Process) {
	if m == nil {
		return
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	m.noteLocked(serviceID, proc)
}

// noteLocked is note with m locked.
func (m *Memory) noteLocked(serviceID string, proc *platform.Process) {
	now := time.Now()
	c := &m.recent
	if c.services == nil {
		c.services, c.processes = map[string]time.Time{}, map[string]time.Time{}
	}
	c.last = now
	if serviceID != "" {
		c.services[serviceID] = now
	}
	if proc != nil && proc.ID != "" {
		c.processes[proc.ID] = now
	}
	expired := func(_ string, at time.Time) bool { return now.Sub(at) > recentTTL }
	maps.DeleteFunc(c.services, expired)
	maps.DeleteFunc(c.processes, expired)
}

// snapshot returns the project's remembered service and process ids and the
// time of its last change.
func (m *Memory) snapshot(projectID string) (services, processes []string, last time.Time) {
	if m == nil {
		return nil, nil, time.Time{}
	}
	now := time.Now()
	m.lock(projectID)
	defer m.mu.Unlock()
	c := &m.recent
	for id, at := range c.services {
		if now.Sub(at) <= recentTTL {
			services = append(services, id)
		}
	}
	for id, at := range c.processes {
		if now.Sub(at) <= recentTTL {
			processes = append(processes, id)
		}
	}
	return services, processes, c.last
}

// NoteDeploy records a push to serviceID that started at started; until the
// settle window has passed, lookups retry and zerops_events waits for the
// build it started.
func (m *Memory) NoteDeploy(projectID, serviceID string, started time.Time) {
	if m == nil {
		return
	}
	m.lock(projectID)
	defer m.mu.Unlock()
	m.noteLocked(serviceID, nil)
	c := &m.recent
	if c.deploys == nil {
		c.deploys = map[string]pushNote{}
	}
	c.deploys[serviceID] = pushNote{started: started, noted: c.last}
}

// pushedJustNow returns the services ZCP pushed to within the settle window,
// with when each push started.
func (m *Memory) pushedJustNow(projectID string) map[string]time.Time {
	if m == nil {
		return nil
	}
	now := time.Now()
	m.lock(projectID)
	defer m.mu.Unlock()
	out := map[string]time.Time{}
	for id, p := range m.recent.deploys {
		if now.Sub(p.noted) < settleWindow {
			out[id] = p.started
		} else {
			delete(m.recent.deploys, id)
		}
	}
	return out
}

// noteChange records a change ZCP made to a service of the project.
func (p Project) noteChange(serviceID string, proc *platform.Process) {
	p.Memory.note(p.ID, serviceID, proc)
}

// ListServices is listServices for callers outside ops (deploy's source and
// target lookup).
func ListServices(ctx context.Context, proj Project) ([]platform.ServiceStack, error) {
	return listServices(ctx, proj)
}

// listServices lists the project's services with ZCP's own recent changes
// read by id: a service just created is added, one just deleted dropped, one
// just changed shown as it is now.
func listServices(ctx context.Context, proj Project) ([]platform.ServiceStack, error) {
	return refinedList(ctx, proj, "")
}

// refinedList is listServices; given a hostname the search lists, only that
// service is read by id, if ZCP changed it: a lookup needs no other.
func refinedList(ctx context.Context, proj Project, hostname string) ([]platform.ServiceStack, error) {
	c, projectID := proj.Client, proj.ID
	services, err := c.ListServices(ctx, projectID)
	if err != nil {
		return nil, asPlatformError(err, "listing services")
	}
	ids, _, _ := proj.Memory.snapshot(projectID)
	named := slices.IndexFunc(services, func(s platform.ServiceStack) bool { return s.Name == hostname })
	if hostname != "" && named >= 0 {
		ids = slices.DeleteFunc(ids, func(id string) bool { return id != services[named].ID })
	}
	reads := make([]struct {
		svc *platform.ServiceStack
		err error
	}, len(ids))
	var wg sync.WaitGroup
	for i, id := range ids { // at once: each read waits for the API budget
		wg.Go(func() { reads[i].svc, reads[i].err = c.GetService(ctx, id) })
	}
	wg.Wait()
	for i, id := range ids {
		fresh, err := reads[i].svc, reads[i].err
		at := slices.IndexFunc(services, func(s platform.ServiceStack) bool { return s.ID == id })
		switch {
		case platform.ErrorCode(err) == platform.ErrServiceNotFound:
			if at >= 0 {
				services = slices.Delete(services, at, at+1)
			}
		case err != nil || fresh == nil || fresh.System || (fresh.ProjectID != "" && fresh.ProjectID != projectID):
			// Keep what the search said; the read by id was only a refinement.
		case at >= 0:
			services[at] = *fresh
		default:
			services = append(services, *fresh)
		}
	}
	if hostname != "" && named >= 0 && !slices.ContainsFunc(services, func(s platform.ServiceStack) bool { return s.Name == hostname }) {
		return refinedList(ctx, proj, "") // it was deleted: a new one of that name may exist
	}
	return services, nil
}

// recentProcesses reads by id the processes ZCP started a moment ago that
// are missing from procs.
func recentProcesses(ctx context.Context, proj Project, procs []platform.Process) []platform.Process {
	c, projectID := proj.Client, proj.ID
	_, ids, _ := proj.Memory.snapshot(projectID)
	for _, id := range ids {
		found := false
		for _, p := range procs {
			if p.ID == id {
				found = true
				break
			}
		}
		if found {
			continue
		}
		if p, err := c.GetProcess(ctx, id); err == nil && p != nil {
			procs = append(procs, *p)
		}
	}
	return procs
}

// justChanged reports how long lookups of the project should still retry
// the search: the rest of settleWindow after ZCP's last change, or 0.
func (p Project) justChanged() time.Duration {
	_, _, last := p.Memory.snapshot(p.ID)
	if last.IsZero() {
		return 0
	}
	return max(settleWindow-time.Since(last), 0)
}
