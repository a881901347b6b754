package actors

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/platform"
)

// testCrash is the panic a crashSwitch makes.
const testCrash = "test: the loop crashed on purpose"

// crashSwitch makes an actor's loop panic once, at the top of its first
// iteration after arm; its hook goes into the actor's testHookPanic.
type crashSwitch struct{ armed atomic.Bool }

func (c *crashSwitch) hook() {
	if c.armed.CompareAndSwap(true, false) {
		panic(testCrash)
	}
}

// serveOnce runs one Serve and returns its panic, if it panicked.
func serveOnce(ctx context.Context, a Actor) (recovered any, err error) {
	defer func() { recovered = recover() }()
	return nil, a.Serve(ctx)
}

// serveRestarting runs a as suture does: a Serve that panics is called again
// at once, and each panic is handed to the test on the returned channel.
// stop ends the context and waits for the last Serve to return; the test's
// cleanup calls it too.
func serveRestarting(t *testing.T, a Actor) (panics <-chan any, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan any, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			p, _ := serveOnce(ctx, a)
			if p == nil {
				return
			}
			select {
			case ch <- p:
			case <-ctx.Done():
			}
		}
	}()
	stopped := false
	stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Errorf("%s did not stop", a)
		}
	}
	t.Cleanup(stop)
	return ch, stop
}

// crash makes a's loop panic: it arms sw, makes the loop turn once more with
// a Status request and waits for the panic to come out of Serve.
func crash(t *testing.T, a Actor, sw *crashSwitch, panics <-chan any) {
	t.Helper()
	sw.armed.Store(true)
	if _, err := a.Status(t.Context()); err != nil {
		t.Fatalf("status before the crash: %v", err)
	}
	select {
	case p := <-panics:
		if p != testCrash {
			t.Fatalf("Serve panicked with %v, want the test's crash", p)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("%s: Serve did not panic", a)
	}
}

func wantUnavailable(t *testing.T, who string, err error) {
	t.Helper()
	if platform.ErrorCode(err) != platform.ErrServiceUnavailable {
		t.Errorf("%s: %v, want SERVICE_UNAVAILABLE", who, err)
	}
}

func receive[T any](t *testing.T, who string, ch <-chan T) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(10 * time.Second):
		t.Fatalf("%s: no answer", who)
		panic("unreachable")
	}
}

func TestGateway_RestartAfterLoopPanic(t *testing.T) {
	checkLeaks(t)
	c := &scriptClient{hold: make(chan struct{}), enter: make(chan struct{}, 1)}
	g := NewGateway(c, GatewayConfig{MaxInFlight: 1})
	sw := &crashSwitch{}
	g.testHookPanic = sw.hook
	admitted := make(chan struct{}, 2)
	g.testHookQueued = func() { admitted <- struct{}{} }
	panics, _ := serveRestarting(t, g)

	inFlight := make(chan error, 1)
	go func() { _, err := g.GetService(t.Context(), "a"); inFlight <- err }()
	recv(t, c.enter) // holds the only slot
	recv(t, admitted)
	queued := make(chan error, 1)
	go func() { _, err := g.GetService(t.Context(), "b"); queued <- err }()
	recv(t, admitted) // queued in the loop behind "a"

	crash(t, g, sw, panics)
	wantUnavailable(t, "queued caller", receive(t, "queued caller", queued))
	if g.stopCtx.Err() != nil {
		t.Error("a crash cancelled the calls in flight; only a shutdown may")
	}
	close(c.hold) // the call in flight runs to completion; its report goes nowhere
	if err := receive(t, "call in flight", inFlight); err != nil {
		t.Errorf("call in flight at the crash: %v", err)
	}

	if _, err := g.GetService(t.Context(), "c"); err != nil {
		t.Fatalf("call after the restart: %v", err)
	}
	st, err := g.Status(t.Context())
	if err != nil || st.State != StateRunning || fig(st, "in-flight") != "0/1" || fig(st, "calls") != "1" {
		t.Errorf("status of the new run %+v, %v: want running, 0/1 in flight, 1 call", st, err)
	}
	if got := c.calls.Load(); got != 2 {
		t.Errorf("%d API calls, want 2 (the queued caller never reached the API)", got)
	}
}

