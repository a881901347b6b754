package actors

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"net"
	"slices"
	"strconv"
	"syscall"
	"time"

	"golang.org/x/time/rate"

	"github.com/zeropsio/zcp/platform"
)

// readOp is a read: its name, and the key identical reads share.
type readOp struct {
	name   string
	key    string // the name and the arguments
	cached bool   // the answer is kept for CacheTTL
	stable bool   // starting, stopping or restarting a service leaves the answer valid
}

// readOf is the read name(args...).
func readOf(name string, args ...any) readOp {
	return readOp{name: name, key: name + "\x00" + fmt.Sprintf("%#v", args)}
}

// cachedRead is the read name(args...), whose answer is kept for CacheTTL.
func cachedRead(name string, args ...any) readOp {
	op := readOf(name, args...)
	op.cached = true
	return op
}

// unchangedByLifecycle marks a read a service's start, stop or restart
// cannot change (the project, env variables).
func (op readOp) unchangedByLifecycle() readOp {
	op.stable = true
	return op
}

// changeScope says what a change to the platform can have changed.
type changeScope int

const (
	changedAnything  changeScope = iota // drops every cached read
	changedLifecycle                    // a service started, stopped or restarted: the stable reads stay
)

type pollKey struct{}

// asPoll marks ctx as a watcher poll's: served from the polls' reserved
// share and bounded by its context alone.
func asPoll(ctx context.Context) context.Context { return context.WithValue(ctx, pollKey{}, true) }

func isPoll(ctx context.Context) bool { return ctx.Value(pollKey{}) != nil }

// readOne is a read answering one object; each caller gets a copy of it.
func readOne[E any](g *Gateway, ctx context.Context, op readOp, fn func(context.Context) (*E, error)) (*E, error) {
	return read(g, ctx, op, fn, func(p *E) *E {
		if p == nil {
			return nil
		}
		c := *p
		return &c
	})
}

// readList is a read answering a list; each caller gets a copy of it.
func readList[E any](g *Gateway, ctx context.Context, op readOp, fn func(context.Context) ([]E, error)) ([]E, error) {
	return read(g, ctx, op, fn, slices.Clone[[]E])
}

// same is the copy of a value without references.
func same[T any](v T) T { return v }

// read answers from the cache, or joins the flight of identical reads made
// since the platform last changed, which runs fn under the budget, retried
// on transient failures. Answers are shallow copies.
func read[T any](g *Gateway, ctx context.Context, op readOp, fn func(context.Context) (T, error), clone func(T) T) (T, error) {
	var zero T
	limit := g.cfg.CallLimit
	if isPoll(ctx) {
		limit = 0
	}
	callCtx, cancel, err := g.callContext(ctx, limit, op.name)
	if err != nil {
		return zero, err
	}
	defer cancel()
	v, gen, hit := g.lookup(op)
	if hit {
		return clone(v.(T)), nil
	}
	if err := g.fits(callCtx, isPoll(ctx)); err != nil {
		return zero, g.endError(ctx, op.name, err)
	}
	if g.testHookMissed != nil {
		g.testHookMissed(op.key)
	}
	key := strconv.FormatUint(gen, 10) + "\x00" + op.key
	v, err = g.share(ctx, callCtx, op.name, limit, func() string { return key }, func(fctx context.Context, _ *flight) (any, error) {
		// An identical read may have stored its answer since this caller's miss.
		if v, again, hit := g.lookup(op); op.cached && hit && again == gen {
			return v, nil
		}
		v, err := attempts(g, fctx, op.name, isPoll(ctx), fn)
		if err == nil && op.cached {
			g.store(op, gen, v)
		}
		return v, err
	})
	if err != nil {
		return zero, err
	}
	return clone(v.(T)), nil
}

// flight is one call identical callers share. It runs on a context detached
// from them (bounded by limit), which ends when the last caller leaves.
type flight struct {
	id     string // its singleflight key, unique
	key    string // the key identical callers find it under while it is open
	ctx    context.Context
	cancel context.CancelFunc
	refs   int  // callers waiting for it; guarded by Gateway.mu
	sent   bool // its request went out; guarded by Gateway.mu
}

