package mcp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/goleak"

	"github.com/zeropsio/zcp/mcp"
)

// postStatus posts body as it is (with extra headers) and returns the status and answer.
func (hh *httpHarness) postStatus(t *testing.T, headers map[string]string, body string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, hh.url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header = http.Header{"Content-Type": {"application/json"}, "Accept": {"application/json, text/event-stream"},
		"Authorization": {"Bearer " + httpTestToken}}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := testClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(data)
}

// batchOf is a JSON-RPC batch of n requests of method.
func batchOf(n int, method string) string {
	var b strings.Builder
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"method":%q}`, i+1, method)
	}
	b.WriteString("]")
	return b.String()
}

// TestHTTP_BatchRefused: a JSON-RPC batch is refused as stdio refuses it, with
// or without a session and a protocol version header: one error of at most a
// few hundred bytes, nothing run, no session opened. 8,000 resources/list in
// one body took the server from 25 MiB to 700-900 MiB.
func TestHTTP_BatchRefused(t *testing.T) {
	t.Parallel()
	hh := newHTTPHarness(t, time.Hour, mcp.HTTPOptions{})
	session := hh.openRaw(t)
	open := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"batch","version":"1"}}}`
	for _, tt := range []struct {
		name    string
		headers map[string]string
		body    string
	}{
		{"8000 resources/list, no version header", map[string]string{"Mcp-Session-Id": session}, batchOf(8000, "resources/list")},
		{"8000 pings, old version", map[string]string{"Mcp-Session-Id": session, "Mcp-Protocol-Version": "2025-03-26"}, batchOf(8000, "ping")},
		{"session-opening batch", nil, "[" + open + `,{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"zerops_manage","arguments":{"action":"restart","serviceHostname":"appdev"}}}]`},
		{"whitespace first", map[string]string{"Mcp-Session-Id": session}, " \r\n\t" + batchOf(2, "ping")},
		{"empty batch", map[string]string{"Mcp-Session-Id": session}, "[]"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, body := hh.postStatus(t, tt.headers, tt.body)
			var answer struct {
				ID    json.RawMessage
				Error struct{ Code int }
			}
			if status != http.StatusBadRequest || json.Unmarshal([]byte(body), &answer) != nil || answer.Error.Code != -32600 || string(answer.ID) != "null" {
				t.Fatalf("status %d, answer %.300q; want 400 with one JSON-RPC error -32600", status, body)
			}
			if len(body) > 512 {
				t.Errorf("the refusal is %d bytes, want at most 512", len(body))
			}
		})
	}
	if n := len(hh.http.Sessions()); n != 1 {
		t.Errorf("%d sessions after the batches, want the one opened before", n)
	}
	if n := hh.fake.CountRequests("PUT", "/service-stack/"); n != 0 {
		t.Errorf("a batched restart ran (%d PUTs)", n)
	}
}

// TestHTTP_SlowOpenerDelaysNoOne: while one client's initialize is held in
// the server (its session-opening request open), another client's session opens.
func TestHTTP_SlowOpenerDelaysNoOne(t *testing.T) {
	t.Parallel()
	hh := newHTTPHarness(t, time.Hour, mcp.HTTPOptions{MaxSessions: 3})
	held, release := make(chan struct{}), make(chan struct{})
	hh.srv.SDK().AddReceivingMiddleware(func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			if p, ok := req.GetParams().(*sdk.InitializeParams); ok && p.ClientInfo != nil && p.ClientInfo.Name == "slow" {
				close(held)
				<-release
			}
			return next(ctx, method, req)
		}
	})
	slow := make(chan error, 1)
	go func() { _, err := hh.connect(t, "slow", httpTestToken); slow <- err }()
	select {
	case <-held:
	case <-time.After(20 * time.Second):
		t.Fatal("the slow initialize never reached the server")
	}
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	c := sdk.NewClient(&sdk.Implementation{Name: "quick", Version: "1"}, nil)
	cs, err := c.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: hh.url, HTTPClient: &http.Client{Transport: bearer{token: httpTestToken}}, MaxRetries: -1}, nil)
	close(release)
	if err != nil {
		t.Fatalf("a client starting while another's initialize is held: %v", err)
	}
	_ = cs.Close()
	if err := within(t, "the slow client", slow); err != nil {
		t.Errorf("the slow client, released: %v", err)
	}
	// The slot the slow opener reserved was given back: the limit still counts right.
	hh.mustConnect(t, "third")
}

