package actors

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// scriptClient fails its first calls with the given errors and counts calls.
type scriptClient struct {
	platform.Client
	mu    sync.Mutex
	errs  []error
	calls atomic.Int64
	hold  chan struct{} // when set, calls wait for it
	enter chan struct{} // when set, receives once per call reaching the client
}

func (s *scriptClient) next(ctx context.Context) error {
	s.calls.Add(1)
	if s.enter != nil {
		s.enter <- struct{}{}
	}
	if s.hold != nil {
		select {
		case <-s.hold:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.errs) == 0 {
		return nil
	}
	err := s.errs[0]
	s.errs = s.errs[1:]
	return err
}

func (s *scriptClient) GetService(ctx context.Context, id string) (*platform.ServiceStack, error) {
	if err := s.next(ctx); err != nil {
		return nil, err
	}
	return &platform.ServiceStack{ID: id}, nil
}

func (s *scriptClient) RestartService(ctx context.Context, id string) (*platform.Process, error) {
	if err := s.next(ctx); err != nil {
		return nil, err
	}
	return &platform.Process{ID: "p-" + id}, nil
}

func TestGateway_RetriesReadsNotMutations(t *testing.T) {
	checkLeaks(t)
	e503 := &platform.PlatformError{Code: platform.ErrAPIError, HTTPStatus: 503, Message: "unavailable"}
	e400 := &platform.PlatformError{Code: platform.ErrAPIError, HTTPStatus: 400, Message: "bad"}
	netErr := &platform.PlatformError{Code: platform.ErrNetworkError, Message: "reset"}
	tests := []struct {
		name      string
		errs      []error
		mutation  bool
		wantCalls int64
		wantErr   bool
	}{
		{"read retried after 503", []error{e503}, false, 2, false},
		{"read retried twice at most", []error{e503, netErr, e503}, false, 3, true},
		{"read not retried on 4xx", []error{e400}, false, 1, true},
		{"mutation never retried", []error{e503}, true, 1, true},
		{"mutation not retried on network error", []error{netErr}, true, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := &scriptClient{errs: tt.errs}
			g := serveGateway(t, NewGateway(c, GatewayConfig{RetryBase: time.Millisecond}))
			var err error
			if tt.mutation {
				_, err = g.RestartService(t.Context(), "s1")
			} else {
				_, err = g.GetService(t.Context(), "s1")
			}
			if (err != nil) != tt.wantErr {
				t.Errorf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if got := c.calls.Load(); got != tt.wantCalls {
				t.Errorf("%d calls, want %d", got, tt.wantCalls)
			}
		})
	}
}

func TestGateway_RateLimitCooldown(t *testing.T) {
	checkLeaks(t)
	tests := []struct {
		name        string
		retryAfter  time.Duration
		wantAtLeast time.Duration
		wantAtMost  time.Duration
		wantRetry   string
	}{
		{"honours Retry-After", 30 * time.Second, 29 * time.Second, 30 * time.Second, "retry after 30 s"},
		{"caps Retry-After at 60 s", time.Hour, 59 * time.Second, 60 * time.Second, "retry after 60 s"},
		{"defaults to 5 s", 0, 4 * time.Second, 5 * time.Second, "retry after 5 s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e429 := &platform.PlatformError{Code: platform.ErrAPIRateLimited, HTTPStatus: 429, RetryAfter: tt.retryAfter}
			c := &scriptClient{errs: []error{e429}}
			g := serveGateway(t, NewGateway(c, GatewayConfig{}))
			// A mutation is never retried, so the 429 is its answer.
			if _, err := g.RestartService(t.Context(), "s1"); platform.ErrorCode(err) != platform.ErrAPIRateLimited {
				t.Fatalf("first call: %v", err)
			}
			if left := g.cooldownLeft(); left < tt.wantAtLeast || left > tt.wantAtMost {
				t.Errorf("cooldown %s, want within [%s, %s]", left, tt.wantAtLeast, tt.wantAtMost)
			}
			// During the cooldown no call reaches the API; one whose deadline
			// comes first fails at once, saying when to retry.
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
			defer cancel()
			_, err := g.GetService(ctx, "s1")
			if platform.ErrorCode(err) != platform.ErrAPIRateLimited || !strings.Contains(err.Error(), tt.wantRetry) {
				t.Errorf("call during cooldown: %v, want API_RATE_LIMITED saying %q", err, tt.wantRetry)
			}
			if got := c.calls.Load(); got != 1 {
				t.Errorf("%d API calls, want 1 (none during the cooldown)", got)
			}
			st, _ := g.Status(t.Context())
			if fig(st, "429s") != "1" {
				t.Errorf("status 429s = %q", fig(st, "429s"))
			}
		})
	}
}

