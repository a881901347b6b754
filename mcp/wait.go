package mcp

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/deploy"
)

// DefaultWait is how long one call waits on platform work (ZCP_WAIT): under
// the ~2 minutes after which Claude Code moves a call to the background.
// The answer then says where the work is and which call waits on.
const DefaultWait = 100 * time.Second

// MaxWait bounds ZCP_WAIT: the watcher's own limit on one watch.
const MaxWait = 10 * time.Minute

// waitBudget is one call's wait budget.
func (s *Server) waitBudget() time.Duration {
	if s.deps.Wait <= 0 {
		return DefaultWait
	}
	return min(s.deps.Wait, MaxWait)
}

// withWaitBudget bounds ctx by the call's wait budget; deploy.BudgetEnded
// tells its end from a cancellation.
func (s *Server) withWaitBudget(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeoutCause(ctx, s.waitBudget(), deploy.ErrWaitBudget)
}

// lease is one watcher subscription read by a tool call. Its context is its
// own, not the call's, so that a call whose budget ended can park it and the
// continuation call read on from the same subscription: the same watch,
// its elapsed time and its 10-minute limit.
type lease[U any] struct {
	start   time.Time // when the subscription began
	ch      <-chan U
	pending *U // read from ch but not yet handed on
	end     context.CancelFunc
}

// next is the lease's next update: the pending one first. ok is false when
// the subscription closed; ctx ending answers ended.
func (l *lease[U]) next(ctx context.Context) (u U, ok, ended bool) {
	if ctx.Err() != nil {
		return u, false, true
	}
	if l.pending != nil {
		u, l.pending = *l.pending, nil
		return u, true, false
	}
	select {
	case <-ctx.Done():
		return u, false, true
	case u, ok = <-l.ch:
		return u, ok, false
	}
}

// parked holds the leases of calls that answered before their work ended,
// by the id a continuation call names. Safe for concurrent use.
type parked[U any] struct {
	mu sync.Mutex
	m  map[string]*parkedLease[U]
}

type parkedLease[U any] struct {
	l      *lease[U]
	expiry *time.Timer
}

// maxParked bounds the parked leases: beyond it a lease is ended instead
// (its continuation subscribes afresh).
const maxParked = 256

// parkFor is how long a parked lease waits for its continuation: the
// watcher ends the subscription itself by then (its 10-minute limit).
const parkFor = 11 * time.Minute

// take removes and returns id's parked lease, or nil.
func (p *parked[U]) take(id string) *lease[U] {
	p.mu.Lock()
	defer p.mu.Unlock()
	pl := p.m[id]
	if pl == nil {
		return nil
	}
	delete(p.m, id)
	pl.expiry.Stop()
	return pl.l
}

// park keeps l for the continuation of id, or ends it when id is empty or
// too many are parked. A lease already parked for id is ended.
func (p *parked[U]) park(id string, l *lease[U]) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.m == nil {
		p.m = map[string]*parkedLease[U]{}
	}
	if old := p.m[id]; old != nil {
		old.expiry.Stop()
		old.l.end()
		delete(p.m, id)
	}
	if id == "" || len(p.m) >= maxParked {
		l.end()
		return
	}
	pl := &parkedLease[U]{l: l}
	pl.expiry = time.AfterFunc(parkFor, func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.m[id] == pl {
			delete(p.m, id)
			l.end()
		}
	})
	p.m[id] = pl
}

// leases are the server's parked watcher subscriptions.
type leases struct {
	procs  parked[actors.ProcessUpdate] // by process id
	builds parked[actors.BuildUpdate]   // by app version id

	mu       sync.Mutex
	services map[string]string // app version id → its service, for the versions answers named
	pushing  map[string]int    // target hostname → zerops_deploy calls in flight to it
}

// push notes a zerops_deploy call to hostname in flight until the
// returned func is called: the search lists its new version a second
// late, and a logs call meanwhile reads the version it replaces.
func (l *leases) push(hostname string) (done func()) {
	hostname = strings.ToLower(strings.TrimSpace(hostname))
	if hostname == "" {
		return func() {}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.pushing == nil {
		l.pushing = map[string]int{}
	}
	l.pushing[hostname]++
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.pushing[hostname]--; l.pushing[hostname] <= 0 {
			delete(l.pushing, hostname)
		}
	}
}

// pushingTo reports whether a zerops_deploy call to hostname is in flight.
func (l *leases) pushingTo(hostname string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.pushing[strings.ToLower(strings.TrimSpace(hostname))] > 0
}

// noteService remembers the service of an app version an answer named: the
// search lists a new version about a second late.
func (l *leases) noteService(appVersionID, serviceID string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.services == nil || len(l.services) >= maxParked {
		l.services = map[string]string{} // forgotten versions are looked up
	}
	l.services[appVersionID] = serviceID
}

// serviceOf is the service noted for an app version, or "".
func (l *leases) serviceOf(appVersionID string) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.services[appVersionID]
}

// processLease reads on from id's parked subscription, or subscribes anew
// with a context of its own (ended by lease.end).
func (s *Server) processLease(ctx context.Context, id string) (*lease[actors.ProcessUpdate], error) {
	if l := s.leases.procs.take(id); l != nil {
		return l, nil
	}
	sctx, end := context.WithCancel(context.WithoutCancel(ctx))
	ch, err := s.deps.Watcher.Subscribe(sctx, id)
	if err != nil {
		end()
		return nil, err
	}
	return &lease[actors.ProcessUpdate]{start: time.Now(), ch: ch, end: end}, nil
}

// buildLease reads on from app version id's parked subscription, or
// subscribes anew (see processLease).
func (s *Server) buildLease(ctx context.Context, serviceID string, since time.Time, id string) (*lease[actors.BuildUpdate], error) {
	if id != "" {
		if l := s.leases.builds.take(id); l != nil {
			return l, nil
		}
	}
	sctx, end := context.WithCancel(context.WithoutCancel(ctx))
	ch, err := s.deps.Watcher.SubscribeBuild(sctx, serviceID, since, id)
	if err != nil {
		end()
		return nil, err
	}
	return &lease[actors.BuildUpdate]{start: time.Now(), ch: ch, end: end}, nil
}
