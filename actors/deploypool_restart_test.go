package actors

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

// heldJob is a deploy job that runs until its ctx ends and then tears down
// until the test lets it return: a job that honours its ctx but takes time.
type heldJob struct {
	started   chan struct{} // closed when the job starts
	cancelled chan struct{} // closed when the job saw its ctx end
	release   chan struct{} // closed by the test: the job may return
	once      sync.Once
}

func newHeldJob(t *testing.T) *heldJob {
	j := &heldJob{started: make(chan struct{}), cancelled: make(chan struct{}), release: make(chan struct{})}
	t.Cleanup(j.free) // a failing test must not leave the job behind
	return j
}

func (j *heldJob) free() { j.once.Do(func() { close(j.release) }) }

func (j *heldJob) run(ctx context.Context) error {
	close(j.started)
	<-ctx.Done()
	close(j.cancelled)
	<-j.release
	return ctx.Err()
}

// awaitPool waits until the pool's status satisfies ok. It fails the test at
// once if fail closes first: the event the wait must not see.
func awaitPool(t *testing.T, p *DeployPool, what string, ok func(ActorStatus) bool, fail <-chan struct{}, failure string) ActorStatus {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		st, err := p.Status(t.Context())
		if err != nil {
			t.Fatalf("status while waiting for %s: %v", what, err)
		}
		if ok(st) {
			return st
		}
		select {
		case <-p.changed:
		case <-fail:
			t.Fatal(failure)
		case <-timeout:
			t.Fatalf("pool never reached %s; last status %+v", what, st)
		}
	}
}

func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// TestDeployPool_NoOverlapAcrossRestart crashes the loop while a job of
// target x is running: the crash cancels it, but it takes its time to
// return. The restarted loop must hold x busy until that job has returned,
// so a new job for x waits for it and only then runs.
func TestDeployPool_NoOverlapAcrossRestart(t *testing.T) {
	checkLeaks(t)
	p := NewDeployPool(2)
	sw := &crashSwitch{}
	p.testHookPanic = sw.hook
	panics, _ := serveRestarting(t, p)

	old := newHeldJob(t) // registered after serveRestarting: freed before the pool stops
	first := make(chan error, 1)
	go func() { first <- p.Run(t.Context(), "x", old.run) }()
	recv(t, old.started)

	crash(t, p, sw, panics)
	receive(t, "the first job's cancellation", old.cancelled) // tearing down now

	secondStarted := make(chan struct{})
	second := make(chan error, 1)
	go func() {
		second <- p.Run(t.Context(), "x", func(context.Context) error { close(secondStarted); return nil })
	}()
	awaitPool(t, p, "the second job queued behind the first",
		func(st ActorStatus) bool { return fig(st, "queued") == "1" },
		secondStarted, "a second job of target x started while the crashed run's job was still running")
	st, err := p.Status(t.Context())
	if err != nil || fig(st, "busy") != "1" || fig(st, "idle") != "1" || len(st.Details) != 1 ||
		!strings.HasPrefix(st.Details[0], "target x: running ") || !strings.HasSuffix(st.Details[0], ", 1 queued") {
		t.Errorf("status with the crashed run's job still running %+v, %v: want x busy with 1 queued, 1 worker idle", st, err)
	}
	if closed(secondStarted) {
		t.Fatal("a second job of target x started while the crashed run's job was still running")
	}

	old.free()
	if err := receive(t, "first job", first); !errors.Is(err, context.Canceled) {
		t.Errorf("job running at the crash: %v, want it cancelled", err)
	}
	if err := receive(t, "second job", second); err != nil {
		t.Errorf("second job: %v", err)
	}
	if !closed(secondStarted) {
		t.Error("the second job never ran")
	}
	st, err = p.Status(t.Context())
	if err != nil || st.State != StateRunning || fig(st, "completed") != "1" || fig(st, "busy") != "0" || fig(st, "queued") != "0" {
		t.Errorf("status after both jobs %+v, %v: want running, 1 completed (the old run's job is not this run's), none busy or queued", st, err)
	}
}

