package actors

import (
	"context"
	"testing"
	"time"

	"github.com/thejerf/suture/v4"
)

// TestGateway_SutureRestartsItAfterLoopPanic runs the gateway under a real
// suture supervisor, as the tree does: its loop panics once, suture calls
// Serve again, and calls go on being served by the fresh loop.
func TestGateway_SutureRestartsItAfterLoopPanic(t *testing.T) {
	checkLeaks(t)
	c := &scriptClient{}
	g := NewGateway(c, GatewayConfig{})
	sw := &crashSwitch{}
	g.testHookPanic = sw.hook

	restarted := make(chan struct{}, 1)
	sup := suture.New("test", suture.Spec{EventHook: func(e suture.Event) {
		if _, ok := e.(suture.EventServicePanic); ok {
			select {
			case restarted <- struct{}{}:
			default:
			}
		}
	}})
	sup.Add(g)
	ctx, cancel := context.WithCancel(context.Background())
	errc := sup.ServeBackground(ctx)
	t.Cleanup(func() { cancel(); <-errc })

	if _, err := g.GetService(t.Context(), "before"); err != nil {
		t.Fatalf("call before the panic: %v", err)
	}
	sw.armed.Store(true)
	_, _ = g.Status(t.Context()) // turns the loop once: it panics
	recv(t, restarted)
	// A call made now waits for the next loop: a deadline turns a missing
	// restart into a failure instead of a hang.
	after, cancelAfter := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancelAfter()
	if _, err := g.GetService(after, "after"); err != nil {
		t.Fatalf("call after suture's restart: %v", err)
	}
	st, err := g.Status(t.Context())
	if err != nil || st.State != StateRunning || fig(st, "in-flight") != "0/8" {
		t.Errorf("status after the restart: %+v %v, want a running gateway with nothing in flight", st, err)
	}
	if got := c.calls.Load(); got != 2 {
		t.Errorf("%d API calls, want 2", got)
	}
}
