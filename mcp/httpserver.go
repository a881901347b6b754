package mcp

import (
	"fmt"
	"log"
	"net"
	"net/http"
	"sync"
	"time"
)

// Bounds of the HTTP server: no connection is held by a client that sends
// or reads nothing.
const (
	readHeaderTimeout = 10 * time.Second
	// DefaultReadTimeout bounds a request's headers and body; the answer, which
	// may stream for as long as its calls run, is bounded per write instead.
	DefaultReadTimeout = 30 * time.Second
	// DefaultWriteTimeout bounds each write of an answer: a stream lasts as long
	// as its calls (each with its own budget) or its session, but a client that
	// stops reading loses the connection after this long.
	DefaultWriteTimeout = 30 * time.Second
	// DefaultConnIdleTimeout closes a keep-alive connection without a request this long.
	DefaultConnIdleTimeout = 2 * time.Minute
	// DefaultConnsPerAddr caps the connections open at once from one client address.
	DefaultConnsPerAddr = 32
)

// Server returns the http.Server that serves h with its timeouts; serve it
// on Listener(ln) so the connections per client address are capped too.
func (h *HTTP) Server(errorLog *log.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: min(readHeaderTimeout, h.opts.ReadTimeout),
		ReadTimeout:       h.opts.ReadTimeout,
		WriteTimeout:      h.opts.WriteTimeout,
		IdleTimeout:       h.opts.ConnIdleTimeout,
		ErrorLog:          errorLog,
	}
}

// Listener wraps ln so that at most ConnsPerAddr connections from one client
// address are open at once; one more is answered 503 and closed.
func (h *HTTP) Listener(ln net.Listener) net.Listener {
	return &addrCapped{Listener: ln, limit: h.opts.ConnsPerAddr, open: map[string]int{}}
}

// addrCapped is a net.Listener counting its open connections per remote
// host. Safe for concurrent use.
type addrCapped struct {
	net.Listener
	limit int
	mu    sync.Mutex
	open  map[string]int
}

func (l *addrCapped) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		host := c.RemoteAddr().String()
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		l.mu.Lock()
		ok := l.open[host] < l.limit
		if ok {
			l.open[host]++
		}
		l.mu.Unlock()
		if ok {
			return &countedConn{Conn: c, l: l, host: host}, nil
		}
		go refuseConn(c, l.limit) // bounded by its deadline: never blocks the accept loop
	}
}

// refuseConn answers 503 on a connection over the cap and closes it.
func refuseConn(c net.Conn, limit int) {
	msg := fmt.Sprintf("too many connections from your address: at most %d are served at once; close idle ones\n", limit)
	_ = c.SetDeadline(time.Now().Add(time.Second))
	_, _ = fmt.Fprintf(c, "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 5\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: %d\r\n\r\n%s", len(msg), msg)
	_ = c.Close()
}

// countedConn gives its slot back when closed, once.
type countedConn struct {
	net.Conn
	l    *addrCapped
	host string
	once sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		if c.l.open[c.host]--; c.l.open[c.host] <= 0 {
			delete(c.l.open, c.host)
		}
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}

// bounded gives each write of an answer its own WriteTimeout (a stream's
// deadline moves with it), lifts the read deadline of requests without a body
// (a GET stream outlives ReadTimeout; its client leaving still ends it), and
// closes the connection after a 401: a client without the token keeps no
// connection open.
func (h *HTTP) bounded(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			_ = http.NewResponseController(w).SetReadDeadline(time.Time{})
		}
		next.ServeHTTP(&deadlineResponse{ResponseWriter: w, timeout: h.opts.WriteTimeout}, r)
	})
}

// deadlineResponse moves the write deadline before each write and flush.
type deadlineResponse struct {
	http.ResponseWriter
	timeout time.Duration
}

func (d *deadlineResponse) extend() {
	_ = http.NewResponseController(d.ResponseWriter).SetWriteDeadline(time.Now().Add(d.timeout))
}

func (d *deadlineResponse) WriteHeader(code int) {
	if code == http.StatusUnauthorized {
		d.Header().Set("Connection", "close")
	}
	d.extend()
	d.ResponseWriter.WriteHeader(code)
}

func (d *deadlineResponse) Write(p []byte) (int, error) {
	d.extend()
	return d.ResponseWriter.Write(p)
}

func (d *deadlineResponse) FlushError() error {
	d.extend()
	return http.NewResponseController(d.ResponseWriter).Flush()
}

func (d *deadlineResponse) Unwrap() http.ResponseWriter { return d.ResponseWriter }
