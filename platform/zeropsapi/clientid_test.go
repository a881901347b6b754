package zeropsapi

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

func TestClientIDCache_FailureNotCachedUnderConcurrency(t *testing.T) {
	t.Parallel()
	var calls atomic.Int64
	entered := make(chan struct{})
	release := make(chan struct{})
	c := &clientIDCache{fetch: func(ctx context.Context) (string, error) {
		if calls.Add(1) == 1 {
			close(entered)
			<-release
			return "", platform.NewError(platform.ErrAPIError, "boom", "")
		}
		return "client-1", nil
	}}

	const n = 64
	var wg sync.WaitGroup
	results := make([]string, n)
	errs := make([]error, n)
	wg.Add(1)
	go func() { // the leader of the failing lookup
		defer wg.Done()
		results[0], errs[0] = c.get(context.Background())
	}()
	recv(t, entered)
	for i := 1; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = c.get(context.Background())
		}()
	}
	close(release)
	wg.Wait()

	if platform.ErrorCode(errs[0]) != platform.ErrAPIError {
		t.Fatalf("leader: %q, %v; want the API error", results[0], errs[0])
	}
	for i := range n {
		if errs[i] == nil && results[i] != "client-1" {
			t.Errorf("caller %d got %q without error", i, results[i])
		}
		if errs[i] != nil && platform.ErrorCode(errs[i]) != platform.ErrAPIError {
			t.Errorf("caller %d got %v", i, errs[i])
		}
	}
	id, err := c.get(context.Background())
	if err != nil || id != "client-1" {
		t.Fatalf("after the failure: %q, %v; want client-1", id, err)
	}
	if got := calls.Load(); got != 2 {
		t.Errorf("fetch ran %d times, want 2 (one failure, one success, then cached)", got)
	}
}

func TestClientIDCache_LeaderCanceledDoesNotFailOthers(t *testing.T) {
	t.Parallel()
	var calls atomic.Int64
	entered := make(chan struct{})
	joined := make(chan struct{}, 1)
	c := &clientIDCache{
		fetch: func(ctx context.Context) (string, error) {
			if calls.Add(1) == 1 {
				close(entered)
				<-ctx.Done()
				return "", mapTransportError(ctx.Err())
			}
			return "client-1", nil
		},
		onJoin: func() {
			select {
			case joined <- struct{}{}:
			default:
			}
		},
	}
	leaderCtx, cancel := context.WithCancel(context.Background())
	leaderErr := make(chan error, 1)
	go func() {
		_, err := c.get(leaderCtx)
		leaderErr <- err
	}()
	recv(t, entered)
	waiter := make(chan string, 1)
	go func() {
		id, err := c.get(context.Background())
		if err != nil {
			id = "error: " + err.Error()
		}
		waiter <- id
	}()
	recv(t, joined) // the waiter waits on the leader's lookup
	cancel()
	if err := recv(t, leaderErr); !errors.Is(err, context.Canceled) {
		t.Errorf("leader: %v, want canceled", err)
	}
	if got := recv(t, waiter); got != "client-1" {
		t.Errorf("waiter got %q, want client-1", got)
	}
}

func TestClientIDCache_WaiterContextEnds(t *testing.T) {
	t.Parallel()
	entered := make(chan struct{})
	release := make(chan struct{})
	c := &clientIDCache{fetch: func(ctx context.Context) (string, error) {
		close(entered)
		<-release
		return "client-1", nil
	}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = c.get(context.Background())
	}()
	recv(t, entered)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.get(ctx); platform.ErrorCode(err) != platform.ErrCanceled {
		t.Errorf("canceled waiter: %v, want CANCELED", err)
	}
	close(release)
	recv(t, done)
	if id, err := c.get(context.Background()); id != "client-1" || err != nil {
		t.Errorf("after: %q, %v", id, err)
	}
}

func TestClientIDCache_APITimeoutShared(t *testing.T) {
	t.Parallel()
	var calls atomic.Int64
	entered := make(chan struct{})
	release := make(chan struct{})
	joined := make(chan struct{}, 1)
	c := &clientIDCache{
		fetch: func(ctx context.Context) (string, error) {
			if calls.Add(1) == 1 {
				close(entered)
				<-release
				// An HTTP client timeout: the leader's context is still alive.
				return "", mapTransportError(context.DeadlineExceeded)
			}
			return "client-1", nil
		},
		onJoin: func() { joined <- struct{}{} },
	}
	leaderErr := make(chan error, 1)
	go func() {
		_, err := c.get(context.Background())
		leaderErr <- err
	}()
	recv(t, entered)
	waiterErr := make(chan error, 1)
	go func() {
		_, err := c.get(context.Background())
		waiterErr <- err
	}()
	recv(t, joined)
	close(release)
	if err := recv(t, leaderErr); platform.ErrorCode(err) != platform.ErrAPITimeout {
		t.Fatalf("leader: %v, want API_TIMEOUT", err)
	}
	// The API failed, not the leader's caller: the waiter shares the
	// failure instead of running a second lookup of its own.
	if err := recv(t, waiterErr); platform.ErrorCode(err) != platform.ErrAPITimeout {
		t.Fatalf("waiter: %v, want API_TIMEOUT", err)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("fetch ran %d times, want 1", n)
	}
	// Not cached: the next caller looks up again.
	if id, err := c.get(context.Background()); id != "client-1" || err != nil {
		t.Errorf("after: %q, %v", id, err)
	}
}
