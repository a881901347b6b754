package actors

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// BenchmarkWatcher_FanOut reports the API calls one watched process costs
// with 1 and with 50 subscribers; they must be equal. Each watch ends at a
// fixed limit (the process keeps running) so that the poll count does not
// depend on when the process happens to finish.
func BenchmarkWatcher_FanOut(b *testing.B) {
	for _, n := range []int{1, 50} {
		b.Run(fmt.Sprintf("subscribers=%d", n), func(b *testing.B) {
			srv, c := newFake(b, fakeapi.Options{ProcessDuration: time.Hour})
			g := NewGateway(c, GatewayConfig{Rate: 10000, Burst: 1000})
			w := NewWatcher(g, WatcherConfig{Interval: 10 * time.Millisecond, Limit: 55 * time.Millisecond})
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go func() { _ = w.Serve(ctx) }()
			p, err := g.RestartService(ctx, srv.ServiceID("appdev"))
			if err != nil {
				b.Fatal(err)
			}
			srv.ResetRequests()
			b.ResetTimer()
			for range b.N {
				var wg sync.WaitGroup
				for range n {
					ch, err := w.Subscribe(ctx, p.ID)
					if err != nil {
						b.Fatal(err)
					}
					wg.Add(1)
					go func() {
						defer wg.Done()
						for range ch {
						}
					}()
				}
				wg.Wait()
				waitIdle(b, w)
			}
			b.StopTimer()
			b.ReportMetric(float64(srv.CountRequests(http.MethodGet, "/process/"))/float64(b.N), "api-calls")
		})
	}
}

// BenchmarkGateway_Budget reports the request rate 50 concurrent callers
// reach against the configured budget.
func BenchmarkGateway_Budget(b *testing.B) {
	srv, c := newFake(b, fakeapi.Options{})
	const rps, burst = 200.0, 20
	g := NewGateway(c, GatewayConfig{Rate: rps, Burst: burst})
	id := srv.ServiceID("appdev")
	srv.ResetRequests()
	b.ResetTimer()
	start := time.Now()
	for range b.N {
		// Callers stop starting calls at the end of the window rather than
		// cancelling calls in flight (the SDK prints cancelled requests).
		end := time.Now().Add(250 * time.Millisecond)
		var wg sync.WaitGroup
		for range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
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
	calls := srv.CountRequests(http.MethodGet, "/service-stack/")
	sustained := float64(calls-burst) / elapsed.Seconds()
	if sustained > rps*1.02 {
		b.Fatalf("sustained rate %.1f req/s is above the %.0f req/s budget", sustained, rps)
	}
	b.ReportMetric(sustained, "req/s")
	b.ReportMetric(rps, "budget-req/s")
	b.ReportMetric(burst, "burst")
}
