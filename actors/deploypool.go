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

// Deploy pool defaults.
const (
	DefaultDeployWorkers = 4
	DefaultDeployTimeout = 5 * time.Minute
)

// DeployPool is the deploy pool actor: at most `workers` jobs run at once,
// and jobs of one target (service) run one at a time in arrival order, while
// different targets run in parallel. Jobs run in their callers' goroutines;
// the pool only grants turns. Stopping the pool cancels running jobs and
// drops queued ones. Safe for concurrent use.
type DeployPool struct {
	workers int
	timeout time.Duration // per job

	base    context.Context // cancelled when Serve ends
	stopAll context.CancelFunc
	serving atomic.Bool
	jobs    sync.WaitGroup // running jobs, awaited by Serve

	mu      sync.Mutex
	stopped bool
	busy    map[string]*ticket // running job per target
	waiting []*ticket          // arrival order
	changed chan struct{}      // closed and replaced whenever the queue changes (for tests)
	done    atomic.Int64
}

// ticket is one job's place in the queue; turn is closed when it may run.
type ticket struct {
	target   string
	enqueued time.Time
	started  time.Time
	turn     chan struct{}
}

// NewDeployPool returns a pool of workers (≤ 0: DefaultDeployWorkers).
func NewDeployPool(workers int) *DeployPool {
	if workers <= 0 {
		workers = DefaultDeployWorkers
	}
	base, stop := context.WithCancel(context.Background())
	return &DeployPool{workers: workers, timeout: DefaultDeployTimeout, base: base, stopAll: stop,
		busy: map[string]*ticket{}, changed: make(chan struct{})}
}

// String names the actor.
func (p *DeployPool) String() string { return "deploy-pool" }

// Serve blocks until ctx ends, then cancels running jobs, drops queued ones
// and waits for the running jobs to return.
func (p *DeployPool) Serve(ctx context.Context) error {
	p.serving.Store(true)
	select {
	case <-ctx.Done():
	case <-p.base.Done():
		return fmt.Errorf("%s: already stopped", p)
	}
	p.serving.Store(false)
	p.mu.Lock()
	p.stopped = true
	p.mu.Unlock()
	p.stopAll()
	p.jobs.Wait()
	return ctx.Err()
}

// Run queues job behind earlier jobs of target and runs it once a worker is
// free, with a context that ends when ctx ends, when the pool stops or after
// the per-job limit (5 min). It returns job's error, or an error saying why
// the job never ran (ctx ended while queued, pool stopped).
func (p *DeployPool) Run(ctx context.Context, target string, job func(ctx context.Context) error) error {
	if target == "" {
		return platform.NewError(platform.ErrInvalidParameter, "deploy target is empty", "Name the service to deploy to.")
	}
	t := &ticket{target: target, enqueued: time.Now(), turn: make(chan struct{})}
	p.mu.Lock()
	if p.stopped {
		p.mu.Unlock()
		return errStopped(p.String())
	}
	p.waiting = append(p.waiting, t)
	p.dispatchLocked()
	p.changedLocked()
	p.mu.Unlock()

	select {
	case <-t.turn:
	case <-ctx.Done():
		if !p.leave(t) {
			p.finish(t) // granted in the same instant: give the turn back
		}
		return ctxError(ctx, "deploy to "+target+" waiting in the queue")
	case <-p.base.Done():
		if !p.leave(t) {
			p.finish(t)
		}
		return errStopped(p.String())
	}
	defer p.finish(t)

	jobCtx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	defer context.AfterFunc(p.base, cancel)()
	return job(jobCtx)
}

// leave removes a ticket still waiting; false when it had been granted.
func (p *DeployPool) leave(t *ticket) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, w := range p.waiting {
		if w == t {
			p.waiting = append(p.waiting[:i], p.waiting[i+1:]...)
			p.changedLocked()
			return true
		}
	}
	return false
}

// finish frees t's worker and target and grants the next turns.
func (p *DeployPool) finish(t *ticket) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.busy[t.target] == t {
		delete(p.busy, t.target)
		p.jobs.Done()
		p.done.Add(1)
	}
	p.dispatchLocked()
	p.changedLocked()
}

// changedLocked wakes whoever waits on the queue's state (tests do).
func (p *DeployPool) changedLocked() {
	close(p.changed)
	p.changed = make(chan struct{})
}

// dispatchLocked grants turns, oldest first, to tickets whose target is idle
// while workers are free.
func (p *DeployPool) dispatchLocked() {
	if p.stopped {
		return
	}
	for i := 0; i < len(p.waiting) && len(p.busy) < p.workers; {
		t := p.waiting[i]
		if _, running := p.busy[t.target]; running {
			i++
			continue
		}
		p.waiting = append(p.waiting[:i], p.waiting[i+1:]...)
		p.busy[t.target] = t
		t.started = time.Now()
		p.jobs.Add(1)
		close(t.turn)
	}
}

// Status reports busy and idle workers and the queue per target.
func (p *DeployPool) Status(context.Context) (ActorStatus, error) {
	st := ActorStatus{Name: p.String(), State: StateIdle}
	now := time.Now()
	p.mu.Lock()
	switch {
	case p.stopped:
		st.State = StateStopped
	case p.serving.Load():
		st.State = StateRunning
	}
	st.add("busy", len(p.busy))
	st.add("idle", p.workers-len(p.busy))
	st.add("queued", len(p.waiting))
	queues := map[string]int{}
	for _, t := range p.waiting {
		queues[t.target]++
	}
	for target, t := range p.busy {
		st.Details = append(st.Details, fmt.Sprintf("target %s: running %s, %d queued", target, round(now.Sub(t.started)), queues[target]))
		delete(queues, target)
	}
	for target, n := range queues {
		st.Details = append(st.Details, fmt.Sprintf("target %s: %d queued", target, n))
	}
	p.mu.Unlock()
	sort.Strings(st.Details)
	st.add("completed", p.done.Load())
	return st, nil
}