// share makes the caller one of the open flight under key() (evaluated under
// mu; "" never shares), starting one that runs run if none is open, and waits
// for its answer while callCtx lasts. ctx is the caller's own context.
func (g *Gateway) share(ctx, callCtx context.Context, name string, limit time.Duration, key func() string, run func(context.Context, *flight) (any, error)) (any, error) {
	g.mu.Lock()
	k := key()
	f := g.flights[k]
	if f == nil {
		g.seq++
		f = &flight{id: strconv.FormatUint(g.seq, 10), key: k}
		fctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
		if limit > 0 {
			fctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), limit)
		}
		stop := context.AfterFunc(g.stopCtx, cancel)
		f.ctx, f.cancel = fctx, func() { stop(); cancel() }
		if k != "" {
			g.flights[k] = f
		}
	}
	f.refs++
	ch := g.reads.DoChan(f.id, func() (v any, err error) {
		defer func() { // DoChan's goroutine: nothing above it would recover
			if p := recover(); p != nil {
				err = internalError(name, p)
			}
			g.close(f, false)
		}()
		return run(f.ctx, f)
	})
	g.mu.Unlock()
	defer g.leave(f)
	if g.testHookJoined != nil {
		g.testHookJoined()
	}
	select {
	case res := <-ch:
		return res.Val, res.Err
	case <-callCtx.Done():
		err := g.endError(ctx, name, nil)
		g.mu.Lock()
		defer g.mu.Unlock()
		if f.sent {
			return nil, lostAnswer(name, err)
		}
		return nil, err
	}
}

// close ends f's sharing: a new identical call starts its own flight; sent
// records that f's request went out.
func (g *Gateway) close(f *flight, sent bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.flights[f.key] == f {
		delete(g.flights, f.key)
	}
	f.sent = f.sent || sent
}

// leave takes the caller out of f; the last one out ends it.
func (g *Gateway) leave(f *flight) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if f.refs--; f.refs == 0 {
		f.cancel()
	}
}

// mutate runs fn, which changes the platform, once under the budget, never
// retried: its wait for the budget is bounded by CallLimit, the call by its
// callers. The cached reads scope covers are dropped when it ends. A
// lifecycle call (scope changedLifecycle) joins an identical one not yet
// sent, if no mutation touching service entered since that one did (see
// Gateway); service "" stands for any service.
func mutate[T any](g *Gateway, ctx context.Context, name string, scope changeScope, service string, fn func(context.Context) (T, error)) (T, error) {
	var zero T
	callCtx, cancel, err := g.callContext(ctx, 0, name)
	if err != nil {
		return zero, err
	}
	defer cancel()
	admitCtx, cancelAdmit := context.WithTimeout(callCtx, g.cfg.CallLimit)
	defer cancelAdmit()
	if err := g.fits(admitCtx, false); err != nil {
		return zero, g.endError(ctx, name, err)
	}
	v, err := g.share(ctx, callCtx, name, 0, func() string { return g.enter(name, scope, service) }, func(fctx context.Context, f *flight) (any, error) {
		admitCtx, cancel := context.WithTimeout(fctx, g.cfg.CallLimit)
		defer cancel()
		release, err := g.admit(admitCtx, false)
		if err != nil {
			return nil, g.endError(admitCtx, name, err)
		}
		g.close(f, true)
		v, err := call(g, fctx, name, 0, fn)
		release()
		g.changed(scope)
		if outcomeUnknown(err) {
			err = lostAnswer(name, err)
		}
		return v, err
	})
	if err != nil {
		return zero, err
	}
	if p, ok := any(v).(*platform.Process); ok && p != nil { // each caller its own copy
		c := *p
		v = &c
	}
	return v.(T), nil
}

