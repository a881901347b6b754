package actors

import (
	"errors"
	"maps"
	"math"
	"slices"
	"time"

	"golang.org/x/time/rate"
)

// The gateway's loop: it owns admission (token bucket, in-flight slots,
// shared cooldown, the FIFO queues of waiting callers and polls), the short
// cache of reads and its generation, and the counters shown in Status. The
// API calls themselves never run here; callers run them in their own
// goroutines between a grant and their done report.

// errBudgetLate is the loop's refusal of a caller whose deadline falls before
// the earliest moment the token bucket could admit it.
var errBudgetLate = errors.New("api-gateway: the budget cannot admit the call before its deadline")

// cooldownRefusal is the loop's refusal of a caller whose deadline falls
// before the shared cooldown ends: it fails fast instead of waiting in vain.
type cooldownRefusal struct{ left time.Duration }

func (e *cooldownRefusal) Error() string {
	return "api-gateway: the API's rate-limit cooldown outlasts the call's deadline"
}

// gwWaiterState is where a caller stands with the loop. Only the loop reads or
// writes it.
type gwWaiterState int

const (
	gwQueued  gwWaiterState = iota // in a FIFO queue
	gwGranted                      // holds a slot until its done report
	gwRefused                      // answered with a refusal
)

// gwWaiter is one caller's request for admission. The caller owns deadline,
// poll and reads reply; the loop owns state.
type gwWaiter struct {
	deadline time.Time  // the caller's deadline; zero when it has none
	poll     bool       // a watcher poll: served from the polls' reserved share
	reply    chan error // buffer 1: nil grants a slot, otherwise the refusal
	state    gwWaiterState
}

// gwReport ends a granted call and frees its slot.
type gwReport struct {
	failed   bool          // the attempt failed (a panic included)
	cooldown time.Duration // > 0 after a 429: the shared cooldown it sets
	retry    bool          // the caller will try again after its backoff
	mutation bool          // the call changed the platform: cached reads are dropped
	scope    changeScope   // what a mutation can have changed
}

// changeScope says what a change to the platform can have changed.
type changeScope int

const (
	// changedAnything drops every cached read and starts both generations.
	changedAnything changeScope = iota
	// changedLifecycle is a service started, stopped or restarted (the
	// call or the end of its process): service and process reads change,
	// the project and env variables do not, so their reads stay shared.
	changedLifecycle
)

// gwLookup asks the loop for a cached answer to key and for the current
// generation, which names the reads a new read may share.
type gwLookup struct {
	key    string
	stable bool               // a read a lifecycle change leaves valid (readOp.stable)
	reply  chan gwLookupReply // buffer 1
}

type gwLookupReply struct {
	gen uint64
	v   any
	hit bool
}

// gwStore offers the loop an answer to cache, read in generation gen; it is
// kept only if nothing changed the platform since.
type gwStore struct {
	key    string
	stable bool
	gen    uint64
	v      any
}

type gwCached struct {
	v      any
	stable bool
	until  time.Time
}

// gatewayFigures are the numbers of a status snapshot.
type gatewayFigures struct {
	tokens                              float64
	inFlight, queued, pollsQueued       int
	calls, failed, rateLimited, retries int64
	cacheHits                           int64
	cooldown                            time.Duration
}

// gatewayLoop is the state Serve's loop owns. Nothing else touches it.
type gatewayLoop struct {
	cfg           GatewayConfig
	limiter       *rate.Limiter // every call, polls included
	pollLimiter   *rate.Limiter // the polls' reserved share: polls go first while it has tokens
	queue         []*gwWaiter   // tool calls, FIFO; the head is granted first
	polls         []*gwWaiter   // watcher polls, FIFO
	inFlight      int
	cooldownUntil time.Time
	gen           uint64 // bumped by every change to the platform; names shareable reads
	stableGen     uint64 // the generation of stable reads: bumped by every change but a lifecycle one
	cache         map[string]gwCached
	figures       gatewayFigures // counters; the gauges are filled in by snapshot
	wake          *time.Timer    // armed for the next token or the cooldown's end
}

