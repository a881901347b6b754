package actors

import (
	"context"
	"sync"
	"testing"
	"time"
)

// serveTB runs an actor until stop is called or the test or benchmark ends,
// and waits for Serve to return. serve does the same for tests only.
func serveTB(tb testing.TB, a Actor) (stop func()) {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Serve(ctx) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				tb.Errorf("%s did not stop", a)
			}
		})
	}
	tb.Cleanup(stop)
	return stop
}
