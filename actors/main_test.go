package actors

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/zeropsio/zcp/platform"
)

// TestMain fails the package when any goroutine outlives the tests.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.IgnoreCurrent()) // the baseline: package-init goroutines
}

// checkLeaks fails t when a goroutine started during t outlives it: the count
// must return to the baseline taken when t began. Call it first, so that its
// check runs after every other cleanup (actors stopped, fake API closed).
// Tests that call it must not run in parallel with other tests, whose
// goroutines would count against this one; their subtests may.
func checkLeaks(t *testing.T) {
	t.Helper()
	baseline := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, baseline) })
}

// stubClient is a platform.Client whose process and app-version answers are
// scripted. Methods it does not override panic (the embedded nil Client).
type stubClient struct {
	platform.Client

	mu       sync.Mutex
	statuses []platform.ProcessStatus          // GetProcess answers in order; the last repeats
	errs     []error                           // GetProcess errors before statuses start
	versions func(n int) []platform.AppVersion // SearchAppVersions answer per call
	block    chan struct{}                     // when set, polls wait for it (or ctx)
	calls    atomic.Int64
	inPoll   atomic.Int64
}

func (s *stubClient) GetProcess(ctx context.Context, id string) (*platform.Process, error) {
	n := int(s.calls.Add(1)) - 1
	if err := s.wait(ctx); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if n < len(s.errs) {
		return nil, s.errs[n]
	}
	n -= len(s.errs)
	st := platform.ProcessRunning
	if len(s.statuses) > 0 {
		st = s.statuses[min(n, len(s.statuses)-1)]
	}
	p := &platform.Process{ID: id, ActionName: "stack.restart", Status: st}
	if st == platform.ProcessFailed {
		reason := "container crashed"
		p.FailReason = &reason
	}
	return p, nil
}

func (s *stubClient) SearchAppVersions(ctx context.Context, f platform.AppVersionFilter) ([]platform.AppVersion, error) {
	n := int(s.calls.Add(1)) - 1
	if err := s.wait(ctx); err != nil {
		return nil, err
	}
	return s.versions(n), nil
}

func (s *stubClient) wait(ctx context.Context) error {
	s.mu.Lock()
	block := s.block
	s.mu.Unlock()
	if block == nil {
		return nil
	}
	s.inPoll.Add(1)
	defer s.inPoll.Add(-1)
	select {
	case <-block:
		return nil
	case <-ctx.Done():
		return &platform.PlatformError{Code: platform.ErrCanceled, Message: "canceled", Err: ctx.Err()}
	}
}

// serve runs an actor until stop is called or the test or benchmark ends,
// and waits for Serve to return.
func serve(tb testing.TB, a Actor) (stop func()) {
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

// fastWatcher is a watcher config for tests: millisecond polls.
func fastWatcher() WatcherConfig {
	return WatcherConfig{Interval: 2 * time.Millisecond, SlowInterval: 4 * time.Millisecond, SlowAfter: time.Second, Limit: 10 * time.Second, MaxFailures: 3}
}

// drain reads ch to its end and returns every update seen.
func drain[U any](t *testing.T, ch <-chan U) []U {
	t.Helper()
	var got []U
	timeout := time.After(20 * time.Second)
	for {
		select {
		case u, ok := <-ch:
			if !ok {
				return got
			}
			got = append(got, u)
		case <-timeout:
			t.Fatalf("channel not closed; got %d updates", len(got))
		}
	}
}