func newGatewayLoop(cfg GatewayConfig) *gatewayLoop {
	wake := time.NewTimer(time.Hour)
	wake.Stop() // armed only while a waiter needs a token or the cooldown's end
	pollRate := cfg.Rate * cfg.PollShare
	return &gatewayLoop{
		cfg:         cfg,
		limiter:     rate.NewLimiter(rate.Limit(cfg.Rate), cfg.Burst),
		pollLimiter: rate.NewLimiter(rate.Limit(pollRate), max(1, int(float64(cfg.Burst)*cfg.PollShare))),
		cache:       map[string]gwCached{},
		wake:        wake,
	}
}

// admit queues w, or refuses it at once when even the earliest grant the
// bucket and the cooldown allow would come after its deadline: waiting for
// a call that cannot start in time would only waste the caller's time.
func (l *gatewayLoop) admit(w *gwWaiter, now time.Time) {
	q := &l.queue
	if w.poll {
		q = &l.polls
	}
	if l.refuse(w, now, len(*q)+1) {
		return
	}
	w.state = gwQueued
	*q = append(*q, w)
}

// refuse answers w with a refusal when it cannot be granted before its
// deadline as the n-th in line, and reports whether it did.
func (l *gatewayLoop) refuse(w *gwWaiter, now time.Time, n int) bool {
	if w.deadline.IsZero() {
		return false
	}
	var err error
	switch {
	case l.cooldownUntil.After(w.deadline):
		err = &cooldownRefusal{left: l.cooldownUntil.Sub(now)}
	case l.earliestGrant(now, n).After(w.deadline):
		err = errBudgetLate
	default:
		return false
	}
	w.state = gwRefused
	w.reply <- err
	return true
}

// earliestGrant is when the n-th waiter in line could get its token: after
// the cooldown, once the bucket holds n tokens. It ignores the in-flight cap,
// whose slots free at times nobody knows, so it never refuses too early.
func (l *gatewayLoop) earliestGrant(now time.Time, n int) time.Time {
	from := now
	if l.cooldownUntil.After(from) {
		from = l.cooldownUntil
	}
	return tokensAt(l.limiter, from, float64(n))
}

// tokensAt is the first moment at or after from when lim holds n tokens,
// provided nobody takes one meanwhile.
func tokensAt(lim *rate.Limiter, from time.Time, n float64) time.Time {
	missing := n - lim.TokensAt(from)
	if missing <= 0 {
		return from
	}
	// Rounded up, so that a timer armed for it finds the token there.
	return from.Add(time.Duration(math.Ceil(missing / float64(lim.Limit()) * float64(time.Second))))
}

// withdraw handles a caller whose context ended while it waited. A grant
// already on its way (sent in the same instant) is given back.
func (l *gatewayLoop) withdraw(w *gwWaiter) {
	switch w.state {
	case gwQueued:
		q := &l.queue
		if w.poll {
			q = &l.polls
		}
		if i := slices.Index(*q, w); i >= 0 {
			*q = slices.Delete(*q, i, i+1)
		}
	case gwGranted:
		l.inFlight--
		l.figures.calls-- // the grant was never used; its token stays spent
	case gwRefused:
	}
}

// report ends a granted call. A 429's cooldown is set in the same step that
// frees the slot, so the next grant already finds it; queued callers whose
// deadline falls before its end are refused at once. A mutation's end drops
// the cached reads and starts a new generation: a read made after it shares
// nothing with reads made before. (A read made while the mutation ran may
// see the platform before or after it, as the two overlapped.)
func (l *gatewayLoop) report(r gwReport, now time.Time) {
	if r.cooldown > 0 {
		l.figures.rateLimited++
		if until := now.Add(r.cooldown); until.After(l.cooldownUntil) {
			l.cooldownUntil = until // extended, never shortened
			l.refuseLate(now)
		}
	}
	if r.failed {
		l.figures.failed++
	}
	if r.retry {
		l.figures.retries++
	}
	if r.mutation {
		l.changed(r.scope)
	}
	l.inFlight--
}

