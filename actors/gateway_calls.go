package actors

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"reflect"
	"syscall"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// callOp is what a platform call is: a read, kept or not, or a mutation.
type callOp struct {
	name    string
	key     string // a read's name and arguments: identical reads share it
	keep    keep
	mutates bool
	scope   keep   // the kept answers a mutation drops: changedLifecycle or changedAnything
	service string // the service a mutation touches or a read is of, "" for none named
}

// readOf is the read name(args...), its answer kept as k says.
func readOf(name string, k keep, args ...any) callOp {
	return callOp{name: name, key: name + "\x00" + fmt.Sprintf("%#v", args), keep: k}
}

// mutation is the mutation name, of service ("" for none named).
func mutation(name string, scope keep, service string) callOp {
	return callOp{name: name, mutates: true, scope: scope, service: service}
}

type pollKey struct{}

// asPoll marks ctx as a watcher poll's: served from the polls' reserved
// share and bounded by its context alone.
func asPoll(ctx context.Context) context.Context { return context.WithValue(ctx, pollKey{}, true) }

func isPoll(ctx context.Context) bool { return ctx.Value(pollKey{}) != nil }

// do answers a kept read from the cache, else runs fn in a flight (share),
// admitted within CallLimit; a read but a poll waits CallLimit at most.
func do[T any](g *Gateway, ctx context.Context, op callOp, fn func(context.Context) (T, error)) (T, error) {
	var zero T
	if platform.IsFreshRead(ctx) && !op.mutates { // waits for the platform: nothing kept, no older flight
		op.key, op.keep = op.key+"\x00fresh", keepNone
	}
	v, gen, hit := g.lookup(op)
	if hit {
		return clone(v.(T)), nil
	}
	if g.stopCtx.Err() != nil || ctx.Err() != nil {
		return zero, g.endError(ctx, op.name)
	}
	poll := isPoll(ctx)
	callCtx, cancel := context.WithCancel(ctx)
	if !poll && !op.mutates {
		callCtx, cancel = context.WithTimeout(ctx, g.cfg.CallLimit)
	}
	defer cancel()
	if err := g.fits(callCtx, op.name, poll); err != nil {
		return zero, err
	}
	if g.testHookMissed != nil && !op.mutates {
		g.testHookMissed(op.key)
	}
	v, err := g.share(ctx, callCtx, op, gen, func(fctx context.Context, f *flight) (any, error) {
		if v, _, hit := g.lookup(op); hit { // stored since this caller's miss
			return v, nil
		}
		admitCtx, cancel := context.WithCancel(fctx)
		if !poll {
			admitCtx, cancel = context.WithTimeout(fctx, g.cfg.CallLimit)
		}
		defer cancel()
		for tries := 0; ; g.fig.retries.Add(1) {
			release, err := g.admit(admitCtx, op.name, poll)
			if err != nil {
				return nil, err
			}
			g.mu.Lock()
			f.sent, f.gen = true, g.gen(op) // the answer reflects the changes made before it is asked for
			if op.mutates {                 // a new identical call makes its own
				delete(g.open, f.key)
			}
			g.mu.Unlock()
			v, err := once(g, fctx, op, fn)
			release()
			switch {
			case op.mutates:
				g.changed(op.scope, op.service)
				if outcomeUnknown(err) {
					err = lostAnswer(op.name, err)
				}
				return v, err
			case err == nil:
				g.store(op, f.gen, v)
				return v, nil
			case platform.ErrorCode(err) == platform.ErrAPIRateLimited: // admit waits the cooldown out or refuses at once
			case tries < g.cfg.Retries && retryable(err) && admitCtx.Err() == nil:
				backoff := g.cfg.RetryBase << tries
				if sleep(admitCtx, backoff/2+rand.N(backoff)) != nil { // jittered, so that retries do not align
					return v, err // gave up during backoff: the last API error
				}
				tries++
			default:
				return v, err
			}
		}
	})
	if err != nil {
		return zero, err
	}
	return clone(v.(T)), nil
}

// once makes one admitted call (a read's within ReadTimeout); a 429 sets the
// cooldown, a panic answers INTERNAL_ERROR.
func once[T any](g *Gateway, ctx context.Context, op callOp, fn func(context.Context) (T, error)) (v T, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = internalError(op.name, p)
		}
		if platform.ErrorCode(err) == platform.ErrAPIRateLimited {
			g.fig.rateLimited.Add(1)
			g.coolDown(err)
		}
	}()
	if !op.mutates {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, g.cfg.ReadTimeout)
		defer cancel()
	}
	return fn(ctx)
}

// flight is one call identical callers share, on a context of none of them
// that ends when the last one leaves or the gateway stops.
type flight struct {
	key    string // its key in Gateway.open while new callers may join; no other flight takes it before it ends
	ctx    context.Context
	cancel context.CancelFunc
	refs   int    // callers waiting for it; guarded by Gateway.mu
	sent   bool   // its request went out; guarded by Gateway.mu
	gen    uint64 // a read's: the generation its request went out in; guarded by Gateway.mu
}

