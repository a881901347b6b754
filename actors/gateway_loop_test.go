package actors

import (
	"bytes"
	"context"
	"errors"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// serveGateway runs g's loop until the test or benchmark ends and waits for
// Serve to return. Calls through g wait for its loop, so every test or
// benchmark that makes one serves the gateway first.
func serveGateway(tb testing.TB, g *Gateway) *Gateway {
	tb.Helper()
	serve(tb, g)
	return g
}

// cooldownLeft is the shared cooldown left, read from the gateway's status
// (rounded to the millisecond); -1 when the figure is unreadable.
func (g *Gateway) cooldownLeft() time.Duration {
	st, err := g.Status(context.Background())
	if err != nil {
		return -1
	}
	d, err := time.ParseDuration(fig(st, "cooldown"))
	if err != nil {
		return -1
	}
	return d
}

// callsAdmitted is the gateway's "calls" figure: the calls it granted a slot.
func (g *Gateway) callsAdmitted(t *testing.T) int {
	t.Helper()
	st, err := g.Status(t.Context())
	if err != nil {
		t.Fatalf("status: %v", err)
	}
	n, err := strconv.Atoi(fig(st, "calls"))
	if err != nil {
		t.Fatalf("calls figure %q: %v", fig(st, "calls"), err)
	}
	return n
}

// orderClient records the order in which calls reach it; each call waits for
// hold.
type orderClient struct {
	platform.Client
	hold  chan struct{}
	enter chan string // when set, receives each id as its call reaches the client
	mu    sync.Mutex
	order []string
}

func (o *orderClient) GetService(ctx context.Context, id string) (*platform.ServiceStack, error) {
	o.mu.Lock()
	o.order = append(o.order, id)
	o.mu.Unlock()
	if o.enter != nil {
		o.enter <- id
	}
	select {
	case <-o.hold:
		return &platform.ServiceStack{ID: id}, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// awaitInLine waits until n goroutines wait in a semaphore's line, read from
// their stacks: the semaphore tells no one when a caller joins its line. A
// caller counts once it blocks in Acquire's select, which it reaches only
// after joining the line; one still entering Acquire could yet be passed.
func awaitInLine(t *testing.T, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; runtime.Gosched() {
		buf := make([]byte, 1<<20)
		waiting := 0
		for _, g := range bytes.Split(buf[:runtime.Stack(buf, true)], []byte("\n\n")) {
			if bytes.Contains(g, []byte(" [select")) && bytes.Contains(g, []byte("semaphore.(*Weighted).Acquire(")) {
				waiting++
			}
		}
		if waiting >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d callers not in line within 10 s", n)
		}
	}
}

func TestGateway_GrantsInArrivalOrder(t *testing.T) {
	checkLeaks(t)
	c := &orderClient{hold: make(chan struct{})}
	g := serveGateway(t, NewGateway(c, GatewayConfig{MaxInFlight: 1}))
	queued := make(chan struct{}, 4)
	g.testHookQueued = func() { queued <- struct{}{} }
	errs := make(chan error, 4)
	for i, id := range []string{"a", "b", "c", "d"} {
		go func() { _, err := g.GetService(t.Context(), id); errs <- err }()
		recv(t, queued)
		awaitInLine(t, i) // a holds the slot; the others are in line before the next one comes
	}
	close(c.hold)
	for range 4 {
		if err := recv(t, errs); err != nil {
			t.Error(err)
		}
	}
	if got := strings.Join(c.order, ","); got != "a,b,c,d" {
		t.Errorf("calls reached the API in order %s, want a,b,c,d", got)
	}
}

func TestGateway_RefusesCallThatCannotStartInTime(t *testing.T) {
	checkLeaks(t)
	c := &scriptClient{}
	g := serveGateway(t, NewGateway(c, GatewayConfig{Rate: 1, Burst: 1}))
	if _, err := g.GetService(t.Context(), "a"); err != nil { // takes the only token
		t.Fatal(err)
	}
	// The next token comes in about 1 s, after this caller's deadline.
	ctx, cancel := context.WithTimeout(t.Context(), 500*time.Millisecond)
	defer cancel()
	_, err := g.GetService(ctx, "b")
	if platform.ErrorCode(err) != platform.ErrAPITimeout || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("call: %v, want API_TIMEOUT", err)
	}
	if ctx.Err() != nil {
		t.Error("the refusal waited for the deadline instead of coming at once")
	}
	if got := c.calls.Load(); got != 1 {
		t.Errorf("%d API calls, want 1", got)
	}
}

// TestGateway_DeadContextNeverReachesTheAPI: a call whose context has
// already ended fails with that context's error and never reaches the API,
// however idle the gateway is.
func TestGateway_DeadContextNeverReachesTheAPI(t *testing.T) {
	checkLeaks(t)
	c := &scriptClient{}
	g := serveGateway(t, NewGateway(c, GatewayConfig{}))
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	for range 100 {
		// A status round trip first, so the loop is likely idle in its
		// select and ready to take the request.
		if _, err := g.Status(t.Context()); err != nil {
			t.Fatal(err)
		}
		if _, err := g.GetService(ctx, "a"); !errors.Is(err, context.Canceled) {
			t.Fatalf("call with an ended context: %v, want CANCELED", err)
		}
	}
	if n := c.calls.Load(); n != 0 {
		t.Errorf("%d of 100 calls with an ended context reached the API", n)
	}
}

func TestGateway_StatusAcrossLifecycle(t *testing.T) {
	checkLeaks(t)
	g := NewGateway(&scriptClient{}, GatewayConfig{Rate: 5, Burst: 3, MaxInFlight: 2})
	st, err := g.Status(t.Context())
	if err != nil || st.State != StateIdle || fig(st, "tokens") != "3.0" || fig(st, "in-flight") != "0/2" || fig(st, "calls") != "0" {
		t.Errorf("unserved status %+v, %v", st, err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	served := make(chan error, 2)
	go func() { served <- g.Serve(ctx) }()
	go func() { served <- g.Serve(ctx) }()
	if err := recv(t, served); err == nil || errors.Is(err, context.Canceled) {
		t.Errorf("one of two Serves at once: %v, want a refusal", err)
	}
	if _, err := g.GetService(t.Context(), "a"); err != nil {
		t.Fatal(err)
	}
	st, _ = g.Status(t.Context())
	if st.State != StateRunning || fig(st, "calls") != "1" || fig(st, "in-flight") != "0/2" {
		t.Errorf("running status %+v", st)
	}
	cancel()
	if err := recv(t, served); !errors.Is(err, context.Canceled) {
		t.Errorf("Serve returned %v", err)
	}
	st, _ = g.Status(t.Context())
	if st.State != StateStopped || fig(st, "calls") != "1" {
		t.Errorf("stopped status %+v, want its final figures", st)
	}
	if err := g.Serve(t.Context()); err == nil {
		t.Error("Serve after stop succeeded")
	}
}

// Callers giving up at every stage (before the loop takes their request,
// while queued, as their grant arrives) must leave no slot behind.
func TestGateway_CallersGivingUpLeakNoSlot(t *testing.T) {
	checkLeaks(t)
	c := &scriptClient{}
	g := serveGateway(t, NewGateway(c, GatewayConfig{Rate: 1e6, Burst: 1000, MaxInFlight: 2}))
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 20 {
				ctx, cancel := context.WithTimeout(t.Context(), time.Duration((i+j)%5)*100*time.Microsecond)
				_, _ = g.GetService(ctx, "s1")
				cancel()
			}
		}()
	}
	wg.Wait()
	st, _ := g.Status(t.Context())
	if fig(st, "in-flight") != "0/2" || fig(st, "queued") != "0" {
		t.Errorf("in-flight %s, queued %s after every caller left, want 0/2 and 0", fig(st, "in-flight"), fig(st, "queued"))
	}
	if got := strconv.FormatInt(c.calls.Load(), 10); fig(st, "calls") != got {
		t.Errorf("status counts %s calls, the API saw %s", fig(st, "calls"), got)
	}
	// Bounded, so that a leaked slot fails the test instead of hanging it.
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	for range 2 {
		if _, err := g.GetService(ctx, "s1"); err != nil {
			t.Fatalf("call after the storm: %v", err)
		}
	}
}
