package supervisor

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"syscall"
	"testing"
	"time"

	"log/slog"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// BenchmarkShutdown_SIGTERM reports the time from SIGTERM (sent to the
// benchmark process, with the signal handler installed) to the tree's exit
// while 20 polls hang in the API.
func BenchmarkShutdown_SIGTERM(b *testing.B) {
	srv, c := newFakeClient(b, fakeapi.Options{ProcessDuration: time.Hour})
	srv.InjectFault(fakeapi.Fault{Method: http.MethodGet, PathPrefix: "/process/", Latency: time.Hour})
	// The SDK prints each cancelled request to stdout, where go test also
	// puts the benchmark results (and stderr): discard them meanwhile.
	devnull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = devnull
	defer func() { os.Stdout = stdout; _ = devnull.Close() }()
	var total time.Duration
	for i := range b.N {
		srv.ResetRequests()
		tree := NewTree(slog.New(slog.DiscardHandler), TreeConfig{})
		gw := actors.NewGateway(c, actors.GatewayConfig{Rate: 10000, Burst: 1000, MaxInFlight: 32})
		w := actors.NewWatcher(gw, actors.WatcherConfig{Interval: 5 * time.Millisecond})
		_ = tree.Add(GroupAPI, gw)
		_ = tree.Add(GroupWatch, w)
		_ = tree.Add(GroupDeploy, actors.NewDeployPool(0))
		ctx, cancel := context.WithCancel(context.Background())
		done := tree.Start(ctx)
		stop := HandleSignalsWith(ctx, SignalOptions{Cancel: cancel, Exit: func(int) {}, HardDeadline: time.Minute})
		for p := range 20 {
			if _, err := w.Subscribe(ctx, fmt.Sprintf("proc-%d-%02d", i, p)); err != nil {
				b.Fatal(err)
			}
		}
		for p := range 20 { // until the 20 polls hang in the API
			<-srv.WaitRequest(http.MethodGet, fmt.Sprintf("/process/proc-%d-%02d", i, p))
		}
		start := time.Now()
		if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
			b.Fatal(err)
		}
		<-done
		total += time.Since(start)
		stop()
		cancel()
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms-to-exit")
}