func TestDeployPool_RestartAfterLoopPanic(t *testing.T) {
	checkLeaks(t)
	p := NewDeployPool(1)
	sw := &crashSwitch{}
	p.testHookPanic = sw.hook
	panics, _ := serveRestarting(t, p)

	started := make(chan struct{})
	running := make(chan error, 1)
	go func() {
		running <- p.Run(t.Context(), "a", func(ctx context.Context) error {
			close(started)
			<-ctx.Done() // a job that only ends when told to
			return ctx.Err()
		})
	}()
	recv(t, started)
	var queuedRan atomic.Bool
	queued := make(chan error, 1)
	go func() {
		queued <- p.Run(t.Context(), "a", func(context.Context) error { queuedRan.Store(true); return nil })
	}()
	waitQueued(p, 1)

	crash(t, p, sw, panics)
	if err := receive(t, "running job", running); !errors.Is(err, context.Canceled) {
		t.Errorf("job running at the crash: %v, want it cancelled", err)
	}
	wantUnavailable(t, "queued job", receive(t, "queued job", queued))
	if queuedRan.Load() {
		t.Error("the queued job ran")
	}

	if err := p.Run(t.Context(), "a", func(context.Context) error { return nil }); err != nil {
		t.Fatalf("deploy after the restart: %v", err)
	}
	st, err := p.Status(t.Context())
	if err != nil || st.State != StateRunning || fig(st, "completed") != "1" || fig(st, "busy") != "0" || fig(st, "queued") != "0" {
		t.Errorf("status of the new run %+v, %v: want running, 1 completed, none busy or queued", st, err)
	}
}

func TestWatcher_RestartAfterLoopPanic(t *testing.T) {
	checkLeaks(t)
	c := &stubClient{
		statuses: []string{platform.ProcessRunning},
		versions: func(int) []platform.AppVersion { return nil }, // no build yet
	}
	w := NewWatcher(c, fastWatcher())
	sw := &crashSwitch{}
	w.testHookPanic = sw.hook
	panics, _ := serveRestarting(t, w)

	var procs []<-chan ProcessUpdate
	for range 2 {
		ch, err := w.Subscribe(t.Context(), "proc-1")
		if err != nil {
			t.Fatal(err)
		}
		procs = append(procs, ch)
	}
	build, err := w.SubscribeBuild(t.Context(), "svc-1", time.Time{})
	if err != nil {
		t.Fatal(err)
	}

	crash(t, w, sw, panics)
	for i, ch := range procs {
		got := drain(t, ch)
		if len(got) == 0 || !got[len(got)-1].Final || platform.ErrorCode(got[len(got)-1].Err) != platform.ErrServiceUnavailable {
			t.Errorf("process subscriber %d at the crash: %+v, want a final SERVICE_UNAVAILABLE update", i, got)
		}
	}
	if got := drain(t, build); len(got) != 1 || !got[0].Final || platform.ErrorCode(got[0].Err) != platform.ErrServiceUnavailable {
		t.Errorf("build subscriber at the crash: %+v, want one final SERVICE_UNAVAILABLE update", got)
	}

	c.mu.Lock()
	c.statuses = []string{platform.ProcessFinished}
	c.mu.Unlock()
	ch, err := w.Subscribe(t.Context(), "proc-1")
	if err != nil {
		t.Fatalf("subscribe after the restart: %v", err)
	}
	got := drain(t, ch)
	if len(got) == 0 || got[len(got)-1].Err != nil || got[len(got)-1].Process.Status != platform.ProcessFinished {
		t.Errorf("subscriber after the restart: %+v, want to end on FINISHED", got)
	}
	waitIdle(t, w)
	if st, err := w.Status(t.Context()); err != nil || st.State != StateRunning || fig(st, "processes") != "0" || fig(st, "subscribers") != "0" {
		t.Errorf("status of the new run %+v, %v", st, err)
	}
}

func TestKnowledgeIndex_RestartAfterLoopPanic(t *testing.T) {
	checkLeaks(t)
	var builds atomic.Int64
	started, release := make(chan struct{}), make(chan struct{})
	k := NewKnowledgeIndex(func() (*knowledge.Index, error) {
		if builds.Add(1) == 1 {
			close(started)
			<-release // the crashed run's build outlives its run
		}
		return emptyIndex()
	})
	sw := &crashSwitch{}
	k.testHookPanic = sw.hook
	panics, _ := serveRestarting(t, k)

	waiting := make(chan error, 1)
	go func() { _, err := k.Index(t.Context()); waiting <- err }()
	recv(t, started)

	crash(t, k, sw, panics)
	wantUnavailable(t, "query waiting at the crash", receive(t, "query waiting at the crash", waiting))

	if ix, err := k.Index(t.Context()); err != nil || ix == nil {
		t.Fatalf("query after the restart: %v, %v", ix, err)
	}
	if n := builds.Load(); n != 2 {
		t.Errorf("%d builds, want 2 (the new run starts cold)", n)
	}
	close(release) // the old build reports to a run that is gone, without blocking (checkLeaks)
	if st, err := k.Status(t.Context()); err != nil || st.State != StateRunning || fig(st, "index") != IndexReady || fig(st, "attempts") != "1" {
		t.Errorf("status of the new run %+v, %v", st, err)
	}
}

