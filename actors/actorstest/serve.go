package actorstest

import (
	"context"
	"testing"
	"time"

	"github.com/zeropsio/zcp/actors"
)

// Serve runs a's loop until the test or benchmark ends; its cleanup stops
// the loop and waits for Serve to return (failing tb after 10 s). Cleanups
// run last-registered first, so a harness that registers its own cleanup
// after this call has it run while a still serves.
func Serve(tb testing.TB, a actors.Actor) {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = a.Serve(ctx) }()
	tb.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			tb.Errorf("%s did not stop", a)
		}
	})
}
