package actors

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

func TestWatcher_Lifecycle(t *testing.T) {
	checkLeaks(t)
	c := &stubClient{statuses: []platform.ProcessStatus{platform.ProcessRunning}}
	w := NewWatcher(c, fastWatcher())

	// Never served: Status answers at once, from the config.
	st, err := w.Status(t.Context())
	if err != nil || st.State != StateIdle || fig(st, "processes") != "0" || fig(st, "schedule") == "" {
		t.Fatalf("status before Serve: %+v, %v", st, err)
	}
	// A subscription asked for before Serve is granted at once and polled
	// once Serve runs.
	ch, err := w.Subscribe(t.Context(), "proc-1")
	if err != nil {
		t.Fatal(err)
	}
	select {
	case u := <-ch:
		t.Fatalf("update %+v before Serve", u)
	case <-time.After(20 * time.Millisecond):
	}
	stop := serve(t, w)
	if u := recv(t, ch); u.Process.ID != "proc-1" || u.Final {
		t.Fatalf("first update %+v", u)
	}
	if st, _ := w.Status(t.Context()); st.State != StateRunning || fig(st, "subscribers") != "1" {
		t.Errorf("status while serving: %+v", st)
	}
	if err := w.Serve(t.Context()); err == nil {
		t.Error("a second concurrent Serve succeeded")
	}

	stop()
	got := drain(t, ch)
	if len(got) == 0 || platform.ErrorCode(got[len(got)-1].Err) != platform.ErrServiceUnavailable {
		t.Errorf("after stop got %+v, want a final SERVICE_UNAVAILABLE", got)
	}
	st, err = w.Status(t.Context())
	if err != nil || st.State != StateStopped || fig(st, "processes") != "0" || fig(st, "polls") == "0" {
		t.Errorf("status after stop: %+v, %v; want stopped with the polls made", st, err)
	}
	if err := w.Serve(t.Context()); err == nil {
		t.Error("Serve after stop succeeded")
	}
	if _, err := w.SubscribeBuild(t.Context(), "svc-1", time.Now(), ""); platform.ErrorCode(err) != platform.ErrServiceUnavailable {
		t.Errorf("subscribe build after stop: %v", err)
	}
}

func TestWatcher_StatusDetails(t *testing.T) {
	checkLeaks(t)
	c := &stubClient{statuses: []platform.ProcessStatus{platform.ProcessRunning}, versions: func(int) []platform.AppVersion { return nil }}
	w := NewWatcher(c, fastWatcher())
	serve(t, w)
	for range 2 {
		ch, err := w.Subscribe(t.Context(), "proc-1")
		if err != nil {
			t.Fatal(err)
		}
		recv(t, ch)
	}
	if _, err := w.SubscribeBuild(t.Context(), "svc-1", time.Now(), ""); err != nil {
		t.Fatal(err)
	}
	st, err := w.Status(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if fig(st, "processes") != "1" || fig(st, "builds") != "1" || fig(st, "subscribers") != "3" {
		t.Errorf("figures %+v, want one process and one build watched by 3 subscribers", st.Figures)
	}
	want := []string{"build of service svc-1: ", "process proc-1: stack.restart RUNNING, 2 subscriber(s), age "}
	if len(st.Details) != len(want) {
		t.Fatalf("details %q", st.Details)
	}
	for i, prefix := range want {
		if !strings.HasPrefix(st.Details[i], prefix) {
			t.Errorf("detail %q, want it to start with %q", st.Details[i], prefix)
		}
	}
}

// TestWatcher_CallersGiveUp: callers whose contexts end around their
// request, before, while or after the loop takes it, leave no subscription
// and no poll goroutine behind.
func TestWatcher_CallersGiveUp(t *testing.T) {
	checkLeaks(t)
	c := &stubClient{statuses: []platform.ProcessStatus{platform.ProcessRunning}}
	w := NewWatcher(c, fastWatcher())
	serve(t, w)
	var wg sync.WaitGroup
	for i := range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(t.Context(), time.Duration(rand.N(200))*time.Microsecond)
			defer cancel()
			ch, err := w.Subscribe(ctx, fmt.Sprintf("proc-%d", i%5))
			if err != nil {
				if !errors.Is(err, context.DeadlineExceeded) {
					t.Errorf("subscribe: %v", err)
				}
				return
			}
			for range ch { // closed once ctx ends
			}
		}()
	}
	wg.Wait() // every channel closed: the last one as its watch was dropped
	if st, _ := w.Status(t.Context()); fig(st, "processes") != "0" || fig(st, "subscribers") != "0" {
		t.Errorf("status %+v after every caller left, want nothing watched", st.Figures)
	}
}

