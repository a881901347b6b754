package fakeapi

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"github.com/zeropsio/zcp/platform"
)

// apiPrefix is where every public REST path begins.
const apiPrefix = "/api/rest/public"

// Server is the fake Zerops API. It is an [http.Handler]; all methods are safe
// for concurrent use. One mutex guards the whole state; it is never held while
// sleeping for injected latency or while writing to the network.
type Server struct {
	opts Options

	mu       sync.Mutex
	st       *state
	requests []Request
	waiters  []*requestWaiter
	faults   []*Fault
	limiter  *rate.Limiter
	routes   []route

	// Set by Start/StartOn.
	httpSrv  *http.Server
	listener net.Listener
	baseURL  string
	served   chan struct{}
	closeOne sync.Once

	// done is closed by Close: injected latency stops waiting. inflight
	// counts running requests (Add only under mu while !closed) so that
	// Close returns only when no handler goroutine is left.
	done     chan struct{}
	closed   bool
	inflight sync.WaitGroup
}

// New returns a Server with the seeded project "demo" (unless opts.Empty).
// It does not listen; use it as an http.Handler or call [Start].
func New(opts Options) *Server {
	opts = opts.withDefaults()
	s := &Server{opts: opts, done: make(chan struct{})}
	s.st = newState(opts, time.Now())
	if !opts.Empty {
		s.st.seedDemo()
	}
	s.st.indexSetup()
	s.routes = s.routeTable()
	return s
}

// Start serves a new Server on 127.0.0.1 with a free port.
func Start(opts Options) (*Server, error) { return StartOn("127.0.0.1:0", opts) }

// StartOn serves a new Server on addr.
func StartOn(addr string, opts Options) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("fakeapi: listen on %s: %w", addr, err)
	}
	s := New(opts)
	s.listener = ln
	s.baseURL = "http://" + ln.Addr().String()
	s.httpSrv = &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	s.served = make(chan struct{})
	go func() {
		defer close(s.served)
		_ = s.httpSrv.Serve(ln)
	}()
	return s, nil
}

// StartTB starts a Server and closes it when tb's test ends. It fails tb if
// the server cannot listen.
func StartTB(tb testing.TB, opts Options) *Server {
	tb.Helper()
	s, err := Start(opts)
	if err != nil {
		tb.Fatalf("fakeapi: %v", err)
	}
	tb.Cleanup(s.Close)
	return s
}

// SilentTB listens on 127.0.0.1 and accepts connections without ever
// answering: an API that hangs. It returns the base URL to give the SDK and
// closes the listener and every connection when tb's test ends.
func SilentTB(tb testing.TB) string {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("fakeapi: %v", err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	tb.Cleanup(func() {
		_ = ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			_ = c.Close()
		}
	})
	return "http://" + ln.Addr().String()
}

// URL is the base URL to give the SDK, e.g. "http://127.0.0.1:PORT"; "" when
// the Server was made with [New] and is not listening.
func (s *Server) URL() string { return s.baseURL }

// Close stops the listener and every open connection, ends injected
// latency, and waits for the serving goroutine and every running request to
// end. Later requests to a Server used as a bare handler are answered 503.
// Safe to call more than once.
func (s *Server) Close() {
	s.closeOne.Do(func() {
		s.mu.Lock()
		s.closed = true
		s.mu.Unlock()
		close(s.done)
		defer s.inflight.Wait()
		if s.httpSrv == nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		defer cancel()
		if err := s.httpSrv.Shutdown(ctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
			_ = s.httpSrv.Close()
		}
		_ = s.httpSrv.Close()
		<-s.served
	})
}

// Token is the bearer token the Server accepts.
func (s *Server) Token() string { return s.opts.Token }

// ClientID is the id of the single client (organisation) the user belongs to.
func (s *Server) ClientID() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st.clientID
}

// ProjectID is the id of the seeded "demo" project, or "" when the Server is empty.
func (s *Server) ProjectID() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.st.demoID
}

// AddProject adds another (empty) project of the same client and returns its id.
func (s *Server) AddProject(name string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := s.st.addProject(name, time.Now()).ID
	s.st.indexSetup()
	return id
}

// ServiceID returns the id of the seeded project's live service with that
// hostname, or "" when there is none.
func (s *Server) ServiceID(hostname string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st.advance(time.Now())
	if svc := s.st.serviceByName(s.st.demoID, hostname); svc != nil {
		return svc.ID
	}
	return ""
}

// maxRequestLog bounds the request log of a long-running Server (`zcp
// sandbox`): past it, the older half is dropped. Tests and benchmarks stay
// far below it.
const maxRequestLog = 1 << 20

// logRequestLocked appends r to the request log. s.mu is held.
func (s *Server) logRequestLocked(r Request) {
	if len(s.requests) >= maxRequestLog {
		kept := make([]Request, len(s.requests)/2, maxRequestLog)
		copy(kept, s.requests[len(s.requests)-len(kept):])
		s.requests = kept
	}
	s.requests = append(s.requests, r)
}

// Requests returns a copy of the request log (the newest 2^20 requests at most).
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// CountRequests counts logged requests with that method (empty: any) whose
// path, after /api/rest/public, begins with pathPrefix.
func (s *Server) CountRequests(method, pathPrefix string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, r := range s.requests {
		if (method == "" || r.Method == method) && hasPathPrefix(r.Path, pathPrefix) {
			n++
		}
	}
	return n
}

// requestWaiter is one WaitRequest call not yet satisfied.
type requestWaiter struct {
	method, prefix string
	ch             chan struct{}
}

