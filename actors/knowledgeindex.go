package actors

import (
	"context"
	"fmt"
	"sync"
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

// KnowledgeIndex is the knowledge index actor: once Serve runs it builds the
// index in the background (on Warm, or for the first query, which waits) and
// hands it out; a failed build is tried again by the next query.
type KnowledgeIndex struct {
	build  func() (*knowledge.Index, error)
	life   life
	served chan struct{} // closed by the first Serve: nothing builds before
	once   sync.Once
	builds sync.WaitGroup

	mu      sync.Mutex // guards the fields below
	wish    bool       // Warm was called
	state   string
	ix      *knowledge.Index
	err     error
	docs    int
	took    time.Duration
	tries   int
	settled chan struct{} // closed when the last build started ends
}

// NewKnowledgeIndex returns a cold index that build will fill.
func NewKnowledgeIndex(build func() (*knowledge.Index, error)) *KnowledgeIndex {
	k := &KnowledgeIndex{build: build, state: IndexCold, served: make(chan struct{})}
	k.life.init("knowledge-index")
	return k
}

func (k *KnowledgeIndex) String() string { return "knowledge-index" }

// Serve starts the build Warm asked for and runs until ctx ends; then
// waiting queries get SERVICE_UNAVAILABLE and Serve waits for the build.
func (k *KnowledgeIndex) Serve(ctx context.Context) error {
	if err := k.life.begin(); err != nil {
		return err
	}
	defer k.life.end()
	k.once.Do(func() { close(k.served) })
	k.start(false)
	<-ctx.Done()
	k.Shutdown()
	k.builds.Wait()
	return ctx.Err()
}

// Shutdown stops the index for good.
func (k *KnowledgeIndex) Shutdown() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.life.stop()
}

// Warm starts the build in the background, once Serve runs.
func (k *KnowledgeIndex) Warm() { k.start(true) }

// start builds the index unless it is built or building, or before Serve
// (where a wish waits for it), and returns the channel closed when the
// build ends.
func (k *KnowledgeIndex) start(wish bool) <-chan struct{} {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.wish = k.wish || wish
	select {
	case <-k.served:
	default:
		return nil
	}
	if !k.wish || k.life.stopped() || k.state == IndexWarming || k.state == IndexReady {
		return k.settled
	}
	k.state, k.settled = IndexWarming, make(chan struct{})
	k.tries++
	k.builds.Add(1)
	go func(settled chan struct{}) {
		defer k.builds.Done()
		defer close(settled)
		start := time.Now()
		ix, err := k.safeBuild()
		k.mu.Lock()
		defer k.mu.Unlock()
		k.took, k.state, k.err = time.Since(start), IndexFailed, err
		if err == nil {
			k.state, k.ix, k.docs = IndexReady, ix, len(ix.List())
		}
	}(k.settled)
	return k.settled
}

// safeBuild builds the index, turning a panic or a nil index into an error.
func (k *KnowledgeIndex) safeBuild() (ix *knowledge.Index, err error) {
	defer func() {
		if r := recover(); r != nil {
			ix, err = nil, fmt.Errorf("build knowledge index: panic: %v", r)
		}
	}()
	if ix, err = k.build(); err == nil && ix == nil {
		err = fmt.Errorf("no index returned")
	}
	if err != nil {
		return nil, fmt.Errorf("build knowledge index: %w", err)
	}
	return ix, nil
}

// Index returns the built index, building it if needed and waiting for it
// (and, before Serve, for Serve) until ctx ends.
func (k *KnowledgeIndex) Index(ctx context.Context) (*knowledge.Index, error) {
	for _, wait := range []func() <-chan struct{}{
		func() <-chan struct{} { return k.served },
		func() <-chan struct{} { return k.start(true) },
	} {
		select {
		case <-k.life.done:
			return nil, errStopped(k.String())
		default:
		}
		select {
		case <-wait():
		case <-ctx.Done():
			return nil, ctxError(ctx, "waiting for the knowledge index")
		case <-k.life.done:
			return nil, errStopped(k.String())
		}
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.state != IndexReady {
		return nil, &platform.PlatformError{Code: platform.ErrInternal, Err: k.err,
			Message:    fmt.Sprintf("knowledge index unavailable: %v", k.err),
			Suggestion: "Retry the search; the index is rebuilt on the next call."}
	}
	return k.ix, nil
}

// Status reports the state, document count and build time.
func (k *KnowledgeIndex) Status(context.Context) (ActorStatus, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	st := ActorStatus{Name: k.String(), State: k.life.state()}
	st.add("index", k.state)
	st.add("docs", k.docs)
	st.add("build-ms", k.took.Milliseconds())
	st.add("attempts", k.tries)
	if k.state == IndexFailed {
		st.Details = append(st.Details, "last error: "+k.err.Error())
	}
	return st, nil
}
