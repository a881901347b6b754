package actors

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/platform"
)

func emptyIndex() (*knowledge.Index, error) { return knowledge.BuildIndex(nil) }

func TestKnowledgeIndex_WarmBuildsOnce(t *testing.T) {
	checkLeaks(t)
	var builds atomic.Int32
	release, building := make(chan struct{}), make(chan struct{}, 2)
	k := NewKnowledgeIndex(func() (*knowledge.Index, error) {
		builds.Add(1)
		building <- struct{}{}
		<-release
		return emptyIndex()
	})
	serve(t, k)
	k.Warm()
	k.Warm()
	recv(t, building)
	got := make(chan error, 2)
	for range 2 {
		go func() { _, err := k.Index(t.Context()); got <- err }()
	}
	st, _ := k.Status(t.Context())
	if fig(st, "index") != "warming" {
		t.Errorf("index state %q, want warming", fig(st, "index"))
	}
	close(release)
	for range 2 {
		if err := recv(t, got); err != nil {
			t.Fatal(err)
		}
	}
	if n := builds.Load(); n != 1 {
		t.Errorf("%d builds, want 1", n)
	}
	st, _ = k.Status(t.Context())
	if fig(st, "index") != "ready" || fig(st, "docs") != "0" {
		t.Errorf("status %+v", st.Figures)
	}
}

func TestKnowledgeIndex_FailedBuildRetried(t *testing.T) {
	checkLeaks(t)
	var builds atomic.Int32
	k := NewKnowledgeIndex(func() (*knowledge.Index, error) {
		if builds.Add(1) == 1 {
			return nil, errors.New("corpus unreadable")
		}
		return emptyIndex()
	})
	serve(t, k)
	if _, err := k.Index(t.Context()); platform.ErrorCode(err) != platform.ErrInternal {
		t.Fatalf("first Index: %v, want INTERNAL_ERROR", err)
	}
	if st, _ := k.Status(t.Context()); fig(st, "index") != "failed" {
		t.Errorf("state %q, want failed", fig(st, "index"))
	}
	ix, err := k.Index(t.Context())
	if err != nil || ix == nil {
		t.Fatalf("second Index: %v", err)
	}
}

func TestKnowledgeIndex_WaitEndsWithContext(t *testing.T) {
	checkLeaks(t)
	release := make(chan struct{})
	k := NewKnowledgeIndex(func() (*knowledge.Index, error) { <-release; return emptyIndex() })
	stop := serve(t, k)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := k.Index(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Index with ended ctx: %v", err)
	}
	close(release)
	stop()

	// A cold index whose actor has stopped builds nothing.
	cold := NewKnowledgeIndex(emptyIndex)
	serve(t, cold)()
	cold.Warm()
	if _, err := cold.Index(t.Context()); platform.ErrorCode(err) != platform.ErrServiceUnavailable {
		t.Errorf("Index after stop: %v", err)
	}
}

func TestKnowledgeIndex_PanickingBuild(t *testing.T) {
	checkLeaks(t)
	k := NewKnowledgeIndex(func() (*knowledge.Index, error) { panic("bad doc") })
	serve(t, k)
	if _, err := k.Index(t.Context()); err == nil {
		t.Error("panicking build gave no error")
	}
}

func TestKnowledgeIndex_StatusAcrossLife(t *testing.T) {
	checkLeaks(t)
	k := NewKnowledgeIndex(emptyIndex)
	st, err := k.Status(t.Context()) // never served: answered at once
	if err != nil || st.State != StateIdle || fig(st, "index") != "cold" || fig(st, "attempts") != "0" {
		t.Errorf("unserved status %+v, %v", st, err)
	}
	stop := serve(t, k)
	if _, err := k.Index(t.Context()); err != nil {
		t.Fatal(err)
	}
	if st, _ := k.Status(t.Context()); st.State != StateRunning || fig(st, "index") != "ready" {
		t.Errorf("running status %+v", st)
	}
	stop()
	st, err = k.Status(t.Context())
	if err != nil || st.State != StateStopped || fig(st, "index") != "ready" || fig(st, "attempts") != "1" {
		t.Errorf("stopped status %+v, %v", st, err)
	}
	if err := k.Serve(t.Context()); err == nil || !strings.Contains(err.Error(), "already stopped") {
		t.Errorf("Serve after stop: %v", err)
	}
}

func TestKnowledgeIndex_CallsBeforeServe(t *testing.T) {
	checkLeaks(t)
	var builds atomic.Int32
	k := NewKnowledgeIndex(func() (*knowledge.Index, error) { builds.Add(1); return emptyIndex() })
	k.Warm() // leaves a wish: nothing builds before Serve
	k.Warm()
	got := make(chan error, 1)
	go func() { _, err := k.Index(t.Context()); got <- err }() // waits for Serve
	if n := builds.Load(); n != 0 {
		t.Fatalf("%d builds before Serve", n)
	}
	serve(t, k)
	if err := recv(t, got); err != nil {
		t.Fatalf("Index called before Serve: %v", err)
	}
	if n := builds.Load(); n != 1 {
		t.Errorf("%d builds, want 1", n)
	}
}

func TestKnowledgeIndex_StopDuringBuild(t *testing.T) {
	checkLeaks(t)
	started, release := make(chan struct{}), make(chan struct{})
	k := NewKnowledgeIndex(func() (*knowledge.Index, error) { close(started); <-release; return emptyIndex() })
	stop := serve(t, k)
	got := make(chan error, 1)
	go func() { _, err := k.Index(t.Context()); got <- err }()
	recv(t, started)
	stopped := make(chan struct{})
	go func() { stop(); close(stopped) }()
	if err := recv(t, got); platform.ErrorCode(err) != platform.ErrServiceUnavailable {
		t.Errorf("query waiting at stop: %v, want SERVICE_UNAVAILABLE", err)
	}
	select {
	case <-stopped:
		t.Fatal("Serve returned while its build still ran")
	default:
	}
	close(release)
	recv(t, stopped)
	if st, _ := k.Status(t.Context()); st.State != StateStopped || fig(st, "attempts") != "1" {
		t.Errorf("stopped status %+v", st)
	}
}
