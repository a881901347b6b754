package actors

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// newFake starts the fake API and a real ZeropsClient against it whose idle
// connections are closed when the test ends (for the goroutine check).
func newFake(t testing.TB, opts fakeapi.Options) (*fakeapi.Server, platform.Client) {
	return newFakeWith(t, opts, false)
}

// newFakeWith can disable keep-alives: net/http silently resends a GET whose
// reused connection the server had just closed, which would count twice.
func newFakeWith(t testing.TB, opts fakeapi.Options, noKeepAlive bool) (*fakeapi.Server, platform.Client) {
	t.Helper()
	srv := fakeapi.StartTB(t, opts)
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DisableKeepAlives = noKeepAlive
	t.Cleanup(tr.CloseIdleConnections)
	c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: srv.URL(), Token: srv.Token(), HTTPClient: &http.Client{Transport: tr, Timeout: 30 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	return srv, c
}

// endAfterPolls passes every call through to the platform and cancels a
// process there right after its n-th GetProcess, so the poll after that one
// sees CANCELED: one poll loop makes exactly n+1 polls however long each
// takes, and a second loop for the same process would add polls. Polls wait
// for gate, so that every subscriber joins before the first poll ends.
type endAfterPolls struct {
	platform.Client
	n    int
	gate chan struct{}

	mu    sync.Mutex
	polls map[string]int
}

func newEndAfterPolls(c platform.Client, n int) *endAfterPolls {
	return &endAfterPolls{Client: c, n: n, gate: make(chan struct{}), polls: map[string]int{}}
}

func (e *endAfterPolls) GetProcess(ctx context.Context, id string) (*platform.Process, error) {
	select {
	case <-e.gate:
	case <-ctx.Done():
		return nil, ctxError(ctx, "poll")
	}
	p, err := e.Client.GetProcess(ctx, id)
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	e.polls[id]++
	n := e.polls[id]
	e.mu.Unlock()
	if n == e.n {
		if _, err := e.CancelProcess(ctx, id); err != nil {
			return nil, fmt.Errorf("cancel %s after %d polls: %w", id, n, err)
		}
		// Like the platform, the fake is CANCELING for a moment: wait it
		// out here (these reads are not the watcher's polls).
		for {
			cur, err := e.Client.GetProcess(ctx, id)
			if err != nil {
				return nil, fmt.Errorf("wait for %s to end after cancel: %w", id, err)
			}
			if cur.IsTerminal() {
				break
			}
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(10 * time.Millisecond):
			}
		}
	}
	return p, nil
}

// watchToEnd subscribes n times to process id, opens the gate once all have
// joined, and returns the last update each subscriber got.
func watchToEnd(tb testing.TB, w *Watcher, gate chan struct{}, id string, n int) []ProcessUpdate {
	tb.Helper()
	chans := make([]<-chan ProcessUpdate, n)
	for i := range chans {
		ch, err := w.Subscribe(context.Background(), id)
		if err != nil {
			tb.Fatal(err)
		}
		chans[i] = ch
	}
	close(gate)
	last := make([]ProcessUpdate, n)
	for i, ch := range chans {
		for u := range ch {
			last[i] = u
		}
	}
	return last
}

func TestWatcher_FanOutAgainstFakeAPI(t *testing.T) {
	checkLeaks(t)
	tests := []struct {
		name        string
		subscribers int
	}{{"one subscriber", 1}, {"fifty subscribers", 50}}
	const polls = 4 // the process is cancelled after the 4th poll and seen CANCELED by the 5th
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, c := newFake(t, fakeapi.Options{ProcessDuration: time.Hour})
			g := NewGateway(c, GatewayConfig{Rate: 1000, Burst: 100})
			e := newEndAfterPolls(g, polls)
			w := NewWatcher(e, WatcherConfig{Interval: 2 * time.Millisecond, Limit: time.Minute})
			serve(t, g)
			serve(t, w)
			proc, err := g.RestartService(t.Context(), srv.ServiceID("appdev"))
			if err != nil {
				t.Fatal(err)
			}
			for i, last := range watchToEnd(t, w, e.gate, proc.ID, tt.subscribers) {
				if !last.Final || last.Err != nil || last.Process.Status != platform.ProcessCanceled {
					t.Errorf("subscriber %d ended on %+v, want final CANCELED", i, last)
				}
			}
			e.mu.Lock()
			got := e.polls[proc.ID]
			e.mu.Unlock()
			if got != polls+1 {
				t.Errorf("%d GET /process/%s for %d subscribers, want %d: one poll loop whatever the subscribers",
					got, proc.ID, tt.subscribers, polls+1)
			}
		})
	}
}