// rawHTTP dials the harness's server and returns the connection and its reader.
func (hh *httpHarness) rawHTTP(t *testing.T) (net.Conn, *bufio.Reader) {
	t.Helper()
	u, err := url.Parse(hh.url)
	if err != nil {
		t.Fatal(err)
	}
	c, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c, bufio.NewReader(c)
}

// closedByServer reports whether the server closes c (reading anything it
// still sends) within 10 s.
func closedByServer(c net.Conn, r *bufio.Reader) error {
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, err := io.Copy(io.Discard, r)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return errors.New("the server kept the connection open")
	}
	return nil
}

// TestHTTP_ConnectionBounds: a connection that got its 401, one idle between
// requests, one stalled in its headers or body is closed by the server; an
// answer streamed longer than the read timeout is not cut.
func TestHTTP_ConnectionBounds(t *testing.T) {
	t.Parallel()
	const short = 300 * time.Millisecond
	hh := newHTTPHarness(t, time.Second, mcp.HTTPOptions{ReadTimeout: short, ConnIdleTimeout: short})
	host := strings.TrimPrefix(strings.TrimSuffix(hh.url, mcp.HTTPPath), "http://")
	t.Run("401 closes", func(t *testing.T) {
		c, r := hh.rawHTTP(t)
		fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}", host)
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized || !resp.Close {
			t.Errorf("status %d, Connection: close %v; want 401 and close", resp.StatusCode, resp.Close)
		}
		if err := closedByServer(c, r); err != nil {
			t.Error(err)
		}
	})
	t.Run("idle after a request", func(t *testing.T) {
		c, r := hh.rawHTTP(t)
		fmt.Fprintf(c, "DELETE /mcp HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\n\r\n", host, httpTestToken)
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
		if resp.Close {
			t.Fatal("the answer closed the connection: nothing idles")
		}
		if err := closedByServer(c, r); err != nil {
			t.Error(err)
		}
	})
	t.Run("stalled headers", func(t *testing.T) {
		c, r := hh.rawHTTP(t)
		fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\n", host)
		if err := closedByServer(c, r); err != nil {
			t.Error(err)
		}
	})
	t.Run("stalled body", func(t *testing.T) {
		c, r := hh.rawHTTP(t)
		fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100\r\n\r\n{\"jsonrpc\"", host, httpTestToken)
		if err := closedByServer(c, r); err != nil {
			t.Error(err)
		}
	})
	t.Run("a stream outlives the read timeout", func(t *testing.T) {
		// The restart takes 1 s, over three read timeouts; its answer comes on this POST's stream.
		_, body := hh.postRaw(t, hh.openRaw(t), `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"zerops_manage",`+
			`"arguments":{"action":"restart","serviceHostname":"appdev"},"_meta":{"progressToken":"long"}}}`)
		if !strings.Contains(body, `"id":7,"result"`) || strings.Contains(body, `"isError":true`) {
			t.Fatalf("a call answered after the read timeout: %.500s", body)
		}
	})
}

// TestHTTP_ConnectionsPerAddressCapped: past ConnsPerAddr connections from
// one address, one more is answered 503 and closed; a slot freed is reused.
func TestHTTP_ConnectionsPerAddressCapped(t *testing.T) {
	t.Parallel()
	hh := newHTTPHarness(t, time.Hour, mcp.HTTPOptions{ConnsPerAddr: 2})
	first, _ := hh.rawHTTP(t)
	hh.rawHTTP(t)
	over, r := hh.rawHTTP(t)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatalf("the connection over the cap: %v, want a 503", err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("over the cap: status %d, want 503", resp.StatusCode)
	}
	if err := closedByServer(over, r); err != nil {
		t.Error(err)
	}
	_ = first.Close()
	await(t, "a freed slot to serve again", func() bool {
		c, r := hh.rawHTTP(t)
		defer func() { _ = c.Close() }()
		fmt.Fprintf(c, "DELETE /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			return false
		}
		_ = resp.Body.Close()
		return resp.StatusCode == http.StatusUnauthorized // served: the token is checked
	})
}