// share joins the open flight of identical calls (a read not yet sent, or
// sent in generation gen or later; for mutations see enter) or starts one
// running run, and waits while callCtx lasts.
func (g *Gateway) share(ctx, callCtx context.Context, op callOp, gen uint64, run func(context.Context, *flight) (any, error)) (any, error) {
	g.mu.Lock()
	key := op.key
	if op.mutates {
		key = g.enter(op)
	}
	f := g.open[key]
	if f == nil || f.sent && f.gen < gen { // a read asked for before a change this caller follows
		f = &flight{key: key}
		f.ctx, f.cancel = context.WithCancel(g.stopCtx) // no one caller's: it serves them all
		if key != "" {
			g.open[key] = f
		}
	}
	f.refs++
	ch := g.flights.DoChan(fmt.Sprintf("%p", f), func() (any, error) { // unique while it runs
		return run(f.ctx, f) // a panic below is once's to recover
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
		err := g.endError(ctx, op.name)
		g.mu.Lock()
		defer g.mu.Unlock()
		if f.sent && outcomeUnknown(err) {
			err = lostAnswer(op.name, err)
		}
		return nil, err
	}
}

// enter records mutation op entering (mu held), which ends the joining of
// calls before it, and returns its key: "" (none) but for a lifecycle call.
func (g *Gateway) enter(op callOp) string {
	key := func() string {
		return fmt.Sprint(op.name, "\x00", op.service, "\x00", g.epochs[""], "\x00", g.epochs[op.service])
	}
	if op.scope != changedLifecycle {
		g.epochs[op.service]++
		return ""
	}
	if g.open[key()] == nil {
		g.epochs[op.service]++
	}
	return key()
}

// leave takes the caller out of f; the last one out ends it and closes it
// to new callers. Until then a new caller of an ended flight runs it anew.
func (g *Gateway) leave(f *flight) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if f.refs--; f.refs == 0 {
		f.cancel()
		if g.open[f.key] == f {
			delete(g.open, f.key)
		}
	}
}

// clone is a shallow copy of v: of a pointer's target, of a slice's elements.
func clone[T any](v T) T {
	switch r := reflect.ValueOf(v); {
	case r.Kind() == reflect.Pointer && !r.IsNil():
		c := reflect.New(r.Elem().Type())
		c.Elem().Set(r.Elem())
		return c.Interface().(T)
	case r.Kind() == reflect.Slice && !r.IsNil():
		return reflect.AppendSlice(reflect.MakeSlice(r.Type(), 0, r.Len()), r).Interface().(T)
	}
	return v
}

// retryable reports whether a read that failed with err may be tried again.
func retryable(err error) bool {
	var pe *platform.PlatformError
	return errors.As(err, &pe) && (pe.Code == platform.ErrNetworkError || pe.Code == platform.ErrAPITimeout ||
		pe.Code == platform.ErrAPIError && pe.HTTPStatus >= 500 && pe.HTTPStatus <= 599)
}

// outcomeUnknown reports whether a mutation failing with err may have taken
// effect: its answer was lost, not refused.
func outcomeUnknown(err error) bool {
	var dns *net.DNSError
	code := platform.ErrorCode(err)
	return code == platform.ErrAPITimeout ||
		code == platform.ErrNetworkError && !errors.Is(err, syscall.ECONNREFUSED) && !errors.As(err, &dns)
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

const pacing = "Retry in a few seconds; ZCP is pacing API calls."

// endError is the error of a call ended before an answer: by ctx (the
// caller's or a flight's), the gateway's stop or CallLimit.
func (g *Gateway) endError(ctx context.Context, name string) error {
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return apiTimeout(name+": the call ran out of time waiting for the Zerops API", pacing)
	case g.stopCtx.Err() != nil:
		return errStopped(g.String())
	case ctx.Err() != nil:
		return ctxError(ctx, name+" waiting for the API budget")
	}
	return apiTimeout(fmt.Sprintf("%s: no answer from the Zerops API within %s", name, round(g.cfg.CallLimit)),
		"Retry in a few seconds; if it keeps failing, check the Zerops status page or your network.")
}

func apiTimeout(msg, suggestion string) error {
	return &platform.PlatformError{Code: platform.ErrAPITimeout, Message: msg, Suggestion: suggestion, Err: context.DeadlineExceeded}
}

// rateLimited is the error of a call the API's cooldown keeps from running.
func rateLimited(name string, left time.Duration) error {
	secs := int((left + time.Second - 1) / time.Second)
	return &platform.PlatformError{Code: platform.ErrAPIRateLimited, HTTPStatus: 429, RetryAfter: left,
		Message:    fmt.Sprintf("%s: the Zerops API asked ZCP to slow down; retry after %d s", name, secs),
		Suggestion: fmt.Sprintf("Wait %d s, then retry the call.", secs)}
}

// lostAnswer is the error of a mutation whose answer was lost after it was sent.
func lostAnswer(name string, err error) error {
	return &platform.PlatformError{Code: platform.ErrorCode(err), Err: err,
		Message: name + ": the connection to the Zerops API ended after the request was sent, " +
			"so whether the change took effect is unknown",
		Suggestion: "Do not repeat it blindly: read the outcome first (the service's status with zerops_discover, " +
			"the latest processes with zerops_events), then act on what they show."}
}

func internalError(name string, p any) error {
	return platform.NewError(platform.ErrInternal, fmt.Sprintf("%s: internal error in ZCP: %v", name, p),
		"Retry the call; the panic is a ZCP bug worth reporting.")
}
