package fakeapi

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"time"
)

// takeFaultLocked returns a copy of the first fault matching the request and
// counts down its Times; nil when none matches. Requires s.mu.
func (s *Server) takeFaultLocked(method, path string) *Fault {
	for i, f := range s.faults {
		if (f.Method != "" && f.Method != method) || !hasPathPrefix(path, f.PathPrefix) {
			continue
		}
		hit := *f
		if f.Times > 0 {
			f.Times--
			if f.Times == 0 {
				s.faults = append(s.faults[:i:i], s.faults[i+1:]...)
			}
		}
		return &hit
	}
	return nil
}

// applyFault plays a fault. It reports whether the request has been answered;
// false means a latency-only fault that passes the request on.
func (s *Server) applyFault(w http.ResponseWriter, r *http.Request, f *Fault) bool {
	if f.Latency > 0 && !s.sleep(r.Context(), f.Latency) {
		// The caller went away; answer nothing useful.
		writeAPIError(w, http.StatusServiceUnavailable, "internalServerError", "request canceled")
		return true
	}
	if f.RetryAfter > 0 {
		w.Header().Set("Retry-After", retryAfterSeconds(f.RetryAfter))
	}
	switch {
	case f.ResetConn:
		resetConn(w)
		return true
	case f.Malformed:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(`{"items":[{"id":"trunc`))
		return true
	case f.Body != "":
		status := f.Status
		if status == 0 {
			status = http.StatusInternalServerError
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(f.Body))
		return true
	case f.Status != 0:
		code, msg := f.APICode, f.Message
		if code == "" {
			code = defaultCode(f.Status)
		}
		if msg == "" {
			msg = http.StatusText(f.Status)
		}
		writeAPIError(w, f.Status, code, msg)
		return true
	}
	return false
}

// resetConn drops the connection without an answer: a TCP reset when the
// connection can be hijacked, else an aborted handler.
func resetConn(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic(http.ErrAbortHandler)
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	if tc, ok := conn.(*net.TCPConn); ok {
		_ = tc.SetLinger(0)
	}
	_ = conn.Close()
}

// sleep waits d, or until ctx ends or the Server closes; it reports whether
// d elapsed.
func (s *Server) sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	case <-s.done:
		return false
	}
}

// retryAfterSeconds renders d as a Retry-After value: whole seconds, at least 1.
func retryAfterSeconds(d time.Duration) string {
	sec := int64((d + time.Second - 1) / time.Second)
	if sec < 1 {
		sec = 1
	}
	return strconv.FormatInt(sec, 10)
}
