package deploy_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/deploy/sshdtest"
	"github.com/zeropsio/zcp/platform"
)

// testTimeout guards each test against a hang; it is never asserted on.
const testTimeout = 60 * time.Second

func testContext(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	return ctx
}

// wantCode fails the test unless err is a *platform.PlatformError with code.
func wantCode(t *testing.T, err error, code string) *platform.PlatformError {
	t.Helper()
	var pe *platform.PlatformError
	if !errors.As(err, &pe) {
		t.Fatalf("error = %v (%T), want a PlatformError %s", err, err, code)
	}
	if pe.Code != code {
		t.Fatalf("code = %s (%s), want %s", pe.Code, pe.Message, code)
	}
	if pe.Suggestion == "" && code != platform.ErrCanceled {
		t.Errorf("%s without a suggestion", code)
	}
	return pe
}

func outputContains(lines []string, s string) bool {
	for _, l := range lines {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// awaitHeldPush waits until a held push has started and returns its pid, or
// until the deploy ends first (its timeout can pass before a loaded machine
// even starts the push): then it returns the deploy's error, and the pid of a
// push that started meanwhile (0 if none).
func awaitHeldPush(t *testing.T, z *sshdtest.Zcli, done <-chan error) (pid int, ended bool, deployErr error) {
	t.Helper()
	return awaitHeld(t, z.WaitPushStarted, done)
}

// awaitHeld is awaitHeldPush for any pid the fake records: wait reports it.
func awaitHeld(t *testing.T, wait func(context.Context) (int, error), done <-chan error) (pid int, ended bool, deployErr error) {
	t.Helper()
	ctx, cancel := context.WithCancel(testContext(t))
	defer cancel()
	pidc := make(chan int, 1)
	go func() {
		pid, _ := wait(ctx)
		pidc <- pid
	}()
	select {
	case pid := <-pidc:
		if pid == 0 {
			t.Fatal("the held push never started")
		}
		return pid, false, nil
	case err := <-done:
		cancel()
		<-pidc
		return recordedPID(wait), true, err
	}
}

// recordedPID returns the pid wait reports at once, or 0.
func recordedPID(wait func(context.Context) (int, error)) int {
	over, stop := context.WithCancel(context.Background())
	stop()
	pid, _ := wait(over) // looks once
	return pid
}
