package actors

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// How a call passes through the gateway. Each Client method declares what it
// is at its call site: readOne and readList for reads (shared with identical
// reads in flight, retried on transient failures), with a readOp made by
// readOf or, for the answers kept for CacheTTL, cachedRead (stable when a
// service's start, stop or restart cannot change the answer); mutate for
// calls that change the platform (never retried; they drop the cached reads
// they can have changed: lifecycleMutate keeps the stable ones).

// readOp is a read: its name, and the key that identical reads share.
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

// unchangedByLifecycle marks a read whose answer a service's start, stop or restart
// cannot change (the project, env variables): it stays cached and shared
// across those changes.
func (op readOp) unchangedByLifecycle() readOp {
	op.stable = true
	return op
}

// pollKey marks a watcher poll's context.
type pollKey struct{}

// asPoll marks ctx as a watcher poll's: the gateway serves it from the polls'
// reserved share, and bounds it by its context alone (a wait on a platform
// process keeps its own limit).
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

// leaderGone is the error of a shared read whose leading caller gave up:
// the callers still waiting for it lead a read of their own.
type leaderGone struct{ err error }

func (e *leaderGone) Error() string { return e.err.Error() }
func (e *leaderGone) Unwrap() error { return e.err }

// flightPanic carries a panic of a shared read to every caller of it.
type flightPanic struct{ v any }

func (e *flightPanic) Error() string { return fmt.Sprintf("shared read panicked: %v", e.v) }

// read runs fn under the budget, retried on transient failures. An answer
// still cached is used as it is; otherwise identical reads of the same
// generation (nothing changed the platform between them) share one call.
// Answers are shallow copies (clone): callers may reorder them but must
// not change what they point to.
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
	r := g.life.current() // every request of the call goes to this run of the loop
	for {
		look, err := g.lookup(callCtx, r, op)
		if err != nil {
			return zero, g.endError(ctx, op.name, err)
		}
		if look.hit {
			return clone(look.v.(T)), nil
		}
		if g.testHookMissed != nil {
			g.testHookMissed(op.key)
		}
		ch := r.in.reads.DoChan(strconv.FormatUint(look.gen, 10)+"\x00"+op.key, func() (_ any, err error) {
			// A panic below fn goes on in the callers' goroutines, not in
			// the one DoChan runs this in, where nothing would recover it.
			defer func() {
				if p := recover(); p != nil {
					err = &flightPanic{p}
				}
			}()
			if op.cached {
				// This caller missed the cache, but an identical read may
				// have stored its answer and ended between that lookup and
				// this flight's start: looked up again inside the flight, so
				// two identical reads never both reach the API.
				if again, err := g.lookup(callCtx, r, op); err == nil && again.hit && again.gen == look.gen {
					return again.v, nil
				}
			}
			v, err := attempts(g, ctx, callCtx, r, op.name, &gwWaiter{poll: isPoll(ctx)}, fn)
			if err != nil && callCtx.Err() != nil {
				return v, &leaderGone{err}
			}
			if err == nil && op.cached {
				g.store(r, gwStore{key: op.key, stable: op.stable, gen: look.gen, v: v})
			}
			return v, err
		})
		select {
		case res := <-ch:
			var gone *leaderGone
			var fp *flightPanic
			if errors.As(res.Err, &fp) {
				panic(fp.v)
			}
			if errors.As(res.Err, &gone) {
				if callCtx.Err() != nil {
					// This caller led the read and gave up: the same error as
					// the case below, which the select may pick instead.
					return zero, g.endError(ctx, op.name, nil)
				}
				continue // another caller led it and gave up
			}
			if res.Err != nil {
				return zero, res.Err
			}
			return clone(res.Val.(T)), nil
		case <-callCtx.Done():
			return zero, g.endError(ctx, op.name, nil)
		}
	}
}

// mutate runs fn, which changes the platform, under the budget: once, never
// retried. Its wait for the budget is bounded by CallLimit, the call itself
// by ctx (and the client's own request timeout); cached reads are dropped
// when it ends, before it returns.
func mutate[T any](g *Gateway, ctx context.Context, name string, fn func(context.Context) (T, error)) (T, error) {
	return mutateScoped(g, ctx, name, changedAnything, fn)
}