// refuseLate refuses every queued caller whose deadline falls before the
// cooldown's end.
func (l *gatewayLoop) refuseLate(now time.Time) {
	for _, q := range []*[]*gwWaiter{&l.queue, &l.polls} {
		*q = slices.DeleteFunc(*q, func(w *gwWaiter) bool {
			if w.deadline.IsZero() || !l.cooldownUntil.After(w.deadline) {
				return false
			}
			w.state = gwRefused
			w.reply <- &cooldownRefusal{left: l.cooldownUntil.Sub(now)}
			return true
		})
	}
}

// changed records a change to the platform: the cached reads it can have
// changed are dropped, and those reads made from now on share nothing with
// reads made before. A lifecycle change keeps the stable reads.
func (l *gatewayLoop) changed(scope changeScope) {
	l.gen++
	if scope == changedLifecycle {
		maps.DeleteFunc(l.cache, func(_ string, c gwCached) bool { return !c.stable })
		return
	}
	l.stableGen++
	clear(l.cache)
}

// genOf is the current generation of a stable or other read.
func (l *gatewayLoop) genOf(stable bool) uint64 {
	if stable {
		return l.stableGen
	}
	return l.gen
}

// lookup answers a read with the current generation and its cached answer,
// if one is fresh.
func (l *gatewayLoop) lookup(q gwLookup, now time.Time) {
	rep := gwLookupReply{gen: l.genOf(q.stable)}
	if c, ok := l.cache[q.key]; ok {
		if now.Before(c.until) {
			rep.v, rep.hit = c.v, true
			l.figures.cacheHits++
		} else {
			delete(l.cache, q.key)
		}
	}
	q.reply <- rep
}

// store keeps an answer read in the current generation for CacheTTL.
func (l *gatewayLoop) store(s gwStore, now time.Time) {
	if s.gen == l.genOf(s.stable) {
		l.cache[s.key] = gwCached{v: s.v, stable: s.stable, until: now.Add(l.cfg.CacheTTL)}
	}
}

// dispatch grants slots while no cooldown runs, a token is there and a slot
// is free: first to polls while their reserved share has tokens, then to
// tool calls, which leave the last slot to polls. When a token or the
// cooldown's end is what is missing, it arms the wake timer for it; a
// missing slot needs no timer, as the done report that frees one runs
// dispatch again.
func (l *gatewayLoop) dispatch(now time.Time) {
	for len(l.queue)+len(l.polls) > 0 {
		if now.Before(l.cooldownUntil) {
			l.wake.Reset(l.cooldownUntil.Sub(now))
			return
		}
		// Polls go first within their share, and beyond it when no call waits.
		poll := len(l.polls) > 0 && (l.pollLimiter.TokensAt(now) >= 1 || len(l.queue) == 0)
		if !poll && (len(l.queue) == 0 || l.inFlight >= l.cfg.MaxInFlight-l.reservedSlots()) {
			if len(l.polls) > 0 { // polls wait for their share, calls for a slot
				l.wake.Reset(max(tokensAt(l.pollLimiter, now, 1).Sub(now), time.Microsecond))
			}
			return
		}
		if l.inFlight >= l.cfg.MaxInFlight {
			return
		}
		if !l.limiter.AllowN(now, 1) {
			l.wake.Reset(max(tokensAt(l.limiter, now, 1).Sub(now), time.Microsecond))
			return
		}
		q := &l.queue
		if poll {
			l.pollLimiter.AllowN(now, 1)
			q = &l.polls
		}
		w := (*q)[0]
		(*q)[0] = nil
		*q = (*q)[1:]
		w.state = gwGranted
		l.inFlight++
		l.figures.calls++
		w.reply <- nil // buffer 1 and one answer per waiter: never blocks
	}
}

// reservedSlots is how many in-flight slots tool calls leave free for polls.
func (l *gatewayLoop) reservedSlots() int {
	if l.cfg.MaxInFlight > 1 {
		return 1
	}
	return 0
}

// snapshot is the loop's figures at now.
func (l *gatewayLoop) snapshot(now time.Time) gatewayFigures {
	f := l.figures
	f.tokens = l.limiter.TokensAt(now)
	f.inFlight = l.inFlight
	f.queued = len(l.queue)
	f.pollsQueued = len(l.polls)
	f.cooldown = max(l.cooldownUntil.Sub(now), 0)
	return f
}
