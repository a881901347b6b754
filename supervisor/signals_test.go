package supervisor

import (
	"context"
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
	<-ctx.Done()
	select {
	case code := <-exits:
		t.Fatalf("exit(%d) after the first signal", code)
	default:
	}
	if err := syscall.Kill(syscall.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if code := <-exits; code != 1 {
		t.Errorf("second signal: exit(%d), want 1", code)
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
	if code := <-exits; code != 1 {
		t.Errorf("deadline: exit(%d), want 1", code)
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
	<-dumped
	if ctx.Err() != nil {
		t.Error("SIGUSR1 cancelled the root context")
	}
}

func TestHandleSignals_StopDisarms(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	stop := HandleSignalsWith(ctx, SignalOptions{Cancel: cancel, Exit: func(int) { t.Error("exit called after stop") }})
	stop()
	stop() // idempotent
}
