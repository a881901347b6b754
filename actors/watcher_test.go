package actors

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

func TestWatcher_FinalStateReachesAllSubscribers(t *testing.T) {
	checkLeaks(t)
	tests := []struct {
		name       string
		statuses   []platform.ProcessStatus
		wantStatus platform.ProcessStatus
		wantReason bool
	}{
		{"finished", []platform.ProcessStatus{platform.ProcessPending, platform.ProcessRunning, platform.ProcessFinished}, platform.ProcessFinished, false},
		{"failed with reason", []platform.ProcessStatus{platform.ProcessRunning, platform.ProcessFailed}, platform.ProcessFailed, true},
		{"canceled", []platform.ProcessStatus{platform.ProcessCanceled}, platform.ProcessCanceled, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := &stubClient{statuses: tt.statuses}
			w := NewWatcher(c, fastWatcher())
			serve(t, w)
			const n = 10
			chans := make([]<-chan ProcessUpdate, n)
			for i := range chans {
				ch, err := w.Subscribe(t.Context(), "proc-1")
				if err != nil {
					t.Fatal(err)
				}
				chans[i] = ch
			}
			for i, ch := range chans {
				got := drain(t, ch)
				if len(got) == 0 {
					t.Fatalf("subscriber %d got no update", i)
				}
				last := got[len(got)-1]
				if !last.Final || last.Err != nil || last.Process.Status != tt.wantStatus {
					t.Errorf("subscriber %d: last update %+v, want final %s", i, last, tt.wantStatus)
				}
				if tt.wantReason && (last.Process.FailReason == nil || *last.Process.FailReason == "") {
					t.Errorf("subscriber %d: no failReason", i)
				}
				for _, u := range got[:len(got)-1] {
					if u.Final {
						t.Errorf("subscriber %d: final update before the last", i)
					}
				}
			}
		})
	}
}

func TestWatcher_FanOutOnePollPerTick(t *testing.T) {
	checkLeaks(t)
	c := &stubClient{statuses: []platform.ProcessStatus{platform.ProcessRunning}}
	w := NewWatcher(c, fastWatcher())
	stop := serve(t, w)
	ctx, cancel := context.WithCancel(t.Context())
	const n = 50
	chans := make([]<-chan ProcessUpdate, n)
	for i := range chans {
		ch, err := w.Subscribe(ctx, "proc-1")
		if err != nil {
			t.Fatal(err)
		}
		chans[i] = ch
	}
	// Every subscriber sees at least five updates, then all leave.
	var wg sync.WaitGroup
	for _, ch := range chans {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				<-ch
			}
		}()
	}
	wg.Wait()
	st, _ := w.Status(t.Context())
	if fig(st, "processes") != "1" || fig(st, "subscribers") != "50" {
		t.Errorf("status %+v: want one watch with 50 subscribers", st.Figures)
	}
	cancel()
	for _, ch := range chans {
		drain(t, ch)
	}
	stop() // no poll in flight once Serve returned
	if calls, polls := c.calls.Load(), w.polls.Load(); calls != polls {
		t.Errorf("%d API calls for %d polls: want one call per poll whatever the subscribers", calls, polls)
	}
}

func TestWatcher_OneSubscriberLeavesOthersContinue(t *testing.T) {
	checkLeaks(t)
	c := &stubClient{statuses: []platform.ProcessStatus{platform.ProcessRunning}}
	w := NewWatcher(c, fastWatcher())
	serve(t, w)
	leaving, leave := context.WithCancel(t.Context())
	gone, err := w.Subscribe(leaving, "proc-1")
	if err != nil {
		t.Fatal(err)
	}
	staying, err := w.Subscribe(t.Context(), "proc-1")
	if err != nil {
		t.Fatal(err)
	}
	recv(t, gone)
	leave()
	for range drain(t, gone) {
	}
	before := c.calls.Load()
	for range 3 {
		if u := recv(t, staying); u.Final {
			t.Fatalf("staying subscriber got a final update %+v", u)
		}
	}
	if c.calls.Load() <= before {
		t.Error("polling stopped when one of two subscribers left")
	}
	c.mu.Lock()
	c.statuses = []platform.ProcessStatus{platform.ProcessFinished}
	c.mu.Unlock()
	got := drain(t, staying)
	if last := got[len(got)-1]; !last.Final || last.Process.Status != platform.ProcessFinished {
		t.Errorf("last update %+v, want FINISHED", last)
	}
}

func TestWatcher_LastLeavingStopsLoop(t *testing.T) {
	checkLeaks(t)
	c := &stubClient{statuses: []platform.ProcessStatus{platform.ProcessRunning}}
	w := NewWatcher(c, fastWatcher())
	serve(t, w)
	ctx, cancel := context.WithCancel(t.Context())
	a, _ := w.Subscribe(ctx, "proc-1")
	b, _ := w.Subscribe(ctx, "proc-1")
	recv(t, a)
	recv(t, b)
	cancel()
	drain(t, a)
	drain(t, b) // the last channel closes as its watch is dropped
	if st, _ := w.Status(t.Context()); fig(st, "processes") != "0" || fig(st, "subscribers") != "0" {
		t.Errorf("status %+v after the last subscriber left, want no watch", st.Figures)
	}
	// A new subscription to the same process starts a fresh loop.
	ch, err := w.Subscribe(t.Context(), "proc-1")
	if err != nil {
		t.Fatal(err)
	}
	if u := recv(t, ch); u.Process.ID != "proc-1" {
		t.Errorf("fresh watch sent %+v", u)
	}
}

