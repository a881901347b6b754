package actors

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// Deploy pool and env-writes defaults.
const (
	DefaultDeployWorkers = 4
	DefaultDeployTimeout = 5 * time.Minute
	// DefaultEnvWriteTargets bounds the targets written at once; writes to
	// more wait their turn.
	DefaultEnvWriteTargets = 16
	// DefaultEnvWriteLimit bounds one write with the wait for its processes
	// (the limit of every wait on a platform process).
	DefaultEnvWriteLimit = 10 * time.Minute
)

// keyQueue grants turns to jobs run in their callers' goroutines: one at a
// time per key (a target) in arrival order, at most workers at once, once
// Serve runs. The deploy pool and the env writes are keyQueues.
type keyQueue struct {
	name    string
	workers int
	timeout time.Duration // per job, its hold included
	life    life
	jobs    context.Context // cancelled when the queue stops
	stopJob context.CancelCauseFunc
	running sync.WaitGroup // granted turns not yet given back
	changed chan struct{}  // buffer 1: posted after every change (tests await it)

	mu        sync.Mutex
	open      bool // a Serve ran: turns may be granted
	waiting   []*ticket
	busy      map[string]*ticket // the turn per key
	completed int
}

// ticket is one job's place; turn (buffer 1) gets nil or why it never runs.
type ticket struct {
	key     string
	started time.Time
	turn    chan error
	ran     bool
}

func (q *keyQueue) init(name string, workers int, timeout time.Duration) {
	q.name, q.workers, q.timeout = name, workers, timeout
	q.busy, q.changed = map[string]*ticket{}, make(chan struct{}, 1)
	q.jobs, q.stopJob = context.WithCancelCause(context.Background())
	q.life.init(name)
}

// String names the actor.
func (q *keyQueue) String() string { return q.name }

// Serve grants turns until ctx ends, then stops and waits for running jobs.
func (q *keyQueue) Serve(ctx context.Context) error {
	if err := q.life.begin(); err != nil {
		return err
	}
	defer q.life.end()
	q.mu.Lock()
	q.open = true
	q.dispatch()
	q.mu.Unlock()
	<-ctx.Done()
	q.Shutdown()
	q.running.Wait()
	return ctx.Err()
}

// Shutdown drops queued jobs and cancels running ones, for good.
func (q *keyQueue) Shutdown() {
	err := errStopped(q.name)
	q.mu.Lock()
	defer q.mu.Unlock()
	q.life.stop()
	q.stopJob(err)
	for _, t := range q.waiting {
		t.turn <- err
	}
	q.waiting = nil
}

// holdingJob is a job whose non-nil hold keeps its key's turn, in a
// goroutine of its own, until hold returns.
type holdingJob func(ctx context.Context) (hold func(context.Context), err error)

// run queues job behind the earlier jobs of key and runs it with a context
// that ends with ctx, when the queue stops or after the per-job limit.
func (q *keyQueue) run(ctx context.Context, key string, job holdingJob) error {
	if key == "" {
		return platform.NewError(platform.ErrInvalidParameter, q.name+": target is empty", "Name the service to act on.")
	}
	if ctx.Err() != nil {
		return ctxError(ctx, key+" waiting for the "+q.name)
	}
	t := &ticket{key: key, turn: make(chan error, 1)}
	q.mu.Lock()
	if q.life.stopped() {
		q.mu.Unlock()
		return errStopped(q.name)
	}
	q.waiting = append(q.waiting, t)
	q.dispatch()
	q.mu.Unlock()
	select {
	case err := <-t.turn:
		if err != nil {
			return err
		}
	case <-ctx.Done():
		q.leave(t) // withdraws t, or gives back a turn granted in this instant
		return ctxError(ctx, key+" waiting in the "+q.name+" queue")
	}
	held := false
	defer func() { // deferred, so that a panicking job frees its turn too
		if !held {
			q.leave(t)
		}
	}()
	jobCtx, cancel := context.WithTimeout(ctx, q.timeout)
	defer cancel()
	defer context.AfterFunc(q.jobs, cancel)()
	if q.jobs.Err() != nil { // granted as the queue stopped
		return context.Cause(q.jobs)
	}
	q.mu.Lock()
	t.ran = true
	q.mu.Unlock()
	hold, err := job(jobCtx)
	if hold != nil {
		held = true
		go q.hold(t, hold)
	}
	return err
}

