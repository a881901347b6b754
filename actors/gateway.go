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
// its slot. Every wait a caller meets selects on its context and on the
// gateway's done channel, so no caller waits forever; a caller that gives up
// while queued withdraws, and the loop takes back a grant that raced with it.
//
// Calls made before Serve wait for the loop to run; after Serve returns they
// fail fast with SERVICE_UNAVAILABLE and calls in flight are cancelled.
// Safe for concurrent use.
type Gateway struct {
	c   platform.Client
	cfg GatewayConfig

	// The loop's inbox; unbuffered, so a send is received by the loop itself.
	admits    chan *gwWaiter // a caller asks for a slot
	withdraws chan *gwWaiter // a caller whose context ended gives up
	reports   chan gwReport  // a granted call ended: its slot is free

	life *loopLife // Serve's phase, the done channel, status requests, the last snapshot

	stopCtx context.Context // cancelled when Serve ends: cancels calls in flight
	stop    context.CancelFunc

	// testHookQueued, set only by tests before any call, runs when a caller
	// starts waiting for admission: the event tests would otherwise poll for.
	testHookQueued func()
}

var _ platform.Client = (*Gateway)(nil)

// NewGateway wraps c with the budget in cfg.
func NewGateway(c platform.Client, cfg GatewayConfig) *Gateway {
	cfg = cfg.withDefaults()
	stopCtx, stop := context.WithCancel(context.Background())
	return &Gateway{
		c:         c,
		cfg:       cfg,
		admits:    make(chan *gwWaiter),
		withdraws: make(chan *gwWaiter),
		reports:   make(chan gwReport),
		life:      newLoopLife("api-gateway"),
		stopCtx:   stopCtx,
		stop:      stop,
	}
}

// String names the actor.
func (g *Gateway) String() string { return "api-gateway" }

// Serve runs the gateway's loop until ctx ends, then stops the gateway for
// good: calls in flight are cancelled and new calls fail with
// SERVICE_UNAVAILABLE. A second Serve returns an error at once.
func (g *Gateway) Serve(ctx context.Context) error {
	if err := g.life.begin(); err != nil {
		return err
	}
	l := newGatewayLoop(g.cfg)
	defer func() {
		g.stop() // before done closes: a caller that sees done finds the gateway stopped
		g.life.end(g.snapshot(StateStopped, l.snapshot(time.Now())))
	}()
	g.run(ctx, l)
	return ctx.Err()
}

// run is the loop. It never blocks but on its select: every reply goes to a
// channel with room for it.
func (g *Gateway) run(ctx context.Context, l *gatewayLoop) {
	defer l.wake.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case w := <-g.admits:
			l.admit(w, time.Now())
		case w := <-g.withdraws:
			l.withdraw(w)
		case r := <-g.reports:
			l.report(r, time.Now())
		case reply := <-g.life.status:
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
		return zero, g.waitError(ctx, method)
	}

	readOnly := platform.ReadOnlyMethods[method]
	for attempt := 0; ; attempt++ {
		if err := g.admit(callCtx); err != nil {
			return zero, g.waitError(ctx, method)
		}
		v, retry, err := attempt1(g, callCtx, fn, readOnly && attempt < g.cfg.Retries)
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
// whether it is allowed to (a read with retries left).
func attempt1[T any](g *Gateway, ctx context.Context, fn func(ctx context.Context) (T, error), mayRetry bool) (v T, retry bool, err error) {
	r := gwReport{failed: true} // what a panic reports
	defer func() { g.report(r) }()
	v, err = fn(ctx)
	r = gwReport{failed: err != nil}
	if platform.ErrorCode(err) == platform.ErrAPIRateLimited {
		r.cooldown = g.cooldownFor(err)
	}
	r.retry = err != nil && mayRetry && retryable(err) && ctx.Err() == nil
	return v, r.retry, err
}

// admit waits until the loop grants the caller a slot; the caller then holds
// it until attempt1 reports. It fails when ctx ends, when the gateway stops,
// or at once when the budget cannot admit the call before ctx's deadline.
func (g *Gateway) admit(ctx context.Context) error {
	w := &gwWaiter{reply: make(chan error, 1)}
	w.deadline, _ = ctx.Deadline()
	select {
	case g.admits <- w:
	case <-ctx.Done():
		return ctx.Err()
	case <-g.life.done:
		return errStopped(g.String())
	}
	if g.testHookQueued != nil {
		g.testHookQueued()
	}
	select {
	case err := <-w.reply:
		return err
	case <-ctx.Done():
		g.withdraw(w) // gives back a grant sent in the same instant
		return ctx.Err()
	case <-g.life.done:
		return errStopped(g.String())
	}
}

// report tells the loop a granted call ended, freeing its slot. Like
// withdraw, it must reach the loop even though the caller's context may have
// ended, so it selects on the gateway's done channel only; the loop never
// blocks, so the wait is short.
func (g *Gateway) report(r gwReport) {
	select {
	case g.reports <- r:
	case <-g.life.done:
	}
}

// withdraw tells the loop a queued caller gave up.
func (g *Gateway) withdraw(w *gwWaiter) {
	select {
	case g.withdraws <- w:
	case <-g.life.done:
	}
}

func (g *Gateway) waitError(ctx context.Context, method string) error {
	if g.stopCtx.Err() != nil && ctx.Err() == nil {
		return errStopped(g.String())
	}
	if ctx.Err() == nil {
		// The loop refused: the budget cannot admit the call before the deadline.
		return &platform.PlatformError{Code: platform.ErrAPITimeout,
			Message:    method + ": the API budget cannot admit the call before its deadline",
			Suggestion: "Retry in a few seconds; ZCP is pacing API calls.",
			Err:        context.DeadlineExceeded}
	}
	return ctxError(ctx, method+" waiting for the API budget")
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
