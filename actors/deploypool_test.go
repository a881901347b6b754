package actors

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

func TestDeployPool_SameTargetNeverInterleaves(t *testing.T) {
	checkLeaks(t)
	p := NewDeployPool(4)
	serve(t, p)
	const jobs = 20
	var running atomic.Int32
	var mu sync.Mutex
	var order []int
	var wg sync.WaitGroup
	// Jobs queue in submission order: each submits only once the previous one is queued.
	for i := range jobs {
		wg.Add(1)
		queued := make(chan struct{})
		go func() {
			defer wg.Done()
			err := p.Run(t.Context(), "appdev", func(context.Context) error {
				if running.Add(1) != 1 {
					t.Error("two jobs of one target ran at once")
				}
				mu.Lock()
				order = append(order, i)
				mu.Unlock()
				running.Add(-1)
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		}()
		go func() { waitQueued(t, p.keyQueue, i); close(queued) }()
		recv(t, queued)
	}
	wg.Wait()
	for i, v := range order {
		if v != i {
			t.Fatalf("run order %v, want FIFO", order)
		}
	}
}

// waitQueued returns once more than n jobs have been granted or queued, or
// fails t after 20 s. It awaits the queue's change signal between reads of
// Status; one waiter at a time (the signal has one slot).
func waitQueued(t testing.TB, p *keyQueue, n int) {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for queueSeen(p) <= n {
		select {
		case <-p.changed:
		case <-deadline:
			t.Errorf("%s never showed %d jobs", p.name, n+1)
			return
		}
	}
}

// queueSeen counts the jobs the pool has queued, running or completed.
func queueSeen(p *keyQueue) int {
	st, err := p.Status(context.Background())
	if err != nil {
		panic(err) // a served pool always answers
	}
	return figInt(st, "queued") + figInt(st, "busy") + figInt(st, "completed")
}

func figInt(st ActorStatus, key string) int {
	n, err := strconv.Atoi(fig(st, key))
	if err != nil {
		panic(fmt.Sprintf("figure %q of %+v: %v", key, st.Figures, err))
	}
	return n
}

func TestDeployPool_BoundedParallelTargets(t *testing.T) {
	checkLeaks(t)
	p := NewDeployPool(3)
	serve(t, p)
	release := make(chan struct{})
	started := make(chan string, 10)
	var peak, cur atomic.Int32
	var wg sync.WaitGroup
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = p.Run(t.Context(), fmt.Sprintf("svc%d", i), func(context.Context) error {
				n := cur.Add(1)
				for {
					old := peak.Load()
					if n <= old || peak.CompareAndSwap(old, n) {
						break
					}
				}
				started <- "x"
				<-release
				cur.Add(-1)
				return nil
			})
		}()
	}
	for range 3 {
		recv(t, started)
	}
	waitQueued(t, p.keyQueue, 5)
	st, _ := p.Status(t.Context())
	if fig(st, "busy") != "3" || fig(st, "idle") != "0" || fig(st, "queued") != "3" {
		t.Errorf("status %+v, want 3 busy, 0 idle, 3 queued", st.Figures)
	}
	close(release)
	wg.Wait()
	if peak.Load() != 3 {
		t.Errorf("peak parallel jobs %d, want 3", peak.Load())
	}
}

