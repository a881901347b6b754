package actors

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/platform"
)

// KnowledgeIndex is the knowledge index actor: Serve builds the index once
// Warm or a query asked for it, and hands it out; a failed build is tried
// again by the next query. Safe for concurrent use.
type KnowledgeIndex struct {
	build func() (*knowledge.Index, error)
	life  life
	asked chan struct{} // buffer 1: a build waits for Serve

	mu    sync.Mutex    // guards the fields below
	done  chan struct{} // closed when the build asked for last ended; nil: none asked
	state string        // "cold", "warming", "ready" or "failed"
	ix    *knowledge.Index
	err   error // of the last build
	docs  int
	tries int
	took  time.Duration
}

// NewKnowledgeIndex returns a cold index that build will fill.
func NewKnowledgeIndex(build func() (*knowledge.Index, error)) *KnowledgeIndex {
	k := &KnowledgeIndex{build: build, asked: make(chan struct{}, 1), state: "cold"}
	k.life.init("knowledge-index")
	return k
}

func (k *KnowledgeIndex) String() string { return "knowledge-index" }

// Serve runs the builds asked for until ctx ends; waiting queries then get
// SERVICE_UNAVAILABLE at once, and Serve returns once its build ended.
func (k *KnowledgeIndex) Serve(ctx context.Context) error {
	if err := k.life.begin(); err != nil {
		return err
	}
	defer k.life.end()
	defer context.AfterFunc(ctx, k.Shutdown)()
	for {
		select {
		case <-k.asked:
			k.run()
		case <-k.life.ctx.Done():
			return ctx.Err()
		}
	}
}

// Shutdown stops the index for good.
func (k *KnowledgeIndex) Shutdown() { k.life.stop() }

// Warm asks for the build without waiting for it.
func (k *KnowledgeIndex) Warm() { k.ask() }

// ask returns the channel closed when the index is built or its build
// failed, asking for a build if none was or the last one failed.
func (k *KnowledgeIndex) ask() <-chan struct{} {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.done == nil || k.state == "failed" {
		k.done = make(chan struct{})
		k.asked <- struct{}{} // never blocks: a build is asked for only once the last one ended
	}
	return k.done
}

// run builds the index asked for, turning a panic or a nil index into an
// error.
func (k *KnowledgeIndex) run() {
	k.mu.Lock()
	k.state, k.tries = "warming", k.tries+1
	done := k.done
	k.mu.Unlock()
	var ix *knowledge.Index
	var err error
	defer func(start time.Time) {
		if r := recover(); r != nil {
			ix, err = nil, fmt.Errorf("panic: %v", r)
		}
		k.mu.Lock()
		defer k.mu.Unlock()
		k.ix, k.err, k.took, k.state = ix, err, time.Since(start), "failed"
		if err == nil {
			k.state, k.docs = "ready", len(ix.List())
		}
		close(done)
	}(time.Now())
	if ix, err = k.build(); err == nil && ix == nil {
		err = errors.New("no index returned")
	}
}

// Index returns the built index, asking for a build if needed and waiting
// for it (before Serve, for Serve too) until ctx ends.
func (k *KnowledgeIndex) Index(ctx context.Context) (*knowledge.Index, error) {
	if k.life.stopped() {
		return nil, errStopped(k.String())
	}
	select {
	case <-k.ask():
	case <-ctx.Done():
		return nil, ctxError(ctx, "waiting for the knowledge index")
	case <-k.life.ctx.Done():
		return nil, errStopped(k.String())
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.err != nil {
		return nil, &platform.PlatformError{Code: platform.ErrInternal, Err: k.err,
			Message:    "knowledge index unavailable: build: " + k.err.Error(),
			Suggestion: "Retry the search; the index is rebuilt on the next call."}
	}
	return k.ix, nil
}

// Status reports the index's state, document count, build time and builds.
func (k *KnowledgeIndex) Status(context.Context) (ActorStatus, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	st := ActorStatus{Name: k.String(), State: k.life.state()}
	st.add("index", k.state)
	st.add("docs", k.docs)
	st.add("build-ms", k.took.Milliseconds())
	st.add("attempts", k.tries)
	if k.err != nil {
		st.Details = append(st.Details, "last error: "+k.err.Error())
	}
	return st, nil
}
