package mcp

import (
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
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
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/zap"

	"github.com/zeropsio/zcp/platform"
)

// HTTP defaults.
const (
	DefaultMaxSessions = 16
	DefaultIdleTimeout = 30 * time.Minute
	// HTTPPath is where the Streamable HTTP endpoint is served.
	HTTPPath = "/mcp"
)

// HTTPOptions configures Server.NewHTTP. Token is required; zero fields
// take the defaults.
type HTTPOptions struct {
	Token       string        // the bearer token every request must carry
	MaxSessions int           // sessions open at once; default DefaultMaxSessions
	IdleTimeout time.Duration // a session without requests this long ends; default DefaultIdleTimeout
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

	initMu sync.Mutex // one session-creating request at a time, so the limit holds

	mu      sync.Mutex
	started map[*sdk.ServerSession]time.Time
	calls   map[string]map[*int]context.CancelFunc // session id → its requests' cancels
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
	h := &HTTP{srv: s, opts: o, started: map[*sdk.ServerSession]time.Time{}, calls: map[string]map[*int]context.CancelFunc{}}
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
	guarded := auth.RequireBearerToken(verify, &auth.RequireBearerTokenOptions{AllowMissingExpiration: true})(h.limitSessions(h.endSessions(streamable)))
	mux := http.NewServeMux()
	mux.Handle(HTTPPath, scrubResponses(s.deps.Secrets, checkOrigin(guarded)))
	h.handler = mux
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

// CloseSessions ends every session (their calls are cancelled) and refuses
// new ones: the HTTP side of a shutdown.
func (h *HTTP) CloseSessions() {
	h.initMu.Lock()
	h.mu.Lock()
	h.closed = true
	h.mu.Unlock()
	h.initMu.Unlock()
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
// before the go-sdk closes it. A DELETE the go-sdk refuses for its
// Mcp-Protocol-Version (400) closes nothing, so it cancels nothing either.
func (h *HTTP) endSessions(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, v := r.Header.Get("Mcp-Session-Id"), r.Header.Get("Mcp-Protocol-Version")
		if r.Method == http.MethodDelete && id != "" && (v == "" || slices.Contains(sdk.SupportedProtocolVersions(), v)) {
			h.cancelCalls(id)
		}
		next.ServeHTTP(w, r)
	})
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
			h.mu.Unlock()
			h.srv.log.Info("MCP session started", zap.String("session", ss.ID()))
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		key, id := new(int), ss.ID()
		h.mu.Lock()
		if h.calls[id] == nil {
			h.calls[id] = map[*int]context.CancelFunc{}
		}
		h.calls[id][key] = cancel
		h.mu.Unlock()
		defer func() {
			h.mu.Lock()
			delete(h.calls[id], key)
			if len(h.calls[id]) == 0 {
				delete(h.calls, id)
			}
			h.mu.Unlock()
		}()
		return next(ctx, method, req)
	}
}

// openBody bounds how long a request that may open a session takes to send its body.
const openBody = 30 * time.Second

// limitSessions refuses a request that would open a session beyond
// MaxSessions (or after CloseSessions) with 503. Such requests run one at a
// time so the limit holds, each only once its body is read (within openBody):
// a client stalled in its body must not hold up every other client's start.
func (h *HTTP) limitSessions(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Header.Get("Mcp-Session-Id") != "" {
			next.ServeHTTP(w, r)
			return
		}
		_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(openBody))
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxFrame))
		if tooLarge := new(http.MaxBytesError); errors.As(err, &tooLarge) {
			http.Error(w, fmt.Sprintf("the request body is over %s", sizeText(MaxFrame)), http.StatusRequestEntityTooLarge)
			return
		} else if err != nil {
			http.Error(w, fmt.Sprintf("reading the request body: %v", err), http.StatusBadRequest)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.initMu.Lock()
		defer h.initMu.Unlock()
		h.mu.Lock()
		closed := h.closed
		h.mu.Unlock()
		if closed {
			http.Error(w, "zcp is shutting down", http.StatusServiceUnavailable)
			return
		}
		n := 0
		for range h.srv.sdk.Sessions() {
			n++
		}
		if n >= h.opts.MaxSessions {
			w.Header().Set("Retry-After", "60")
			http.Error(w, fmt.Sprintf("too many MCP sessions: %d are open, the limit is %d; end one (HTTP DELETE with its Mcp-Session-Id) or wait until an idle one expires after %s",
				n, h.opts.MaxSessions, h.opts.IdleTimeout), http.StatusServiceUnavailable)
			return
		}
		next.ServeHTTP(w, r)
	})
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