// lifecycleMutate is mutate for a service's start, stop or restart, which
// leaves the stable reads valid.
func lifecycleMutate[T any](g *Gateway, ctx context.Context, name string, fn func(context.Context) (T, error)) (T, error) {
	return mutateScoped(g, ctx, name, changedLifecycle, fn)
}

func mutateScoped[T any](g *Gateway, ctx context.Context, name string, scope changeScope, fn func(context.Context) (T, error)) (T, error) {
	var zero T
	callCtx, cancel, err := g.callContext(ctx, 0, name)
	if err != nil {
		return zero, err
	}
	defer cancel()
	r := g.life.current()
	admitCtx, cancelAdmit := context.WithTimeout(callCtx, g.cfg.CallLimit)
	defer cancelAdmit()
	if err := g.admit(admitCtx, r, &gwWaiter{}); err != nil {
		return zero, g.endError(ctx, name, err)
	}
	v, _, err := attempt1(g, r, callCtx, fn, gwReport{mutation: true, scope: scope}, false, 0)
	return v, err
}

// callContext is the context of one call: it ends with ctx, when the gateway
// stops for good and, if limit > 0, after limit. It fails when the call
// cannot start at all.
func (g *Gateway) callContext(ctx context.Context, limit time.Duration, name string) (context.Context, context.CancelFunc, error) {
	callCtx, cancel := context.WithCancel(ctx)
	if limit > 0 {
		callCtx, cancel = context.WithTimeout(ctx, limit)
	}
	stop := context.AfterFunc(g.stopCtx, cancel)
	end := func() { stop(); cancel() }
	// Checked after AfterFunc is registered: on a gateway already stopped it
	// cancels callCtx only from a goroutine of its own, a moment later.
	if g.stopCtx.Err() != nil {
		end()
		return nil, nil, errStopped(g.String())
	}
	if ctx.Err() != nil { // admit's select could still pick the send
		end()
		return nil, nil, g.endError(ctx, name, nil)
	}
	return callCtx, end, nil
}

// attempts makes the attempts of a read: admission as w, the call, and up to
// Retries retries after transient failures while callCtx lasts.
func attempts[T any](g *Gateway, ctx, callCtx context.Context, r *gatewayRun, name string, w *gwWaiter, fn func(context.Context) (T, error)) (T, error) {
	for attempt := 0; ; attempt++ {
		if attempt > 0 {
			w = &gwWaiter{poll: w.poll}
		}
		if err := g.admit(callCtx, r, w); err != nil {
			var zero T
			return zero, g.endError(ctx, name, err)
		}
		v, retry, err := attempt1(g, r, callCtx, fn, gwReport{}, attempt < g.cfg.Retries, g.cfg.ReadTimeout)
		if !retry {
			return v, err
		}
		if sleep(callCtx, jitter(g.cfg.RetryBase<<attempt)) != nil {
			return v, err // the caller gave up during backoff: report the last API error
		}
	}
}

// attempt1 makes one admitted call, bounded by timeout when it is > 0, and
// reports its outcome to the loop, which frees the caller's slot. The report
// (rep, filled in here) is sent however fn ends, a panic included: a leaked
// slot would shrink the cap for good. A 429's cooldown travels in the same
// report, so the loop sets it before the slot can go to a waiting caller.
// retry says whether the caller tries again; mayRetry whether it is allowed
// to (a read with retries left). The report goes to run, the run that
// granted the slot; if it has crashed, nobody takes it.
func attempt1[T any](g *Gateway, run *gatewayRun, ctx context.Context, fn func(ctx context.Context) (T, error), rep gwReport, mayRetry bool, timeout time.Duration) (v T, retry bool, err error) {
	r := rep
	r.failed = true // what a panic reports
	defer func() { g.report(run, r) }()
	actx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		actx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	v, err = fn(actx)
	r = rep
	r.failed = err != nil
	if platform.ErrorCode(err) == platform.ErrAPIRateLimited {
		r.cooldown = g.cooldownFor(err)
	}
	r.retry = err != nil && mayRetry && retryable(err) && ctx.Err() == nil
	return v, r.retry, err
}

