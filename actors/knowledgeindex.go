package actors

import (
	"context"
	"fmt"
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
// failure is never cached for ever).
//
// Its loop (Serve) owns the state (cold, warming, ready, failed), the built
// index, the build figures and the queries waiting for a build; the build
// runs in a goroutine the loop starts and reports back to it. Warm, Index and
// Status reach the loop by message, so it is safe for concurrent use. A loop
// that panics is restarted by the next Serve cold: the crashed run's waiting
// queries get SERVICE_UNAVAILABLE, its build (if one runs) reports to nobody,
// and the new run builds again on demand.
type KnowledgeIndex struct {
	build func() (*knowledge.Index, error)
	life  *loopLife[indexInbox]

	// testHookPanic, set only by tests before Serve, runs at the top of each
	// loop iteration: a panic there is a crash of the loop.
	testHookPanic func()
}

// indexInbox is the inbox of one run of the index's loop.
type indexInbox struct {
	wait      chan chan indexAnswer // Index → loop: answer once the index is built
	warm      chan struct{}         // Warm → a running loop; taken means seen
	warmEarly chan struct{}         // buffer 1: Warm before Serve leaves its wish here for the loop's start
	built     chan indexBuild       // the run's build goroutine → loop
}

// indexRun is one run of the index's loop.
type indexRun = loopRun[indexInbox]

func newIndexInbox() indexInbox {
	return indexInbox{wait: make(chan chan indexAnswer), warm: make(chan struct{}),
		warmEarly: make(chan struct{}, 1), built: make(chan indexBuild)}
}

// indexAnswer is the loop's answer to a query: the index or why there is none.
type indexAnswer struct {
	ix  *knowledge.Index
	err error
}

// indexBuild is what a build goroutine reports.
type indexBuild struct {
	ix   *knowledge.Index
	docs int // counted by the build goroutine: List copies every document
	err  error
	took time.Duration
}

// NewKnowledgeIndex returns a cold index that build will fill.
func NewKnowledgeIndex(build func() (*knowledge.Index, error)) *KnowledgeIndex {
	k := &KnowledgeIndex{build: build}
	k.life = newLoopLife(k.String(), newIndexInbox)
	return k
}

// String names the actor.
func (k *KnowledgeIndex) String() string { return "knowledge-index" }

// Serve runs the index's loop until ctx ends, then answers waiting queries
// with SERVICE_UNAVAILABLE and waits for a build in progress. If the loop
// panics, the run ends at once (its queries get SERVICE_UNAVAILABLE, a build
// in progress reports to nobody) and the panic goes on out of Serve; the next
// Serve starts cold.
func (k *KnowledgeIndex) Serve(ctx context.Context) error {
	return k.life.serve(ctx, func(r *indexRun) ActorStatus {
		s := &indexState{state: IndexCold}
		k.loop(ctx, r, s)
		return s.snapshot(k.String(), StateStopped)
	}, func(*indexRun, error, bool) {}) // the run's end releases its queries and its build
}

// loop serves run r's requests until ctx has ended and no build is in
// progress. It never builds: the build runs in its own goroutine, which the
// loop awaits before returning so that none outlives Serve.
func (k *KnowledgeIndex) loop(ctx context.Context, r *indexRun, s *indexState) {
	select {
	case <-r.in.warmEarly: // Warm called before Serve
		k.start(r, s)
	default:
	}
	stop := ctx.Done()
	for s.stopped == nil || s.state == IndexWarming {
		if k.testHookPanic != nil {
			k.testHookPanic()
		}
		select {
		case <-stop:
			stop = nil // from now on: drain
			s.stop(errStopped(k.String()))
		case <-r.in.warm:
			k.start(r, s)
		case reply := <-r.in.wait:
			k.answerOrQueue(r, s, reply)
		case b := <-r.in.built:
			s.finish(b)
		case reply := <-r.status:
			reply <- s.snapshot(k.String(), s.actorState())
		}
	}
}

// start launches a build for run r when the index is cold or failed.
func (k *KnowledgeIndex) start(r *indexRun, s *indexState) {
	if s.stopped != nil || (s.state != IndexCold && s.state != IndexFailed) {
		return
	}
	s.state = IndexWarming
	s.attempts++
	go k.runBuild(r)
}

// answerOrQueue answers a query at once when the index is built (or the
// actor stopping) and otherwise queues it, starting a build if none runs.
func (k *KnowledgeIndex) answerOrQueue(r *indexRun, s *indexState, reply chan indexAnswer) {
	switch {
	case s.stopped != nil:
		reply <- indexAnswer{err: s.stopped}
	case s.state == IndexReady:
		reply <- indexAnswer{ix: s.ix}
	default:
		k.start(r, s)
		s.waiters = append(s.waiters, reply)
	}
}

// runBuild builds the index and reports to run r's loop, which keeps running
// until it has the report unless it crashed.
func (k *KnowledgeIndex) runBuild(r *indexRun) {
	start := time.Now()
	b := indexBuild{}
	b.ix, b.docs, b.err = k.safeBuild()
	b.took = time.Since(start)
	select {
	case r.in.built <- b:
	case <-r.done: // only if the loop crashed: nobody to report to
	}
}

// safeBuild builds the index and counts its documents, turning a panic or a
// nil index into an error: the build runs outside the supervisor's
// recovery, where a panic would end the process.
func (k *KnowledgeIndex) safeBuild() (ix *knowledge.Index, docs int, err error) {
	defer func() {
		if r := recover(); r != nil {
			ix, docs, err = nil, 0, fmt.Errorf("build knowledge index: panic: %v", r)
		}
	}()
	ix, err = k.build()
	if err == nil && ix == nil {
		err = fmt.Errorf("build knowledge index: no index returned")
	}
	if err != nil {
		return nil, 0, fmt.Errorf("build knowledge index: %w", err)
	}
	return ix, len(ix.List()), nil
}

// Warm starts the build in the background unless it is running or done.
// It has no context to give up with, so it never waits for a loop that is
// not running: before Serve (or between a crash and the restart) it leaves a
// wish the next loop takes first thing when it starts, and after a stop it
// does nothing. A wish handed to a run that crashes at that moment is lost;
// the next query builds on demand.
func (k *KnowledgeIndex) Warm() {
	r := k.life.current()
	if !r.serving.Load() {
		select {
		case r.in.warmEarly <- struct{}{}:
		default: // a wish is already waiting
		}
		// Serve may have started meanwhile and its loop looked for the wish
		// before it was left: then hand it over as below. A wish seen twice
		// starts one build.
		if !r.serving.Load() {
			return
		}
	}
	select {
	case r.in.warm <- struct{}{}:
	case <-r.done:
	}
}

// Index returns the built index, starting or retrying the build if needed
// and waiting for it until ctx ends. Called before Serve, it waits for the
// actor to start (or ctx to end), and so does one made after a crash of the
// loop, for its restart. A caller that gives up leaves the loop's answer in
// its reply channel's buffer; nothing is held for it.
func (k *KnowledgeIndex) Index(ctx context.Context) (*knowledge.Index, error) {
	r := k.life.current()
	reply := make(chan indexAnswer, 1)
	select {
	case r.in.wait <- reply:
	case <-ctx.Done():
		return nil, ctxError(ctx, "waiting for the knowledge index")
	case <-r.done:
		return nil, r.ended()
	}
	select {
	case a := <-reply:
		return a.ix, a.err
	case <-ctx.Done():
		return nil, ctxError(ctx, "waiting for the knowledge index")
	case <-r.done:
		return nil, r.ended()
	}
}

// Status reports the state, document count and build time; an index never
// served answers at once (cold).
func (k *KnowledgeIndex) Status(ctx context.Context) (ActorStatus, error) {
	return k.life.ask(ctx, k.idleStatus)
}

// idleStatus is the status of an index with no loop running.
func (k *KnowledgeIndex) idleStatus() ActorStatus {
	return (&indexState{state: IndexCold}).snapshot(k.String(), StateIdle)
}

// indexState is the state the index's loop owns; only the loop touches it.
type indexState struct {
	state    string
	ix       *knowledge.Index // set once ready; immutable, searched by callers
	err      error            // the last build's failure
	docs     int
	took     time.Duration // the last build's time
	attempts int
	waiters  []chan indexAnswer // queries waiting for the build in progress
	stopped  error              // set when the actor starts stopping: the answer to every query from then on
}

func (s *indexState) actorState() string {
	if s.stopped != nil {
		return StateStopped
	}
	return StateRunning
}

// finish records a build's outcome and answers every waiting query with it.
func (s *indexState) finish(b indexBuild) {
	s.took = b.took
	answer := indexAnswer{ix: b.ix}
	if b.err != nil {
		s.state, s.err = IndexFailed, b.err
		answer = indexAnswer{err: &platform.PlatformError{Code: platform.ErrInternal,
			Message:    "knowledge index unavailable: " + b.err.Error(),
			Suggestion: "Retry the search; the index is rebuilt on the next call.", Err: b.err}}
	} else {
		s.state, s.ix, s.err = IndexReady, b.ix, nil
		s.docs = b.docs
	}
	s.answerAll(answer)
}

// stop answers every waiting query with err; a build in progress still
// reports back before the loop ends.
func (s *indexState) stop(err error) {
	s.stopped = err
	s.answerAll(indexAnswer{err: err})
}

// answerAll answers the waiting queries; each reply channel has room for
// exactly this one answer, so none blocks the loop.
func (s *indexState) answerAll(a indexAnswer) {
	for _, reply := range s.waiters {
		reply <- a
	}
	s.waiters = nil
}

// snapshot describes the index for the status dump.
func (s *indexState) snapshot(name, state string) ActorStatus {
	st := ActorStatus{Name: name, State: state}
	st.add("index", s.state)
	st.add("docs", s.docs)
	st.add("build-ms", s.took.Milliseconds())
	st.add("attempts", s.attempts)
	if s.state == IndexFailed && s.err != nil {
		st.Details = append(st.Details, "last error: "+s.err.Error())
	}
	return st
}
