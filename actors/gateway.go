package actors

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/semaphore"
	"golang.org/x/sync/singleflight"
	"golang.org/x/time/rate"

	"github.com/zeropsio/zcp/platform"
)

// Gateway defaults that are not GatewayConfig's alone.
const (
	DefaultRate      = 10.0
	DefaultBurst     = 20
	DefaultRetries   = 2
	DefaultCooldown  = 5 * time.Second // after a 429 without Retry-After
	DefaultPollShare = 0.2             // the share of the rate tool calls leave to watcher polls
)

// GatewayConfig sets the gateway's budget. Zero fields take the defaults.
type GatewayConfig struct {
	Rate        float64       // sustained requests per second (token bucket refill)
	Burst       int           // token bucket size
	MaxInFlight int           // calls executing at once (8)
	MaxCooldown time.Duration // cap on a 429's Retry-After (60 s)
	Retries     int           // retries of a failed idempotent read; negative disables
	RetryBase   time.Duration // first backoff (250 ms); doubles per retry, jittered ±50 %
	ReadTimeout time.Duration // bound on one attempt of a read (10 s)
	CallLimit   time.Duration // bound on a call but a watcher poll, its wait for the budget and retries included (30 s)
	CacheTTL    time.Duration // how long the service list, the project and env variables are kept (2 s)
}

func (c GatewayConfig) withDefaults() GatewayConfig {
	orDefault(&c.Rate, DefaultRate)
	orDefault(&c.Burst, DefaultBurst)
	orDefault(&c.MaxInFlight, 8)
	orDefault(&c.MaxCooldown, 60*time.Second)
	orDefault(&c.RetryBase, 250*time.Millisecond)
	orDefault(&c.ReadTimeout, 10*time.Second)
	orDefault(&c.CallLimit, 30*time.Second)
	orDefault(&c.CacheTTL, 2*time.Second)
	c.Retries = max(cmp.Or(c.Retries, DefaultRetries), 0) // negative: none
	return c
}

// orDefault sets *v to d when *v is not positive.
func orDefault[T int | float64 | time.Duration](v *T, d T) {
	if *v <= 0 {
		*v = d
	}
}

// Gateway is the API gateway actor, a platform.Client: each call waits for a
// slot, the cooldown's end and a token; identical reads share one flight and
// are retried, mutations never. A start, stop or restart joins an identical
// call (same service) not yet sent unless a mutation that may touch that
// service (of it, or naming none) entered since: the one request comes after
// every joiner's call, overtaking nothing. Safe for concurrent use.
type Gateway struct {
	c    platform.Client
	cfg  GatewayConfig
	life life

	limiter     *rate.Limiter       // the shared budget: every request waits on it
	callLimiter *rate.Limiter       // tool calls' part of it; the rest is the polls' reserved share
	slots       *semaphore.Weighted // calls in flight, polls included
	callSlots   *semaphore.Weighted // tool calls in flight: one slot fewer, kept for polls
	flights     singleflight.Group  // shared calls, by flight address

	stopCtx context.Context // cancelled when the gateway stops for good
	stop    context.CancelFunc

	mu            sync.Mutex // guards the fields below
	cooldownUntil time.Time
	gens          [keepEnded + 1]uint64 // per keep, the changes that drop such answers; [keepEnded] stays 0
	svcGens       map[string]uint64     // per service, its starts, stops and restarts (see gen)
	cache         map[string]gwCached
	open          map[string]*flight // flights identical calls may join, by key
	epochs        map[string]uint64  // mutations entered, per service ("": naming none)

	fig struct{ inFlight, queued, calls, rateLimited, retries, cacheHits atomic.Int64 } // Status shows them

	testHookQueued func()           // tests: a call starts waiting for admission
	testHookMissed func(key string) // tests: a read missed the cache, before it joins a flight
	testHookJoined func()           // tests: a caller joined a flight
}

// keep says whether a read's answer is kept (CacheTTL) and what drops it; a
// change drops the answers of every keep up to its own.
type keep int

