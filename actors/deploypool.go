package actors

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"

	"golang.org/x/sync/semaphore"

	"github.com/zeropsio/zcp/platform"
)

// keyQueue runs jobs in their callers' goroutines, once Serve ran: one at a
// time per key (a target) in arrival order, at most workers at once. The
// deploy pool and the env writes are keyQueues. Safe for concurrent use.
type keyQueue struct {
	name    string
	timeout time.Duration // per job, and again for its hold
	workers int
	slots   *semaphore.Weighted // the workers, first come first served; held but while Serve runs
	life    life
	changed chan struct{} // buffer 1: posted after every change (tests await it)

	mu        sync.Mutex // guards the fields below and targets'
	keys      map[string]*target
	completed int
}

// target is one key's line of jobs, each waiting for the one before it.
type target struct {
	key     string
	last    chan struct{} // closed once the key's last job has left
	queued  int           // jobs without a worker yet
	started time.Time     // when the running job got its worker; zero: none
}

func newKeyQueue(name string, workers int, timeout time.Duration) *keyQueue {
	q := &keyQueue{name: name, workers: workers, timeout: timeout, slots: semaphore.NewWeighted(int64(workers)),
		keys: map[string]*target{}, changed: make(chan struct{}, 1)}
	q.slots.TryAcquire(int64(workers)) // until Serve
	q.life.init(name)
	return q
}

// String names the actor.
func (q *keyQueue) String() string { return q.name }

// Serve lends the workers out until ctx ends, then stops and takes them back.
func (q *keyQueue) Serve(ctx context.Context) error {
	if err := q.life.begin(); err != nil {
		return err
	}
	defer q.life.end()
	q.slots.Release(int64(q.workers)) // once: a Serve ends only when the queue stopped for good
	<-ctx.Done()
	q.Shutdown()
	_ = q.slots.Acquire(context.Background(), int64(q.workers)) // every worker back: no job or hold runs
	return ctx.Err()
}

// Shutdown drops queued jobs and cancels running ones, for good.
func (q *keyQueue) Shutdown() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.life.stop()
}

// holdingJob is a job whose non-nil hold keeps its key and worker, in a
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
	leave, err := q.wait(ctx, key)
	if err != nil {
		return err
	}
	held := false
	defer func() { // deferred, so that a panicking job frees its turn too
		if !held {
			leave()
		}
	}()
	jobCtx, cancel := context.WithTimeout(ctx, q.timeout)
	defer cancel()
	defer context.AfterFunc(q.life.ctx, cancel)()
	hold, err := job(jobCtx)
	if hold != nil {
		held = true
		go func() {
			defer leave()
			ctx, cancel := context.WithTimeout(q.life.ctx, q.timeout)
			defer cancel()
			hold(ctx)
		}()
	}
	return err
}

// wait queues behind key's earlier jobs, then for a worker, and returns the
// function that gives the key and the worker back.
func (q *keyQueue) wait(ctx context.Context, key string) (leave func(), err error) {
	q.mu.Lock()
	t := q.keys[key]
	if t == nil {
		t = &target{key: key, last: make(chan struct{})}
		close(t.last)
		q.keys[key] = t
	}
	before, left := t.last, make(chan struct{})
	t.last = left
	t.queued++
	q.changedLocked(t)
	q.mu.Unlock()

	wait, cancel := context.WithCancel(ctx)
	defer cancel()
	defer context.AfterFunc(q.life.ctx, cancel)()
	select {
	case <-before:
		err = q.slots.Acquire(wait, 1)
	case <-wait.Done():
		err = wait.Err()
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	defer q.changedLocked(t)
	t.queued--
	switch {
	case err == nil && !q.life.stopped():
		t.started = time.Now()
		return func() { q.leave(t, left) }, nil
	case err == nil: // a worker granted as the queue stopped
		q.slots.Release(1)
	}
	go func() { <-before; close(left) }() // the key's next job still waits for the one before
	if q.life.stopped() {
		return nil, errStopped(q.name)
	}
	return nil, ctxError(ctx, key+" waiting in the "+q.name+" queue")
}

// leave gives back the worker and t's key after a job (and its hold) ended.
func (q *keyQueue) leave(t *target, left chan struct{}) {
	q.mu.Lock()
	defer q.mu.Unlock()
	t.started = time.Time{}
	q.completed++
	q.slots.Release(1)
	close(left)
	q.changedLocked(t)
}

// changedLocked forgets t if no job uses it and posts changed.
func (q *keyQueue) changedLocked(t *target) {
	if t.queued == 0 && t.started.IsZero() {
		delete(q.keys, t.key)
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
	st := ActorStatus{Name: q.name, State: q.life.state()}
	busy, queued := 0, 0
	for _, t := range q.keys {
		running := ""
		if !t.started.IsZero() {
			busy, running = busy+1, "running "+round(time.Since(t.started))+", "
		}
		queued += t.queued
		st.Details = append(st.Details, fmt.Sprintf("target %s: %s%d queued", t.key, running, t.queued))
	}
	sort.Strings(st.Details)
	st.add("busy", busy)
	st.add("idle", q.workers-busy)
	st.add("queued", queued)
	st.add("completed", q.completed)
	return st, nil
}

// DeployPool is the deploy pool actor: a keyQueue of deploys, each within 5 min.
type DeployPool struct{ *keyQueue }

// NewDeployPool returns a pool of workers (≤ 0: 4).
func NewDeployPool(workers int) *DeployPool {
	orDefault(&workers, 4)
	return &DeployPool{newKeyQueue("deploy-pool", workers, 5*time.Minute)}
}

// Run runs job after the earlier jobs of target; see keyQueue.run.
func (p *DeployPool) Run(ctx context.Context, target string, job func(ctx context.Context) error) error {
	return p.run(ctx, target, func(ctx context.Context) (func(context.Context), error) { return nil, job(ctx) })
}

// EnvWrites is the env-writes actor: one read-merge-write of env variables
// per target (a service, or the project) at a time, each holding its target
// until its platform processes ended.
type EnvWrites struct{ *keyQueue }

// NewEnvWrites returns the env-writes actor: 16 targets written at once, each
// write within 10 min with the wait for its processes (that wait's own limit).
func NewEnvWrites() *EnvWrites {
	return &EnvWrites{newKeyQueue("env-writes", 16, 10*time.Minute)}
}

// Write runs write after every earlier write of target and its settle, which
// waits for the processes write started (nil: none) while holding target.
func (e *EnvWrites) Write(ctx context.Context, target string, write func(ctx context.Context) (settle func(context.Context), err error)) error {
	return e.run(ctx, target, write)
}
