package actors

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"
)

// Phases of an actor loop, in the order they happen.
const (
	loopIdle    int32 = iota // Serve not yet called
	loopRunning              // Serve's loop runs (or drains before returning)
	loopStopped              // Serve returned
)

// loopLife is what an actor's loop shares with its callers: whether Serve
// has started, the channel closed when it returned, the channel the loop
// takes status requests on and the last snapshot it left. It holds none of
// the actor's state; that stays with the loop. Safe for concurrent use.
type loopLife struct {
	name   string
	phase  atomic.Int32
	done   chan struct{}         // closed when Serve returns
	status chan chan ActorStatus // Status → loop; every reply channel has buffer 1
	final  ActorStatus           // written before done closes, read only after
}

func newLoopLife(name string) *loopLife {
	return &loopLife{name: name, done: make(chan struct{}), status: make(chan chan ActorStatus)}
}

// begin marks the loop running; an actor serves once, so a second Serve
// (concurrent, or after a stop) gets an error instead of a second loop.
func (l *loopLife) begin() error {
	if l.phase.CompareAndSwap(loopIdle, loopRunning) {
		return nil
	}
	select {
	case <-l.done:
		return fmt.Errorf("%s: already stopped", l.name)
	default:
		return fmt.Errorf("%s: already serving", l.name)
	}
}

// end publishes the loop's last snapshot and releases every caller waiting
// on done. The close is what makes final safe to read without a lock.
func (l *loopLife) end(final ActorStatus) {
	l.final = final
	l.phase.Store(loopStopped)
	close(l.done)
}

// started reports whether Serve has been called.
func (l *loopLife) started() bool { return l.phase.Load() != loopIdle }

// stoppedErr is the error of a call that meets a stopped actor.
func (l *loopLife) stoppedErr() error { return errStopped(l.name) }

// ask gets a status snapshot from the loop. An actor never served answers
// at once with idle() (its loop is not there to ask) and a stopped one with
// the snapshot its loop left; a loop busy past ctx is not waited for.
func (l *loopLife) ask(ctx context.Context, idle func() ActorStatus) (ActorStatus, error) {
	select {
	case <-l.done:
		return l.finalCopy(), nil
	default:
	}
	if !l.started() {
		return idle(), nil
	}
	reply := make(chan ActorStatus, 1)
	select {
	case l.status <- reply:
	case <-l.done:
		return l.finalCopy(), nil
	case <-ctx.Done():
		return ActorStatus{}, ctxError(ctx, l.name+" status")
	}
	select {
	case st := <-reply:
		return st, nil
	case <-l.done:
		return l.finalCopy(), nil
	case <-ctx.Done():
		return ActorStatus{}, ctxError(ctx, l.name+" status")
	}
}

// finalCopy is the last snapshot with slices of its own, so that callers
// never share them.
func (l *loopLife) finalCopy() ActorStatus {
	st := l.final
	st.Figures = slices.Clone(st.Figures)
	st.Details = slices.Clone(st.Details)
	return st
}