func TestDeployPool_QueuedJobDroppedOnCancel(t *testing.T) {
	checkLeaks(t)
	p := NewDeployPool(1)
	serve(t, p)
	release := make(chan struct{})
	running := make(chan struct{})
	go func() {
		_ = p.Run(t.Context(), "a", func(context.Context) error { close(running); <-release; return nil })
	}()
	recv(t, running)
	ctx, cancel := context.WithCancel(t.Context())
	ran := atomic.Bool{}
	errc := make(chan error, 1)
	go func() {
		errc <- p.Run(ctx, "b", func(context.Context) error { ran.Store(true); return nil })
	}()
	waitQueued(t, p.keyQueue, 1)
	cancel()
	if err := recv(t, errc); platform.ErrorCode(err) != platform.ErrCanceled {
		t.Errorf("queued job: %v, want CANCELED", err)
	}
	close(release)
	// The pool still works and the dropped job never ran.
	if err := p.Run(t.Context(), "b", func(context.Context) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if ran.Load() {
		t.Error("a job whose ctx ended in the queue ran")
	}
}

func TestDeployPool_ShutdownCancelsAll(t *testing.T) {
	checkLeaks(t)
	p := NewDeployPool(1)
	stop := serve(t, p)
	running := make(chan struct{})
	runErr := make(chan error, 1)
	go func() {
		runErr <- p.Run(context.Background(), "a", func(ctx context.Context) error {
			close(running)
			<-ctx.Done() // the job kills its process group here
			return ctx.Err()
		})
	}()
	recv(t, running)
	queuedErr := make(chan error, 1)
	go func() { queuedErr <- p.Run(context.Background(), "b", func(context.Context) error { return nil }) }()
	waitQueued(t, p.keyQueue, 1)
	stop()
	if err := recv(t, runErr); !errors.Is(err, context.Canceled) {
		t.Errorf("running job: %v, want cancelled", err)
	}
	if err := recv(t, queuedErr); platform.ErrorCode(err) != platform.ErrServiceUnavailable {
		t.Errorf("queued job: %v, want SERVICE_UNAVAILABLE", err)
	}
	if err := p.Run(t.Context(), "c", func(context.Context) error { return nil }); platform.ErrorCode(err) != platform.ErrServiceUnavailable {
		t.Errorf("run after stop: %v", err)
	}
}

func TestDeployPool_PanickingJobFreesItsTurn(t *testing.T) {
	checkLeaks(t)
	p := NewDeployPool(1)
	serve(t, p)
	func() {
		defer func() { _ = recover() }()
		_ = p.Run(t.Context(), "a", func(context.Context) error { panic("boom") })
	}()
	if err := p.Run(t.Context(), "a", func(context.Context) error { return nil }); err != nil {
		t.Errorf("after a panicking job: %v", err)
	}
	if err := p.Run(t.Context(), "", func(context.Context) error { return nil }); platform.ErrorCode(err) != platform.ErrInvalidParameter {
		t.Errorf("empty target: %v", err)
	}
}

func TestDeployPool_StatusAcrossLife(t *testing.T) {
	checkLeaks(t)
	p := NewDeployPool(2)
	st, err := p.Status(t.Context()) // never served: answered at once, from the configuration
	if err != nil || st.State != StateIdle || fig(st, "idle") != "2" || fig(st, "busy") != "0" {
		t.Errorf("unserved status %+v, %v", st, err)
	}
	stop := serve(t, p)
	if err := p.Run(t.Context(), "a", func(context.Context) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if st, _ := p.Status(t.Context()); st.State != StateRunning || fig(st, "completed") != "1" {
		t.Errorf("running status %+v", st)
	}
	stop()
	st, err = p.Status(t.Context())
	if err != nil || st.State != StateStopped || fig(st, "completed") != "1" || fig(st, "busy") != "0" {
		t.Errorf("stopped status %+v, %v", st, err)
	}
	if err := p.Serve(t.Context()); err == nil || !strings.Contains(err.Error(), "already stopped") {
		t.Errorf("Serve after stop: %v", err)
	}
}

func TestDeployPool_SecondServeRefused(t *testing.T) {
	checkLeaks(t)
	p := NewDeployPool(1)
	serve(t, p)
	if err := p.Run(t.Context(), "a", func(context.Context) error { return nil }); err != nil { // the loop runs
		t.Fatal(err)
	}
	if err := p.Serve(t.Context()); err == nil || !strings.Contains(err.Error(), "already serving") {
		t.Errorf("second Serve: %v", err)
	}
}

func TestDeployPool_RunBeforeServeWaits(t *testing.T) {
	checkLeaks(t)
	p := NewDeployPool(1)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := p.Run(ctx, "a", func(context.Context) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("Run before Serve with an ended ctx: %v", err)
	}
	var ran atomic.Bool
	errc := make(chan error, 1)
	go func() { errc <- p.Run(t.Context(), "a", func(context.Context) error { ran.Store(true); return nil }) }()
	if ran.Load() {
		t.Fatal("a job ran before Serve")
	}
	serve(t, p)
	if err := recv(t, errc); err != nil || !ran.Load() {
		t.Errorf("Run queued before Serve: %v, ran %v", err, ran.Load())
	}
}

// TestDeployPool_GiveUpAsTurnGranted ends a queued caller's ctx while the
// turn ahead of it is released, many times over: whichever wins, no turn is
// left held, so the pool ends idle and keeps granting turns.
func TestDeployPool_GiveUpAsTurnGranted(t *testing.T) {
	checkLeaks(t)
	p := NewDeployPool(1)
	serve(t, p)
	var ran atomic.Int64 // jobs that started: what "completed" must count
	for i := range 200 {
		before := queueSeen(p.keyQueue)
		release := make(chan struct{})
		running := make(chan struct{})
		first := make(chan error, 1)
		go func() {
			first <- p.Run(t.Context(), "a", func(context.Context) error { ran.Add(1); close(running); <-release; return nil })
		}()
		recv(t, running)
		ctx, cancel := context.WithCancel(t.Context())
		second := make(chan error, 1)
		go func() { second <- p.Run(ctx, "a", func(context.Context) error { ran.Add(1); return nil }) }()
		waitQueued(t, p.keyQueue, before+1) // first running, second queued
		go close(release)
		cancel()
		if err := recv(t, first); err != nil {
			t.Fatal(err)
		}
		if err := recv(t, second); err != nil && !errors.Is(err, context.Canceled) {
			t.Fatalf("second caller: %v", err)
		}
		if err := p.Run(t.Context(), "a", func(context.Context) error { ran.Add(1); return nil }); err != nil {
			t.Fatalf("round %d: pool stuck: %v", i, err)
		}
	}
	st, _ := p.Status(t.Context())
	if fig(st, "busy") != "0" || fig(st, "queued") != "0" {
		t.Errorf("status %+v, want an idle pool", st.Figures)
	}
	if got, want := fig(st, "completed"), strconv.FormatInt(ran.Load(), 10); got != want {
		t.Errorf("completed %s, want %s: a turn given back unused is no completed job", got, want)
	}
}

// TestDeployPool_DeadContextNeverRuns: a caller whose context has already
// ended is answered with its context's error and its job never starts,
// however idle the pool is.
func TestDeployPool_DeadContextNeverRuns(t *testing.T) {
	checkLeaks(t)
	p := NewDeployPool(2)
	serve(t, p)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	var ran atomic.Int64
	for range 100 {
		// A status round trip first, so the loop is likely idle in its
		// select and ready to take the request.
		if _, err := p.Status(t.Context()); err != nil {
			t.Fatal(err)
		}
		if err := p.Run(ctx, "a", func(context.Context) error { ran.Add(1); return nil }); !errors.Is(err, context.Canceled) {
			t.Fatalf("Run with an ended context: %v, want CANCELED", err)
		}
	}
	if n := ran.Load(); n != 0 {
		t.Errorf("%d of 100 jobs with an ended context ran", n)
	}
}