func TestGateway_CallerContextEndsWait(t *testing.T) {
	checkLeaks(t)
	c := &scriptClient{hold: make(chan struct{}), enter: make(chan struct{}, 1)}
	g := serveGateway(t, NewGateway(c, GatewayConfig{MaxInFlight: 1}))
	admitted := make(chan struct{}, 2)
	g.testHookQueued = func() { admitted <- struct{}{} }
	held := make(chan error, 1)
	go func() { _, err := g.GetService(t.Context(), "a"); held <- err }()
	recv(t, c.enter) // the first call holds the only slot
	recv(t, admitted)
	// The second caller waits for the only slot until its ctx is cancelled.
	ctx, cancel := context.WithCancel(t.Context())
	waiting := make(chan error, 1)
	go func() { _, err := g.GetService(ctx, "b"); waiting <- err }()
	recv(t, admitted) // the second caller is inside the gateway, waiting
	cancel()
	if err := recv(t, waiting); platform.ErrorCode(err) != platform.ErrCanceled || !errors.Is(err, context.Canceled) {
		t.Errorf("waiting caller: %v, want CANCELED", err)
	}
	close(c.hold)
	if err := recv(t, held); err != nil {
		t.Errorf("held caller: %v", err)
	}
	if got := c.calls.Load(); got != 1 {
		t.Errorf("%d API calls, want 1", got)
	}
}

func TestGateway_StoppedFailsFast(t *testing.T) {
	checkLeaks(t)
	c := &scriptClient{hold: make(chan struct{}), enter: make(chan struct{}, 1)}
	g := NewGateway(c, GatewayConfig{})
	stop := serve(t, g)
	inFlight := make(chan error, 1)
	go func() { _, err := g.GetService(context.Background(), "a"); inFlight <- err }()
	recv(t, c.enter) // the call has reached the API
	stop()
	if err := recv(t, inFlight); err == nil {
		t.Error("call in flight survived the gateway's stop")
	}
	_, err := g.GetService(t.Context(), "b")
	if platform.ErrorCode(err) != platform.ErrServiceUnavailable {
		t.Errorf("call after stop: %v, want SERVICE_UNAVAILABLE", err)
	}
	st, _ := g.Status(t.Context())
	if st.State != StateStopped {
		t.Errorf("state %q", st.State)
	}
}

// panicClient panics on GetService of "bad", as a client bug on a malformed
// answer would, and answers any other id.
type panicClient struct{ platform.Client }

func (panicClient) GetService(_ context.Context, id string) (*platform.ServiceStack, error) {
	if id == "bad" {
		panic("malformed answer")
	}
	return &platform.ServiceStack{ID: id}, nil
}

// TestGateway_PanicAnswersInternalErrorAndGoesOn: a panic below a call
// answers that call with INTERNAL_ERROR, frees its slot, and the next calls
// work.
func TestGateway_PanicAnswersInternalErrorAndGoesOn(t *testing.T) {
	checkLeaks(t)
	g := serveGateway(t, NewGateway(panicClient{}, GatewayConfig{MaxInFlight: 1}))
	// Bounded, so that a leaked slot fails the test instead of hanging it.
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	for i := range 3 {
		if _, err := g.GetService(ctx, "bad"); platform.ErrorCode(err) != platform.ErrInternal {
			t.Errorf("panicking call %d: %v, want INTERNAL_ERROR", i, err)
		}
		if s, err := g.GetService(ctx, "good"); err != nil || s.ID != "good" {
			t.Errorf("call after the panic: %+v, %v", s, err)
		}
	}
	st, _ := g.Status(t.Context())
	if fig(st, "in-flight") != "0/1" || st.State == StateStopped {
		t.Errorf("status %+v after panicking calls, want the gateway up with 0/1 in flight", st)
	}
}

func TestGateway_CooldownCheckedAfterSlotWait(t *testing.T) {
	checkLeaks(t)
	e429 := &platform.PlatformError{Code: platform.ErrAPIRateLimited, HTTPStatus: 429, RetryAfter: time.Minute}
	c := &scriptClient{errs: []error{e429}, hold: make(chan struct{}), enter: make(chan struct{}, 2)}
	g := serveGateway(t, NewGateway(c, GatewayConfig{MaxInFlight: 1}))
	admitted := make(chan struct{}, 2)
	g.testHookQueued = func() { admitted <- struct{}{} }
	first := make(chan error, 1)
	go func() { _, err := g.GetService(t.Context(), "a"); first <- err }()
	recv(t, c.enter) // the first call holds the only slot
	recv(t, admitted)
	second := make(chan error, 1)
	go func() { _, err := g.GetService(t.Context(), "b"); second <- err }()
	recv(t, admitted) // the second caller is inside the gateway, waiting for the slot
	close(c.hold)
	if err := recv(t, first); platform.ErrorCode(err) != platform.ErrAPIRateLimited {
		t.Fatalf("first call: %v, want API_RATE_LIMITED", err)
	}
	// The second caller waited for the slot when the 429 came: its call limit
	// (30 s) ends before the cooldown (60 s), so it fails at once, saying
	// when to retry, rather than calling the API or waiting in vain.
	if err := recv(t, second); platform.ErrorCode(err) != platform.ErrAPIRateLimited || !strings.Contains(err.Error(), "retry after 60 s") {
		t.Errorf("second call: %v, want API_RATE_LIMITED saying retry after 60 s", err)
	}
	if got := c.calls.Load(); got != 1 {
		t.Errorf("%d API calls, want 1 (none during the cooldown)", got)
	}
}