// WaitRequest returns a channel closed once a request with that method (empty:
// any) and path prefix (after /api/rest/public) has been logged — at once if
// one already has. Tests await it instead of polling CountRequests.
func (s *Server) WaitRequest(method, pathPrefix string) <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := make(chan struct{})
	for _, r := range s.requests {
		if (method == "" || r.Method == method) && hasPathPrefix(r.Path, pathPrefix) {
			close(ch)
			return ch
		}
	}
	s.waiters = append(s.waiters, &requestWaiter{method: method, prefix: pathPrefix, ch: ch})
	return ch
}

// notifyWaitersLocked releases the waiters the request satisfies. s.mu is held.
func (s *Server) notifyWaitersLocked(method, path string) {
	kept := s.waiters[:0]
	for _, w := range s.waiters {
		if (w.method == "" || w.method == method) && hasPathPrefix(path, w.prefix) {
			close(w.ch)
			continue
		}
		kept = append(kept, w)
	}
	s.waiters = kept
}

// ResetRequests empties the request log.
func (s *Server) ResetRequests() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = nil
}

// InjectFault adds a fault; faults are tried in the order they were added.
func (s *Server) InjectFault(f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fc := f
	s.faults = append(s.faults, &fc)
}

// ClearFaults removes every injected fault.
func (s *Server) ClearFaults() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = nil
}

// SetRateLimit limits API requests to rps per second with the given burst;
// excess requests are answered 429 with Retry-After. rps <= 0 disables it.
func (s *Server) SetRateLimit(rps float64, burst int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if rps <= 0 {
		s.limiter = nil
		return
	}
	if burst < 1 {
		burst = 1
	}
	s.limiter = rate.NewLimiter(rate.Limit(rps), burst)
}

// FailNextProcess makes the next process created with actionName end FAILED
// with reason as its publicMeta.failReason.
func (s *Server) FailNextProcess(actionName, reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st.failProc[actionName] = append(s.st.failProc[actionName], reason)
}

// EndProcesses makes every process that is still pending or running end
// now, FINISHED or FAILED as it would have at its own end, and returns how many
// it ended. Processes of builds keep their clock: their app versions follow
// their own steps. Tests pair it with a long ProcessDuration to decide when a
// process ends instead of racing a short one.
func (s *Server) EndProcesses() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	n := 0
	for _, id := range s.st.procOrder {
		p := s.st.processes[id]
		if p.build != nil || !p.CanceledAt.IsZero() || !p.EndAt.After(now) {
			continue
		}
		if p.RunAt.After(now) {
			p.RunAt = now
		}
		p.EndAt = now
		n++
	}
	s.st.advance(now)
	return n
}

// FinishBuilds moves every build still under way forward to its end, as if
// its steps had passed, and returns how many it moved. Tests pair it with a
// long BuildStepDuration to look at a build's intermediate state first.
func (s *Server) FinishBuilds() int {
	return s.shiftBuilds(func(p *process, now time.Time) time.Duration { return p.EndAt.Sub(now) })
}

// AdvanceBuildsTo moves every build still under way forward to the start of
// the step whose app version status is status (one of a successful build's:
// WAITING_TO_BUILD, BUILDING, PREPARING_RUNTIME, DEPLOYING), as if the steps
// before it had passed, and returns how many it moved; a build already at or
// past that step is left. Tests pair it with a long BuildStepDuration.
func (s *Server) AdvanceBuildsTo(status platform.AppVersionStatus) int {
	step := slices.Index(buildPath[:len(buildPath)-1], status)
	if step < 0 {
		return 0
	}
	return s.shiftBuilds(func(p *process, now time.Time) time.Duration {
		return time.Duration(step)*p.build.stepDur - now.Sub(p.build.buildStart)
	})
}

// shiftBuilds moves every build still under way earlier by what by says
// (nothing when it says none), as if that much time had passed for it, and
// returns how many it moved.
func (s *Server) shiftBuilds(by func(p *process, now time.Time) time.Duration) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	n := 0
	for _, id := range s.st.procOrder {
		p := s.st.processes[id]
		if p.build == nil || p.settled || !p.CanceledAt.IsZero() || !p.EndAt.After(now) {
			continue
		}
		shift := by(p, now)
		if shift <= 0 {
			continue
		}
		p.build.buildStart = p.build.buildStart.Add(-shift)
		p.RunAt, p.EndAt = p.RunAt.Add(-shift), p.EndAt.Add(-shift)
		n++
	}
	s.st.advance(now)
	return n
}

// AgeAppRuns moves every start of serviceID's app so far, and every
// scaling change so far, by earlier, as if its app had run that long
// already: its resource history (stats.go) reaches that far back. Tests
// use it to look at a past peak.
func (s *Server) AgeAppRuns(serviceID string, by time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if svc := s.st.services[serviceID]; svc != nil {
		for i := range svc.runs {
			svc.runs[i].At = svc.runs[i].At.Add(-by)
		}
		for i := range svc.pastScaling {
			svc.pastScaling[i].Until = svc.pastScaling[i].Until.Add(-by)
		}
	}
}

// FailNextBuild makes the next build of serviceID end BUILD_FAILED with reason
// in its build log.
func (s *Server) FailNextBuild(serviceID, reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st.failBld[serviceID] = append(s.st.failBld[serviceID], reason)
}

// SetBackupProtectedTags gives the service a retention policy whose
// protected tags are tags, as the Zerops UI does.
func (s *Server) SetBackupProtectedTags(serviceID string, tags ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if svc := s.st.services[serviceID]; svc != nil {
		svc.protectedTags = append([]string{}, tags...)
	}
}

// AutoscalingSent returns the bodies of the autoscaling requests the service
// received, oldest first, refused ones included.
func (s *Server) AutoscalingSent(serviceID string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if svc := s.st.services[serviceID]; svc != nil {
		return append([]string(nil), svc.scalingSent...)
	}
	return nil
}
