package actors

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// Gateway defaults.
const (
	DefaultRate        = 10.0
	DefaultBurst       = 20
	DefaultMaxInFlight = 8
	DefaultCooldown    = 5 * time.Second  // after a 429 without Retry-After
	MaxCooldown        = 60 * time.Second // cap on any Retry-After
	DefaultRetries     = 2
	DefaultRetryBase   = 250 * time.Millisecond
)

// GatewayConfig sets the gateway's budget. Zero fields take the defaults.
type GatewayConfig struct {
	Rate        float64       // sustained requests per second (token bucket refill)
	Burst       int           // token bucket size
	MaxInFlight int           // calls executing at once
	Cooldown    time.Duration // cooldown after a 429 that carries no Retry-After
	MaxCooldown time.Duration // cap on a 429's Retry-After
	Retries     int           // retries of a failed idempotent read; negative disables
	RetryBase   time.Duration // first backoff; doubles per retry, jittered ±50 %
}

func (c GatewayConfig) withDefaults() GatewayConfig {
	if c.Rate <= 0 {
		c.Rate = DefaultRate
	}
	if c.Burst <= 0 {
		c.Burst = DefaultBurst
	}
	if c.MaxInFlight <= 0 {
		c.MaxInFlight = DefaultMaxInFlight
	}
	if c.Cooldown <= 0 {
		c.Cooldown = DefaultCooldown
	}
	if c.MaxCooldown <= 0 {
		c.MaxCooldown = MaxCooldown
	}
	if c.Retries == 0 {
		c.Retries = DefaultRetries
	} else if c.Retries < 0 {
		c.Retries = 0
	}
	if c.RetryBase <= 0 {
		c.RetryBase = DefaultRetryBase
	}
	return c
}

// ParseRate parses ZCP_API_RATE, "rps:burst" (e.g. "10:20"); a bare "rps"
// keeps the default burst. An empty string yields the defaults.
func ParseRate(s string) (rps float64, burst int, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return DefaultRate, DefaultBurst, nil
	}
	rpsPart, burstPart, hasBurst := strings.Cut(s, ":")
	rps, err = strconv.ParseFloat(strings.TrimSpace(rpsPart), 64)
	if err != nil || !(rps > 0 && rps <= 1e6) { // written so that NaN fails too
		return 0, 0, fmt.Errorf("parse API rate %q: requests per second must be a positive number (format rps:burst, e.g. 10:20)", s)
	}
	burst = DefaultBurst
	if hasBurst {
		burst, err = strconv.Atoi(strings.TrimSpace(burstPart))
		if err != nil || burst <= 0 || burst > 1e6 {
			return 0, 0, fmt.Errorf("parse API rate %q: burst must be a positive integer (format rps:burst, e.g. 10:20)", s)
		}
	}
	return rps, burst, nil
}

// Gateway is the API gateway actor: it implements platform.Client by passing
// every call through one shared token bucket, a cap on calls in flight and a
// shared cooldown after the API answers 429. Idempotent reads
// (platform.ReadOnlyMethods) are retried on 5xx, network errors and timeouts
// with jittered backoff; mutations never are.
//
// Serve runs the gateway's loop, which owns admission: the token bucket, the
// in-flight count, the cooldown, the FIFO queue of waiting callers and the
// counters Status shows. A caller asks the loop for admission, waits for its
// grant, runs its API call in its own goroutine (so the gateway never
// becomes a single-threaded bottleneck) and reports the outcome, which frees
// its slot. Every wait a caller meets selects on its context and on the done
// channel of the loop's run, so no caller waits forever; a caller that gives
// up while queued withdraws, and the loop takes back a grant that raced with
// it.
//
// Calls made before Serve wait for the loop to run; after Serve returns on
// shutdown they fail fast with SERVICE_UNAVAILABLE and calls in flight are
// cancelled. A loop that panics is restarted with fresh state by the next
// Serve (see Serve); a call uses one run of the loop throughout, so nothing
// from a crashed run reaches the next. Safe for concurrent use.
type Gateway struct {
	c   platform.Client
	cfg GatewayConfig

	life *loopLife[gatewayInbox] // the current run (its inbox and done channel), the stop for good, the last snapshot

	stopCtx context.Context // cancelled when the gateway stops for good: cancels calls in flight
	stop    context.CancelFunc

	// testHookQueued, set only by tests before any call, runs when a caller
	// starts waiting for admission: the event tests would otherwise poll for.
	testHookQueued func()
	// testHookPanic, set only by tests before Serve, runs at the top of each
	// loop iteration: a panic there is a crash of the loop.
	testHookPanic func()
}

