package actors

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// life is an actor's run state: at most one Serve at a time, and stopped for
// good once a Serve's context ended or Shutdown ran. The actor's own state
// lives in its struct and outlives any one Serve. The zero value is unusable;
// call init. Safe for concurrent use.
type life struct {
	name    string
	serving atomic.Bool
	once    sync.Once
	done    chan struct{} // closed when the actor stopped for good
}

func (l *life) init(name string) {
	l.name = name
	l.done = make(chan struct{})
}

// begin takes the actor for one Serve; end gives it back.
func (l *life) begin() error {
	if l.stopped() {
		return fmt.Errorf("%s: already stopped", l.name)
	}
	if !l.serving.CompareAndSwap(false, true) {
		return fmt.Errorf("%s: already serving", l.name)
	}
	return nil
}

func (l *life) end() { l.serving.Store(false) }

// stop stops the actor for good; calling it again does nothing.
func (l *life) stop() { l.once.Do(func() { close(l.done) }) }

func (l *life) stopped() bool {
	select {
	case <-l.done:
		return true
	default:
		return false
	}
}

// state is the actor's state for its status.
func (l *life) state() string {
	switch {
	case l.stopped():
		return StateStopped
	case l.serving.Load():
		return StateRunning
	}
	return StateIdle
}
