package supervisor

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// flappy is a test-only actor that panics on its first run.
type flappy struct {
	runs    atomic.Int32
	running chan struct{} // receives once per run that stays up
}

func (f *flappy) String() string { return "flappy" }
func (f *flappy) Serve(ctx context.Context) error {
	if f.runs.Add(1) == 1 {
		panic("flappy: first run")
	}
	f.running <- struct{}{}
	<-ctx.Done()
	return ctx.Err()
}
func (f *flappy) Status(context.Context) (actors.ActorStatus, error) {
	return actors.ActorStatus{Name: f.String(), State: actors.StateRunning}, nil
}

// syncBuffer is a log sink safe for concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newFakeClient(t testing.TB, opts fakeapi.Options) (*fakeapi.Server, platform.Client) {
	t.Helper()
	srv := fakeapi.StartTB(t, opts)
	tr := http.DefaultTransport.(*http.Transport).Clone()
	t.Cleanup(tr.CloseIdleConnections)
	c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: srv.URL(), Token: srv.Token(), HTTPClient: &http.Client{Transport: tr}})
	if err != nil {
		t.Fatal(err)
	}
	return srv, c
}

// signalHandler passes records on to Handler and signals seen (without
// blocking) when one carries the message msg.
type signalHandler struct {
	slog.Handler
	msg  string
	seen chan struct{}
}

func (h signalHandler) Handle(ctx context.Context, r slog.Record) error {
	if r.Message == h.msg {
		select {
		case h.seen <- struct{}{}:
		default:
		}
	}
	return h.Handler.Handle(ctx, r) //nolint:wrapcheck // a test's pass-through
}

func (h signalHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return signalHandler{Handler: h.Handler.WithAttrs(as), msg: h.msg, seen: h.seen}
}

func (h signalHandler) WithGroup(name string) slog.Handler {
	return signalHandler{Handler: h.Handler.WithGroup(name), msg: h.msg, seen: h.seen}
}

func TestTree_PanickingActorRestartedOthersServe(t *testing.T) {
	checkLeaks(t)
	var logs syncBuffer
	log, _ := NewLogger("info", &logs)
	// The hook counts the restart before it logs the panic, and suture calls
	// it only after the restart: the log entry is the signal to await.
	panicLogged := make(chan struct{}, 1)
	log = slog.New(signalHandler{Handler: log.Handler(), msg: "actor panicked", seen: panicLogged})
	tree := NewTree(log, TreeConfig{StopTimeout: time.Second})
	srv, c := newFakeClient(t, fakeapi.Options{ProcessDuration: 30 * time.Millisecond})
	gw := actors.NewGateway(c, actors.GatewayConfig{Rate: 1000, Burst: 100})
	w := actors.NewWatcher(gw, actors.WatcherConfig{Interval: 5 * time.Millisecond})
	f := &flappy{running: make(chan struct{}, 1)}
	for _, add := range []struct {
		g string
		a actors.Actor
	}{{GroupAPI, gw}, {GroupWatch, w}, {GroupKnowledge, f}} {
		if err := tree.Add(add.g, add.a); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := tree.Start(ctx)
	recv(t, f.running) // restarted after its panic
	recv(t, panicLogged)
	if got := tree.Restarts("flappy"); got != 1 {
		t.Errorf("restarts %d, want 1", got)
	}
	// The siblings kept serving: a process is watched to its end.
	p, err := gw.RestartService(ctx, srv.ServiceID("appdev"))
	if err != nil {
		t.Fatal(err)
	}
	ch, err := w.Subscribe(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	var last actors.ProcessUpdate
	for u := range ch {
		last = u
	}
	if last.Process.Status != platform.ProcessFinished {
		t.Errorf("watch ended on %+v", last)
	}
	cancel()
	_ = recv(t, done)
	if out := logs.String(); !strings.Contains(out, "actor panicked") || !strings.Contains(out, "flappy") {
		t.Errorf("panic not logged: %s", out)
	}
}

func TestTree_ShutdownUnderLoad(t *testing.T) {
	checkLeaks(t)
	srv, c := newFakeClient(t, fakeapi.Options{ProcessDuration: time.Hour})
	// Every poll hangs in the API until shutdown cancels it.
	srv.InjectFault(fakeapi.Fault{Method: http.MethodGet, PathPrefix: "/process/", Latency: time.Hour})
	tree := NewTree(slog.New(slog.DiscardHandler), TreeConfig{StopTimeout: 2 * time.Second})
	gw := actors.NewGateway(c, actors.GatewayConfig{Rate: 1000, Burst: 100, MaxInFlight: 32})
	w := actors.NewWatcher(gw, actors.WatcherConfig{Interval: 5 * time.Millisecond})
	pool := actors.NewDeployPool(2)
	for g, a := range map[string]actors.Actor{GroupAPI: gw, GroupWatch: w, GroupDeploy: pool} {
		if err := tree.Add(g, a); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := tree.Start(ctx)
	var chans []<-chan actors.ProcessUpdate
	for i := range 20 {
		// Subscribed outside the root context, the way a caller that
		// outlives the tree would: the watcher itself must end each watch.
		ch, err := w.Subscribe(t.Context(), fmt.Sprintf("proc-%02d", i))
		if err != nil {
			t.Fatal(err)
		}
		chans = append(chans, ch)
	}
	jobRunning := make(chan struct{})
	jobErr := make(chan error, 1)
	go func() {
		jobErr <- pool.Run(context.Background(), "appdev", func(ctx context.Context) error {
			close(jobRunning)
			<-ctx.Done()
			return ctx.Err()
		})
	}()
	recv(t, jobRunning)
	// Until the tick's polls hang in the API (the first, a read by id, tells
	// the project the others are searched in).
	recv(t, srv.WaitRequest(http.MethodGet, "/process/proc-"))
	cancel()
	_ = recv(t, done)
	for i, ch := range chans {
		var last actors.ProcessUpdate
		for u := range ch {
			last = u
		}
		if !last.Final || platform.ErrorCode(last.Err) != platform.ErrServiceUnavailable {
			t.Errorf("watch %d ended on %+v, want a final SERVICE_UNAVAILABLE", i, last)
		}
	}
	if err := recv(t, jobErr); err == nil {
		t.Error("running deploy not cancelled")
	}
}

// stoppable records the Shutdown the tree owes it once the tree has stopped.
type stoppable struct{ shutdowns chan struct{} }

func (s stoppable) Serve(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }
func (s stoppable) String() string                  { return "stoppable" }
func (s stoppable) Status(context.Context) (actors.ActorStatus, error) {
	return actors.ActorStatus{Name: "stoppable"}, nil
}
func (s stoppable) Shutdown() { s.shutdowns <- struct{}{} }

// TestTree_ShutsDownStoppersOnceStopped: once the root has stopped, every
// actor that is an actors.Stopper is shut down (an actor left crashed and not
// restarted stops for good instead of keeping callers waiting), before the
// tree reports that it stopped.
func TestTree_ShutsDownStoppersOnceStopped(t *testing.T) {
	checkLeaks(t)
	tree := NewTree(slog.New(slog.DiscardHandler), TreeConfig{})
	s := stoppable{shutdowns: make(chan struct{}, 2)}
	if err := tree.Add(GroupAPI, s); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := tree.Start(ctx)
	select {
	case <-s.shutdowns:
		t.Fatal("Shutdown called while the tree runs")
	default:
	}
	cancel()
	_ = recv(t, done)
	if n := len(s.shutdowns); n != 1 {
		t.Errorf("Shutdown called %d times once the tree stopped, want 1", n)
	}
}
