package actors

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/platform"
)

// Knowledge index states.
const (
	IndexCold    = "cold"
	IndexWarming = "warming"
	IndexReady   = "ready"
	IndexFailed  = "failed"
)

// KnowledgeIndex is the knowledge index actor: it builds the index once, in
// the background, and hands it to every query; a query arriving earlier waits
// for the build. A failed build is tried again by the next Index call (a
// failure is never cached for ever). Safe for concurrent use.
type KnowledgeIndex struct {
	build func() (*knowledge.Index, error)

	base    context.Context // cancelled when Serve ends
	stopAll context.CancelFunc
	serving atomic.Bool
	builds  sync.WaitGroup

	mu       sync.Mutex // never held while building
	stopped  bool
	state    string
	ix       *knowledge.Index
	err      error
	ready    chan struct{} // closed when the current build ends
	docs     int
	buildDur time.Duration
	attempts int
}

// NewKnowledgeIndex returns a cold index that build will fill.
func NewKnowledgeIndex(build func() (*knowledge.Index, error)) *KnowledgeIndex {
	base, stop := context.WithCancel(context.Background())
	return &KnowledgeIndex{build: build, base: base, stopAll: stop, state: IndexCold}
}

// String names the actor.
func (k *KnowledgeIndex) String() string { return "knowledge-index" }

// Serve blocks until ctx ends, then waits for a build in progress.
func (k *KnowledgeIndex) Serve(ctx context.Context) error {
	k.serving.Store(true)
	select {
	case <-ctx.Done():
	case <-k.base.Done():
		return fmt.Errorf("%s: already stopped", k)
	}
	k.serving.Store(false)
	k.mu.Lock()
	k.stopped = true
	k.mu.Unlock()
	k.stopAll()
	k.builds.Wait()
	return ctx.Err()
}

// Warm starts the build in the background unless it is running or done.
func (k *KnowledgeIndex) Warm() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.startLocked()
}

// startLocked starts a build when the index is cold or failed and returns
// the channel closed when the current build ends (nil once stopped).
func (k *KnowledgeIndex) startLocked() chan struct{} {
	if k.stopped {
		return nil
	}
	if k.state == IndexCold || k.state == IndexFailed {
		k.state = IndexWarming
		k.ready = make(chan struct{})
		k.attempts++
		k.builds.Add(1)
		go k.run(k.ready)
	}
	return k.ready
}

func (k *KnowledgeIndex) run(ready chan struct{}) {
	defer k.builds.Done()
	start := time.Now()
	ix, err := k.safeBuild()
	k.mu.Lock()
	defer k.mu.Unlock()
	k.buildDur = time.Since(start)
	if err != nil {
		k.state, k.err = IndexFailed, err
	} else {
		k.state, k.ix, k.err = IndexReady, ix, nil
		k.docs = len(ix.List())
	}
	close(ready)
}

// safeBuild turns a panic or a nil index into an error.
func (k *KnowledgeIndex) safeBuild() (ix *knowledge.Index, err error) {
	defer func() {
		if r := recover(); r != nil {
			ix, err = nil, fmt.Errorf("build knowledge index: panic: %v", r)
		}
	}()
	ix, err = k.build()
	if err == nil && ix == nil {
		err = fmt.Errorf("build knowledge index: no index returned")
	}
	if err != nil {
		return nil, fmt.Errorf("build knowledge index: %w", err)
	}
	return ix, nil
}

// Index returns the built index, starting or retrying the build if needed
// and waiting for it until ctx ends.
func (k *KnowledgeIndex) Index(ctx context.Context) (*knowledge.Index, error) {
	for {
		k.mu.Lock()
		if k.state == IndexReady {
			ix := k.ix
			k.mu.Unlock()
			return ix, nil
		}
		ready := k.startLocked()
		k.mu.Unlock()
		if ready == nil {
			return nil, errStopped(k.String())
		}
		select {
		case <-ready:
		case <-ctx.Done():
			return nil, ctxError(ctx, "waiting for the knowledge index")
		case <-k.base.Done():
			return nil, errStopped(k.String())
		}
		k.mu.Lock()
		state, ix, err := k.state, k.ix, k.err
		k.mu.Unlock()
		switch state {
		case IndexReady:
			return ix, nil
		case IndexFailed:
			return nil, &platform.PlatformError{Code: platform.ErrInternal,
				Message:    "knowledge index unavailable: " + err.Error(),
				Suggestion: "Retry the search; the index is rebuilt on the next call.", Err: err}
		}
		// Another build started meanwhile: wait for it.
	}
}

// Status reports the state, document count and build time.
func (k *KnowledgeIndex) Status(context.Context) (ActorStatus, error) {
	st := ActorStatus{Name: k.String(), State: StateIdle}
	k.mu.Lock()
	defer k.mu.Unlock()
	switch {
	case k.stopped:
		st.State = StateStopped
	case k.serving.Load():
		st.State = StateRunning
	}
	st.add("index", k.state)
	st.add("docs", k.docs)
	st.add("build-ms", k.buildDur.Milliseconds())
	st.add("attempts", k.attempts)
	if k.state == IndexFailed && k.err != nil {
		st.Details = append(st.Details, "last error: "+k.err.Error())
	}
	return st, nil
}
