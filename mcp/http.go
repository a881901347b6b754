package mcp

import (
	"bytes"
	"cmp"
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
)

// HTTP defaults.
const (
	DefaultMaxSessions = 16
	DefaultIdleTimeout = 30 * time.Minute
	// DefaultDrainTimeout bounds how long a shutdown waits for the calls it
	// cancelled to answer before it answers them "outcome unknown".
	DefaultDrainTimeout = 2 * time.Second
	// HTTPPath is where the Streamable HTTP endpoint is served.
	HTTPPath = "/mcp"
)

// HTTPOptions configures Server.NewHTTP. Token is required; zero fields
// take the defaults.
type HTTPOptions struct {
	Token       string        // the bearer token every request must carry
	MaxSessions int           // sessions open at once; default DefaultMaxSessions
	IdleTimeout time.Duration // a session without requests this long ends; default DefaultIdleTimeout
	// DrainTimeout bounds CloseSessions' wait for cancelled calls; default DefaultDrainTimeout.
	DrainTimeout time.Duration
	// ConnsPerAddr caps the connections Listener keeps open from one client address;
	// default DefaultConnsPerAddr.
	ConnsPerAddr int
	// ReadTimeout bounds a request's headers and body, WriteTimeout each write of
	// an answer, ConnIdleTimeout a keep-alive connection between requests;
	// defaults DefaultReadTimeout, DefaultWriteTimeout, DefaultConnIdleTimeout.
	ReadTimeout, WriteTimeout, ConnIdleTimeout time.Duration
}

// SessionInfo is one open MCP session, for the status dump.
type SessionInfo struct {
	ID      string
	Client  string // the client's name from initialize ("-" before it)
	Started time.Time
	Calls   int // tool calls in flight
}

// HTTP serves the server's tools to many sessions over the go-sdk's
// Streamable HTTP transport. Every session shares the one Server, hence
// the one set of actors (gateway, watcher, queues, index) behind it.
// Safe for concurrent use.
type HTTP struct {
	srv     *Server
	opts    HTTPOptions
	handler http.Handler

	cutoff chan struct{} // closed when a shutdown stops waiting for the calls it cancelled

	mu      sync.Mutex
	started map[*sdk.ServerSession]time.Time
	calls   map[string]map[*int]context.CancelFunc // session id → its requests' cancels
	opening int                                    // session-opening POSTs admitted whose session the SDK does not list yet
	posts   int                                    // POSTs being served
	drained chan struct{}                          // closed once closed and no POST is being served
	closed  bool
}

// NewHTTP builds the HTTP endpoint on s. Call it once per Server.
func (s *Server) NewHTTP(o HTTPOptions) (*HTTP, error) {
	if o.Token == "" {
		return nil, errors.New("mcp.NewHTTP: a token is required")
	}
	if o.MaxSessions <= 0 {
		o.MaxSessions = DefaultMaxSessions
	}
	if o.IdleTimeout <= 0 {
		o.IdleTimeout = DefaultIdleTimeout
	}
	if o.DrainTimeout <= 0 {
		o.DrainTimeout = DefaultDrainTimeout
	}
	if o.ConnsPerAddr <= 0 {
		o.ConnsPerAddr = DefaultConnsPerAddr
	}
	o.ReadTimeout = cmp.Or(o.ReadTimeout, DefaultReadTimeout)
	o.WriteTimeout = cmp.Or(o.WriteTimeout, DefaultWriteTimeout)
	o.ConnIdleTimeout = cmp.Or(o.ConnIdleTimeout, DefaultConnIdleTimeout)
	h := &HTTP{srv: s, opts: o, started: map[*sdk.ServerSession]time.Time{}, calls: map[string]map[*int]context.CancelFunc{},
		cutoff: make(chan struct{}), drained: make(chan struct{})}
	s.sdk.AddReceivingMiddleware(h.sessionMiddleware)
	streamable := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s.sdk }, &sdk.StreamableHTTPOptions{
		SessionTimeout:      o.IdleTimeout,
		MaxRequestBodyBytes: MaxFrame, // as on stdio: one message of at most 2 MiB
		Logger:              s.deps.SlogLogger,
	})
	verify := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		if subtle.ConstantTimeCompare([]byte(token), []byte(o.Token)) != 1 {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{}, nil
	}
	guarded := auth.RequireBearerToken(verify, &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})(h.admit(h.endSessions(streamable)))
	mux := http.NewServeMux()
	mux.Handle(HTTPPath, scrubResponses(s.deps.Secrets, checkOrigin(guarded)))
	h.handler = h.bounded(mux)
	return h, nil
}