// gatewayInbox is the inbox of one run of the gateway's loop; unbuffered, so
// a send is received by the loop itself.
type gatewayInbox struct {
	admits    chan *gwWaiter // a caller asks for a slot
	withdraws chan *gwWaiter // a caller whose context ended gives up
	reports   chan gwReport  // a granted call ended: its slot is free
}

// gatewayRun is one run of the gateway's loop.
type gatewayRun = loopRun[gatewayInbox]

func newGatewayInbox() gatewayInbox {
	return gatewayInbox{admits: make(chan *gwWaiter), withdraws: make(chan *gwWaiter), reports: make(chan gwReport)}
}

var _ platform.Client = (*Gateway)(nil)

// NewGateway wraps c with the budget in cfg.
func NewGateway(c platform.Client, cfg GatewayConfig) *Gateway {
	cfg = cfg.withDefaults()
	stopCtx, stop := context.WithCancel(context.Background())
	return &Gateway{
		c:       c,
		cfg:     cfg,
		life:    newLoopLife("api-gateway", newGatewayInbox),
		stopCtx: stopCtx,
		stop:    stop,
	}
}

// String names the actor.
func (g *Gateway) String() string { return "api-gateway" }

// Serve runs the gateway's loop until ctx ends, then stops the gateway for
// good: calls in flight are cancelled and new calls fail with
// SERVICE_UNAVAILABLE. A second Serve meanwhile, or any Serve after, returns
// an error at once.
//
// If the loop panics, the panic goes on out of Serve once its run has ended:
// callers queued in that run get SERVICE_UNAVAILABLE (they are not retried),
// calls in flight run to completion and their reports go nowhere, and the
// next Serve starts a fresh loop (a full bucket, no cooldown, nothing in
// flight) that later calls wait for.
func (g *Gateway) Serve(ctx context.Context) error {
	return g.life.serve(ctx, func(r *gatewayRun) ActorStatus {
		l := newGatewayLoop(g.cfg)
		g.run(ctx, r, l)
		g.stop() // before done closes: a caller that sees done finds the gateway stopped
		return g.snapshot(StateStopped, l.snapshot(time.Now()))
	}, func(_ *gatewayRun, _ error, forGood bool) {
		if forGood {
			g.stop()
		}
	})
}

// run is the loop of run r. It never blocks but on its select: every reply
// goes to a channel with room for it.
func (g *Gateway) run(ctx context.Context, r *gatewayRun, l *gatewayLoop) {
	defer l.wake.Stop()
	for {
		if g.testHookPanic != nil {
			g.testHookPanic()
		}
		select {
		case <-ctx.Done():
			return
		case w := <-r.in.admits:
			l.admit(w, time.Now())
		case w := <-r.in.withdraws:
			l.withdraw(w)
		case rep := <-r.in.reports:
			l.report(rep, time.Now())
		case reply := <-r.status:
			reply <- g.snapshot(StateRunning, l.snapshot(time.Now()))
		case <-l.wake.C:
		}
		l.dispatch(time.Now())
	}
}

// Status reports the budget figures, as the loop sees them. A gateway never
// served answers at once from its config, a stopped one with its last
// figures.
func (g *Gateway) Status(ctx context.Context) (ActorStatus, error) {
	return g.life.ask(ctx, func() ActorStatus {
		return g.snapshot(StateIdle, gatewayFigures{tokens: float64(g.cfg.Burst)})
	})
}

func (g *Gateway) snapshot(state string, f gatewayFigures) ActorStatus {
	st := ActorStatus{Name: g.String(), State: state}
	st.add("rate", fmt.Sprintf("%g/s burst %d", g.cfg.Rate, g.cfg.Burst))
	st.add("tokens", fmt.Sprintf("%.1f", f.tokens))
	st.add("in-flight", fmt.Sprintf("%d/%d", f.inFlight, g.cfg.MaxInFlight))
	st.add("queued", f.queued)
	st.add("calls", f.calls)
	st.add("failed", f.failed)
	st.add("429s", f.rateLimited)
	st.add("cooldown", round(f.cooldown))
	st.add("retries", f.retries)
	return st
}

// call runs fn for the Client method named method under the budget.
func call[T any](g *Gateway, ctx context.Context, method string, fn func(ctx context.Context) (T, error)) (T, error) {
	var zero T
	// The call ends when either the caller's context or the gateway ends.
	callCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer context.AfterFunc(g.stopCtx, cancel)()
	// Checked after AfterFunc is registered: on a gateway already stopped it
	// cancels callCtx only from a goroutine of its own, a moment later.
	if g.stopCtx.Err() != nil {
		return zero, errStopped(g.String())
	}
	if ctx.Err() != nil { // admit's select could still pick the send
		return zero, g.waitError(ctx, method, nil)
	}

	r := g.life.current() // every attempt of the call goes to this run of the loop
	readOnly := platform.ReadOnlyMethods[method]
	for attempt := 0; ; attempt++ {
		if err := g.admit(callCtx, r); err != nil {
			return zero, g.waitError(ctx, method, err)
		}
		v, retry, err := attempt1(g, r, callCtx, fn, readOnly && attempt < g.cfg.Retries)
		if !retry {
			return v, err
		}
		if sleep(callCtx, jitter(g.cfg.RetryBase<<attempt)) != nil {
			return v, err // the caller gave up during backoff: report the last API error
		}
	}
}

