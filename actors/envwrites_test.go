package actors

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

func TestEnvWrites_SettleHoldsTheTarget(t *testing.T) {
	checkLeaks(t)
	e := NewEnvWrites()
	serve(t, e)
	settling := make(chan struct{})
	release := make(chan struct{})
	// The first write returns at once; its processes "run" until release.
	err := e.Write(t.Context(), "api", func(context.Context) (func(context.Context), error) {
		return func(ctx context.Context) {
			close(settling)
			select {
			case <-release:
			case <-ctx.Done():
			}
		}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	recv(t, settling)
	// Another target is not held up.
	if err := e.Write(t.Context(), "project", func(context.Context) (func(context.Context), error) { return nil, nil }); err != nil {
		t.Fatal(err)
	}
	// The same target waits for the settle.
	var ran atomic.Bool
	second := make(chan error, 1)
	go func() {
		second <- e.Write(t.Context(), "api", func(context.Context) (func(context.Context), error) {
			ran.Store(true)
			return nil, nil
		})
	}()
	waitQueued(t, e.keyQueue, 2) // api held, project done, api queued
	st, err := e.Status(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if ran.Load() || fig(st, "queued") != "1" || !strings.Contains(strings.Join(st.Details, "\n"), "target api: running") {
		t.Fatalf("second write of api ran=%v while the first settles; status %+v", ran.Load(), st)
	}
	close(release)
	if err := recv(t, second); err != nil {
		t.Fatal(err)
	}
	if !ran.Load() {
		t.Error("second write never ran")
	}
}

func TestEnvWrites_QueuedWriteCancelled(t *testing.T) {
	checkLeaks(t)
	e := NewEnvWrites()
	serve(t, e)
	release := make(chan struct{})
	defer close(release)
	if err := e.Write(t.Context(), "api", func(context.Context) (func(context.Context), error) {
		return func(ctx context.Context) {
			select {
			case <-release:
			case <-ctx.Done():
			}
		}, nil
	}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	var ran atomic.Bool
	errc := make(chan error, 1)
	go func() {
		errc <- e.Write(ctx, "api", func(context.Context) (func(context.Context), error) { ran.Store(true); return nil, nil })
	}()
	waitQueued(t, e.keyQueue, 1)
	cancel()
	if err := recv(t, errc); platform.ErrorCode(err) != platform.ErrCanceled || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled queued write: %v, want CANCELED", err)
	} else if pe := (*platform.PlatformError)(nil); !errors.As(err, &pe) || !strings.Contains(pe.Suggestion, "never started") {
		t.Errorf("cancelled queued write: %v, want a suggestion saying the write never started", err)
	}
	if ran.Load() {
		t.Error("a write cancelled in the queue ran")
	}
}

func TestEnvWrites_ShutdownEndsSettles(t *testing.T) {
	checkLeaks(t)
	e := NewEnvWrites()
	stop := serve(t, e)
	settleErr := make(chan error, 1)
	if err := e.Write(t.Context(), "api", func(context.Context) (func(context.Context), error) {
		return func(ctx context.Context) { <-ctx.Done(); settleErr <- ctx.Err() }, nil
	}); err != nil {
		t.Fatal(err)
	}
	stop() // returns only once the settle has ended (serve waits for Serve)
	select {
	case err := <-settleErr:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("settle ended with %v", err)
		}
	default:
		t.Fatal("Serve returned while a settle still ran")
	}
	if err := e.Write(t.Context(), "api", func(context.Context) (func(context.Context), error) { return nil, nil }); platform.ErrorCode(err) != platform.ErrServiceUnavailable {
		t.Errorf("write after stop: %v, want SERVICE_UNAVAILABLE", err)
	}
	if st, _ := e.Status(t.Context()); st.Name != "env-writes" || st.State != StateStopped {
		t.Errorf("status after stop: %+v", st)
	}
}

func TestEnvWrites_WriteErrorReturnedSettleStillHolds(t *testing.T) {
	checkLeaks(t)
	e := NewEnvWrites()
	serve(t, e)
	boom := errors.New("boom")
	settled := make(chan struct{})
	err := e.Write(t.Context(), "api", func(context.Context) (func(context.Context), error) {
		return func(context.Context) { close(settled) }, boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("write error %v, want boom", err)
	}
	if err := e.Write(t.Context(), "api", func(context.Context) (func(context.Context), error) {
		select {
		case <-settled:
		default:
			t.Error("the next write ran before the settle of a failed write ended")
		}
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
}
