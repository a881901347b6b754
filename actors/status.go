package actors

import (
	"context"
	"fmt"
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
	StateIdle    = "idle"    // no loop runs: Serve not yet called, or the loop crashed and is not yet restarted
	StateRunning = "running" // Serve is running
	StateStopped = "stopped" // Serve returned on shutdown; calls fail with SERVICE_UNAVAILABLE
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
func ctxError(ctx context.Context, what string) error {
	err := ctx.Err()
	if err == nil {
		err = context.Canceled
	}
	code := platform.ErrCanceled
	if err == context.DeadlineExceeded {
		code = platform.ErrAPITimeout
	}
	return &platform.PlatformError{Code: code, Message: what + ": " + err.Error(), Err: err}
}

func round(d time.Duration) string {
	if d < time.Millisecond {
		return d.String()
	}
	return d.Round(time.Millisecond).String()
}
