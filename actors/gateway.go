package actors

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"

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
// with jittered backoff; mutations never are. Every wait selects on the
// caller's context and on the gateway's stop, so no caller waits forever.
//
// The gateway is passive: calls run in their callers' goroutines and Serve
// only marks its lifetime. Calls made before Serve work; after Serve returns
// they fail fast with SERVICE_UNAVAILABLE and calls in flight are cancelled.
// Safe for concurrent use.
type Gateway struct {
	c   platform.Client
	cfg GatewayConfig

	limiter *rate.Limiter
	resMu   sync.Mutex    // serialises reservations; see takeToken
	slots   chan struct{} // in-flight semaphore

	stopCtx context.Context // cancelled when Serve ends: the done signal
	stop    context.CancelFunc
	serving atomic.Bool

	cooldownUntil atomic.Int64 // unix nanos; 0 when none
	inFlight      atomic.Int64
	queued        atomic.Int64
	calls         atomic.Int64
	rateLimited   atomic.Int64
	retries       atomic.Int64
	failures      atomic.Int64

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
		c:       c,
		cfg:     cfg,
		limiter: rate.NewLimiter(rate.Limit(cfg.Rate), cfg.Burst),
		slots:   make(chan struct{}, cfg.MaxInFlight),
		stopCtx: stopCtx,
		stop:    stop,
	}
}

// String names the actor.
func (g *Gateway) String() string { return "api-gateway" }

// Serve blocks until ctx ends, then stops the gateway for good: calls in
// flight are cancelled and new calls fail with SERVICE_UNAVAILABLE.
func (g *Gateway) Serve(ctx context.Context) error {
	g.serving.Store(true)
	select {
	case <-ctx.Done():
		g.serving.Store(false)
		g.stop()
		return ctx.Err()
	case <-g.stopCtx.Done():
		return errors.New("api-gateway: already stopped")
	}
}

// Status reports the budget figures. It reads atomics only.
func (g *Gateway) Status(context.Context) (ActorStatus, error) {
	st := ActorStatus{Name: g.String(), State: StateIdle}
	switch {
	case g.stopCtx.Err() != nil:
		st.State = StateStopped
	case g.serving.Load():
		st.State = StateRunning
	}
	st.add("rate", fmt.Sprintf("%g/s burst %d", g.cfg.Rate, g.cfg.Burst))
	st.add("tokens", fmt.Sprintf("%.1f", g.limiter.Tokens()))
	st.add("in-flight", fmt.Sprintf("%d/%d", g.inFlight.Load(), g.cfg.MaxInFlight))
	st.add("queued", g.queued.Load())
	st.add("calls", g.calls.Load())
	st.add("failed", g.failures.Load())
	st.add("429s", g.rateLimited.Load())
	st.add("cooldown", round(g.cooldownLeft()))
	st.add("retries", g.retries.Load())
	return st, nil
}

func (g *Gateway) cooldownLeft() time.Duration {
	until := g.cooldownUntil.Load()
	if until == 0 {
		return 0
	}
	if left := time.Until(time.Unix(0, until)); left > 0 {
		return left
	}
	return 0
}

// setCooldown extends the shared cooldown to now+d; it never shortens it.
func (g *Gateway) setCooldown(d time.Duration) {
	until := time.Now().Add(d).UnixNano()
	for {
		cur := g.cooldownUntil.Load()
		if cur >= until || g.cooldownUntil.CompareAndSwap(cur, until) {
			return
		}
	}
}

