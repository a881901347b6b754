package actors

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/zeropsio/zcp/platform"
)

// loopRun is one run of an actor's loop: one Serve call, from its start to
// its end by a shutdown or a crash. It carries the inbox I (the actor's
// request channels), the status inbox and the channel closed when the run
// ends. A caller loads the current run once per call and uses that run's
// channels throughout, so that nothing it sends can reach a later run.
type loopRun[I any] struct {
	in      I
	status  chan chan ActorStatus // Status → loop; every reply channel has buffer 1
	done    chan struct{}         // closed when the run ends, by a shutdown or a crash
	serving atomic.Bool           // a Serve took this run
	err     error                 // why the run ended (SERVICE_UNAVAILABLE); written before done closes
}

// ended is the error of a call that met the end of r: the actor shut down,
// or its loop crashed and is being restarted. Read only after done closed.
func (r *loopRun[I]) ended() error { return r.err }

// loopLife is what an actor's loops share with their callers: the current
// run, the channel closed once the actor stopped for good and the snapshot
// its last loop left. It holds none of the actor's state; that stays with the
// loop of each run. Safe for concurrent use.
//
// A run ends in one of two ways. On shutdown (Serve's context ended) the
// actor stops for good: done closes, every later call fails fast with
// SERVICE_UNAVAILABLE and a later Serve is refused. On a crash (the loop
// panicked while its context still ran) the run's done channel closes, which
// releases its callers with SERVICE_UNAVAILABLE, and a fresh run takes its
// place: the next Serve (suture's restart) starts a new loop with fresh state
// on fresh channels, and calls made meanwhile wait for it.
type loopLife[I any] struct {
	name  string
	fresh func() I // a new inbox for each run
	cur   atomic.Pointer[loopRun[I]]
	done  chan struct{} // closed when the actor stopped for good
	final ActorStatus   // written before done closes, read only after
}

func newLoopLife[I any](name string, fresh func() I) *loopLife[I] {
	l := &loopLife[I]{name: name, fresh: fresh, done: make(chan struct{})}
	l.cur.Store(l.newRun())
	return l
}

func (l *loopLife[I]) newRun() *loopRun[I] {
	return &loopRun[I]{in: l.fresh(), status: make(chan chan ActorStatus), done: make(chan struct{})}
}

// current is the run a call uses from start to end.
func (l *loopLife[I]) current() *loopRun[I] { return l.cur.Load() }

// serve runs one run of the actor's loop in Serve's goroutine. loop runs
// until ctx ended and the loop drained, and returns the final snapshot; the
// actor is then stopped for good. If loop panics instead, crashed runs first
// (in the panicking goroutine, while the panic is in flight: it may only
// close channels, cancel contexts and send to buffered channels) with the
// error the run's callers get, then the run ends and the panic goes on out of
// Serve. A crash while ctx still runs leaves a fresh run for the next Serve;
// one after ctx ended stops the actor for good (forGood tells crashed which).
func (l *loopLife[I]) serve(ctx context.Context, loop func(r *loopRun[I]) ActorStatus, crashed crashFunc[I]) error {
	r, err := l.begin()
	if err != nil {
		return err
	}
	clean := false
	defer func() {
		if !clean {
			l.crash(ctx, r, crashed)
		}
	}()
	final := loop(r)
	clean = true
	l.end(r, final, errStopped(l.name))
	return ctx.Err()
}

// begin takes the current run; an actor serves one run at a time and none
// after it stopped, so a second Serve gets an error instead of a second loop.
func (l *loopLife[I]) begin() (*loopRun[I], error) {
	select {
	case <-l.done:
		return nil, fmt.Errorf("%s: already stopped", l.name)
	default:
	}
	r := l.current()
	if !r.serving.CompareAndSwap(false, true) {
		select {
		case <-l.done:
			return nil, fmt.Errorf("%s: already stopped", l.name)
		default:
			return nil, fmt.Errorf("%s: already serving", l.name)
		}
	}
	return r, nil
}