// attempt1 makes one admitted call and reports its outcome to the loop,
// which frees the caller's slot. The report is sent however fn ends, a panic
// included: a leaked slot would shrink the cap for good. A 429's cooldown
// travels in the same report, so the loop sets it before the slot can go to
// a waiting caller. retry says whether the caller tries again; mayRetry
// whether it is allowed to (a read with retries left). The report goes to
// run, the run that granted the slot; if it has crashed, nobody takes it.
func attempt1[T any](g *Gateway, run *gatewayRun, ctx context.Context, fn func(ctx context.Context) (T, error), mayRetry bool) (v T, retry bool, err error) {
	r := gwReport{failed: true} // what a panic reports
	defer func() { g.report(run, r) }()
	v, err = fn(ctx)
	r = gwReport{failed: err != nil}
	if platform.ErrorCode(err) == platform.ErrAPIRateLimited {
		r.cooldown = g.cooldownFor(err)
	}
	r.retry = err != nil && mayRetry && retryable(err) && ctx.Err() == nil
	return v, r.retry, err
}

// admit waits until run r's loop grants the caller a slot; the caller then
// holds it until attempt1 reports. It fails when ctx ends, when r ends (the
// gateway stopped or the loop crashed: the run's SERVICE_UNAVAILABLE error),
// or at once when the budget cannot admit the call before ctx's deadline.
func (g *Gateway) admit(ctx context.Context, r *gatewayRun) error {
	w := &gwWaiter{reply: make(chan error, 1)}
	w.deadline, _ = ctx.Deadline()
	select {
	case r.in.admits <- w:
	case <-ctx.Done():
		return ctx.Err()
	case <-r.done:
		return r.ended()
	}
	if g.testHookQueued != nil {
		g.testHookQueued()
	}
	select {
	case err := <-w.reply:
		return err
	case <-ctx.Done():
		g.withdraw(r, w) // gives back a grant sent in the same instant
		return ctx.Err()
	case <-r.done:
		return r.ended()
	}
}

// report tells run r's loop a granted call ended, freeing its slot. Like
// withdraw, it must reach the loop even though the caller's context may have
// ended, so it selects on the run's done channel only; the loop never
// blocks, so the wait is short.
func (g *Gateway) report(r *gatewayRun, rep gwReport) {
	select {
	case r.in.reports <- rep:
	case <-r.done:
	}
}

// withdraw tells run r's loop a queued caller gave up.
func (g *Gateway) withdraw(r *gatewayRun, w *gwWaiter) {
	select {
	case r.in.withdraws <- w:
	case <-r.done:
	}
}

// waitError is the error of a call that admit turned away with err (nil when
// the call never asked).
func (g *Gateway) waitError(ctx context.Context, method string, err error) error {
	switch {
	case ctx.Err() != nil:
		return ctxError(ctx, method+" waiting for the API budget")
	case g.stopCtx.Err() != nil:
		return errStopped(g.String())
	case platform.ErrorCode(err) == platform.ErrServiceUnavailable:
		return err // the run ended under the call: its loop crashed
	}
	// The loop refused: the budget cannot admit the call before the deadline.
	return &platform.PlatformError{Code: platform.ErrAPITimeout,
		Message:    method + ": the API budget cannot admit the call before its deadline",
		Suggestion: "Retry in a few seconds; ZCP is pacing API calls.",
		Err:        context.DeadlineExceeded}
}

func (g *Gateway) cooldownFor(err error) time.Duration {
	var pe *platform.PlatformError
	d := g.cfg.Cooldown
	if errors.As(err, &pe) && pe.RetryAfter > 0 {
		d = pe.RetryAfter
	}
	return min(d, g.cfg.MaxCooldown)
}

// retryable reports whether a read that failed with err may be tried again.
func retryable(err error) bool {
	var pe *platform.PlatformError
	if !errors.As(err, &pe) {
		return false
	}
	switch pe.Code {
	case platform.ErrNetworkError, platform.ErrAPITimeout:
		return true
	case platform.ErrAPIError:
		return pe.HTTPStatus >= 500 && pe.HTTPStatus <= 599
	}
	return false
}

// jitter spreads d over [d/2, 3d/2) so that retrying callers do not align.
func jitter(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	return d/2 + rand.N(d)
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