// enter records a mutation of service entering (mu held): identical
// lifecycle calls that entered before it can no longer be joined. It
// answers the key the call is shared under: a lifecycle call's while no
// other mutation of its service entered since, "" for any other.
func (g *Gateway) enter(name string, scope changeScope, service string) string {
	key := func() string {
		return fmt.Sprint(name, "\x00", service, "\x00", g.epoch, "\x00", g.serviceEpochs[service])
	}
	if scope == changedLifecycle && g.flights[key()] != nil {
		return key()
	}
	if service == "" {
		g.epoch++
	} else {
		g.serviceEpochs[service]++
	}
	if scope != changedLifecycle {
		return ""
	}
	return key()
}

// lostAnswer is the error of a mutation whose answer was lost after it was sent.
func lostAnswer(name string, err error) error {
	return &platform.PlatformError{Code: platform.ErrorCode(err), Err: err,
		Message: name + ": the connection to the Zerops API ended after the request was sent, " +
			"so whether the change took effect is unknown",
		Suggestion: "Do not repeat it blindly: read the outcome first (the service's status with zerops_discover, " +
			"the latest processes with zerops_events), then act on what they show."}
}

// outcomeUnknown reports whether a mutation failing with err may have
// reached the API: its answer was lost, not refused.
func outcomeUnknown(err error) bool {
	var dns *net.DNSError
	switch platform.ErrorCode(err) {
	case platform.ErrAPITimeout:
		return true
	case platform.ErrNetworkError:
		return !errors.Is(err, syscall.ECONNREFUSED) && !errors.As(err, &dns)
	}
	return false
}

// callContext is the context of one call: it ends with ctx, when the gateway
// stops and, if limit > 0, after limit. It fails when the call cannot start.
func (g *Gateway) callContext(ctx context.Context, limit time.Duration, name string) (context.Context, context.CancelFunc, error) {
	if g.stopCtx.Err() != nil {
		return nil, nil, errStopped(g.String())
	}
	if ctx.Err() != nil {
		return nil, nil, g.endError(ctx, name, nil)
	}
	callCtx, cancel := context.WithCancel(ctx)
	if limit > 0 {
		callCtx, cancel = context.WithTimeout(ctx, limit)
	}
	stop := context.AfterFunc(g.stopCtx, cancel)
	return callCtx, func() { stop(); cancel() }, nil
}

// attempts makes a read's attempts while ctx lasts: retried up to Retries
// times after 5xx and network failures (with jittered backoff), and after a
// 429 once its cooldown is over, if that comes before ctx's deadline.
func attempts[T any](g *Gateway, ctx context.Context, name string, poll bool, fn func(context.Context) (T, error)) (T, error) {
	var zero T
	for tries := 0; ; {
		release, err := g.admit(ctx, poll)
		if err != nil {
			return zero, g.endError(ctx, name, err)
		}
		v, err := call(g, ctx, name, g.cfg.ReadTimeout, fn)
		release()
		switch {
		case err == nil:
			return v, nil
		case platform.ErrorCode(err) == platform.ErrAPIRateLimited:
			if g.fits(ctx, true) != nil {
				return v, rateLimited(name, g.cooldown())
			}
		case tries < g.cfg.Retries && retryable(err) && ctx.Err() == nil:
			if sleep(ctx, jitter(g.cfg.RetryBase<<tries)) != nil {
				return v, err // gave up during backoff: the last API error
			}
			tries++
		default:
			return v, err
		}
		g.fig.retries.Add(1)
	}
}

// call makes one admitted call, bounded by timeout when it is > 0. A 429
// sets the cooldown before the call's slot is freed; a panic answers
// INTERNAL_ERROR.
func call[T any](g *Gateway, ctx context.Context, name string, timeout time.Duration, fn func(context.Context) (T, error)) (v T, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = internalError(name, p)
		}
		if err != nil {
			g.fig.failed.Add(1)
		}
		if platform.ErrorCode(err) == platform.ErrAPIRateLimited {
			g.fig.rateLimited.Add(1)
			g.coolDown(err)
		}
	}()
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	return fn(ctx)
}

