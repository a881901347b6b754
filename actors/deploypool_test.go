package actors

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

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
		go func() { waitQueued(p, i); close(queued) }()
		<-queued
	}
	wg.Wait()
	for i, v := range order {
		if v != i {
			t.Fatalf("run order %v, want FIFO", order)
		}
	}
}

// waitQueued returns once more than n jobs have been granted or queued.
func waitQueued(p *DeployPool, n int) {
	for {
		p.mu.Lock()
		seen := len(p.waiting) + len(p.busy) + int(p.done.Load())
		changed := p.changed
		p.mu.Unlock()
		if seen > n {
			return
		}
		<-changed
	}
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
		<-started
	}
	waitQueued(p, 5)
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
	<-running
	ctx, cancel := context.WithCancel(t.Context())
	ran := atomic.Bool{}
	errc := make(chan error, 1)
	go func() {
		errc <- p.Run(ctx, "b", func(context.Context) error { ran.Store(true); return nil })
	}()
	waitQueued(p, 1)
	cancel()
	if err := <-errc; platform.ErrorCode(err) != platform.ErrCanceled {
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
	<-running
	queuedErr := make(chan error, 1)
	go func() { queuedErr <- p.Run(context.Background(), "b", func(context.Context) error { return nil }) }()
	waitQueued(p, 1)
	stop()
	if err := <-runErr; !errors.Is(err, context.Canceled) {
		t.Errorf("running job: %v, want cancelled", err)
	}
	if err := <-queuedErr; platform.ErrorCode(err) != platform.ErrServiceUnavailable {
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
