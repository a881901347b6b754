package actors

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
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
			// The search never shows the process (its lag outlasts the test), so
			// every tick reads it by id however slowly a loaded machine runs.
			srv, c := newFake(t, fakeapi.Options{ProcessDuration: time.Hour, SearchLag: time.Hour})
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

// TestGateway_ShortRetryAfterIsWaitedOut: a read answered 429 with a
// Retry-After shorter than its bound waits the cooldown out and succeeds, and
// so does a caller arriving during the cooldown with a deadline that
// outlasts it; neither request reaches the API before the cooldown ends.
func TestGateway_ShortRetryAfterIsWaitedOut(t *testing.T) {
	checkLeaks(t)
	srv, c := newFake(t, fakeapi.Options{})
	g := serveGateway(t, NewGateway(c, GatewayConfig{}))
	admits := make(chan struct{}, 4)
	g.testHookQueued = func() { admits <- struct{}{} }
	srv.InjectFault(fakeapi.Fault{Method: http.MethodGet, PathPrefix: "/service-stack/", Status: 429, RetryAfter: time.Second, Times: 1})
	first := make(chan error, 1)
	go func() { _, err := g.GetService(t.Context(), srv.ServiceID("appdev")); first <- err }()
	recv(t, admits)
	recv(t, admits) // the retry after the 429: the cooldown is set
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	if _, err := g.GetService(ctx, srv.ServiceID("db")); err != nil {
		t.Errorf("call during the cooldown: %v", err)
	}
	if err := recv(t, first); err != nil {
		t.Errorf("call answered 429: %v, want it to wait the cooldown out", err)
	}
	var at []time.Time
	for _, r := range srv.Requests() {
		if r.Method == http.MethodGet && strings.HasPrefix(r.Path, "/api/rest/public/service-stack/") {
			at = append(at, r.Time)
		}
	}
	if len(at) != 3 {
		t.Fatalf("%d requests, want 3 (the 429, the retry, the call made during the cooldown)", len(at))
	}
	for i, when := range at[1:] {
		if d := when.Sub(at[0]); d < time.Second {
			t.Errorf("request %d reached the API %s after the 429'd one, within its 1 s Retry-After", i+2, d)
		}
	}
}

// TestGateway_LongRetryAfterFailsAtOnce: a cooldown longer than a call's
// 30 s bound fails every call at once, saying when to retry, whatever the
// caller's own deadline; no request reaches the API during it.
func TestGateway_LongRetryAfterFailsAtOnce(t *testing.T) {
	checkLeaks(t)
	srv, c := newFake(t, fakeapi.Options{})
	g := serveGateway(t, NewGateway(c, GatewayConfig{}))
	id := srv.ServiceID("appdev")
	srv.InjectFault(fakeapi.Fault{Method: http.MethodGet, PathPrefix: "/service-stack/", Status: 429, RetryAfter: 40 * time.Second, Times: 1})
	long, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	calls := []struct {
		name string
		call func() error
	}{
		{"the read answered 429", func() error { _, err := g.GetService(t.Context(), id); return err }},
		{"a read with no deadline", func() error { _, err := g.GetService(t.Context(), id); return err }},
		{"a read whose deadline outlasts the cooldown", func() error { _, err := g.GetService(long, id); return err }},
		{"a mutation", func() error { _, err := g.RestartService(t.Context(), id); return err }},
	}
	for _, tc := range calls {
		start := time.Now()
		err := tc.call()
		if platform.ErrorCode(err) != platform.ErrAPIRateLimited || !strings.Contains(err.Error(), "retry after 40 s") {
			t.Errorf("%s: %v, want API_RATE_LIMITED saying retry after 40 s", tc.name, err)
		}
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("%s: failed after %s, want at once", tc.name, took)
		}
	}
	if n := srv.CountRequests("", ""); n != 1 {
		t.Errorf("%d requests, want 1 (none during the cooldown)", n)
	}
}

// TestGateway_MutationWithLostAnswer: a mutation whose connection drops after
// the API took it says its outcome is unknown and names the reads that tell,
// never "retry"; it is not retried.
func TestGateway_MutationWithLostAnswer(t *testing.T) {
	checkLeaks(t)
	srv, c := newFakeWith(t, fakeapi.Options{}, true)
	g := serveGateway(t, NewGateway(c, GatewayConfig{}))
	id := srv.ServiceID("appdev")
	srv.InjectFault(fakeapi.Fault{Method: http.MethodDelete, PathPrefix: "/service-stack/", DropAnswer: true, Times: 1})
	_, err := g.DeleteService(t.Context(), id)
	var pe *platform.PlatformError
	if !errors.As(err, &pe) || !strings.Contains(pe.Message, "unknown") ||
		!strings.Contains(pe.Suggestion, "zerops_discover") || !strings.Contains(pe.Suggestion, "zerops_events") ||
		strings.Contains(strings.ToLower(pe.Message+pe.Suggestion), "retry") {
		t.Errorf("lost answer: %#v, want the outcome unknown and the reads that tell, no retry", err)
	}
	if n := srv.CountRequests(http.MethodDelete, "/service-stack/"); n != 1 {
		t.Errorf("%d delete requests, want 1", n)
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
			srv := fakeapi.StartTB(t, fakeapi.Options{})
			srv.InjectFault(fakeapi.Fault{Method: http.MethodGet, PathPrefix: "/service-stack/", Latency: time.Hour})
			// Attempts are counted as the client sends them: on a loaded machine
			// a 20 ms attempt can end before the server has read its request.
			sent := &countingTransport{next: http.DefaultTransport.(*http.Transport).Clone()}
			t.Cleanup(sent.next.CloseIdleConnections)
			c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: srv.URL(), Token: srv.Token(), HTTPClient: &http.Client{Transport: sent}})
			if err != nil {
				t.Fatal(err)
			}
			g := serveGateway(t, NewGateway(c, tt.cfg))
			_, err = g.GetService(t.Context(), srv.ServiceID("appdev"))
			if platform.ErrorCode(err) != platform.ErrAPITimeout {
				t.Errorf("read of a hung API: %v, want API_TIMEOUT", err)
			}
			if n := sent.count(); n != tt.requests {
				t.Errorf("%d requests, want %d", n, tt.requests)
			}
		})
	}
}

// countingTransport counts the requests a client sends; safe for concurrent use.
type countingTransport struct {
	next *http.Transport
	mu   sync.Mutex
	n    int
}

func (c *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
	return c.next.RoundTrip(r)
}

func (c *countingTransport) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}