// TestActors_CallBetweenCrashAndRestartWaits makes a call while no loop
// runs after a crash: it waits for the next Serve and is served by it.
func TestActors_CallBetweenCrashAndRestartWaits(t *testing.T) {
	checkLeaks(t)
	p := NewDeployPool(1)
	sw := &crashSwitch{}
	p.testHookPanic = sw.hook
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	first := make(chan any, 1)
	go func() { r, _ := serveOnce(ctx, p); first <- r }()
	awaitLoop(t, p.life)
	crash(t, p, sw, first)

	if st, err := p.Status(t.Context()); err != nil || st.State != StateIdle {
		t.Errorf("status between crash and restart %+v, %v, want idle", st, err)
	}
	ran := make(chan error, 1)
	go func() { ran <- p.Run(t.Context(), "a", func(context.Context) error { return nil }) }()
	select {
	case err := <-ran:
		t.Fatalf("call with no loop to serve it returned: %v", err)
	default:
	}

	second := make(chan error, 1)
	go func() { second <- p.Serve(ctx) }()
	if err := receive(t, "call made before the restart", ran); err != nil {
		t.Errorf("call made before the restart: %v", err)
	}
	cancel()
	if err := receive(t, "second Serve", second); !errors.Is(err, context.Canceled) {
		t.Errorf("second Serve: %v, want context.Canceled", err)
	}
}

// TestActors_ShutdownAfterCrashStopsForGood checks that a crash leaves the
// actor restartable but a shutdown still does not: Serve after it is refused,
// calls fail fast and Status answers "stopped".
func TestActors_ShutdownAfterCrashStopsForGood(t *testing.T) {
	checkLeaks(t)
	type crashable struct {
		a    Actor
		sw   *crashSwitch
		call func() error
	}
	newCase := func(name string) crashable {
		sw := &crashSwitch{}
		switch name {
		case "gateway":
			g := NewGateway(&scriptClient{}, GatewayConfig{})
			g.testHookPanic = sw.hook
			return crashable{g, sw, func() error { _, err := g.GetService(t.Context(), "a"); return err }}
		case "pool":
			p := NewDeployPool(1)
			p.testHookPanic = sw.hook
			return crashable{p, sw, func() error { return p.Run(t.Context(), "a", func(context.Context) error { return nil }) }}
		case "watcher":
			w := NewWatcher(&stubClient{statuses: []string{platform.ProcessFinished}}, fastWatcher())
			w.testHookPanic = sw.hook
			return crashable{w, sw, func() error {
				ch, err := w.Subscribe(t.Context(), "proc-1")
				if err == nil {
					drain(t, ch)
				}
				return err
			}}
		default:
			k := NewKnowledgeIndex(emptyIndex)
			k.testHookPanic = sw.hook
			return crashable{k, sw, func() error { _, err := k.Index(t.Context()); return err }}
		}
	}
	for _, name := range []string{"gateway", "pool", "watcher", "index"} {
		t.Run(name, func(t *testing.T) {
			c := newCase(name)
			panics, stop := serveRestarting(t, c.a)
			crash(t, c.a, c.sw, panics)
			if err := c.call(); err != nil {
				t.Fatalf("call after the restart: %v", err)
			}
			stop()
			wantUnavailable(t, "call after the shutdown", c.call())
			if err := c.a.Serve(t.Context()); err == nil || !strings.Contains(err.Error(), "already stopped") {
				t.Errorf("Serve after the shutdown: %v, want already stopped", err)
			}
			if st, err := c.a.Status(t.Context()); err != nil || st.State != StateStopped {
				t.Errorf("status after the shutdown %+v, %v", st, err)
			}
		})
	}
}

// TestDeployPool_PanicWhileStoppingStopsForGood crashes the pool's loop as it
// drains on shutdown: the pool stops for good all the same, and the job it
// was waiting for is cancelled.
func TestDeployPool_PanicWhileStoppingStopsForGood(t *testing.T) {
	checkLeaks(t)
	p := NewDeployPool(1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var crashed atomic.Bool
	p.testHookPanic = func() { // the loop's first turn after the stop, while it waits for the job
		if ctx.Err() != nil && crashed.CompareAndSwap(false, true) {
			panic(testCrash)
		}
	}
	served := make(chan any, 1)
	go func() { r, _ := serveOnce(ctx, p); served <- r }()

	started := make(chan struct{})
	running := make(chan error, 1)
	go func() {
		running <- p.Run(t.Context(), "a", func(ctx context.Context) error {
			close(started)
			<-ctx.Done()
			return ctx.Err()
		})
	}()
	recv(t, started)
	cancel()
	if r := receive(t, "Serve", served); r != testCrash {
		t.Fatalf("Serve ended with %v, want the test's crash", r)
	}
	if err := receive(t, "running job", running); !errors.Is(err, context.Canceled) {
		t.Errorf("job running at the stop: %v, want it cancelled", err)
	}
	wantUnavailable(t, "deploy after the stop", p.Run(t.Context(), "a", func(context.Context) error { return nil }))
	if err := p.Serve(t.Context()); err == nil || !strings.Contains(err.Error(), "already stopped") {
		t.Errorf("Serve after the stop: %v, want already stopped", err)
	}
	if st, err := p.Status(t.Context()); err != nil || st.State != StateStopped {
		t.Errorf("status after the stop %+v, %v", st, err)
	}
}
