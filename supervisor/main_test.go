package supervisor

import (
	"testing"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.IgnoreCurrent()) // baseline: package-init goroutines
}

// checkLeaks fails t when a goroutine started during t outlives it. Call it
// first, so that its check runs after every other cleanup. Tests that call it
// must not run in parallel with other tests.
func checkLeaks(t *testing.T) {
	t.Helper()
	baseline := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, baseline) })
}