// ServeHTTP serves /mcp.
func (h *HTTP) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.handler.ServeHTTP(w, r) }

// Sessions lists the open sessions, oldest first.
func (h *HTTP) Sessions() []SessionInfo {
	calls := map[string]int{}
	for _, c := range h.srv.InFlight() {
		calls[c.Session]++
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []SessionInfo
	live := map[*sdk.ServerSession]bool{}
	for ss := range h.srv.sdk.Sessions() {
		live[ss] = true
		started, ok := h.started[ss]
		if !ok {
			continue // not initialized yet
		}
		info := SessionInfo{ID: ss.ID(), Client: "-", Started: started, Calls: calls[ss.ID()]}
		if p := ss.InitializeParams(); p != nil && p.ClientInfo != nil && p.ClientInfo.Name != "" {
			info.Client = p.ClientInfo.Name
		}
		out = append(out, info)
	}
	for ss := range h.started { // ended sessions leave the table here
		if !live[ss] {
			delete(h.started, ss)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Started.Before(out[j].Started) })
	return out
}

// CloseSessions is the HTTP side of a shutdown, as stdio drains its input:
// it refuses new requests, cancels every call in flight, waits (at most
// DrainTimeout) for their answers to be written, answers those still running
// that their outcome is unknown, then ends every session.
func (h *HTTP) CloseSessions() {
	h.mu.Lock()
	already := h.closed
	h.closed = true
	var cancels []context.CancelFunc
	for _, calls := range h.calls {
		for _, cancel := range calls {
			cancels = append(cancels, cancel)
		}
	}
	if !already && h.posts == 0 {
		close(h.drained)
	}
	h.mu.Unlock()
	for _, cancel := range cancels {
		cancel()
	}
	if !already {
		drain := time.NewTimer(h.opts.DrainTimeout)
		select {
		case <-h.drained:
		case <-drain.C:
			close(h.cutoff) // the calls still running answer "outcome unknown" now
			select {
			case <-h.drained:
			case <-time.After(cutoffGrace):
			}
		}
		drain.Stop()
	}
	var open []*sdk.ServerSession
	for ss := range h.srv.sdk.Sessions() {
		open = append(open, ss)
	}
	for _, ss := range open {
		h.cancelCalls(ss.ID())
	}
	for _, ss := range open {
		_ = ss.Close()
	}
}

// cutoffGrace bounds the wait for the "outcome unknown" answers to be written.
const cutoffGrace = 500 * time.Millisecond

// cancelCalls cancels the requests in flight of session id: the go-sdk's
// session Close waits for them instead.
func (h *HTTP) cancelCalls(id string) {
	h.mu.Lock()
	cancels := h.calls[id]
	delete(h.calls, id)
	h.mu.Unlock()
	for _, cancel := range cancels {
		cancel()
	}
}

// endSessions cancels a session's calls when its client ends it (DELETE),
// before the go-sdk closes it: the go-sdk's Close waits for them. A DELETE
// the go-sdk refuses for its Mcp-Protocol-Version (400) closes nothing, so it
// cancels nothing either.
func (h *HTTP) endSessions(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if id := r.Header.Get("Mcp-Session-Id"); r.Method == http.MethodDelete && id != "" && sdkAcceptsVersion(r.Header.Get("Mcp-Protocol-Version")) {
			h.cancelCalls(id)
		}
		next.ServeHTTP(w, r)
	})
}

// sdkAcceptsVersion is the go-sdk's check of an Mcp-Protocol-Version header
// (StreamableHTTPHandler.ServeHTTP, go-sdk v1.8.0): absent, one it supports, or
// a version from 2026-07-28 on, which it leaves to the request. Delete this
// with endSessions once the go-sdk's session Close cancels the calls itself.
func sdkAcceptsVersion(v string) bool {
	return v == "" || slices.Contains(sdk.SupportedProtocolVersions(), v) || v >= "2026-07-28"
}

