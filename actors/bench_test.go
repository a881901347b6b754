package actors

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// BenchmarkWatcher_FanOut reports the API calls (GET /process/{id} in the
// fake API's request log) that watching one process to its end costs with 1
// and with 50 subscribers; they must be equal. Each watch ends after a fixed
// number of polls (the process is cancelled on the platform after the
// fourth), so the figure does not depend on timing; a second poll loop for
// the process would add polls and fail the benchmark.
func BenchmarkWatcher_FanOut(b *testing.B) {
	const polls = 4
	for _, n := range []int{1, 50} {
		b.Run(fmt.Sprintf("subscribers=%d", n), func(b *testing.B) {
			srv, c := newFake(b, fakeapi.Options{ProcessDuration: time.Hour})
			g := serveGateway(b, NewGateway(c, GatewayConfig{Rate: 10000, Burst: 1000}))
			calls := 0
			for range b.N {
				b.StopTimer()
				p, err := g.RestartService(context.Background(), srv.ServiceID("appdev"))
				if err != nil {
					b.Fatal(err)
				}
				e := newEndAfterPolls(g, polls)
				w := NewWatcher(e, WatcherConfig{Interval: 2 * time.Millisecond, Limit: time.Minute})
				stop := serve(b, w)
				b.StartTimer()
				for i, last := range watchToEnd(b, w, e.gate, p.ID, n) {
					if !last.Final || last.Err != nil {
						b.Fatalf("subscriber %d ended on %+v", i, last)
					}
				}
				b.StopTimer()
				// The watcher's own polls: the fake's request log also holds the
				// reads endAfterPolls makes while the process is CANCELING.
				e.mu.Lock()
				got := e.polls[p.ID]
				e.mu.Unlock()
				if got != polls+1 {
					b.Fatalf("%d API calls for one process watched by %d subscribers, want %d", got, n, polls+1)
				}
				calls += got
				stop()
				b.StartTimer()
			}
			b.ReportMetric(float64(calls)/float64(b.N), "api-calls")
		})
	}
}

// BenchmarkGateway_Budget reports the request rate 50 concurrent callers
// reach against the configured budget. Their reads are distinct (one real
// service, the others unknown: 404, never retried), so that none shares
// another's request.
func BenchmarkGateway_Budget(b *testing.B) {
	srv, c := newFakeWith(b, fakeapi.Options{}, true) // no keep-alive: net/http may resend a GET on a reused connection, counting it twice
	const rps, burst = 200.0, 20
	g := serveGateway(b, NewGateway(c, GatewayConfig{Rate: rps, Burst: burst}))
	srv.ResetRequests()
	b.ResetTimer()
	start := time.Now()
	for range b.N {
		// Callers stop starting calls at the end of the window rather than
		// cancelling calls in flight (the SDK prints cancelled requests).
		end := time.Now().Add(250 * time.Millisecond)
		var wg sync.WaitGroup
		for i := range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				id := srv.ServiceID("appdev")
				if i > 0 {
					id = "missing" + strconv.Itoa(i)
				}
				for time.Now().Before(end) {
					_, _ = g.GetService(context.Background(), id)
				}
			}()
		}
		wg.Wait()
	}
	elapsed := time.Since(start)
	b.StopTimer()
	// The bucket starts full, so the first burst calls are free: the rate the
	// budget governs is what comes after them.
	// No tolerance: a token bucket admits at most burst + rps·t calls in t.
	calls := srv.CountRequests(http.MethodGet, "/service-stack/")
	sustained := float64(calls-burst) / elapsed.Seconds()
	if sustained > rps {
		b.Fatalf("%d requests in %s: sustained rate %.1f req/s is above the %.0f req/s budget", calls, elapsed, sustained, rps)
	}
	b.ReportMetric(sustained, "req/s")
	b.ReportMetric(rps, "budget-req/s")
	b.ReportMetric(burst, "burst")
}
