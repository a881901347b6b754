package supervisor

import (
	"context"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// Signal tests send real signals to the test process, so they do not run in
// parallel with each other.

func TestHandleSignals_FirstCancelsSecondExits(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	exits := make(chan int, 2)
	stop := HandleSignalsWith(ctx, SignalOptions{Cancel: cancel, Exit: func(code int) { exits <- code }, HardDeadline: time.Hour})
	defer stop()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	recv(t, ctx.Done())
	select {
	case code := <-exits:
		t.Fatalf("exit(%d) after the first signal", code)
	default:
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-exits:
		if code != 1 {
			t.Errorf("second signal: exit(%d), want 1", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the second signal did not exit")
	}
}

func TestHandleSignals_HardDeadline(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	exits := make(chan int, 1)
	stop := HandleSignalsWith(ctx, SignalOptions{Cancel: cancel, Exit: func(code int) { exits <- code }, HardDeadline: 20 * time.Millisecond})
	defer stop()
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	// Shutdown "hangs": the deadline forces the exit.
	select {
	case code := <-exits:
		if code != 1 {
			t.Errorf("deadline: exit(%d), want 1", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the hard deadline did not force an exit")
	}
}

func TestHandleSignals_DumpAndPipe(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	dumped := make(chan struct{}, 1)
	stop := HandleSignalsWith(ctx, SignalOptions{Cancel: cancel, Dump: func() { dumped <- struct{}{} }, Exit: func(int) { t.Error("exit called") }})
	defer stop()
	// SIGPIPE is ignored: the process survives it.
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGPIPE); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGUSR1); err != nil {
		t.Fatal(err)
	}
	recv(t, dumped)
	if ctx.Err() != nil {
		t.Error("SIGUSR1 cancelled the root context")
	}
}

// TestHandleSignals_StopDisarms arms the hard deadline with a signal, then
// stops the handler: the deadline must never force an exit afterwards. A
// deadline that passes before stop returns (a stalled machine) proves
// nothing, so the test retries with a longer one.
func TestHandleSignals_StopDisarms(t *testing.T) {
	for deadline := 100 * time.Millisecond; ; deadline *= 2 {
		if deadline > 20*time.Second {
			t.Fatal("never managed to stop the handler before its deadline")
		}
		ctx, cancel := context.WithCancel(t.Context())
		var stopped atomic.Bool
		exits := make(chan bool, 2) // whether stop had returned
		stop := HandleSignalsWith(ctx, SignalOptions{Cancel: cancel, HardDeadline: deadline, Exit: func(int) { exits <- stopped.Load() }})
		if err := syscall.Kill(syscall.Getpid(), syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		select {
		case <-ctx.Done(): // the signal armed the deadline
		case <-time.After(10 * time.Second):
			t.Fatal("SIGTERM did not cancel the root context")
		}
		stop()
		stopped.Store(true)
		stop() // idempotent
		select {
		case afterStop := <-exits:
			if afterStop {
				t.Fatalf("the %v deadline forced an exit after stop", deadline)
			}
			cancel()
			continue
		case <-time.After(3 * deadline):
		}
		cancel()
		return
	}
}
