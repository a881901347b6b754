package actors

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// Actor is what the supervisor tree and the status dump need of an actor.
type Actor interface {
	Serve(ctx context.Context) error
	String() string
	Status(ctx context.Context) (ActorStatus, error)
}

// Actor states reported in ActorStatus.State.
const (
	StateIdle    = "idle"    // Serve not running
	StateRunning = "running" // Serve is running
	StateStopped = "stopped" // stopped for good; calls fail with SERVICE_UNAVAILABLE
)

// Figure is one named value of an actor's status.
type Figure struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// ActorStatus is a point-in-time snapshot of one actor for the status dump.
// Figures keep their order; Details are extra lines (one per watched process,
// per queued target, …). It never holds secrets.
type ActorStatus struct {
	Name    string   `json:"name"`
	State   string   `json:"state"`
	Figures []Figure `json:"figures,omitempty"`
	Details []string `json:"details,omitempty"`
}

func (s *ActorStatus) add(key string, value any) {
	s.Figures = append(s.Figures, Figure{Key: key, Value: fmt.Sprint(value)})
}

// errStopped is the error of a call made after its actor stopped.
func errStopped(actor string) error {
	return platform.NewError(platform.ErrServiceUnavailable,
		actor+" is shut down (zcp is stopping)",
		"Restart zcp; the server is exiting.")
}

// ctxError turns the end of a caller's context into a PlatformError that
// still matches context.Canceled / context.DeadlineExceeded with errors.Is.
// The call ended while it waited its turn: the step it waited for never
// started, so its suggestion is to look before retrying, not to fix the
// arguments.
func ctxError(ctx context.Context, what string) error {
	err, code := cmp.Or(ctx.Err(), context.Canceled), platform.ErrCanceled
	if errors.Is(err, context.DeadlineExceeded) {
		code = platform.ErrAPITimeout
	}
	return &platform.PlatformError{Code: code, Message: what + ": " + err.Error(), Err: err, Suggestion: waitedSuggestion}
}

// waitedSuggestion is the next step after a call that ended while waiting.
const waitedSuggestion = "The call ended while it waited its turn: the step it waited for never started, though earlier steps of the same call may have. " +
	"Check zerops_events (or zerops_discover) for what changed, then retry only what is missing."

func round(d time.Duration) string {
	if d < time.Millisecond {
		return d.String()
	}
	return d.Round(time.Millisecond).String()
}

// Stopper is an actor that can be stopped for good without its Serve: the
// supervisor calls Shutdown on every actor once its tree has stopped, so
// that no caller waits for a Serve that never comes.
type Stopper interface {
	Shutdown()
}

var (
	_ Stopper = (*Gateway)(nil)
	_ Stopper = (*Watcher)(nil)
	_ Stopper = (*DeployPool)(nil)
	_ Stopper = (*EnvWrites)(nil)
	_ Stopper = (*KnowledgeIndex)(nil)
)

// life is an actor's run state: at most one Serve at a time, and stopped for
// good once a Serve's context ended or Shutdown ran. The actor's own state
// lives in its struct and outlives any one Serve. The zero value is unusable;
// call init. Safe for concurrent use.
type life struct {
	name    string
	serving atomic.Bool
	ctx     context.Context    // ends when the actor stopped for good
	stop    context.CancelFunc // stops the actor for good; calling it again does nothing
}

func (l *life) init(name string) {
	l.name = name
	l.ctx, l.stop = context.WithCancel(context.Background())
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

func (l *life) stopped() bool { return l.ctx.Err() != nil }

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
