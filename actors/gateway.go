package actors

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/singleflight"

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
	DefaultPollShare   = 0.5              // the share of the rate reserved for watcher polls
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
	PollShare   float64       // share of Rate reserved for watcher polls, in (0, 1]
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
	if c.ReadTimeout <= 0 {
		c.ReadTimeout = DefaultReadTimeout
	}
	if c.CallLimit <= 0 {
		c.CallLimit = DefaultCallLimit
	}
	if c.CacheTTL <= 0 {
		c.CacheTTL = DefaultCacheTTL
	}
	if !(c.PollShare > 0 && c.PollShare <= 1) {
		c.PollShare = DefaultPollShare
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
// shared cooldown after the API answers 429. Each method declares at its call
// site whether it reads (read, readCached: shared with identical reads in
// flight, retried on 5xx, network errors and timeouts with jittered backoff,
// each attempt bounded by ReadTimeout) or mutates (mutate: never retried,
// and it drops every cached read). Every call but a watcher poll ends within
// CallLimit; one that cannot start before its deadline because of a 429's
// cooldown fails at once with API_RATE_LIMITED saying when to retry.
//
// Serve runs the gateway's loop, which owns admission: the token bucket (of
// which watcher polls have a reserved share), the in-flight count, the
// cooldown, the FIFO queues of waiting callers, the short cache of reads and
// the counters Status shows. A caller asks the loop for admission, waits for
// its grant, runs its API call in its own goroutine (so the gateway never
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
	// testHookMissed, set only by tests before any call, runs when a read
	// has missed the cache, before it joins or starts a flight: the moment
	// an identical read may end and store its answer.
	testHookMissed func(key string)
	// testHookPanic, set only by tests before Serve, runs at the top of each
	// loop iteration: a panic there is a crash of the loop.
	testHookPanic func()
}

// gatewayInbox is the inbox of one run of the gateway's loop; unbuffered, so
// a send is received by the loop itself. reads, the identical reads in
// flight, belongs to the run too, so no read is shared across a crash.
type gatewayInbox struct {
	admits    chan *gwWaiter   // a caller asks for a slot
	withdraws chan *gwWaiter   // a caller whose context ended gives up
	reports   chan gwReport    // a granted call ended: its slot is free
	lookups   chan gwLookup    // a read asks for a cached answer and the generation
	stores    chan gwStore     // a read offers its answer to the cache
	changes   chan changeScope // the platform changed outside the gateway's sight
	reads     *singleflight.Group
}

// gatewayRun is one run of the gateway's loop.
type gatewayRun = loopRun[gatewayInbox]

func newGatewayInbox() gatewayInbox {
	return gatewayInbox{admits: make(chan *gwWaiter), withdraws: make(chan *gwWaiter), reports: make(chan gwReport),
		lookups: make(chan gwLookup), stores: make(chan gwStore), changes: make(chan changeScope), reads: &singleflight.Group{}}
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
		case q := <-r.in.lookups:
			l.lookup(q, time.Now())
		case st := <-r.in.stores:
			l.store(st, time.Now())
		case scope := <-r.in.changes:
			l.changed(scope)
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
	st.add("polls queued", f.pollsQueued)
	st.add("calls", f.calls)
	st.add("failed", f.failed)
	st.add("429s", f.rateLimited)
	st.add("cooldown", round(f.cooldown))
	st.add("retries", f.retries)
	st.add("cache hits", f.cacheHits)
	return st
}