// sessionMiddleware remembers when each session initialized, and makes
// each request of a session cancellable with it.
func (h *HTTP) sessionMiddleware(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		ss, ok := req.GetSession().(*sdk.ServerSession)
		if !ok || ss == nil || ss.ID() == "" {
			return next(ctx, method, req)
		}
		if method == "initialize" {
			h.mu.Lock()
			h.started[ss] = time.Now()
			if ow, ok := ctx.Value(openingKey{}).(*openingResponse); ok {
				ow.releaseLocked() // counted as a session from now on, never twice
			}
			h.mu.Unlock()
			h.srv.log.Info("MCP session started", slog.String("session", ss.ID()))
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		key, id := new(int), ss.ID()
		h.mu.Lock()
		if h.calls[id] == nil {
			h.calls[id] = map[*int]context.CancelFunc{}
		}
		h.calls[id][key] = cancel
		closed := h.closed
		h.mu.Unlock()
		if closed { // admitted just before the shutdown collected the cancels
			cancel()
		}
		defer func() {
			h.mu.Lock()
			delete(h.calls[id], key)
			if len(h.calls[id]) == 0 {
				delete(h.calls, id)
			}
			h.mu.Unlock()
		}()
		var res sdk.Result
		var err error
		done := make(chan struct{})
		go func() {
			defer close(done)
			res, err = next(ctx, method, req)
		}()
		select {
		case <-done:
			return res, err
		case <-h.cutoff: // the shutdown waits no longer: the answer says so
			if method == "tools/call" {
				return errorResult(platform.NewError(platform.ErrCanceled, "zcp shut down before the call finished: its outcome is unknown",
					"Platform work already started keeps running; once zcp is back, check it with zerops_process or zerops_events.")), nil
			}
			return nil, &jsonrpc.Error{Code: codeShuttingDown, Message: "zcp shut down before the request finished"}
		}
	}
}

// codeShuttingDown is the JSON-RPC error code of a request cut off by a shutdown, as on stdio.
const codeShuttingDown = -32000

// admit reads a POST's body (bounded in size and, by ReadTimeout, in time),
// refuses a JSON-RPC batch as stdio does, and refuses a request that would
// open a session beyond MaxSessions, or any POST once CloseSessions began,
// with 503. Its lock is held only to count the sessions and reserve a slot:
// what a request then does delays no other client.
func (h *HTTP) admit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			next.ServeHTTP(w, r)
			return
		}
		rc := http.NewResponseController(w)
		_ = rc.SetReadDeadline(time.Now().Add(h.opts.ReadTimeout))
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxFrame))
		if tooLarge := new(http.MaxBytesError); errors.As(err, &tooLarge) {
			http.Error(w, fmt.Sprintf("the request body is over %s", sizeText(MaxFrame)), http.StatusRequestEntityTooLarge)
			return
		} else if err != nil {
			http.Error(w, fmt.Sprintf("reading the request body: %v", err), http.StatusBadRequest)
			return
		}
		_ = rc.SetReadDeadline(time.Time{}) // the body is in; an answer streamed for minutes must not end at the read deadline
		if isBatch(body) {
			refuseBatch(w)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		opening := r.Header.Get("Mcp-Session-Id") == ""
		n := 0
		h.mu.Lock()
		if opening {
			// Sessions count once initialize reached them (a server/discover
			// POST makes a session the go-sdk drops again); a reservation is
			// given back at that moment, so no session counts twice.
			for ss := range h.srv.sdk.Sessions() {
				if _, ok := h.started[ss]; ok {
					n++
				}
			}
			n += h.opening
		}
		closed, full := h.closed, opening && n >= h.opts.MaxSessions
		if !closed && !full {
			h.posts++
			if opening {
				h.opening++
			}
		}
		h.mu.Unlock()
		switch {
		case closed:
			http.Error(w, "zcp is shutting down", http.StatusServiceUnavailable)
			return
		case full:
			w.Header().Set("Retry-After", "60")
			http.Error(w, fmt.Sprintf("too many MCP sessions: %d are open, the limit is %d; end one (HTTP DELETE with its Mcp-Session-Id) or wait until an idle one expires after %s",
				n, h.opts.MaxSessions, h.opts.IdleTimeout), http.StatusServiceUnavailable)
			return
		}
		defer h.postDone()
		if opening {
			ow := &openingResponse{ResponseWriter: w, h: h}
			defer ow.listed()
			w = ow
			r = r.WithContext(context.WithValue(r.Context(), openingKey{}, ow))
		}
		next.ServeHTTP(w, r)
	})
}

