package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/supervisor"
)

// httpConfig is `--http ADDR [--allow-remote]`: serve MCP over Streamable
// HTTP instead of stdio.
type httpConfig struct {
	addr        string
	allowRemote bool
	token       string // resolved by resolveHTTP
	idle        time.Duration
	sessions    int    // ZCP_HTTP_SESSIONS; 0: the default
	tokenFrom   string // where the token came from, for stderr
}

// minHTTPToken is the shortest ZCP_HTTP_TOKEN accepted.
const minHTTPToken = 16

// httpFlags adds --http and --allow-remote to fs.
func httpFlags(fs *flag.FlagSet) (addr *string, allowRemote *bool) {
	addr = fs.String("http", "", "serve MCP over Streamable HTTP at http://`ADDR`/mcp (e.g. 127.0.0.1:8080) instead of stdio")
	allowRemote = fs.Bool("allow-remote", false, "with --http: allow a bind address other than loopback")
	return addr, allowRemote
}

// resolveHTTP checks the bind address and finds the bearer token:
// ZCP_HTTP_TOKEN, else the token file (created at first use).
func resolveHTTP(addr string, allowRemote bool, getenv func(string) string) (*httpConfig, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("--http %q: want HOST:PORT, e.g. 127.0.0.1:8080: %w", addr, err)
	}
	if !mcp.IsLoopbackHost(host) && !allowRemote {
		return nil, fmt.Errorf("--http %q binds beyond loopback; add --allow-remote to mean it (every request still needs the bearer token), or use 127.0.0.1", addr)
	}
	cfg := &httpConfig{addr: addr, allowRemote: allowRemote, idle: mcp.DefaultIdleTimeout}
	if v := getenv("ZCP_HTTP_IDLE"); v != "" {
		if cfg.idle, err = time.ParseDuration(v); err != nil || cfg.idle <= 0 {
			return nil, fmt.Errorf("ZCP_HTTP_IDLE %q: want a positive duration such as 30m", v)
		}
	}
	if v := getenv("ZCP_HTTP_SESSIONS"); v != "" {
		if cfg.sessions, err = strconv.Atoi(v); err != nil || cfg.sessions <= 0 {
			return nil, fmt.Errorf("ZCP_HTTP_SESSIONS %q: want a positive number of sessions (default %d)", v, mcp.DefaultMaxSessions)
		}
	}
	cfg.token, cfg.tokenFrom, err = httpToken(getenv)
	if err != nil {
		return nil, err
	}
	return cfg, nil
}

// httpToken returns the HTTP bearer token and where it came from:
// ZCP_HTTP_TOKEN, or the token file, which is created (mode 0600) with a
// random token when missing.
func httpToken(getenv func(string) string) (token, from string, err error) {
	if t := strings.TrimSpace(getenv("ZCP_HTTP_TOKEN")); t != "" {
		if len(t) < minHTTPToken {
			return "", "", fmt.Errorf("ZCP_HTTP_TOKEN is %d characters; use at least %d (e.g. openssl rand -hex 32)", len(t), minHTTPToken)
		}
		return t, "ZCP_HTTP_TOKEN", nil
	}
	path, err := httpTokenPath()
	if err != nil {
		return "", "", err
	}
	t, err := readOrCreateToken(path)
	if err != nil {
		return "", "", err
	}
	return t, path, nil
}

// httpTokenPath is <user config dir>/zcp/http-token.
func httpTokenPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no place for the HTTP token (%w); set ZCP_HTTP_TOKEN", err)
	}
	return filepath.Join(dir, "zcp", "http-token"), nil
}

// readOrCreateToken reads the token at path or, when there is none, writes
// a new random one with mode 0600 (never replacing one written meanwhile).
func readOrCreateToken(path string) (string, error) {
	b, err := readTokenFile(path)
	if err == nil {
		t := strings.TrimSpace(string(b))
		if len(t) < minHTTPToken {
			return "", fmt.Errorf("the HTTP token file %s holds %d characters, want at least %d; delete it to have a new one made", path, len(t), minHTTPToken)
		}
		return t, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return "", fmt.Errorf("HTTP token: %w", err)
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", fmt.Errorf("HTTP token: %w", err)
	}
	t := hex.EncodeToString(raw)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return readOrCreateToken(path) // another zcp wrote it first
	}
	if err != nil {
		return "", fmt.Errorf("HTTP token: %w", err)
	}
	_, werr := f.WriteString(t + "\n")
	if err := errors.Join(werr, f.Close()); err != nil {
		_ = os.Remove(path)
		return "", fmt.Errorf("HTTP token: %w", err)
	}
	return t, nil
}

