package actors

import (
	"context"
	"strconv"
	"testing"
	"time"
)

// serveGateway runs g's loop until the test or benchmark ends and waits for
// Serve to return. Calls through g wait for its loop, so every test or
// benchmark that makes one serves the gateway first.
func serveGateway(tb testing.TB, g *Gateway) *Gateway {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- g.Serve(ctx) }()
	tb.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			tb.Errorf("%s did not stop", g)
		}
	})
	return g
}

// cooldownLeft is the shared cooldown left, read from the gateway's status
// (rounded to the millisecond); -1 when the figure is unreadable.
func (g *Gateway) cooldownLeft() time.Duration {
	st, err := g.Status(context.Background())
	if err != nil {
		return -1
	}
	d, err := time.ParseDuration(fig(st, "cooldown"))
	if err != nil {
		return -1
	}
	return d
}

// callsAdmitted is the gateway's "calls" figure: the calls it granted a slot.
func (g *Gateway) callsAdmitted(t *testing.T) int {
	t.Helper()
	st, err := g.Status(t.Context())
	if err != nil {
		t.Fatalf("status: %v", err)
	}
	n, err := strconv.Atoi(fig(st, "calls"))
	if err != nil {
		t.Fatalf("calls figure %q: %v", fig(st, "calls"), err)
	}
	return n
}