// hold runs a job's hold with t's turn taken, then gives it back.
func (q *keyQueue) hold(t *ticket, hold func(context.Context)) {
	defer q.leave(t)
	ctx, cancel := context.WithTimeout(context.Background(), q.timeout)
	defer cancel()
	defer context.AfterFunc(q.jobs, cancel)()
	if q.jobs.Err() != nil {
		cancel()
	}
	hold(ctx)
}

// leave withdraws a waiting t, or frees the worker and key t was granted.
func (q *keyQueue) leave(t *ticket) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if i := slices.Index(q.waiting, t); i >= 0 {
		q.waiting = slices.Delete(q.waiting, i, i+1)
	} else if q.busy[t.key] == t {
		delete(q.busy, t.key)
		if t.ran {
			q.completed++
		}
		q.running.Done()
	}
	q.dispatch()
}

// dispatch grants turns, oldest first, to idle keys while workers are free.
func (q *keyQueue) dispatch() {
	for i := 0; q.open && !q.life.stopped() && i < len(q.waiting) && len(q.busy) < q.workers; {
		t := q.waiting[i]
		if _, busy := q.busy[t.key]; busy {
			i++
			continue
		}
		q.waiting = slices.Delete(q.waiting, i, i+1)
		q.busy[t.key] = t
		q.running.Add(1)
		t.started = time.Now()
		t.turn <- nil
	}
	select {
	case q.changed <- struct{}{}:
	default:
	}
}

// Status reports busy and idle workers and the queue per key.
func (q *keyQueue) Status(context.Context) (ActorStatus, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	now := time.Now()
	st := ActorStatus{Name: q.name, State: q.life.state()}
	st.add("busy", len(q.busy))
	st.add("idle", q.workers-len(q.busy))
	st.add("queued", len(q.waiting))
	queues := map[string]int{}
	for _, t := range q.waiting {
		queues[t.key]++
	}
	for key, t := range q.busy {
		st.Details = append(st.Details, fmt.Sprintf("target %s: running %s, %d queued", key, round(now.Sub(t.started)), queues[key]))
		delete(queues, key)
	}
	for key, n := range queues {
		st.Details = append(st.Details, fmt.Sprintf("target %s: %d queued", key, n))
	}
	sort.Strings(st.Details)
	st.add("completed", q.completed)
	return st, nil
}

// DeployPool is the deploy pool actor: a keyQueue of deploys, each within 5 min.
type DeployPool struct{ keyQueue }

// NewDeployPool returns a pool of workers (≤ 0: DefaultDeployWorkers).
func NewDeployPool(workers int) *DeployPool {
	if workers <= 0 {
		workers = DefaultDeployWorkers
	}
	p := &DeployPool{}
	p.init("deploy-pool", workers, DefaultDeployTimeout)
	return p
}

// Run runs job after the earlier jobs of target; see keyQueue.run.
func (p *DeployPool) Run(ctx context.Context, target string, job func(ctx context.Context) error) error {
	return p.run(ctx, target, func(ctx context.Context) (func(context.Context), error) { return nil, job(ctx) })
}

// EnvWrites is the env-writes actor: one read-merge-write of env variables
// per target (a service, or the project) at a time, each holding its target
// until its platform processes ended.
type EnvWrites struct{ keyQueue }

// NewEnvWrites returns the env-writes actor.
func NewEnvWrites() *EnvWrites {
	e := &EnvWrites{}
	e.init("env-writes", DefaultEnvWriteTargets, DefaultEnvWriteLimit)
	return e
}

// Write runs write after every earlier write of target and its settle, which
// waits for the processes write started (nil: none) while holding target.
func (e *EnvWrites) Write(ctx context.Context, target string, write func(ctx context.Context) (settle func(context.Context), err error)) error {
	return e.run(ctx, target, write)
}