// TestHTTP_ShutdownAnswersCallsInFlight: CloseSessions (SIGTERM) answers every
// call already sent before the stream closes: a restart followed to its end
// stops waiting and answers that its process keeps running, one that
// ignores its cancel answers that its outcome is unknown once
// DrainTimeout passes; a request after it is refused.
//
// The shutdown comes once the restart follows its process (its first progress
// arrived): cancelled earlier, before or during the restart's PUT, it answers
// CANCELED instead, and "in flight" alone did not say which.
func TestHTTP_ShutdownAnswersCallsInFlight(t *testing.T) {
	t.Parallel()
	// The production drain: the cancelled restart answers itself within it,
	// however loaded the machine; the stuck call holds the drain to its end.
	hh := newHTTPHarness(t, time.Hour, mcp.HTTPOptions{DrainTimeout: mcp.DefaultDrainTimeout})
	stuck, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	hh.srv.SDK().AddTool(&sdk.Tool{Name: "stuck", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			close(stuck)
			<-release // ignores its cancel
			return &sdk.CallToolResult{}, nil
		})
	following := make(chan struct{}) // closed by the restart's first progress
	var once sync.Once
	c := sdk.NewClient(&sdk.Implementation{Name: "draining", Version: "1"}, &sdk.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *sdk.ProgressNotificationClientRequest) {
			if req.Params.ProgressToken == "r" {
				once.Do(func() { close(following) })
			}
		},
	})
	// The go-sdk's default retries, as a real client has: the session ending after
	// the answers must not fail a call whose answer is already on its stream.
	cs, err := c.Connect(t.Context(), &sdk.StreamableClientTransport{Endpoint: hh.url, HTTPClient: &http.Client{Transport: bearer{token: httpTestToken}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cs.Close() }()
	type answer struct {
		res *sdk.CallToolResult
		err error
	}
	restart, stucked := make(chan answer, 1), make(chan answer, 1)
	go func() {
		p := callParams("zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appdev"})
		p.SetProgressToken("r")
		res, err := cs.CallTool(t.Context(), p)
		restart <- answer{res, err}
	}()
	go func() { res, err := cs.CallTool(t.Context(), callParams("stuck", nil)); stucked <- answer{res, err} }()
	within(t, "the restart's first progress", following)
	within(t, "the stuck call", stuck)
	closed := make(chan struct{})
	go func() { defer close(closed); hh.http.CloseSessions() }()
	for name, want := range map[string]struct {
		ch      chan answer
		text    string
		isError bool
	}{
		"restart": {restart, "stopped waiting: the call was cancelled; the process keeps running", false},
		"stuck":   {stucked, "outcome is unknown", true},
	} {
		select {
		case a := <-want.ch:
			if a.err != nil {
				t.Errorf("%s after the shutdown: %v; want an answer saying %q", name, a.err, want.text)
			} else if a.res.IsError != want.isError || !strings.Contains(text(a.res), want.text) {
				t.Errorf("%s after the shutdown: %s (error %v); want an answer saying %q (error %v)", name, text(a.res), a.res.IsError, want.text, want.isError)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: no answer within 20 s of the shutdown", name)
		}
	}
	select {
	case <-closed:
	case <-time.After(20 * time.Second):
		t.Fatal("CloseSessions did not return")
	}
	if st, _ := hh.postStatus(t, map[string]string{"Mcp-Session-Id": cs.ID()}, `{"jsonrpc":"2.0","id":9,"method":"ping"}`); st != http.StatusServiceUnavailable {
		t.Errorf("a request after the shutdown: status %d, want 503", st)
	}
}

// TestHTTP_DeleteCancelsCalls: a DELETE the go-sdk accepts (no version, a
// supported one, or one from 2026-07-28 on) ends the session at once,
// cancelling its call queued behind an hour-long process, instead of waiting for it.
func TestHTTP_DeleteCancelsCalls(t *testing.T) {
	t.Parallel()
	for _, version := range []string{"", "2025-06-18", "2099-01-01"} {
		t.Run("version "+version, func(t *testing.T) {
			t.Parallel()
			hh := newHTTPHarness(t, time.Hour, mcp.HTTPOptions{})
			a := hh.mustConnect(t, "deleting")
			if res, err := envSet(a, t.Context(), "FIRST=1"); err != nil || res.IsError {
				t.Fatalf("first set: %v %v", err, res)
			}
			go func() { _, _ = envSet(a, t.Context(), "A=1") }()
			await(t, "the queued call", func() bool { return len(hh.srv.InFlight()) == 1 })
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			defer cancel()
			del, err := http.NewRequestWithContext(ctx, http.MethodDelete, hh.url, nil)
			if err != nil {
				t.Fatal(err)
			}
			del.Header.Set("Authorization", "Bearer "+httpTestToken)
			del.Header.Set("Mcp-Session-Id", a.ID())
			if version != "" {
				del.Header.Set("Mcp-Protocol-Version", version)
			}
			resp, err := testClient.Do(del)
			if err != nil {
				t.Fatalf("DELETE with a call queued: %v (it waited for the call)", err)
			}
			_ = resp.Body.Close()
			if resp.StatusCode != http.StatusNoContent {
				t.Errorf("DELETE: status %d, want 204", resp.StatusCode)
			}
			await(t, "the call to end", func() bool { return len(hh.srv.InFlight()) == 0 })
		})
	}
}

// TestHTTP_LeaksNoGoroutine: a server that served sessions, calls, a refused
// batch, a 401, a call cut off by the shutdown and a connection over the cap
// leaves no goroutine behind once closed. Not parallel: goleak counts them all.
func TestHTTP_LeaksNoGoroutine(t *testing.T) {
	if _, err := buildIndex(); err != nil { // built once for the package: its workers are not the server's
		t.Fatal(err)
	}
	baseline := goleak.IgnoreCurrent()
	t.Cleanup(func() {
		testTransport.CloseIdleConnections()
		http.DefaultClient.CloseIdleConnections()
		goleak.VerifyNone(t, baseline, goleak.IgnoreTopFunction("github.com/blevesearch/bleve/v2/index/scorch.(*Scorch).introducerLoop"),
			goleak.IgnoreTopFunction("github.com/blevesearch/bleve/v2/index/scorch.(*Scorch).persisterLoop"),
			goleak.IgnoreTopFunction("github.com/blevesearch/bleve/v2/index/scorch.(*Scorch).mergerLoop"))
	})
	hh := newHTTPHarness(t, time.Hour, mcp.HTTPOptions{DrainTimeout: 100 * time.Millisecond, ConnsPerAddr: 8})
	stuck := make(chan struct{})
	hh.srv.SDK().AddTool(&sdk.Tool{Name: "stuck", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, _ *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			close(stuck)
			<-ctx.Done()
			return &sdk.CallToolResult{}, nil
		})
	cs := hh.mustConnect(t, "leak")
	if _, err := cs.ListTools(t.Context(), nil); err != nil {
		t.Fatal(err)
	}
	session := hh.openRaw(t)
	hh.postStatus(t, map[string]string{"Mcp-Session-Id": session}, batchOf(100, "ping"))
	c, r := hh.rawHTTP(t)
	fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}")
	if err := closedByServer(c, r); err != nil {
		t.Error(err)
	}
	done := make(chan struct{})
	go func() { defer close(done); _, _ = cs.CallTool(t.Context(), callParams("stuck", nil)) }()
	within(t, "the stuck call", stuck)
	hh.http.CloseSessions()
	within(t, "the stuck call's end", done)
}