func internalError(name string, p any) error {
	return platform.NewError(platform.ErrInternal, fmt.Sprintf("%s: internal error in ZCP: %v", name, p),
		"Retry the call; the panic is a ZCP bug worth reporting.")
}

// admit waits for the end of any cooldown, a slot, then a token; the
// returned func frees the slot. It fails when ctx ends, or at once when the
// cooldown or the budget cannot admit the call before ctx's deadline.
func (g *Gateway) admit(ctx context.Context, poll bool) (func(), error) {
	queued, first, second := &g.fig.queued, g.callSlots, g.slots // tool calls leave polls the last slot
	if poll {
		queued, first, second = &g.fig.pollsQueued, g.slots, nil
	}
	queued.Add(1)
	defer queued.Add(-1)
	for hooked := false; ; hooked = true {
		if err := g.waitCooldown(ctx); err != nil {
			return nil, err
		}
		got := first.TryAcquire(1)
		if g.testHookQueued != nil && !hooked {
			g.testHookQueued() // in line for its slot, or holding it
		}
		if !got {
			if err := first.Acquire(ctx, 1); err != nil {
				return nil, err
			}
		}
		free := func() {
			first.Release(1)
			if second != nil {
				second.Release(1)
			}
		}
		if second != nil {
			if err := second.Acquire(ctx, 1); err != nil {
				first.Release(1)
				return nil, err
			}
		}
		if err := g.token(ctx, poll); err != nil {
			free()
			return nil, err
		}
		if g.cooldown() > 0 { // a 429 came while this call waited
			free()
			continue
		}
		g.fig.calls.Add(1)
		g.fig.inFlight.Add(1)
		return func() { g.fig.inFlight.Add(-1); free() }, nil
	}
}

var errBudgetLate = errors.New("api-gateway: the budget cannot admit the call before its deadline")

// token waits for the caller's token from the shared budget. A tool call
// first waits on the calls' part of the rate, so the calls never queue the
// whole budget and a poll finds its share free; every request, polls
// included, is sent only when the shared budget admits it.
func (g *Gateway) token(ctx context.Context, poll bool) error {
	lims := []*rate.Limiter{g.callLimiter, g.limiter}
	if poll {
		lims = lims[1:]
	}
	for _, lim := range lims {
		if err := lim.Wait(ctx); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return errBudgetLate
		}
	}
	return nil
}

// cooldownRefusal refuses a call whose deadline comes before the cooldown ends.
type cooldownRefusal struct{ left time.Duration }

func (e *cooldownRefusal) Error() string {
	return "api-gateway: the rate-limit cooldown outlasts the call"
}

// fits fails when a call cannot start before ctx's deadline: the cooldown
// ends after it or, but for a poll, the budget has no token by then.
func (g *Gateway) fits(ctx context.Context, poll bool) error {
	dl, ok := ctx.Deadline()
	if !ok {
		return nil
	}
	left := g.cooldown()
	start := time.Now().Add(left)
	if left > 0 && start.After(dl) {
		return &cooldownRefusal{left: left}
	}
	if missing := 1 - g.callLimiter.TokensAt(start); !poll && missing > 0 &&
		start.Add(time.Duration(missing/float64(g.callLimiter.Limit())*float64(time.Second))).After(dl) {
		return errBudgetLate
	}
	return nil
}