// TestDeployPool_SecondCrashHandsRunningJobsOn crashes the loop twice while
// the first run's job tears down: each restart still holds its target, a job
// queued for it in the second run fails with the second crash, and one
// queued in the third run waits for the old job too.
func TestDeployPool_SecondCrashHandsRunningJobsOn(t *testing.T) {
	checkLeaks(t)
	p := NewDeployPool(1)
	sw := &crashSwitch{}
	p.testHookPanic = sw.hook
	panics, _ := serveRestarting(t, p)

	old := newHeldJob(t)
	first := make(chan error, 1)
	go func() { first <- p.Run(t.Context(), "x", old.run) }()
	recv(t, old.started)
	crash(t, p, sw, panics)
	receive(t, "the first job's cancellation", old.cancelled)

	never := make(chan struct{})
	queued := make(chan error, 1)
	go func() {
		queued <- p.Run(t.Context(), "y", func(context.Context) error { close(never); return nil })
	}()
	// One worker, taken by the old job: even another target waits.
	awaitPool(t, p, "a job queued in the second run", func(st ActorStatus) bool { return fig(st, "queued") == "1" },
		never, "a job started while the crashed run's job held the only worker")
	crash(t, p, sw, panics)
	wantUnavailable(t, "job queued at the second crash", receive(t, "job queued at the second crash", queued))

	thirdStarted := make(chan struct{})
	third := make(chan error, 1)
	go func() {
		third <- p.Run(t.Context(), "x", func(context.Context) error { close(thirdStarted); return nil })
	}()
	awaitPool(t, p, "a job queued in the third run", func(st ActorStatus) bool { return fig(st, "queued") == "1" && fig(st, "busy") == "1" },
		thirdStarted, "a job of target x started after a second crash while the first run's job was still running")

	old.free()
	if err := receive(t, "first job", first); !errors.Is(err, context.Canceled) {
		t.Errorf("job running at the first crash: %v, want it cancelled", err)
	}
	if err := receive(t, "third job", third); err != nil {
		t.Errorf("third job: %v", err)
	}
	if closed(never) {
		t.Error("the job queued at the second crash ran")
	}
}

// TestDeployPool_ShutdownWaitsForCrashedRunsJobs stops the pool while a job
// of a crashed run still tears down: Serve returns only after the job has.
func TestDeployPool_ShutdownWaitsForCrashedRunsJobs(t *testing.T) {
	checkLeaks(t)
	p := NewDeployPool(1)
	sw := &crashSwitch{}
	p.testHookPanic = sw.hook
	panics, stop := serveRestarting(t, p)
	stopped := make(chan struct{})
	stopping := false
	t.Cleanup(func() { // after the old job is freed, before the helper's own stop
		if stopping {
			<-stopped
		}
	})

	old := newHeldJob(t)
	first := make(chan error, 1)
	go func() { first <- p.Run(t.Context(), "x", old.run) }()
	recv(t, old.started)
	crash(t, p, sw, panics)
	receive(t, "the first job's cancellation", old.cancelled)

	stopping = true
	go func() { stop(); close(stopped) }()
	awaitPool(t, p, "draining with the old job busy",
		func(st ActorStatus) bool { return st.State == StateStopped && fig(st, "busy") == "1" },
		stopped, "the pool stopped while a crashed run's job was still running")
	if closed(stopped) {
		t.Fatal("the pool stopped while a crashed run's job was still running")
	}

	old.free()
	receive(t, "the pool's stop", stopped)
	if err := receive(t, "first job", first); !errors.Is(err, context.Canceled) {
		t.Errorf("job running at the crash: %v, want it cancelled", err)
	}
	if st, err := p.Status(t.Context()); err != nil || st.State != StateStopped || fig(st, "busy") != "0" || fig(st, "completed") != "0" {
		t.Errorf("status after the stop %+v, %v: want stopped, none busy, none completed", st, err)
	}
}