// FuzzHTTPBody posts arbitrary bodies to an open session over HTTP. Whatever
// the body, a batch (a JSON array) is refused with one JSON-RPC error and
// nothing else, and no answer is larger than the most one message may answer.
func FuzzHTTPBody(f *testing.F) {
	for _, seed := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
		`[]`, ` [`, `[[[[`, "\n\t[1,2]",
		`[{"jsonrpc":"2.0","id":1,"method":"resources/list"},{"jsonrpc":"2.0","id":2,"method":"resources/list"}]`,
		`[{"jsonrpc":"2.0","method":"notifications/initialized"}]`,
		batchOf(500, "tools/list"),
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"zerops_knowledge","arguments":{"query":"[x]"}}}`,
	} {
		f.Add([]byte(seed))
	}
	hh := newHTTPHarness(f, time.Hour, mcp.HTTPOptions{})
	var session string
	f.Fuzz(func(t *testing.T, body []byte) {
		if session == "" {
			session = hh.openRaw(t)
		}
		status, answer := hh.postStatus(t, map[string]string{"Mcp-Session-Id": session}, string(body))
		if strings.HasPrefix(strings.TrimLeft(string(body), " \t\r\n"), "[") {
			var a struct{ Error struct{ Code int } }
			if status != http.StatusBadRequest || json.Unmarshal([]byte(answer), &a) != nil || a.Error.Code != -32600 {
				t.Fatalf("batch %.100q: status %d, answer %.300q; want one JSON-RPC error", body, status, answer)
			}
		}
		if len(answer) > 1<<20-1 {
			t.Fatalf("an answer of %d bytes to %.100q", len(answer), body)
		}
	})
}