// waitCooldown waits the cooldown out, or fails at once when it outlasts ctx.
func (g *Gateway) waitCooldown(ctx context.Context) error {
	for left := g.cooldown(); left > 0; left = g.cooldown() {
		if err := g.fits(ctx, true); err != nil {
			return err
		}
		if err := sleep(ctx, left); err != nil {
			return err
		}
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
	d := g.cfg.Cooldown
	if errors.As(err, &pe) && pe.RetryAfter > 0 {
		d = pe.RetryAfter
	}
	until := time.Now().Add(min(d, g.cfg.MaxCooldown))
	g.mu.Lock()
	defer g.mu.Unlock()
	if until.After(g.cooldownUntil) {
		g.cooldownUntil = until
	}
}

// lookup answers op from the cache when a fresh answer is there, with the
// current generation of op's kind of read.
func (g *Gateway) lookup(op readOp) (v any, gen uint64, hit bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if gen = g.gen; op.stable {
		gen = g.stableGen
	}
	c, ok := g.cache[op.key]
	if ok && time.Now().Before(c.until) {
		g.fig.cacheHits.Add(1)
		return c.v, gen, true
	}
	delete(g.cache, op.key)
	return nil, gen, false
}

// store keeps an answer read in generation gen, unless the platform changed since.
func (g *Gateway) store(op readOp, gen uint64, v any) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if (op.stable && gen == g.stableGen) || (!op.stable && gen == g.gen) {
		g.cache[op.key] = gwCached{v: v, stable: op.stable, until: time.Now().Add(g.cfg.CacheTTL)}
	}
}

// changed records a change to the platform: the cached reads it can have
// changed are dropped and new reads share nothing with older ones.
func (g *Gateway) changed(scope changeScope) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.gen++
	if scope == changedLifecycle {
		maps.DeleteFunc(g.cache, func(_ string, c gwCached) bool { return !c.stable && !c.final })
		return
	}
	g.stableGen++
	maps.DeleteFunc(g.cache, func(_ string, c gwCached) bool { return !c.final })
}

// PlatformChanged drops the cached reads: the watcher calls it when a build
// ends, a change the gateway did not see.
func (g *Gateway) PlatformChanged() { g.changed(changedAnything) }

// processEnded drops the cached reads an ended process can have changed (a
// start, stop or restart leaves the stable ones) and keeps the process.
func (g *Gateway) processEnded(key string, p *platform.Process) {
	scope := changedAnything
	if p.ActionName == "stack.start" || p.ActionName == "stack.stop" || p.ActionName == "stack.restart" {
		scope = changedLifecycle
	}
	g.changed(scope)
	g.mu.Lock()
	defer g.mu.Unlock()
	g.cache[key] = gwCached{v: p, final: true, until: time.Now().Add(g.cfg.CacheTTL)}
}

// rateLimited is the error of a call the API's cooldown keeps from running.
func rateLimited(name string, left time.Duration) error {
	secs := int((left + time.Second - 1) / time.Second)
	return &platform.PlatformError{Code: platform.ErrAPIRateLimited, HTTPStatus: 429, RetryAfter: left,
		Message:    fmt.Sprintf("%s: the Zerops API asked ZCP to slow down; retry after %d s", name, secs),
		Suggestion: fmt.Sprintf("Wait %d s, then retry the call.", secs)}
}

// endError is the error of a call that ended before an API answer: ctx
// ended, the gateway stopped, the budget refused it (err), or the call's
// own limit ran out.
func (g *Gateway) endError(ctx context.Context, name string, err error) error {
	var cool *cooldownRefusal
	pacing := "Retry in a few seconds; ZCP is pacing API calls."
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return &platform.PlatformError{Code: platform.ErrAPITimeout, Suggestion: pacing, Err: context.DeadlineExceeded,
			Message: name + ": the call ran out of time waiting for the Zerops API"}
	case g.stopCtx.Err() != nil:
		return errStopped(g.String())
	case ctx.Err() != nil:
		return ctxError(ctx, name+" waiting for the API budget")
	case errors.As(err, &cool):
		return rateLimited(name, cool.left)
	case errors.Is(err, errBudgetLate):
		return &platform.PlatformError{Code: platform.ErrAPITimeout, Suggestion: pacing, Err: context.DeadlineExceeded,
			Message: name + ": the API budget cannot admit the call before its deadline"}
	}
	return &platform.PlatformError{Code: platform.ErrAPITimeout, Err: context.DeadlineExceeded,
		Message:    fmt.Sprintf("%s: no answer from the Zerops API within %s", name, round(g.cfg.CallLimit)),
		Suggestion: "Retry in a few seconds; if it keeps failing, check the Zerops status page or your network."}
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
