package actors

import (
	"errors"
	"math"
	"slices"
	"time"

	"golang.org/x/time/rate"
)

// The gateway's loop: it owns admission (token bucket, in-flight slots,
// shared cooldown, the FIFO queue of waiting callers) and the counters shown
// in Status. The API calls themselves never run here; callers run them in
// their own goroutines between a grant and their done report.

// errBudgetLate is the loop's refusal of a caller whose deadline falls before
// the earliest moment the budget could admit it.
var errBudgetLate = errors.New("api-gateway: the budget cannot admit the call before its deadline")

// gwWaiterState is where a caller stands with the loop. Only the loop reads or
// writes it.
type gwWaiterState int

const (
	gwQueued  gwWaiterState = iota // in the FIFO queue
	gwGranted                      // holds a slot until its done report
	gwRefused                      // answered with errBudgetLate
)

// gwWaiter is one caller's request for admission. The caller owns deadline and
// reads reply; the loop owns state.
type gwWaiter struct {
	deadline time.Time  // the caller's deadline; zero when it has none
	reply    chan error // buffer 1: nil grants a slot, errBudgetLate refuses
	state    gwWaiterState
}

// gwReport ends a granted call and frees its slot.
type gwReport struct {
	failed   bool          // the attempt failed (a panic included)
	cooldown time.Duration // > 0 after a 429: the shared cooldown it sets
	retry    bool          // the caller will try again after its backoff
}

// gatewayFigures are the numbers of a status snapshot.
type gatewayFigures struct {
	tokens                              float64
	inFlight, queued                    int
	calls, failed, rateLimited, retries int64
	cooldown                            time.Duration
}

// gatewayLoop is the state Serve's loop owns. Nothing else touches it.
type gatewayLoop struct {
	cfg           GatewayConfig
	limiter       *rate.Limiter
	queue         []*gwWaiter // FIFO; the head is granted first
	inFlight      int
	cooldownUntil time.Time
	figures       gatewayFigures // counters; the gauges are filled in by snapshot
	wake          *time.Timer    // armed for the next token or the cooldown's end
}

func newGatewayLoop(cfg GatewayConfig) *gatewayLoop {
	wake := time.NewTimer(time.Hour)
	wake.Stop() // armed only while a waiter needs a token or the cooldown's end
	return &gatewayLoop{
		cfg:     cfg,
		limiter: rate.NewLimiter(rate.Limit(cfg.Rate), cfg.Burst),
		wake:    wake,
	}
}

// admit queues w, or refuses it at once when even the earliest grant the
// bucket and the cooldown allow would come after its deadline: waiting for
// a call that cannot start in time would only waste the caller's time.
func (l *gatewayLoop) admit(w *gwWaiter, now time.Time) {
	if !w.deadline.IsZero() && l.earliestGrant(now, len(l.queue)+1).After(w.deadline) {
		w.state = gwRefused
		w.reply <- errBudgetLate
		return
	}
	w.state = gwQueued
	l.queue = append(l.queue, w)
}

// earliestGrant is when the n-th waiter in line could get its token: after
// the cooldown, once the bucket holds n tokens. It ignores the in-flight cap,
// whose slots free at times nobody knows, so it never refuses too early.
func (l *gatewayLoop) earliestGrant(now time.Time, n int) time.Time {
	from := now
	if l.cooldownUntil.After(from) {
		from = l.cooldownUntil
	}
	return l.tokensAt(from, float64(n))
}

// tokensAt is the first moment at or after from when the bucket holds n
// tokens, provided nobody takes one meanwhile.
func (l *gatewayLoop) tokensAt(from time.Time, n float64) time.Time {
	missing := n - l.limiter.TokensAt(from)
	if missing <= 0 {
		return from
	}
	// Rounded up, so that a timer armed for it finds the token there.
	return from.Add(time.Duration(math.Ceil(missing / l.cfg.Rate * float64(time.Second))))
}

// withdraw handles a caller whose context ended while it waited. A grant
// already on its way (sent in the same instant) is given back.
func (l *gatewayLoop) withdraw(w *gwWaiter) {
	switch w.state {
	case gwQueued:
		if i := slices.Index(l.queue, w); i >= 0 {
			l.queue = slices.Delete(l.queue, i, i+1)
		}
	case gwGranted:
		l.inFlight--
		l.figures.calls-- // the grant was never used; its token stays spent
	case gwRefused:
	}
}

// report ends a granted call. A 429's cooldown is set in the same step that
// frees the slot, so the next grant already finds it.
func (l *gatewayLoop) report(r gwReport, now time.Time) {
	if r.cooldown > 0 {
		l.figures.rateLimited++
		if until := now.Add(r.cooldown); until.After(l.cooldownUntil) {
			l.cooldownUntil = until // extended, never shortened
		}
	}
	if r.failed {
		l.figures.failed++
	}
	if r.retry {
		l.figures.retries++
	}
	l.inFlight--
}

// dispatch grants slots to the head of the queue while no cooldown runs, a
// token is there and a slot is free. When a token or the cooldown's end is
// what is missing, it arms the wake timer for it; a missing slot needs no
// timer, as the done report that frees one runs dispatch again.
func (l *gatewayLoop) dispatch(now time.Time) {
	for len(l.queue) > 0 {
		if now.Before(l.cooldownUntil) {
			l.wake.Reset(l.cooldownUntil.Sub(now))
			return
		}
		if l.inFlight >= l.cfg.MaxInFlight {
			return
		}
		if !l.limiter.AllowN(now, 1) {
			l.wake.Reset(max(l.tokensAt(now, 1).Sub(now), time.Microsecond))
			return
		}
		w := l.queue[0]
		l.queue[0] = nil
		l.queue = l.queue[1:]
		w.state = gwGranted
		l.inFlight++
		l.figures.calls++
		w.reply <- nil // buffer 1 and one answer per waiter: never blocks
	}
}

// snapshot is the loop's figures at now.
func (l *gatewayLoop) snapshot(now time.Time) gatewayFigures {
	f := l.figures
	f.tokens = l.limiter.TokensAt(now)
	f.inFlight = l.inFlight
	f.queued = len(l.queue)
	f.cooldown = max(l.cooldownUntil.Sub(now), 0)
	return f
}
