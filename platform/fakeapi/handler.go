package fakeapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/zeropsio/zcp/platform/appsim"
	"io"
	"net/http"
	"strings"
	"time"
)

// Body limits: JSON requests are small (an import file is at most 100 kB);
// uploads are read up to maxUploadBytes, keeping only what archive.go keeps.
const (
	maxJSONBody    = 4 << 20
	maxUploadBytes = 512 << 20
)

// ServeHTTP implements http.Handler: request log, injected faults, rate
// limit, bearer-token check, then the route.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	now := time.Now()
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		writeAPIError(w, http.StatusServiceUnavailable, "internalServerError", "The fake API is closed.")
		return
	}
	s.inflight.Add(1)
	defer s.inflight.Done()
	if strings.HasPrefix(r.URL.Path, ProbePrefix) {
		s.mu.Unlock()
		s.serveProbe(w, r)
		return
	}
	s.logRequestLocked(Request{Method: r.Method, Path: r.URL.Path, Time: now})
	s.notifyWaitersLocked(r.Method, r.URL.Path)
	fault := s.takeFaultLocked(r.Method, r.URL.Path)
	limiter := s.limiter
	s.mu.Unlock()

	if fault != nil {
		if done := s.applyFault(w, r, fault); done {
			return
		}
	}
	if r.URL.Path == logPath {
		s.serveLogs(w, r)
		return
	}
	path, ok := strings.CutPrefix(r.URL.Path, apiPrefix)
	if !ok {
		writeAPIError(w, http.StatusNotFound, "notFound", "Route not found.")
		return
	}
	if servePublicSchema(w, r.Method, path) { // public: no token, no rate limit
		return
	}
	if limiter != nil {
		if res := limiter.Reserve(); res.Delay() > 0 {
			wait := res.Delay()
			res.Cancel()
			w.Header().Set("Retry-After", retryAfterSeconds(wait))
			writeAPIError(w, http.StatusTooManyRequests, "tooManyRequests", "Too many requests.")
			return
		}
	}
	if r.Header.Get("Authorization") != "Bearer "+s.opts.Token {
		writeAPIError(w, http.StatusUnauthorized, "notAuthorized", "Not authorized.")
		return
	}
	rt, param, ok := match(s.routes, r.Method, path)
	if !ok {
		writeAPIError(w, http.StatusNotFound, "notFound", "Route not found.")
		return
	}
	rq := &apiRequest{param: param, query: r.URL.Query(), baseURL: s.baseFor(r)}
	if rt.rawBody {
		cr := &countingReader{r: io.LimitReader(r.Body, maxUploadBytes+1)}
		rq.files = appsim.ReadArchive(cr)
		n, err := cr.n, cr.err
		if err != nil {
			writeAPIError(w, http.StatusBadRequest, "invalidUserInput", "cannot read the uploaded body")
			return
		}
		if n > maxUploadBytes {
			writeAPIError(w, http.StatusRequestEntityTooLarge, "fileSizeLimitExceeded", "Upload too large.")
			return
		}
	} else if r.Body != nil {
		b, err := io.ReadAll(io.LimitReader(r.Body, maxJSONBody+1))
		if err != nil || len(b) > maxJSONBody {
			writeAPIError(w, http.StatusBadRequest, "invalidUserInput", "request body unreadable or too large")
			return
		}
		if r.Method != http.MethodGet && len(strings.TrimSpace(string(b))) > 0 && !json.Valid(b) {
			writeAPIError(w, http.StatusBadRequest, "invalidUserInput", "request body is not valid JSON")
			return
		}
		rq.body = b
	}
	status, body, err := s.serveRoute(rt, rq)
	if fault != nil && fault.DropAnswer {
		resetConn(w)
		return
	}
	if err != nil {
		writeAPIError(w, http.StatusInternalServerError, "internalServerError", "cannot encode answer")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// serveRoute runs a route handler under the state lock and encodes its
// answer. The lock is released by a defer, so that a handler bug that panics
// (net/http recovers it) cannot leave the whole fake locked for every later
// request.
func (s *Server) serveRoute(rt route, rq *apiRequest) (int, []byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rq.now = time.Now()
	s.st.advance(rq.now)
	status, out := rt.h(s.st, rq)
	s.st.index(rq.now)
	body, err := json.Marshal(out)
	return status, body, err
}

// baseFor is the scheme://host the client used to reach the Server.
func (s *Server) baseFor(r *http.Request) string {
	if s.baseURL != "" {
		return s.baseURL
	}
	return "http://" + r.Host
}

// decodeBody decodes a JSON request body into v; an empty body decodes as {}.
func decodeBody(rq *apiRequest, v any) error {
	b := rq.body
	if len(strings.TrimSpace(string(b))) == 0 {
		b = []byte("{}")
	}
	if err := json.Unmarshal(b, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return fmt.Errorf("field %q has the wrong JSON type", te.Field)
		}
		return errors.New("request body is not valid JSON")
	}
	return nil
}

// countingReader counts the bytes read through it and keeps the first
// error other than io.EOF.
type countingReader struct {
	r   io.Reader
	n   int64
	err error
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if err != nil && !errors.Is(err, io.EOF) && c.err == nil {
		c.err = err
	}
	return n, err
}
