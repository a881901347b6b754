package zeropsapi

import (
	"testing"
	"time"
)

// recv returns the next value from ch, failing t if none comes within 20 s:
// a wait of its own, so a broken build fails in seconds, not at -timeout.
func recv[T any](t testing.TB, ch <-chan T) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(20 * time.Second):
		t.Fatal("nothing received within 20 s")
		var zero T
		return zero
	}
}