// TestWatcher_SlowsDownAfterSlowAfter checks the schedule by counting polls:
// a loaded machine can only make fewer of them, never more.
func TestWatcher_SlowsDownAfterSlowAfter(t *testing.T) {
	checkLeaks(t)
	c := &stubClient{statuses: []platform.ProcessStatus{platform.ProcessRunning}}
	cfg := WatcherConfig{Interval: 5 * time.Millisecond, FastInterval: 2500 * time.Microsecond,
		SlowInterval: 50 * time.Millisecond, SlowAfter: 100 * time.Millisecond, Limit: 400 * time.Millisecond}
	w := NewWatcher(c, cfg)
	stop := serve(t, w)
	start := time.Now()
	ch, err := w.Subscribe(t.Context(), "proc-1")
	if err != nil {
		t.Fatal(err)
	}
	var fastPolls int64
	for u := range ch {
		if u.Final {
			break
		}
		if time.Since(start) < cfg.SlowAfter {
			fastPolls = c.calls.Load()
		}
	}
	elapsed := time.Since(start)
	stop() // no poll in flight once Serve returned
	// At most: one poll at once, one per Interval until SlowAfter, one per
	// FastInterval while the process's end may be near (its action never
	// seen to end: until the watch is two Intervals old), one per
	// SlowInterval after, and one for a tick that comes due on the boundary.
	maxPolls := 1 + int64(cfg.SlowAfter/cfg.Interval) + int64(2*cfg.Interval/cfg.FastInterval) +
		int64((elapsed-cfg.SlowAfter)/cfg.SlowInterval) + 1
	if calls := c.calls.Load(); calls > maxPolls {
		t.Errorf("%d polls in %s, the schedule allows at most %d", calls, elapsed, maxPolls)
	}
	if fastPolls < 4 {
		t.Errorf("%d polls before SlowAfter (%s at %s each), want at least 4", fastPolls, cfg.SlowAfter, cfg.Interval)
	}
}

// brokenClient answers GetProcess the way a buggy client might.
type brokenClient struct {
	platform.Client
	panics bool // panic instead of answering
}

func (c brokenClient) GetProcess(context.Context, string) (*platform.Process, error) {
	if c.panics {
		panic("client bug")
	}
	return nil, nil
}

// TestWatcher_BrokenClientEndsTheWatchNotTheProcess: a client that panics
// or answers neither a process nor an error fails the polls; the subscriber
// gets a final update carrying the error (the test binary would die of a
// panic in a poll goroutine).
func TestWatcher_BrokenClientEndsTheWatchNotTheProcess(t *testing.T) {
	checkLeaks(t)
	tests := []struct {
		name string
		c    brokenClient
		code string
	}{
		{"panic", brokenClient{panics: true}, platform.ErrInternal},
		{"nil process", brokenClient{}, platform.ErrAPIError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := NewWatcher(tt.c, fastWatcher())
			serve(t, w)
			ch, err := w.Subscribe(t.Context(), "p1")
			if err != nil {
				t.Fatal(err)
			}
			ups := drain(t, ch)
			last := ups[len(ups)-1]
			if !last.Final || platform.ErrorCode(last.Err) != tt.code {
				t.Errorf("last update %+v, want final with %s", last, tt.code)
			}
		})
	}
}