// maxTokenFile bounds what is read of the token file: a token is 64 characters.
const maxTokenFile = 4 << 10

// readTokenFile reads the token file as the other files ZCP is pointed at are
// checked: opened without blocking (a FIFO must not hang start-up) and refused
// at once unless it is a regular file of at most maxTokenFile bytes, private to
// its owner. A missing file answers an fs.ErrNotExist error.
func readTokenFile(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	fix := "delete it to have a new one made, or set ZCP_HTTP_TOKEN (its place follows XDG_CONFIG_HOME)"
	if err != nil {
		return nil, fmt.Errorf("the HTTP token file %s: %w; %s", path, err, fix)
	}
	defer func() { _ = f.Close() }()
	st, err := f.Stat()
	switch {
	case err != nil:
		return nil, fmt.Errorf("the HTTP token file %s: %w; %s", path, err, fix)
	case !st.Mode().IsRegular():
		return nil, fmt.Errorf("the HTTP token file %s is %s, not a regular file: %s", path, kindOf(st.Mode()), fix)
	case st.Mode().Perm()&0o077 != 0:
		return nil, fmt.Errorf("the HTTP token file %s is readable by others (mode %v); chmod 600 it, or %s", path, st.Mode().Perm(), fix)
	case st.Size() > maxTokenFile:
		return nil, fmt.Errorf("the HTTP token file %s holds %d bytes, want a token of at most %d; %s", path, st.Size(), maxTokenFile, fix)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxTokenFile+1))
	if err != nil {
		return nil, fmt.Errorf("the HTTP token file %s: %w; %s", path, err, fix)
	}
	return b, nil
}

// kindOf names a file type that is not a regular file.
func kindOf(mode fs.FileMode) string {
	switch {
	case mode&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case mode.IsDir():
		return "a directory"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file (" + mode.Type().String() + ")"
}

// httpShutdown bounds how long open requests get once the sessions are closed
// (CloseSessions drained their calls first, within the 5 s hard deadline).
const httpShutdown = time.Second

// serveHTTP serves srv at cfg.addr until ctx ends, then closes every
// session and the listener. The tree's actors are shared by all sessions.
func serveHTTP(ctx context.Context, srv *mcp.Server, cfg *httpConfig, dump *supervisor.StatusDump, log *slog.Logger, stderr io.Writer, banner string) int {
	h, err := srv.NewHTTP(mcp.HTTPOptions{Token: cfg.token, IdleTimeout: cfg.idle, MaxSessions: cfg.sessions})
	if err != nil {
		fmt.Fprintf(stderr, "zcp: %v\n", err)
		return 1
	}
	dump.Sessions = func() []supervisor.SessionStatus {
		list := h.Sessions()
		out := make([]supervisor.SessionStatus, len(list))
		for i, s := range list {
			out[i] = supervisor.SessionStatus{ID: s.ID, Client: s.Client, Started: s.Started, Calls: s.Calls}
		}
		return out
	}
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		fmt.Fprintf(stderr, "zcp: --http: %v\n", err)
		return 1
	}
	hs := h.Server(slog.NewLogLogger(log.Handler(), slog.LevelInfo))
	served := make(chan error, 1)
	go func() { served <- hs.Serve(h.Listener(ln)) }()
	if banner != "" {
		fmt.Fprintln(stderr, banner)
	}
	fmt.Fprintf(stderr, "zcp: serving MCP over HTTP at http://%s%s; every request needs Authorization: Bearer <token from %s>\n",
		ln.Addr(), mcp.HTTPPath, cfg.tokenFrom)
	log.Info("serving MCP over HTTP", slog.String("addr", ln.Addr().String()), slog.String("version", version))
	select {
	case err := <-served:
		fmt.Fprintf(stderr, "zcp: --http: %v\n", err)
		return 1
	case <-ctx.Done():
	}
	h.CloseSessions()
	sctx, cancel := context.WithTimeout(context.Background(), httpShutdown)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		_ = hs.Close()
	}
	log.Info("MCP over HTTP stopped")
	return 0
}
