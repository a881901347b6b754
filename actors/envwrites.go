package actors

import (
	"context"
	"time"
)

// Env-writes defaults.
const (
	// DefaultEnvWriteTargets bounds the targets written at once; writes to
	// more wait their turn.
	DefaultEnvWriteTargets = 16
	// DefaultEnvWriteLimit bounds one write with the wait for its processes
	// (the limit of every wait on a platform process).
	DefaultEnvWriteLimit = 10 * time.Minute
)

// EnvWrites is the env-writes actor: it serializes the read-merge-write of
// env variables per target (a service, or the project), so that no write
// reads what an earlier one is still changing. A write's target stays taken
// until the platform processes the write started have ended, even after its
// caller has returned, so the next write reads what the previous one
// produced. A write still queued is dropped when its caller's context ends.
//
// It is a per-target queue with the deploy pool's loop and lifecycle (Serve
// per run, crash and shutdown alike) under its own name; safe for
// concurrent use.
type EnvWrites struct {
	q *DeployPool
}

// NewEnvWrites returns the env-writes actor.
func NewEnvWrites() *EnvWrites {
	return &EnvWrites{q: newTargetQueue("env-writes", DefaultEnvWriteTargets, DefaultEnvWriteLimit)}
}

// String names the actor.
func (e *EnvWrites) String() string { return e.q.String() }

// Serve runs the actor's loop until ctx ends; see DeployPool.Serve. On
// shutdown it waits for the settles still running, which end with it.
func (e *EnvWrites) Serve(ctx context.Context) error { return e.q.Serve(ctx) }

// Status reports the targets being written, the writes queued per target and
// the completed writes.
func (e *EnvWrites) Status(ctx context.Context) (ActorStatus, error) { return e.q.Status(ctx) }

// Shutdown stops the actor for good if no loop runs; see Stopper.
func (e *EnvWrites) Shutdown() { e.q.Shutdown() }

// Write runs write once every earlier write of target has ended, its
// processes included, and returns write's error (or why it never ran: ctx
// ended while queued, the actor stopped). write reads, merges and writes
// target's variables in the caller's goroutine, with a context that ends
// with ctx, and returns settle, which waits until the platform processes it
// started have ended (nil when there are none). settle runs after Write has
// returned, and target stays taken until settle returns, the actor stops or
// DefaultEnvWriteLimit passes.
func (e *EnvWrites) Write(ctx context.Context, target string, write func(ctx context.Context) (settle func(context.Context), err error)) error {
	return e.q.run(ctx, target, write)
}