// postDone counts a POST served, and marks the drain done after the last one.
func (h *HTTP) postDone() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.posts--; h.posts == 0 && h.closed {
		close(h.drained)
	}
}

// openingKey is the context key of a session-opening POST's openingResponse.
type openingKey struct{}

// openingResponse is a session-opening POST's ResponseWriter. Its reserved
// slot is given back when initialize reaches the session (which counts from
// then on) or when the answer begins, whichever is first: a POST that opened
// no session (server/discover) is answered before the handler returns, and
// the client's next POST must not find the slot still taken.
type openingResponse struct {
	http.ResponseWriter
	h        *HTTP
	released bool // guarded by h.mu
}

// releaseLocked gives the reserved slot back, once. Requires h.mu.
func (o *openingResponse) releaseLocked() {
	if !o.released {
		o.released = true
		o.h.opening--
	}
}

// listed gives the reserved slot back, once.
func (o *openingResponse) listed() {
	o.h.mu.Lock()
	o.releaseLocked()
	o.h.mu.Unlock()
}

func (o *openingResponse) WriteHeader(code int) {
	o.listed()
	o.ResponseWriter.WriteHeader(code)
}

func (o *openingResponse) Write(p []byte) (int, error) {
	o.listed()
	return o.ResponseWriter.Write(p)
}

func (o *openingResponse) Unwrap() http.ResponseWriter { return o.ResponseWriter }

// isBatch reports whether a body is a JSON-RPC batch (a JSON array).
func isBatch(body []byte) bool {
	return bytes.HasPrefix(bytes.TrimLeft(body, " \t\r\n"), []byte("["))
}

// refuseBatch answers a batch as stdio does: one JSON-RPC error, nothing run.
// A batch of thousands of requests held hundreds of MiB of answers at once.
func refuseBatch(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	_, _ = fmt.Fprintf(w, `{"jsonrpc":"2.0","id":null,"error":{"code":%d,"message":%q}}`+"\n", jsonrpc.CodeInvalidRequest,
		"invalid request: JSON-RPC batches are not accepted, as over stdio; send one message per POST")
}

// scrubResponses removes ZCP's secrets (the API token, the bearer token) from every
// response body, as the stdio writer does: a variable holding the token, read by
// zerops_env, must not reach the client. It also undoes HTML escapes, as stdio does.
// The SDK writes each message or event whole.
func scrubResponses(secrets *platform.Scrubber, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(scrubbedResponse{ResponseWriter: w, body: secrets.Writer(w)}, r)
	})
}

// scrubbedResponse is a ResponseWriter whose body goes through a scrubbing writer;
// Unwrap lets http.ResponseController reach the Flusher underneath.
type scrubbedResponse struct {
	http.ResponseWriter
	body io.Writer
}

func (sr scrubbedResponse) Write(p []byte) (int, error) { return writeUnescaped(sr.body, p) }

func (sr scrubbedResponse) Unwrap() http.ResponseWriter { return sr.ResponseWriter }

// checkOrigin answers 403 to a request whose Origin is neither a loopback
// host nor the host the request addressed, and to one that reached a
// loopback listener under a non-loopback Host: a browser page elsewhere (DNS
// rebinding) must not reach the server. The go-sdk handler checks Host too,
// but only after the token and the session limit have answered. Requests
// without Origin (every non-browser client) pass.
func checkOrigin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok && local != nil {
			if ap, err := netip.ParseAddrPort(local.String()); err == nil && ap.Addr().IsLoopback() && !IsLoopbackHost(hostOnly(r.Host)) {
				http.Error(w, "Forbidden: a loopback server answers only to a loopback Host", http.StatusForbidden)
				return
			}
		}
		if origin := r.Header.Get("Origin"); origin != "" && !originAllowed(origin, r.Host) {
			http.Error(w, "Forbidden: foreign Origin", http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// hostOnly drops the port of a Host header.
func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return hostport
}

func originAllowed(origin, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return IsLoopbackHost(u.Hostname()) || strings.EqualFold(u.Host, host)
}

// IsLoopbackHost reports whether host (no port) is localhost or a loopback IP.
func IsLoopbackHost(host string) bool {
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