const (
	keepNone        keep = iota // not kept
	keepUntilChange             // dropped by a change; a service's start, stop or restart drops only its read by id
	keepEnded                   // an ended process: no change drops it

	changedLifecycle = keepNone        // a service started, stopped or restarted (see changed)
	changedAnything  = keepUntilChange // any other change
)

// gwCached is a kept answer, valid while gen is its read's generation.
type gwCached struct {
	v     any
	op    callOp
	gen   uint64
	until time.Time
}

var _ platform.Client = (*Gateway)(nil)

// NewGateway wraps c with the budget in cfg.
func NewGateway(c platform.Client, cfg GatewayConfig) *Gateway {
	cfg = cfg.withDefaults()
	stopCtx, stop := context.WithCancel(context.Background())
	share := 1 - DefaultPollShare // of the budget, for tool calls
	g := &Gateway{
		c:           c,
		cfg:         cfg,
		limiter:     rate.NewLimiter(rate.Limit(cfg.Rate), cfg.Burst),
		callLimiter: rate.NewLimiter(rate.Limit(cfg.Rate*share), max(1, int(float64(cfg.Burst)*share))),
		slots:       semaphore.NewWeighted(int64(cfg.MaxInFlight)),
		callSlots:   semaphore.NewWeighted(int64(max(1, cfg.MaxInFlight-1))),
		stopCtx:     stopCtx,
		stop:        stop,
		cache:       map[string]gwCached{},
		open:        map[string]*flight{},
		epochs:      map[string]uint64{},
		svcGens:     map[string]uint64{},
	}
	g.life.init("api-gateway")
	return g
}

// String names the actor.
func (g *Gateway) String() string { return "api-gateway" }

// Serve runs until ctx ends, then stops the gateway for good: calls in
// flight are cancelled and new calls fail with SERVICE_UNAVAILABLE.
func (g *Gateway) Serve(ctx context.Context) error {
	if err := g.life.begin(); err != nil {
		return err
	}
	defer g.life.end()
	<-ctx.Done()
	g.Shutdown()
	return ctx.Err()
}

// Shutdown stops the gateway for good. Safe for concurrent use.
func (g *Gateway) Shutdown() {
	g.life.stop()
	g.stop()
}

// Status reports the budget figures.
func (g *Gateway) Status(context.Context) (ActorStatus, error) {
	st := ActorStatus{Name: g.String(), State: g.life.state()}
	st.add("rate", fmt.Sprintf("%g/s burst %d", g.cfg.Rate, g.cfg.Burst))
	st.add("tokens", fmt.Sprintf("%.1f", max(g.limiter.Tokens(), 0)))
	st.add("in-flight", fmt.Sprintf("%d/%d", g.fig.inFlight.Load(), g.cfg.MaxInFlight))
	st.add("queued", g.fig.queued.Load())
	st.add("calls", g.fig.calls.Load())
	st.add("429s", g.fig.rateLimited.Load())
	st.add("cooldown", round(g.cooldown()))
	st.add("retries", g.fig.retries.Load())
	st.add("cache hits", g.fig.cacheHits.Load())
	return st, nil
}

// admit waits for a slot, the cooldown's end and a token (a tool call first
// from the calls' part of each); it fails when ctx ends, and at once when the
// cooldown or the budget cannot admit the call before ctx's deadline.
func (g *Gateway) admit(ctx context.Context, name string, poll bool) (release func(), err error) {
	slots, lims := []*semaphore.Weighted{g.callSlots, g.slots}, []*rate.Limiter{g.callLimiter, g.limiter}
	if poll {
		slots, lims = slots[1:], lims[1:]
	}
	g.fig.queued.Add(1)
	defer g.fig.queued.Add(-1)
	held := slots[:0]
	free := func() {
		for _, s := range held {
			s.Release(1)
		}
	}
	defer func() {
		if err != nil {
			free()
		}
	}()
	for _, s := range slots {
		got := s.TryAcquire(1)
		if g.testHookQueued != nil && len(held) == 0 {
			g.testHookQueued() // in line for its slot, or holding it
		}
		if !got && s.Acquire(ctx, 1) != nil {
			return nil, g.endError(ctx, name)
		}
		held = append(held, s)
	}
	for again := true; again; again = g.cooldown() > 0 { // a 429 came while it waited
		for left := g.cooldown(); left > 0; left = g.cooldown() {
			if err := g.fits(ctx, name, true); err != nil {
				return nil, err
			}
			if sleep(ctx, left) != nil {
				return nil, g.endError(ctx, name)
			}
		}
		for _, lim := range lims {
			if err := lim.Wait(ctx); err != nil && ctx.Err() != nil {
				return nil, g.endError(ctx, name)
			} else if err != nil { // at once: the token comes after ctx's deadline
				return nil, apiTimeout(name+": the API budget cannot admit the call before its deadline", pacing)
			}
		}
	}
	g.fig.calls.Add(1)
	g.fig.inFlight.Add(1)
	return func() { g.fig.inFlight.Add(-1); free() }, nil
}