// call runs fn for the Client method named method under the budget.
func call[T any](g *Gateway, ctx context.Context, method string, fn func(ctx context.Context) (T, error)) (T, error) {
	var zero T
	if g.stopCtx.Err() != nil {
		return zero, errStopped(g.String())
	}
	// The call ends when either the caller's context or the gateway ends.
	callCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer context.AfterFunc(g.stopCtx, cancel)()

	readOnly := platform.ReadOnlyMethods[method]
	for attempt := 0; ; attempt++ {
		if err := g.admit(callCtx); err != nil {
			return zero, g.waitError(ctx, method)
		}
		v, err := attempt1(g, callCtx, fn)
		if err == nil {
			return v, nil
		}
		g.failures.Add(1)
		if !readOnly || attempt >= g.cfg.Retries || !retryable(err) || callCtx.Err() != nil {
			return v, err
		}
		g.retries.Add(1)
		if sleep(callCtx, jitter(g.cfg.RetryBase<<attempt)) != nil {
			return v, err // the caller gave up during backoff: report the last API error
		}
	}
}

// attempt1 makes one admitted call. The caller's slot is freed however fn
// ends, a panic included: a leaked slot would shrink the cap for good. A 429
// sets the shared cooldown before the slot is freed, so that a caller waiting
// for this slot finds the cooldown when it re-checks, instead of calling the
// API in between.
func attempt1[T any](g *Gateway, ctx context.Context, fn func(ctx context.Context) (T, error)) (T, error) {
	defer g.release()
	g.calls.Add(1)
	v, err := fn(ctx)
	if platform.ErrorCode(err) == platform.ErrAPIRateLimited {
		g.rateLimited.Add(1)
		g.setCooldown(g.cooldownFor(err))
	}
	return v, err
}

// admit waits for the cooldown, a token and an in-flight slot, in that order.
// A 429 may arrive while the caller waits for its token or slot, so the
// cooldown is checked again once the slot is held. On success the caller
// holds a slot, which release frees.
func (g *Gateway) admit(ctx context.Context) error {
	g.queued.Add(1)
	defer g.queued.Add(-1)
	if g.testHookQueued != nil {
		g.testHookQueued()
	}
	if err := g.waitCooldown(ctx); err != nil {
		return err
	}
	if err := g.takeToken(ctx); err != nil {
		return err
	}
	for {
		select {
		case g.slots <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		if g.cooldownLeft() <= 0 {
			g.inFlight.Add(1)
			return nil
		}
		<-g.slots
		if err := g.waitCooldown(ctx); err != nil {
			return err
		}
	}
}

// release frees the slot admit granted.
func (g *Gateway) release() {
	g.inFlight.Add(-1)
	<-g.slots
}

// waitCooldown returns once no shared cooldown is left, or when ctx ends.
func (g *Gateway) waitCooldown(ctx context.Context) error {
	for {
		left := g.cooldownLeft()
		if left <= 0 {
			return nil
		}
		if err := sleep(ctx, left); err != nil {
			return err
		}
	}
}

// takeToken waits for a token of the shared bucket. Reservations are made
// under g.resMu with the time read inside the lock: rate.Limiter.Wait reads
// the clock before taking its own lock, and under contention that lets its
// clock step back and hand out a few tokens more than the budget.
func (g *Gateway) takeToken(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	g.resMu.Lock()
	now := time.Now()
	r := g.limiter.ReserveN(now, 1)
	g.resMu.Unlock()
	if !r.OK() {
		return errors.New("api-gateway: burst below 1") // unreachable: burst ≥ 1
	}
	delay := r.DelayFrom(now)
	if dl, ok := ctx.Deadline(); ok && now.Add(delay).After(dl) {
		g.cancelReservation(r)
		return context.DeadlineExceeded // the wait would outlast the caller: give up now
	}
	if delay <= 0 {
		return nil
	}
	if err := sleep(ctx, delay); err != nil {
		g.cancelReservation(r)
		return err
	}
	return nil
}

func (g *Gateway) cancelReservation(r *rate.Reservation) {
	g.resMu.Lock()
	r.CancelAt(time.Now())
	g.resMu.Unlock()
}

func (g *Gateway) waitError(ctx context.Context, method string) error {
	if g.stopCtx.Err() != nil && ctx.Err() == nil {
		return errStopped(g.String())
	}
	if ctx.Err() == nil {
		// takeToken refused: the budget cannot admit the call before the deadline.
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