// end stops the actor for good after r: it publishes the last snapshot and
// releases every caller waiting on r or on the actor. The closes are what
// make final and r.err safe to read without a lock.
func (l *loopLife[I]) end(r *loopRun[I], final ActorStatus, err error) {
	l.final = final
	r.err = err
	close(l.done) // first: a Status that sees r end finds the actor stopped
	close(r.done)
}

// shutdown stops the actor for good when no loop runs: before the first
// Serve, or after a crash that suture did not restart (it was backing off,
// or stopping itself). Callers waiting for the next loop are released with
// SERVICE_UNAVAILABLE, and the last snapshot is idle() marked stopped. A
// running loop is left alone: it stops with its Serve's context. It reports
// whether it stopped the actor itself; calling it again does nothing.
func (l *loopLife[I]) shutdown(idle func() ActorStatus) bool {
	select {
	case <-l.done:
		return false
	default:
	}
	r := l.current()
	if !r.serving.CompareAndSwap(false, true) {
		return false // a Serve runs the loop, or another shutdown took the run
	}
	final := idle()
	final.State = StateStopped
	l.end(r, final, errStopped(l.name))
	return true
}

// crashFunc is an actor's cleanup of a run whose loop panicked: err is what
// the run's callers get, forGood whether the actor stops for good (the panic
// came after Serve's context ended) rather than restarts.
type crashFunc[I any] func(r *loopRun[I], err error, forGood bool)

// crash ends r after its loop panicked. The actor's cleanup runs first; the
// run ends even if the cleanup panics too.
func (l *loopLife[I]) crash(ctx context.Context, r *loopRun[I], crashed crashFunc[I]) {
	forGood := ctx.Err() != nil
	err := errCrashed(l.name)
	if forGood {
		err = errStopped(l.name)
	}
	defer func() {
		if forGood {
			l.end(r, ActorStatus{Name: l.name, State: StateStopped,
				Details: []string{"the loop panicked while stopping"}}, err)
			return
		}
		// The fresh run is in place before r's callers are released, so a
		// caller that retries finds it.
		l.cur.Store(l.newRun())
		r.err = err
		close(r.done)
	}()
	crashed(r, err, forGood)
}

// started reports whether a Serve has taken the current run.
func (l *loopLife[I]) started() bool { return l.current().serving.Load() }

// ask gets a status snapshot from the loop. An actor not serving (never
// served, or crashed and not yet restarted) answers at once with idle() (its
// loop is not there to ask) and a stopped one with the snapshot its last
// loop left; a loop busy past ctx is not waited for. A run that crashes
// while asked is replaced by the next, which is asked in turn.
func (l *loopLife[I]) ask(ctx context.Context, idle func() ActorStatus) (ActorStatus, error) {
	for {
		select {
		case <-l.done:
			return l.finalCopy(), nil
		default:
		}
		r := l.current()
		if !r.serving.Load() {
			return idle(), nil
		}
		st, ok, err := askRun(ctx, l.name, r)
		if ok || err != nil {
			return st, err
		}
	}
}

// askRun asks r's loop; ok is false when r ended first.
func askRun[I any](ctx context.Context, name string, r *loopRun[I]) (ActorStatus, bool, error) {
	reply := make(chan ActorStatus, 1)
	select {
	case r.status <- reply:
	case <-r.done:
		return ActorStatus{}, false, nil
	case <-ctx.Done():
		return ActorStatus{}, false, ctxError(ctx, name+" status")
	}
	select {
	case st := <-reply:
		return st, true, nil
	case <-r.done:
		return ActorStatus{}, false, nil
	case <-ctx.Done():
		return ActorStatus{}, false, ctxError(ctx, name+" status")
	}
}

// finalCopy is the last snapshot with slices of its own, so that callers
// never share them.
func (l *loopLife[I]) finalCopy() ActorStatus {
	st := l.final
	st.Figures = slices.Clone(st.Figures)
	st.Details = slices.Clone(st.Details)
	return st
}

// errCrashed is the error of a call whose actor's loop crashed under it.
func errCrashed(actor string) error {
	return platform.NewError(platform.ErrServiceUnavailable,
		actor+" hit an internal error and is restarting",
		"Retry the call; the panic is a ZCP bug worth reporting.")
}