// fits fails when the cooldown or, but for a poll, the calls' budget cannot
// admit a call before ctx's deadline.
func (g *Gateway) fits(ctx context.Context, name string, poll bool) error {
	dl, ok := ctx.Deadline()
	left := g.cooldown()
	start := time.Now().Add(left)
	missing := max(1-g.callLimiter.TokensAt(start), 0)
	switch {
	case ok && left > 0 && start.After(dl):
		return rateLimited(name, left)
	case ok && !poll && start.Add(time.Duration(missing/float64(g.callLimiter.Limit())*float64(time.Second))).After(dl):
		return apiTimeout(name+": the API budget cannot admit the call before its deadline", pacing)
	}
	return nil
}

func (g *Gateway) cooldown() time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	return max(time.Until(g.cooldownUntil), 0)
}

// coolDown starts (or extends, never shortens) the cooldown a 429 asks for.
func (g *Gateway) coolDown(err error) {
	var pe *platform.PlatformError
	d := DefaultCooldown
	if errors.As(err, &pe) && pe.RetryAfter > 0 {
		d = pe.RetryAfter
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if until := time.Now().Add(min(d, g.cfg.MaxCooldown)); until.After(g.cooldownUntil) {
		g.cooldownUntil = until
	}
}

// gen is op's generation (mu held): the changes that drop its answer, those
// of its keep and, for a read of one service, that service's lifecycle. Both
// counts only grow, so their sum changes whenever either does.
func (g *Gateway) gen(op callOp) uint64 { return g.gens[op.keep] + g.svcGens[op.service] }

// lookup answers op from the cache, and op's generation.
func (g *Gateway) lookup(op callOp) (v any, gen uint64, hit bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	c, ok := g.cache[op.key]
	if hit = ok && c.gen == g.gen(c.op) && time.Now().Before(c.until); hit {
		g.fig.cacheHits.Add(1)
	}
	return c.v, g.gen(op), hit
}

// store keeps an answer read in generation gen if that still stands.
func (g *Gateway) store(op callOp, gen uint64, v any) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if op.keep != keepNone && gen == g.gen(op) {
		g.cache[op.key] = gwCached{v: v, op: op, gen: gen, until: time.Now().Add(g.cfg.CacheTTL)}
	}
}

// changed records a change: the kept answers and flights it can have
// changed no longer serve. A service's start, stop or restart changes only
// its own read by id: the kept service list still serves, as the operations
// read the services ZCP changed by id (ops.listServices).
func (g *Gateway) changed(scope keep, service string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if scope == changedLifecycle && service == "" {
		scope = changedAnything
	}
	for k := keepNone; k <= scope; k++ {
		g.gens[k]++
	}
	if scope == changedLifecycle {
		g.svcGens[service]++
	}
}

// PlatformChanged records a change the gateway did not see, a build's end.
func (g *Gateway) PlatformChanged() { g.changed(changedAnything, "") }

// processEnded records what an ended process changed and keeps it.
func (g *Gateway) processEnded(key string, p *platform.Process) {
	scope := changedAnything
	if p.ActionName == platform.ActionStart || p.ActionName == platform.ActionStop || p.ActionName == platform.ActionRestart {
		scope = changedLifecycle
	}
	g.changed(scope, p.ServiceStackID)
	g.store(callOp{key: key, keep: keepEnded}, 0, p)
}