// admit waits until run r's loop grants the caller (w) a slot; the caller
// then holds it until attempt1 reports. It fails when ctx ends, when r ends
// (the gateway stopped or the loop crashed: the run's SERVICE_UNAVAILABLE
// error), or at once when the budget cannot admit the call before ctx's
// deadline.
func (g *Gateway) admit(ctx context.Context, r *gatewayRun, w *gwWaiter) error {
	w.reply = make(chan error, 1)
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

// lookup asks run r's loop for a cached answer to op and its generation.
func (g *Gateway) lookup(ctx context.Context, r *gatewayRun, op readOp) (gwLookupReply, error) {
	q := gwLookup{key: op.key, stable: op.stable, reply: make(chan gwLookupReply, 1)}
	select {
	case r.in.lookups <- q:
	case <-ctx.Done():
		return gwLookupReply{}, ctx.Err()
	case <-r.done:
		return gwLookupReply{}, r.ended()
	}
	select {
	case rep := <-q.reply:
		return rep, nil
	case <-ctx.Done():
		return gwLookupReply{}, ctx.Err()
	case <-r.done:
		return gwLookupReply{}, r.ended()
	}
}

// store offers run r's loop an answer to keep.
func (g *Gateway) store(r *gatewayRun, s gwStore) {
	select {
	case r.in.stores <- s:
	case <-r.done:
	}
}

// PlatformChanged drops the cached reads: the watcher calls it when a watched
// process or build ends, as the platform changed without a call through the
// gateway. Before Serve nothing is cached, so it does nothing.
func (g *Gateway) PlatformChanged() { g.platformChanged(changedAnything) }

// processEnded is PlatformChanged for process p seen ended, scoped by what
// it did: the end of a start, stop or restart leaves the stable reads valid.
func (g *Gateway) processEnded(p *platform.Process) {
	scope := changedAnything
	switch p.ActionName {
	case "stack.start", "stack.stop", "stack.restart":
		scope = changedLifecycle
	}
	g.platformChanged(scope)
}

func (g *Gateway) platformChanged(scope changeScope) {
	if !g.life.started() {
		return
	}
	r := g.life.current()
	select {
	case r.in.changes <- scope:
	case <-r.done:
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

// endError is the error of a call that ended before an API answer: the
// caller's context (ctx) ended, the gateway stopped, the run crashed, the
// loop refused it (err), or else the call's own limit ran out.
func (g *Gateway) endError(ctx context.Context, name string, err error) error {
	var cool *cooldownRefusal
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return &platform.PlatformError{Code: platform.ErrAPITimeout,
			Message:    name + ": the call ran out of time waiting for the Zerops API",
			Suggestion: "Retry in a few seconds; ZCP is pacing API calls.",
			Err:        context.DeadlineExceeded}
	case ctx.Err() != nil:
		return ctxError(ctx, name+" waiting for the API budget")
	case g.stopCtx.Err() != nil:
		return errStopped(g.String())
	case platform.ErrorCode(err) == platform.ErrServiceUnavailable:
		return err // the run ended under the call: its loop crashed
	case errors.As(err, &cool):
		secs := int((cool.left + time.Second - 1) / time.Second)
		return &platform.PlatformError{Code: platform.ErrAPIRateLimited, HTTPStatus: 429, RetryAfter: cool.left,
			Message:    fmt.Sprintf("%s: the Zerops API asked ZCP to slow down; retry after %d s", name, secs),
			Suggestion: fmt.Sprintf("Wait %d s, then retry the call.", secs)}
	case errors.Is(err, errBudgetLate):
		return &platform.PlatformError{Code: platform.ErrAPITimeout,
			Message:    name + ": the API budget cannot admit the call before its deadline",
			Suggestion: "Retry in a few seconds; ZCP is pacing API calls.",
			Err:        context.DeadlineExceeded}
	}
	return &platform.PlatformError{Code: platform.ErrAPITimeout,
		Message:    fmt.Sprintf("%s: no answer from the Zerops API within %s", name, round(g.cfg.CallLimit)),
		Suggestion: "Retry in a few seconds; if it keeps failing, check the Zerops status page or your network.",
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
