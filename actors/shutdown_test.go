package actors

import (
	"context"
	"strings"
	"testing"
)

// crashedActor is an actor of each kind whose loop panics on its first
// iteration, and a call that waits for a loop.
type crashedActor struct {
	name string
	make func(sw *crashSwitch) (a stoppableActor, call func(ctx context.Context) error)
}

type stoppableActor interface {
	Actor
	Stopper
}

var crashedActors = []crashedActor{
	{"gateway", func(sw *crashSwitch) (stoppableActor, func(context.Context) error) {
		g := NewGateway(&scriptClient{}, GatewayConfig{})
		g.testHookPanic = sw.hook
		return g, func(ctx context.Context) error { _, err := g.GetService(ctx, "s1"); return err }
	}},
	{"deploy pool", func(sw *crashSwitch) (stoppableActor, func(context.Context) error) {
		p := NewDeployPool(1)
		p.testHookPanic = sw.hook
		return p, func(ctx context.Context) error { return p.Run(ctx, "svc", func(context.Context) error { return nil }) }
	}},
	{"watcher", func(sw *crashSwitch) (stoppableActor, func(context.Context) error) {
		w := NewWatcher(&stubClient{}, fastWatcher())
		w.testHookPanic = sw.hook
		return w, func(ctx context.Context) error { _, err := w.Subscribe(ctx, "p1"); return err }
	}},
	{"knowledge index", func(sw *crashSwitch) (stoppableActor, func(context.Context) error) {
		k := NewKnowledgeIndex(emptyIndex)
		k.testHookPanic = sw.hook
		return k, func(ctx context.Context) error { _, err := k.Index(ctx); return err }
	}},
}

// TestShutdown_StopsAnActorLeftCrashed: a loop crashed and nobody restarted
// it (suture was backing off when the tree stopped). Shutdown stops the actor
// for good: a caller waiting for the next loop is released with
// SERVICE_UNAVAILABLE, later calls fail fast, Status says stopped and a late
// Serve is refused.
func TestShutdown_StopsAnActorLeftCrashed(t *testing.T) {
	checkLeaks(t)
	for _, tt := range crashedActors {
		t.Run(tt.name, func(t *testing.T) {
			sw := &crashSwitch{}
			sw.armed.Store(true)
			a, call := tt.make(sw)
			if p, _ := serveOnce(t.Context(), a); p != testCrash {
				t.Fatalf("Serve panicked with %v, want the test's crash", p)
			}
			waiting := make(chan error, 1)
			go func() { waiting <- call(t.Context()) }() // no deadline: only Shutdown can answer it
			a.Shutdown()
			wantUnavailable(t, "caller waiting for a loop", receive(t, "waiting caller", waiting))
			wantUnavailable(t, "call after Shutdown", call(t.Context()))
			if st, err := a.Status(t.Context()); err != nil || st.State != StateStopped {
				t.Errorf("status %q %v, want stopped", st.State, err)
			}
			if err := a.Serve(t.Context()); err == nil || !strings.Contains(err.Error(), "already stopped") {
				t.Errorf("Serve after Shutdown: %v, want already stopped", err)
			}
			a.Shutdown() // a second call does nothing
		})
	}
}

// TestShutdown_GatewayCancelsCallsOfTheCrashedRun: calls still in flight from
// a crashed run are cancelled by Shutdown, as a shutdown of a running loop
// cancels its own.
func TestShutdown_GatewayCancelsCallsOfTheCrashedRun(t *testing.T) {
	checkLeaks(t)
	c := &scriptClient{hold: make(chan struct{}), enter: make(chan struct{}, 1)}
	g := NewGateway(c, GatewayConfig{})
	sw := &crashSwitch{}
	g.testHookPanic = sw.hook
	served := make(chan any, 1)
	go func() { p, _ := serveOnce(t.Context(), g); served <- p }()
	inFlight := make(chan error, 1)
	go func() { _, err := g.GetService(t.Context(), "s1"); inFlight <- err }()
	recv(t, c.enter) // the call holds a slot and waits inside the client
	sw.armed.Store(true)
	_, _ = g.Status(t.Context()) // turns the loop once: it panics
	if p := receive(t, "Serve", served); p != testCrash {
		t.Fatalf("Serve panicked with %v, want the test's crash", p)
	}
	g.Shutdown()
	if err := receive(t, "call in flight", inFlight); err == nil {
		t.Error("the call in flight of the crashed run was not cancelled")
	}
}

// TestShutdown_NoopWhileTheLoopRuns: a running loop stops with its own
// context, so Shutdown leaves it serving.
func TestShutdown_NoopWhileTheLoopRuns(t *testing.T) {
	checkLeaks(t)
	g := serveGateway(t, NewGateway(&scriptClient{}, GatewayConfig{}))
	awaitLoop(t, g.life)
	g.Shutdown()
	if _, err := g.GetService(t.Context(), "s1"); err != nil {
		t.Errorf("call after Shutdown of a running gateway: %v", err)
	}
	if st, _ := g.Status(t.Context()); st.State != StateRunning {
		t.Errorf("status %q, want running", st.State)
	}
}
