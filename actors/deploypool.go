package actors

import (
	"context"
	"fmt"
	"slices"
	"sort"
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
// drops queued ones.
//
// Its loop (Serve) owns the queue: the waiting tickets in arrival order, the
// running ticket per target and the count of completed jobs. Run and Status
// reach it by message, so it is safe for concurrent use. A loop that panics
// is restarted by the next Serve with an empty queue: the crashed run's
// queued jobs fail with SERVICE_UNAVAILABLE and its running jobs are
// cancelled, but a cancelled job may take a while to return, so the new run
// takes them over as running: their targets stay busy, and their workers
// taken, until each has returned. No two jobs of one target ever run at
// once, across restarts too.
type DeployPool struct {
	name    string
	workers int
	timeout time.Duration // per job
	life    *loopLife[poolInbox]

	// carried is the crashed run's running tickets (busy, per target), for
	// the next run's loop to take over; set only by a crash that restarts
	// (not one while stopping). The crash cleanup writes it in the
	// crashed Serve's goroutine before loopLife publishes the fresh run (the
	// atomic store of cur, after the cleanup returns); the next Serve reads
	// and clears it only after its begin loaded that run. The store/load
	// pair orders the write before the read, and Serves run one at a time,
	// so it needs no lock.
	carried map[string]*ticket

	changed chan struct{} // buffer 1: the loop posts after every queue change (tests await it)

	// testHookPanic, set only by tests before Serve, runs at the top of each
	// loop iteration: a panic there is a crash of the loop.
	testHookPanic func()
}

// poolInbox is what one run of the pool's loop shares with its callers.
type poolInbox struct {
	enqueue chan *ticket // Run → loop: queue this ticket
	release chan *ticket // Run → loop: the job ended, or its caller gave up waiting
	// jobs is cancelled when the run stops or crashes, with the run's end
	// error as its cause: it ends every job the run granted.
	jobs       context.Context
	cancelJobs context.CancelCauseFunc
}

// poolRun is one run of the pool's loop.
type poolRun = loopRun[poolInbox]

func newPoolInbox() poolInbox {
	in := poolInbox{enqueue: make(chan *ticket), release: make(chan *ticket)}
	in.jobs, in.cancelJobs = context.WithCancelCause(context.Background())
	return in
}

// ticket is one job's place in the queue. The loop answers on turn (buffer
// 1, so it never blocks on a caller): nil when the job may run, otherwise
// why it never will.
//
// Fields the loop owns (started, carried) pass with the ticket from a crashed
// run's loop to the next one (see DeployPool.carried).
type ticket struct {
	target   string
	enqueued time.Time
	started  time.Time // set and read by the loop only
	turn     chan error
	ran      bool          // the job was started: set by Run before it sends t to leave, or before exited closes
	exited   chan struct{} // closed when Run returns, whatever happened to the job
	carried  bool          // set and read by the loop only: granted by a run that crashed
}

// NewDeployPool returns a pool of workers (≤ 0: DefaultDeployWorkers).
func NewDeployPool(workers int) *DeployPool {
	if workers <= 0 {
		workers = DefaultDeployWorkers
	}
	return newTargetQueue("deploy-pool", workers, DefaultDeployTimeout)
}

// newTargetQueue returns a per-target queue actor named name: the deploy
// pool's machinery, which the env-writes actor shares.
func newTargetQueue(name string, workers int, timeout time.Duration) *DeployPool {
	p := &DeployPool{name: name, workers: workers, timeout: timeout, changed: make(chan struct{}, 1)}
	p.life = newLoopLife(p.String(), newPoolInbox)
	return p
}

// String names the actor.
func (p *DeployPool) String() string { return p.name }

// Serve runs the pool's loop until ctx ends, then drops queued jobs, cancels
// running ones and waits for them to return. If the loop panics, the run's
// running jobs are cancelled and its queued callers released with
// SERVICE_UNAVAILABLE, without waiting, and the panic goes on out of Serve;
// the next Serve starts with an empty queue, but with the crashed run's
// running jobs still busy until each has returned (a shutdown waits for
// them too).
func (p *DeployPool) Serve(ctx context.Context) error {
	var q *deployQueue // this run's queue, for the crash cleanup
	return p.life.serve(ctx, func(r *poolRun) ActorStatus {
		q = newDeployQueue(p.workers)
		p.takeOver(r, q)
		p.loop(ctx, r, q)
		return q.snapshot(p.String(), StateStopped, time.Now())
	}, func(r *poolRun, err error, forGood bool) {
		r.in.cancelJobs(err) // the queued callers are released by the run's end
		if !forGood && q != nil {
			p.carried = q.busy // for the next run; see carried
		}
	})
}

// takeOver puts the running jobs a crashed run left (p.carried) into q as
// busy, before r's loop starts: their targets and workers stay taken until
// each job has returned. For each, a goroutine waits for its Run to return
// and then releases it to r's loop, which frees the target as for any job;
// if r ends first it gives up, and r's crash hands the job on in turn.
func (p *DeployPool) takeOver(r *poolRun, q *deployQueue) {
	carried := p.carried
	p.carried = nil
	for target, t := range carried {
		t.carried = true // not one of this run's completed jobs
		q.busy[target] = t
		go func() {
			select {
			case <-t.exited:
				p.leave(r, t)
			case <-r.done:
			}
		}()
	}
}

// loop serves run r's requests until ctx has ended and the last running job
// has reported back. Nothing in it blocks: jobs run in their callers'
// goroutines and every answer goes to a channel with room for it.
func (p *DeployPool) loop(ctx context.Context, r *poolRun, q *deployQueue) {
	stop := ctx.Done()
	for q.stopped == nil || len(q.busy) > 0 {
		if p.testHookPanic != nil {
			p.testHookPanic()
		}
		select {
		case <-stop:
			stop = nil // from now on: drain
			err := errStopped(p.String())
			q.stop(err)
			r.in.cancelJobs(err)
		case t := <-r.in.enqueue:
			q.add(t)
		case t := <-r.in.release:
			q.leave(t)
		case reply := <-r.status:
			reply <- q.snapshot(p.String(), q.state(), time.Now())
			continue // nothing changed
		}
		q.dispatch(time.Now())
		p.signalChange()
	}
}

// signalChange tells a waiting test the queue moved; latest wins, so the
// loop never blocks on it.
func (p *DeployPool) signalChange() {
	select {
	case p.changed <- struct{}{}:
	default:
	}
}

// Run queues job behind earlier jobs of target and runs it once a worker is
// free, with a context that ends when ctx ends, when the pool stops or after
// the per-job limit (5 min). It returns job's error, or an error saying why
// the job never ran (ctx ended while queued, pool stopped). Called before
// Serve, it waits for the pool to start (or ctx to end).
func (p *DeployPool) Run(ctx context.Context, target string, job func(ctx context.Context) error) error {
	return p.run(ctx, target, func(ctx context.Context) (func(context.Context), error) { return nil, job(ctx) })
}

// holdingJob is a job that may keep its target's turn after it returns: a
// non-nil hold runs in a goroutine of its own, and the target stays busy
// until hold returns. hold's context ends when the pool stops or after the
// per-job limit.
type holdingJob func(ctx context.Context) (hold func(context.Context), err error)

// run is Run for a job that may hold its turn past its return.
func (p *DeployPool) run(ctx context.Context, target string, job holdingJob) error {
	if target == "" {
		return platform.NewError(platform.ErrInvalidParameter, p.name+": target is empty", "Name the service to act on.")
	}
	t := &ticket{target: target, enqueued: time.Now(), turn: make(chan error, 1), exited: make(chan struct{})}
	held := false // the turn was handed to a hold goroutine, which leaves and closes exited
	// Deferred first, so it runs last: a run that took t over from a crashed
	// one frees t's target only once the job and everything else here is done.
	defer func() {
		if !held {
			close(t.exited)
		}
	}()
	r := p.life.current() // the run that queues t, grants its turn and hears it leave
	if err := p.awaitTurn(ctx, r, t); err != nil {
		return err
	}
	// Deferred so a panicking job frees its turn too.
	defer func() {
		if !held {
			p.leave(r, t)
		}
	}()

	jobCtx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	defer context.AfterFunc(r.in.jobs, cancel)()
	// A turn granted just before the run began stopping (or crashed):
	// AfterFunc would cancel jobCtx only from a goroutine of its own, after
	// job had started.
	if r.in.jobs.Err() != nil {
		return context.Cause(r.in.jobs)
	}
	t.ran = true // read by the loop after leave's send
	hold, err := job(jobCtx)
	if hold != nil {
		held = true
		go p.hold(r, t, hold)
	}
	return err
}

// hold runs a job's hold with t's turn still taken, then gives the turn back.
// Its context is the caller's no longer (the call has returned): it ends when
// run r stops or crashes, or after the per-job limit, so a stopping pool,
// which waits for its busy targets, waits for it.
func (p *DeployPool) hold(r *poolRun, t *ticket, hold func(context.Context)) {
	defer close(t.exited)
	defer p.leave(r, t)
	ctx, cancel := context.WithTimeout(context.Background(), p.timeout)
	defer cancel()
	defer context.AfterFunc(r.in.jobs, cancel)()
	if r.in.jobs.Err() != nil {
		cancel() // AfterFunc would cancel only from a goroutine of its own
	}
	hold(ctx)
}

// awaitTurn queues t with run r and waits until r's loop grants it a turn.
func (p *DeployPool) awaitTurn(ctx context.Context, r *poolRun, t *ticket) error {
	if ctx.Err() != nil { // a select below could still pick the send
		return ctxError(ctx, t.target+" waiting for the "+p.name)
	}
	select {
	case r.in.enqueue <- t:
	case <-ctx.Done():
		return ctxError(ctx, t.target+" waiting for the "+p.name)
	case <-r.done:
		return r.ended()
	}
	select {
	case err := <-t.turn:
		return err
	case <-ctx.Done():
		// The loop may grant the turn in this very instant; leaving withdraws
		// the ticket or, if granted, gives the turn back.
		p.leave(r, t)
		return ctxError(ctx, t.target+" waiting in the "+p.name+" queue")
	case <-r.done: // the loop crashed (on shutdown the loop answers t first)
		return r.ended()
	}
}

// leave tells run r's loop t is done with the pool: its job ended, or its
// caller stopped waiting. It does not select on the caller's ctx: the loop
// keeps running while any ticket is queued or busy, so the send is always
// taken, unless the run crashed, when nobody needs it.
func (p *DeployPool) leave(r *poolRun, t *ticket) {
	select {
	case r.in.release <- t:
	case <-r.done:
	}
}

// Status reports busy and idle workers and the queue per target; a pool
// never served answers at once from its configuration.
func (p *DeployPool) Status(ctx context.Context) (ActorStatus, error) {
	return p.life.ask(ctx, p.idleStatus)
}

// idleStatus is the status of a pool with no loop running.
func (p *DeployPool) idleStatus() ActorStatus {
	return newDeployQueue(p.workers).snapshot(p.String(), StateIdle, time.Now())
}

// deployQueue is the state the pool's loop owns; only the loop touches it.
type deployQueue struct {
	workers   int
	waiting   []*ticket          // arrival order
	busy      map[string]*ticket // running job per target
	completed int
	stopped   error // set when the pool starts stopping: the answer to every ticket from then on
}

func newDeployQueue(workers int) *deployQueue {
	return &deployQueue{workers: workers, busy: map[string]*ticket{}}
}

func (q *deployQueue) state() string {
	if q.stopped != nil {
		return StateStopped
	}
	return StateRunning
}

// add queues t, or turns it away once the pool is stopping.
func (q *deployQueue) add(t *ticket) {
	if q.stopped != nil {
		t.turn <- q.stopped
		return
	}
	q.waiting = append(q.waiting, t)
}

// leave removes t wherever it is: a waiting ticket is withdrawn, a running
// one (or one granted as its caller gave up) frees its worker and target.
func (q *deployQueue) leave(t *ticket) {
	if i := slices.Index(q.waiting, t); i >= 0 {
		q.waiting = slices.Delete(q.waiting, i, i+1)
		return
	}
	if q.busy[t.target] == t {
		delete(q.busy, t.target)
		if t.ran && !t.carried { // a turn given back unused, or granted by a crashed run, is no completed job of this run
			q.completed++
		}
	}
}

// stop turns every waiting ticket away; running jobs are cancelled by the
// pool and report back through leave.
func (q *deployQueue) stop(err error) {
	q.stopped = err
	for _, t := range q.waiting {
		t.turn <- err
	}
	q.waiting = nil
}

// dispatch grants turns, oldest first, to tickets whose target is idle while
// workers are free.
func (q *deployQueue) dispatch(now time.Time) {
	if q.stopped != nil {
		return
	}
	for i := 0; i < len(q.waiting) && len(q.busy) < q.workers; {
		t := q.waiting[i]
		if _, running := q.busy[t.target]; running {
			i++
			continue
		}
		q.waiting = slices.Delete(q.waiting, i, i+1)
		q.busy[t.target] = t
		t.started = now
		t.turn <- nil
	}
}

// snapshot describes the queue for the status dump.
func (q *deployQueue) snapshot(name, state string, now time.Time) ActorStatus {
	st := ActorStatus{Name: name, State: state}
	st.add("busy", len(q.busy))
	st.add("idle", q.workers-len(q.busy))
	st.add("queued", len(q.waiting))
	queues := map[string]int{}
	for _, t := range q.waiting {
		queues[t.target]++
	}
	for target, t := range q.busy {
		st.Details = append(st.Details, fmt.Sprintf("target %s: running %s, %d queued", target, round(now.Sub(t.started)), queues[target]))
		delete(queues, target)
	}
	for target, n := range queues {
		st.Details = append(st.Details, fmt.Sprintf("target %s: %d queued", target, n))
	}
	sort.Strings(st.Details)
	st.add("completed", q.completed)
	return st
}
