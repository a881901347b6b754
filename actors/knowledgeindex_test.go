package actors

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/platform"
)

func emptyIndex() (*knowledge.Index, error) { return knowledge.BuildIndex(nil) }

func TestKnowledgeIndex_WarmBuildsOnce(t *testing.T) {
	checkLeaks(t)
	var builds atomic.Int32
	release := make(chan struct{})
	k := NewKnowledgeIndex(func() (*knowledge.Index, error) {
		builds.Add(1)
		<-release
		return emptyIndex()
	})
	serve(t, k)
	k.Warm()
	k.Warm()
	got := make(chan error, 2)
	for range 2 {
		go func() { _, err := k.Index(t.Context()); got <- err }()
	}
	st, _ := k.Status(t.Context())
	if fig(st, "index") != IndexWarming {
		t.Errorf("index state %q, want warming", fig(st, "index"))
	}
	close(release)
	for range 2 {
		if err := <-got; err != nil {
			t.Fatal(err)
		}
	}
	if n := builds.Load(); n != 1 {
		t.Errorf("%d builds, want 1", n)
	}
	st, _ = k.Status(t.Context())
	if fig(st, "index") != IndexReady || fig(st, "docs") != "0" {
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
	if st, _ := k.Status(t.Context()); fig(st, "index") != IndexFailed {
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
	if _, err := k.Index(t.Context()); err == nil {
		t.Error("panicking build gave no error")
	}
}
