package actors

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/semaphore"
	"golang.org/x/sync/singleflight"
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
	DefaultReadTimeout = 10 * time.Second // one attempt of a read
	DefaultCallLimit   = 30 * time.Second // one call, its wait for the budget and its retries included
	DefaultCacheTTL    = 2 * time.Second  // how long the service list, the project and env variables are kept
	DefaultPollShare   = 0.3              // the share of the rate tool calls leave to watcher polls
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
	ReadTimeout time.Duration // bound on one attempt of a read
	CallLimit   time.Duration // bound on one call but a watcher poll, from its arrival to its answer
	CacheTTL    time.Duration // how long the service list, the project and env variables are kept
	PollShare   float64       // share of Rate tool calls leave to watcher polls, in (0, 1)
}

func (c GatewayConfig) withDefaults() GatewayConfig {
	orDefault(&c.Rate, DefaultRate)
	orDefault(&c.Burst, DefaultBurst)
	orDefault(&c.MaxInFlight, DefaultMaxInFlight)
	orDefault(&c.Cooldown, DefaultCooldown)
	orDefault(&c.MaxCooldown, MaxCooldown)
	orDefault(&c.RetryBase, DefaultRetryBase)
	orDefault(&c.ReadTimeout, DefaultReadTimeout)
	orDefault(&c.CallLimit, DefaultCallLimit)
	orDefault(&c.CacheTTL, DefaultCacheTTL)
	if c.Retries == 0 {
		c.Retries = DefaultRetries
	}
	c.Retries = max(c.Retries, 0)
	if !(c.PollShare > 0 && c.PollShare < 1) {
		c.PollShare = DefaultPollShare
	}
	return c
}

// orDefault sets *v to d when *v is not positive.
func orDefault[T int | float64 | time.Duration](v *T, d T) {
	if *v <= 0 {
		*v = d
	}
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

// Gateway is the API gateway actor, a platform.Client: every call waits for
// the end of a 429's cooldown, an in-flight slot and a token of the shared
// budget; identical reads share one flight and are retried, mutations never.
// A service's start, stop or restart joins an identical call (same method,
// same service) not yet sent, unless another mutation that may touch that
// service (one of it, or one naming no service) entered since that call did:
// the one request then comes after every joiner's call, overtaking nothing.
// Cache and cooldown sit behind mu. Safe for concurrent use.
type Gateway struct {
	c    platform.Client
	cfg  GatewayConfig
	life life

	limiter     *rate.Limiter       // the shared budget: every request waits on it
	callLimiter *rate.Limiter       // tool calls' part of it; the rest is the polls' reserved share
	slots       *semaphore.Weighted // calls in flight, polls included
	callSlots   *semaphore.Weighted // tool calls in flight: one slot fewer, kept for polls
	reads       singleflight.Group

	stopCtx context.Context // cancelled when the gateway stops for good
	stop    context.CancelFunc

	mu            sync.Mutex // guards the fields below
	cooldownUntil time.Time
	gen           uint64 // bumped by every change to the platform; names shareable reads
	stableGen     uint64 // bumped by every change but a lifecycle one
	cache         map[string]gwCached
	flights       map[string]*flight // open flights: shared reads by generation and key, lifecycle calls not yet sent
	seq           uint64             // numbers flights
	epoch         uint64             // bumped by every mutation entering without a service
	serviceEpochs map[string]uint64  // bumped by every mutation of the service entering

	fig gatewayFigures

	testHookQueued func()           // tests: a caller starts waiting for admission
	testHookMissed func(key string) // tests: a read missed the cache, before it joins a flight
	testHookJoined func()           // tests: a read joined a flight
}

// gatewayFigures are the counters Status shows.
type gatewayFigures struct {
	inFlight, queued, pollsQueued       atomic.Int64
	calls, failed, rateLimited, retries atomic.Int64
	cacheHits                           atomic.Int64
}

type gwCached struct {
	v      any
	stable bool // kept across lifecycle changes
	final  bool // kept across every change: an ended process
	until  time.Time
}

var _ platform.Client = (*Gateway)(nil)

// NewGateway wraps c with the budget in cfg.
func NewGateway(c platform.Client, cfg GatewayConfig) *Gateway {
	cfg = cfg.withDefaults()
	stopCtx, stop := context.WithCancel(context.Background())
	callSlots := cfg.MaxInFlight
	if callSlots > 1 {
		callSlots--
	}
	g := &Gateway{
		c:           c,
		cfg:         cfg,
		limiter:     rate.NewLimiter(rate.Limit(cfg.Rate), cfg.Burst),
		callLimiter: rate.NewLimiter(rate.Limit(cfg.Rate*(1-cfg.PollShare)), max(1, int(float64(cfg.Burst)*(1-cfg.PollShare)))),
		slots:       semaphore.NewWeighted(int64(cfg.MaxInFlight)),
		callSlots:   semaphore.NewWeighted(int64(callSlots)),
		stopCtx:     stopCtx,
		stop:        stop,
		cache:       map[string]gwCached{},
		flights:     map[string]*flight{},

		serviceEpochs: map[string]uint64{},
	}
	g.life.init("api-gateway")
	return g
}

// String names the actor.
func (g *Gateway) String() string { return "api-gateway" }

// Serve holds the gateway open until ctx ends, then stops it for good: calls
// in flight are cancelled and new calls fail with SERVICE_UNAVAILABLE.
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
	st.add("polls queued", g.fig.pollsQueued.Load())
	st.add("calls", g.fig.calls.Load())
	st.add("failed", g.fig.failed.Load())
	st.add("429s", g.fig.rateLimited.Load())
	st.add("cooldown", round(g.cooldown()))
	st.add("retries", g.fig.retries.Load())
	st.add("cache hits", g.fig.cacheHits.Load())
	return st, nil
}