func TestWatcher_Timeout(t *testing.T) {
	checkLeaks(t)
	c := &stubClient{statuses: []platform.ProcessStatus{platform.ProcessRunning}}
	cfg := fastWatcher()
	cfg.Limit = 30 * time.Millisecond
	w := NewWatcher(c, cfg)
	serve(t, w)
	ch, err := w.Subscribe(t.Context(), "proc-1")
	if err != nil {
		t.Fatal(err)
	}
	got := drain(t, ch)
	last := got[len(got)-1]
	if !last.Final || platform.ErrorCode(last.Err) != platform.ErrWaitTimeout {
		t.Fatalf("last update %+v, want final WAIT_TIMEOUT", last)
	}
	if last.Process.Status != platform.ProcessRunning {
		t.Errorf("timeout update carries status %q, want the last seen RUNNING", last.Process.Status)
	}
}

func TestWatcher_PollErrors(t *testing.T) {
	checkLeaks(t)
	netErr := &platform.PlatformError{Code: platform.ErrNetworkError, Message: "connection reset"}
	notFound := platform.NewError(platform.ErrProcessNotFound, "no such process", "")
	tests := []struct {
		name     string
		errs     []error
		wantCode string // "" = finishes normally
	}{
		{"transient errors retried", []error{netErr, netErr}, ""},
		{"too many failures end the watch", []error{netErr, netErr, netErr, netErr}, platform.ErrNetworkError},
		{"not found ends at once", []error{notFound}, platform.ErrProcessNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := &stubClient{errs: tt.errs, statuses: []platform.ProcessStatus{platform.ProcessFinished}}
			w := NewWatcher(c, fastWatcher()) // MaxFailures 3
			serve(t, w)
			ch, err := w.Subscribe(t.Context(), "proc-1")
			if err != nil {
				t.Fatal(err)
			}
			got := drain(t, ch)
			last := got[len(got)-1]
			if !last.Final {
				t.Fatalf("last update not final: %+v", last)
			}
			if code := platform.ErrorCode(last.Err); code != tt.wantCode {
				t.Errorf("final error code %q (%v), want %q", code, last.Err, tt.wantCode)
			}
		})
	}
}

func TestWatcher_SlowSubscriberDoesNotStall(t *testing.T) {
	checkLeaks(t)
	statuses := []platform.ProcessStatus{platform.ProcessPending}
	for range 20 {
		statuses = append(statuses, platform.ProcessRunning)
	}
	c := &stubClient{statuses: append(statuses, platform.ProcessFinished)}
	w := NewWatcher(c, fastWatcher())
	serve(t, w)
	slow, _ := w.Subscribe(t.Context(), "proc-1") // never read until the end
	fast, _ := w.Subscribe(t.Context(), "proc-1")
	got := drain(t, fast)
	if last := got[len(got)-1]; last.Process.Status != platform.ProcessFinished {
		t.Fatalf("fast subscriber ended on %+v", last)
	}
	// The slow one never held more than one update at a time (latest value
	// wins): at most one stale value read just now, then the final one.
	rest := drain(t, slow)
	if len(rest) == 0 || len(rest) > 2 {
		t.Fatalf("slow subscriber got %d updates, want 1 or 2 (the last seen and the final)", len(rest))
	}
	if last := rest[len(rest)-1]; !last.Final || last.Process.Status != platform.ProcessFinished {
		t.Errorf("slow subscriber ended on %+v, want the final update", last)
	}
}

func TestWatcher_ShutdownEndsSubscriptions(t *testing.T) {
	checkLeaks(t)
	c := &stubClient{block: make(chan struct{})}
	w := NewWatcher(c, fastWatcher())
	stop := serve(t, w)
	var chans []<-chan ProcessUpdate
	for i := range 20 {
		ch, err := w.Subscribe(t.Context(), "proc-"+string(rune('a'+i)))
		if err != nil {
			t.Fatal(err)
		}
		chans = append(chans, ch)
	}
	stop() // 20 polls blocked in the API: Serve must still return
	for _, ch := range chans {
		got := drain(t, ch)
		if len(got) != 1 || platform.ErrorCode(got[0].Err) != platform.ErrServiceUnavailable {
			t.Errorf("after shutdown got %+v, want one final SERVICE_UNAVAILABLE", got)
		}
	}
	if _, err := w.Subscribe(t.Context(), "proc-x"); platform.ErrorCode(err) != platform.ErrServiceUnavailable {
		t.Errorf("subscribe after stop: %v", err)
	}
}

func TestWatcher_InvalidInput(t *testing.T) {
	checkLeaks(t)
	w := NewWatcher(&stubClient{}, fastWatcher())
	if _, err := w.Subscribe(t.Context(), ""); platform.ErrorCode(err) != platform.ErrInvalidParameter {
		t.Errorf("empty process id: %v", err)
	}
	if _, err := w.SubscribeBuild(t.Context(), "", time.Now(), ""); platform.ErrorCode(err) != platform.ErrInvalidParameter {
		t.Errorf("empty service id: %v", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := w.Subscribe(ctx, "p"); err == nil {
		t.Error("subscribe with an ended ctx succeeded")
	}
}

// fig returns an ActorStatus figure's value.
func fig(st ActorStatus, key string) string {
	for _, f := range st.Figures {
		if f.Key == key {
			return f.Value
		}
	}
	return ""
}
