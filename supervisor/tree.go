package supervisor

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/thejerf/suture/v4"

	"github.com/zeropsio/zcp/actors"
)

// Actor groups: one sub-supervisor each, so that one flapping actor puts
// only its own group into backoff.
const (
	GroupAPI       = "api"
	GroupWatch     = "watch"
	GroupDeploy    = "deploy"
	GroupEnv       = "env"
	GroupKnowledge = "knowledge"
)

// Groups lists the groups in start order.
var Groups = []string{GroupAPI, GroupWatch, GroupDeploy, GroupEnv, GroupKnowledge}

// TreeConfig tunes the supervisors. Zero fields take the defaults.
type TreeConfig struct {
	FailureBackoff time.Duration // backoff after FailureThreshold failures (default 15 s)
	StopTimeout    time.Duration // wait for an actor to stop before logging a stop timeout (default 4 s)
}

// Tree is the supervision tree: a root supervisor with one sub-supervisor per
// actor group. Safe for concurrent use.
type Tree struct {
	root   *suture.Supervisor
	groups map[string]*suture.Supervisor
	hook   *EventHook

	mu     sync.Mutex
	actors []actors.Actor
}

// NewTree builds the tree; log receives the suture events.
func NewTree(log *slog.Logger, cfg TreeConfig) *Tree {
	if cfg.StopTimeout <= 0 {
		cfg.StopTimeout = 4 * time.Second // under the 5 s hard deadline
	}
	hook := NewEventHook(log)
	spec := suture.Spec{
		EventHook:      hook.Hook,
		FailureBackoff: cfg.FailureBackoff,
		Timeout:        cfg.StopTimeout,
	}
	t := &Tree{root: suture.New("zcp", spec), groups: map[string]*suture.Supervisor{}, hook: hook}
	for _, g := range Groups {
		sup := suture.New(g, spec)
		t.groups[g] = sup
		t.root.Add(sup)
	}
	return t
}

// Add puts an actor under a group's supervisor. It may be called before or
// after Start.
func (t *Tree) Add(group string, a actors.Actor) error {
	sup, ok := t.groups[group]
	if !ok {
		return fmt.Errorf("add %s: unknown actor group %q", a, group)
	}
	t.mu.Lock()
	t.actors = append(t.actors, a)
	t.mu.Unlock()
	sup.Add(a)
	return nil
}

// Start runs the tree in the background until ctx ends; the channel receives
// the root's Serve error once every actor has stopped. Then every actor that
// is an actors.Stopper is shut down: one whose loop crashed and was not
// restarted (suture was backing off, or stopping) stops for good instead of
// keeping callers waiting for a loop that never comes.
func (t *Tree) Start(ctx context.Context) <-chan error {
	errc := t.root.ServeBackground(ctx)
	out := make(chan error, 1)
	go func() {
		err := <-errc
		for _, a := range t.Actors() {
			if s, ok := a.(actors.Stopper); ok {
				s.Shutdown()
			}
		}
		out <- err
	}()
	return out
}

// Actors returns the actors in the order they were added.
func (t *Tree) Actors() []actors.Actor {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]actors.Actor(nil), t.actors...)
}

// Restarts returns how often the named actor failed and was restarted.
func (t *Tree) Restarts(name string) int { return t.hook.Restarts(name) }

// Hook returns the tree's event hook.
func (t *Tree) Hook() *EventHook { return t.hook }
