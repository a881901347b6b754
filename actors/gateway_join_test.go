package actors

import (
	"context"
	"net/http"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// gatedClient passes every call to the platform; GetService first waits for
// hold (to keep the gateway's only slot busy), and when sent is set,
// RestartService first reports on it and waits for gate.
type gatedClient struct {
	platform.Client
	hold chan struct{}
	sent chan string
	gate chan struct{}
}

func (c *gatedClient) GetService(ctx context.Context, id string) (*platform.ServiceStack, error) {
	select {
	case <-c.hold:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return c.Client.GetService(ctx, id)
}

func (c *gatedClient) RestartService(ctx context.Context, id string) (*platform.Process, error) {
	if c.sent != nil {
		c.sent <- id
		<-c.gate
	}
	return c.Client.RestartService(ctx, id)
}

// joinRig is a gateway with one slot over the fake API, and the hooks that
// tell when a call waits for admission and when a caller joined its flight.
type joinRig struct {
	srv            *fakeapi.Server
	c              *gatedClient
	g              *Gateway
	queued, joined chan struct{}
}

func newJoinRig(t *testing.T) *joinRig {
	srv, api := newFake(t, fakeapi.Options{})
	r := &joinRig{srv: srv, c: &gatedClient{Client: api, hold: make(chan struct{})},
		queued: make(chan struct{}, 64), joined: make(chan struct{}, 64)}
	r.g = NewGateway(r.c, GatewayConfig{MaxInFlight: 1})
	r.g.testHookQueued = func() { r.queued <- struct{}{} }
	r.g.testHookJoined = func() { r.joined <- struct{}{} }
	serveGateway(t, r.g)
	return r
}

// holdSlot takes the gateway's only slot with a read that waits for r.c.hold.
func (r *joinRig) holdSlot(t *testing.T) <-chan error {
	done := make(chan error, 1)
	go func() { _, err := r.g.GetService(t.Context(), r.srv.ServiceID("appdev")); done <- err }()
	recv(t, r.joined)
	recv(t, r.queued) // it holds the slot
	return done
}

// answer is one call's outcome.
type answer struct {
	proc *platform.Process
	err  error
}

// start makes call in the background; it returns once the caller joined its
// flight (its own or an identical call's), and answers on the channel.
func (r *joinRig) start(t *testing.T, call func() (*platform.Process, error)) <-chan answer {
	ch := make(chan answer, 1)
	go func() { p, err := call(); ch <- answer{p, err} }()
	recv(t, r.joined)
	return ch
}

func (r *joinRig) restarts(host string) int {
	return r.srv.CountRequests(http.MethodPut, "/service-stack/"+r.srv.ServiceID(host)+"/restart")
}

// TestGateway_IdenticalLifecycleCallsJoinWhileWaiting: restarts of one
// service waiting for admission together cost one request and share its
// process, unless a mutation that may touch that service entered between
// them; a restart of another service does not stand between them.
func TestGateway_IdenticalLifecycleCallsJoinWhileWaiting(t *testing.T) {
	checkLeaks(t)
	tests := []struct {
		name     string
		between  func(r *joinRig) (*platform.Process, error) // entered after the first restart, nil: none
		puts     int                                         // restart requests for appdev
		sameProc bool                                        // the first and the last restart share a process
	}{
		{"five identical restarts", nil, 1, true},
		{"a restart of another service between", func(r *joinRig) (*platform.Process, error) {
			return r.g.RestartService(context.Background(), r.srv.ServiceID("db"))
		}, 1, true},
		{"a stop of the same service between", func(r *joinRig) (*platform.Process, error) {
			return r.g.StopService(context.Background(), r.srv.ServiceID("appdev"))
		}, 2, false},
		{"an env write to the same service between", func(r *joinRig) (*platform.Process, error) {
			return r.g.SetServiceEnvFile(context.Background(), r.srv.ServiceID("appdev"), "A=1\n")
		}, 2, false},
		{"a mutation naming no service between", func(r *joinRig) (*platform.Process, error) {
			return r.g.CreateProjectEnv(context.Background(), r.srv.ProjectID(), "K", "v", false)
		}, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := newJoinRig(t)
			held := r.holdSlot(t)
			restart := func() (*platform.Process, error) {
				return r.g.RestartService(t.Context(), r.srv.ServiceID("appdev"))
			}
			answers := []<-chan answer{r.start(t, restart)}
			recv(t, r.queued) // the first restart waits for the slot
			var between <-chan answer
			if tt.between != nil {
				between = r.start(t, func() (*platform.Process, error) { return tt.between(r) })
			}
			for range 4 {
				answers = append(answers, r.start(t, restart))
			}
			close(r.c.hold)
			if err := recv(t, held); err != nil {
				t.Fatal(err)
			}
			if between != nil {
				if a := recv(t, between); a.err != nil {
					t.Fatalf("the mutation between: %v", a.err)
				}
			}
			var procs []string
			for i, ch := range answers {
				a := recv(t, ch)
				if a.err != nil || a.proc == nil {
					t.Fatalf("restart %d: %+v, %v", i, a.proc, a.err)
				}
				procs = append(procs, a.proc.ID)
			}
			if got := r.restarts("appdev"); got != tt.puts {
				t.Errorf("%d restart requests for appdev, want %d (processes %v)", got, tt.puts, procs)
			}
			if same := procs[0] == procs[len(procs)-1]; same != tt.sameProc {
				t.Errorf("first and last restart answered processes %s and %s, want shared = %v", procs[0], procs[len(procs)-1], tt.sameProc)
			}
			for i := 2; i < len(procs); i++ {
				if procs[i] != procs[1] {
					t.Errorf("restarts after the first answered %v: the ones entered together share one process", procs)
				}
			}
		})
	}
}

// TestGateway_LifecycleCallSentIsNotJoined: a restart arriving while an
// identical one is already at the API makes its own request.
func TestGateway_LifecycleCallSentIsNotJoined(t *testing.T) {
	checkLeaks(t)
	r := newJoinRig(t)
	close(r.c.hold)
	r.c.sent, r.c.gate = make(chan string, 2), make(chan struct{})
	restart := func() (*platform.Process, error) {
		return r.g.RestartService(t.Context(), r.srv.ServiceID("appdev"))
	}
	first := r.start(t, restart)
	recv(t, r.c.sent) // the first restart is on its way to the API
	second := r.start(t, restart)
	close(r.c.gate)
	a, b := recv(t, first), recv(t, second)
	if a.err != nil || b.err != nil {
		t.Fatalf("restarts: %v, %v", a.err, b.err)
	}
	if a.proc.ID == b.proc.ID || r.restarts("appdev") != 2 {
		t.Errorf("processes %s and %s from %d requests, want two of each", a.proc.ID, b.proc.ID, r.restarts("appdev"))
	}
}

// TestGateway_JoinedLifecycleCallOutlivesItsFirstCaller: the caller whose
// restart another joined gives up; the joiner still gets the process.
func TestGateway_JoinedLifecycleCallOutlivesItsFirstCaller(t *testing.T) {
	checkLeaks(t)
	r := newJoinRig(t)
	held := r.holdSlot(t)
	ctx, cancel := context.WithCancel(t.Context())
	first := r.start(t, func() (*platform.Process, error) {
		return r.g.RestartService(ctx, r.srv.ServiceID("appdev"))
	})
	recv(t, r.queued)
	joiner := r.start(t, func() (*platform.Process, error) {
		return r.g.RestartService(t.Context(), r.srv.ServiceID("appdev"))
	})
	cancel()
	if a := recv(t, first); platform.ErrorCode(a.err) != platform.ErrCanceled {
		t.Errorf("first caller: %v, want CANCELED", a.err)
	}
	close(r.c.hold)
	if err := recv(t, held); err != nil {
		t.Fatal(err)
	}
	if a := recv(t, joiner); a.err != nil || a.proc == nil {
		t.Errorf("joiner: %+v, %v", a.proc, a.err)
	}
	if n := r.restarts("appdev"); n != 1 {
		t.Errorf("%d restart requests, want 1", n)
	}
}

// TestGateway_ReadSentAfterAChangeServesLaterCallers: a read that waited for
// admission while the platform changed reflects the change once it is sent,
// so a caller arriving after the change joins it, and its answer is kept;
// a fresh read (platform.FreshRead) is never answered from what is kept.
func TestGateway_ReadSentAfterAChangeServesLaterCallers(t *testing.T) {
	checkLeaks(t)
	r := newJoinRig(t)
	db := r.srv.ServiceID("db")
	held := r.holdSlot(t)
	first := r.start(t, func() (*platform.Process, error) { _, err := r.g.GetService(t.Context(), db); return nil, err })
	recv(t, r.queued) // waits for the slot
	r.g.PlatformChanged()
	second := r.start(t, func() (*platform.Process, error) { _, err := r.g.GetService(t.Context(), db); return nil, err })
	close(r.c.hold)
	if err := recv(t, held); err != nil {
		t.Fatal(err)
	}
	for _, ch := range []<-chan answer{first, second} {
		if a := recv(t, ch); a.err != nil {
			t.Fatal(a.err)
		}
	}
	reads := func() int { return r.srv.CountRequests(http.MethodGet, "/service-stack/"+db) }
	if n := reads(); n != 1 {
		t.Errorf("%d reads of db, want 1: the caller after the change joins the read not yet sent", n)
	}
	if _, err := r.g.GetService(t.Context(), db); err != nil {
		t.Fatal(err)
	}
	if n := reads(); n != 1 {
		t.Errorf("%d reads of db, want 1: the answer read after the change is kept", n)
	}
	if _, err := r.g.GetService(platform.FreshRead(t.Context()), db); err != nil {
		t.Fatal(err)
	}
	if n := reads(); n != 2 {
		t.Errorf("%d reads of db, want 2: a fresh read asks the API", n)
	}
}