func TestGateway_RateLimitedByFakeAPI(t *testing.T) {
	checkLeaks(t)
	srv, c := newFake(t, fakeapi.Options{})
	g := serveGateway(t, NewGateway(c, GatewayConfig{}))
	id := srv.ServiceID("appdev")
	srv.InjectFault(fakeapi.Fault{Method: http.MethodGet, PathPrefix: "/service-stack/", Status: 429, RetryAfter: time.Second, Times: 1})
	_, err := g.GetService(t.Context(), id)
	if platform.ErrorCode(err) != platform.ErrAPIRateLimited {
		t.Fatalf("first call: %v, want API_RATE_LIMITED", err)
	}
	if left := g.cooldownLeft(); left <= 0 || left > time.Second {
		t.Errorf("cooldown %s, want (0, 1s]", left)
	}
	// The next caller waits out the shared cooldown, then succeeds.
	if _, err := g.GetService(t.Context(), id); err != nil {
		t.Fatalf("call after cooldown: %v", err)
	}
	if n := srv.CountRequests(http.MethodGet, "/service-stack/"); n != 2 {
		t.Errorf("%d requests, want 2", n)
	}
}

func TestGateway_RetryAgainstFakeAPI(t *testing.T) {
	checkLeaks(t)
	tests := []struct {
		name      string
		method    string
		path      string
		call      func(g *Gateway, id string) error
		wantCalls int
		wantErr   bool
	}{
		{"read retried after one 503", http.MethodGet, "/service-stack/", func(g *Gateway, id string) error {
			_, err := g.GetService(context.Background(), id)
			return err
		}, 2, false},
		{"mutation not retried after one 503", http.MethodPut, "/service-stack/", func(g *Gateway, id string) error {
			_, err := g.RestartService(context.Background(), id)
			return err
		}, 1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, c := newFake(t, fakeapi.Options{})
			g := serveGateway(t, NewGateway(c, GatewayConfig{RetryBase: time.Millisecond}))
			srv.InjectFault(fakeapi.Fault{Method: tt.method, PathPrefix: tt.path, Status: 503, Times: 1})
			err := tt.call(g, srv.ServiceID("appdev"))
			if (err != nil) != tt.wantErr {
				t.Errorf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if n := srv.CountRequests(tt.method, tt.path); n != tt.wantCalls {
				t.Errorf("%d requests, want %d", n, tt.wantCalls)
			}
		})
	}
}

func TestGateway_BudgetHeldUnder50Callers(t *testing.T) {
	checkLeaks(t)
	srv, c := newFakeWith(t, fakeapi.Options{}, true)
	const rps, burst = 100.0, 10
	g := serveGateway(t, NewGateway(c, GatewayConfig{Rate: rps, Burst: burst}))
	start := time.Now()
	end := start.Add(300 * time.Millisecond)
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Distinct reads, so that none shares another's request: one
			// real service, the others unknown (404, never retried).
			id := srv.ServiceID("appdev")
			if i > 0 {
				id = "missing" + strconv.Itoa(i)
			}
			for time.Now().Before(end) {
				_, _ = g.GetService(t.Context(), id)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	n := srv.CountRequests(http.MethodGet, "/service-stack/")
	limit := burst + int(rps*elapsed.Seconds())
	if n > limit {
		t.Errorf("%d requests in %s, budget allows at most %d", n, elapsed, limit)
	}
	if admitted := g.callsAdmitted(t); admitted > limit {
		t.Errorf("gateway admitted %d calls in %s, budget allows at most %d", admitted, elapsed, limit)
	}
	if n == 0 {
		t.Error("no request went through")
	}
}

// TestGateway_HungAPIIsBounded: against an API that never answers, a read
// ends after its attempts (each bounded by ReadTimeout) or at its call limit,
// whichever comes first; the limits are the test's, not the wall clock's.
func TestGateway_HungAPIIsBounded(t *testing.T) {
	checkLeaks(t)
	tests := []struct {
		name     string
		cfg      GatewayConfig
		requests int
	}{
		{"every attempt times out", GatewayConfig{ReadTimeout: 20 * time.Millisecond, RetryBase: time.Millisecond}, 1 + DefaultRetries},
		{"the call limit ends the first attempt", GatewayConfig{ReadTimeout: time.Hour, CallLimit: 50 * time.Millisecond}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, c := newFake(t, fakeapi.Options{})
			srv.InjectFault(fakeapi.Fault{Method: http.MethodGet, PathPrefix: "/service-stack/", Latency: time.Hour})
			g := serveGateway(t, NewGateway(c, tt.cfg))
			_, err := g.GetService(t.Context(), srv.ServiceID("appdev"))
			if platform.ErrorCode(err) != platform.ErrAPITimeout {
				t.Errorf("read of a hung API: %v, want API_TIMEOUT", err)
			}
			if n := srv.CountRequests(http.MethodGet, "/service-stack/"); n != tt.requests {
				t.Errorf("%d requests, want %d", n, tt.requests)
			}
		})
	}
}
