package mcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/zeropsapi"
	"github.com/zeropsio/zcp/supervisor"
)

const httpTestToken = "test-http-token-0123456789"

// httpHarness is one server over real HTTP (a 127.0.0.1 listener) on the
// production wiring, for many clients.
type httpHarness struct {
	fake  *fakeapi.Server
	stack *supervisor.Stack
	srv   *mcp.Server
	http  *mcp.HTTP
	url   string
	audit *syncBuffer
}

func newHTTPHarness(t testing.TB, processDuration time.Duration, o mcp.HTTPOptions) *httpHarness {
	t.Helper()
	return newHTTPHarnessWatching(t, processDuration, 10*time.Millisecond, o)
}

// newHTTPHarnessWatching is newHTTPHarness with the watcher's poll interval.
func newHTTPHarnessWatching(t testing.TB, processDuration, pollInterval time.Duration, o mcp.HTTPOptions) *httpHarness {
	t.Helper()
	fake := fakeapi.StartTB(t, fakeapi.Options{ProcessDuration: processDuration, BuildStepDuration: 15 * time.Millisecond})
	client, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: fake.URL(), Token: fake.Token()})
	if err != nil {
		t.Fatal(err)
	}
	stack, err := supervisor.NewStack(client, supervisor.StackConfig{
		Gateway:    actors.GatewayConfig{Rate: 10000, Burst: 10000, RetryBase: time.Millisecond},
		Watcher:    actors.WatcherConfig{Interval: pollInterval, SlowInterval: pollInterval},
		BuildIndex: buildIndex,
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	treeDone := stack.Start(ctx)
	audit := &syncBuffer{}
	srv, err := stack.NewServer(supervisor.ServerConfig{
		Project: mcp.Project{ID: fake.ProjectID(), Name: "demo"},
		Version: "test",
		Audit:   audit,
		WorkDir: t.TempDir(),
	})
	if err != nil {
		t.Fatal(err)
	}
	if o.Token == "" {
		o.Token = httpTestToken
	}
	h, err := srv.NewHTTP(o)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(h)
	ts.Config = h.Server(nil) // the production server: its timeouts and per-address cap
	ts.Listener = h.Listener(ts.Listener)
	ts.Start()
	t.Cleanup(func() {
		h.CloseSessions()
		ts.Close()
		cancel()
		select {
		case <-treeDone:
		case <-time.After(10 * time.Second):
			t.Error("the supervision tree did not stop within 10 s")
		}
	})
	return &httpHarness{fake: fake, stack: stack, srv: srv, http: h, url: ts.URL + mcp.HTTPPath, audit: audit}
}

// bearer adds the Authorization header (and any extra headers) to every request.
type bearer struct {
	token string
	extra map[string]string
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	if b.token != "" {
		r.Header.Set("Authorization", "Bearer "+b.token)
	}
	for k, v := range b.extra {
		r.Header.Set(k, v)
	}
	return testTransport.RoundTrip(r)
}

// testTransport and testClient carry the tests' HTTP. Not
// http.DefaultTransport: every httptest.Server.Close (each parallel test
// closes its own) closes that transport's idle connections, and a POST
// about to reuse one fails ("http: CloseIdleConnections called").
var (
	testTransport = http.DefaultTransport.(*http.Transport).Clone()
	testClient    = &http.Client{Transport: testTransport}
)

// connect opens a go-sdk client session over HTTP.
func (hh *httpHarness) connect(t *testing.T, name, token string) (*sdk.ClientSession, error) {
	t.Helper()
	c := sdk.NewClient(&sdk.Implementation{Name: name, Version: "1"}, nil)
	cs, err := c.Connect(t.Context(), &sdk.StreamableClientTransport{
		Endpoint:   hh.url,
		HTTPClient: &http.Client{Transport: bearer{token: token}},
		MaxRetries: -1,
	}, nil)
	if err == nil {
		t.Cleanup(func() { _ = cs.Close() })
	}
	return cs, err
}

func (hh *httpHarness) mustConnect(t *testing.T, name string) *sdk.ClientSession {
	t.Helper()
	cs, err := hh.connect(t, name, httpTestToken)
	if err != nil {
		t.Fatalf("connect %s: %v", name, err)
	}
	return cs
}

// await polls cond (the HTTP layer has no signal for tests) until it holds.
func await(t *testing.T, what string, cond func() bool) {
	t.Helper()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(10 * time.Second)
	for !cond() {
		select {
		case <-tick.C:
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// within receives what ch sends, failing the test if nothing comes in 20 s.
func within[T any](t *testing.T, what string, ch <-chan T) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(20 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
		var zero T
		return zero
	}
}

func envSet(cs *sdk.ClientSession, ctx context.Context, kv string) (*sdk.CallToolResult, error) {
	return cs.CallTool(ctx, callParams("zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{kv}}))
}

// TestHTTP_TwoClientsShareEnvQueue: 10 concurrent sets from each of two
// sessions on one service all survive: the sessions share one env queue.
func TestHTTP_TwoClientsShareEnvQueue(t *testing.T) {
	t.Parallel()
	hh := newHTTPHarness(t, 20*time.Millisecond, mcp.HTTPOptions{})
	clients := []*sdk.ClientSession{hh.mustConnect(t, "agent-a"), hh.mustConnect(t, "agent-b")}
	var wg sync.WaitGroup
	for c, cs := range clients {
		for i := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := envSet(cs, t.Context(), fmt.Sprintf("C%d_%02d=v%d", c, i, i))
				if err != nil || res.IsError {
					t.Errorf("client %d set %d: %v %v", c, i, err, res)
				}
			}()
		}
	}
	wg.Wait()
	// Queued behind the 20 and followed to its end: every earlier write has settled.
	p := callParams("zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"LAST=1"}})
	p.SetProgressToken("last")
	if res, err := clients[0].CallTool(t.Context(), p); err != nil || res.IsError {
		t.Fatalf("last set: %v %v", err, res)
	}
	res, err := clients[1].CallTool(t.Context(), callParams("zerops_env", map[string]any{"action": "get", "serviceHostname": "appdev"}))
	if err != nil {
		t.Fatal(err)
	}
	got := text(res)
	for _, cs := range clients { // the audit log names each call's session
		if n := strings.Count(hh.audit.String(), `"session":"`+cs.ID()+`"`); n < 10 {
			t.Errorf("audit names session %s %d times, want at least 10", cs.ID(), n)
		}
	}
	for c := range 2 {
		for i := range 10 {
			if k := fmt.Sprintf(`"C%d_%02d"`, c, i); !strings.Contains(got, k) {
				t.Errorf("%s lost: %s", k, got)
			}
		}
	}
}

// TestHTTP_OneWatcherForAllSessions: two sessions follow a restart each at
// once; the processes are polled by the one watcher's batched search, so the
// searches stay within one poll loop's schedule (two loops would double them).
func TestHTTP_OneWatcherForAllSessions(t *testing.T) {
	t.Parallel()
	const interval = 200 * time.Millisecond
	hh := newHTTPHarnessWatching(t, time.Second, interval, mcp.HTTPOptions{})
	clients := []*sdk.ClientSession{hh.mustConnect(t, "agent-a"), hh.mustConnect(t, "agent-b")}
	hh.fake.ResetRequests()
	start := time.Now()
	var wg sync.WaitGroup
	for i, host := range []string{"appdev", "db"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := callParams("zerops_manage", map[string]any{"action": "restart", "serviceHostname": host})
			p.SetProgressToken(host) // followed to the end
			res, err := clients[i].CallTool(t.Context(), p)
			if err != nil || res.IsError || !strings.Contains(text(res), "FINISHED") {
				t.Errorf("restart %s: %v %s", host, err, text(res))
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	searches := hh.fake.CountRequests(http.MethodPost, "/process/search")
	// One loop's search observes every watch, so it searches about once an
	// interval however many sessions wait; a loop per session would double it.
	if limit := int(elapsed/interval) + 2; searches > limit {
		t.Errorf("%d process searches in %s; one poll loop makes at most %d", searches, elapsed.Round(time.Millisecond), limit)
	}
	if searches == 0 {
		t.Error("no process search: the processes were not followed by the watcher")
	}
	t.Logf("%d process searches, %d reads by id in %s", searches, hh.fake.CountRequests(http.MethodGet, "/process/"), elapsed.Round(time.Millisecond))
}

// TestHTTP_CancelIsPerSession: one client's cancelled call and then its
// ended session leave the other client's call running.
func TestHTTP_CancelIsPerSession(t *testing.T) {
	t.Parallel()
	hh := newHTTPHarness(t, time.Hour, mcp.HTTPOptions{}) // the first write's process never ends: later writes queue
	a, b := hh.mustConnect(t, "agent-a"), hh.mustConnect(t, "agent-b")
	if res, err := envSet(a, t.Context(), "FIRST=1"); err != nil || res.IsError {
		t.Fatalf("first set: %v %v", err, res)
	}
	bDone := make(chan error, 1)
	go func() { _, err := envSet(b, t.Context(), "B=1"); bDone <- err }()
	actx, acancel := context.WithCancel(t.Context())
	aDone := make(chan error, 1)
	go func() { _, err := envSet(a, actx, "A=1"); aDone <- err }()
	inFlight := func(n int) func() bool { return func() bool { return len(hh.srv.InFlight()) == n } }
	await(t, "two queued calls", inFlight(2))

	acancel()
	if err := within(t, "a's cancelled call", aDone); err == nil {
		t.Error("the cancelled call answered")
	}
	await(t, "a's call to end", inFlight(1))
	type answer struct {
		res *sdk.CallToolResult
		err error
	}
	a2Done := make(chan answer, 1)
	go func() { res, err := envSet(a, t.Context(), "A=2"); a2Done <- answer{res, err} }()
	await(t, "a's second call", inFlight(2))
	// a's session ends (the client's DELETE) with its call still queued:
	// only that call is cancelled.
	del, err := http.NewRequestWithContext(t.Context(), http.MethodDelete, hh.url, nil)
	if err != nil {
		t.Fatal(err)
	}
	del.Header.Set("Authorization", "Bearer "+httpTestToken)
	del.Header.Set("Mcp-Session-Id", a.ID())
	resp, err := testClient.Do(del)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	await(t, "a's session to end", inFlight(1))
	// The DELETE cancels the call before the go-sdk closes the session: its
	// answer is dropped, or written first if the call ends first; either way
	// it was cancelled.
	if got := within(t, "the ended session's call", a2Done); got.err == nil && (!got.res.IsError || !strings.Contains(text(got.res), "CANCELED")) {
		t.Errorf("the ended session's call answered %s, want it cancelled", text(got.res))
	}
	calls := hh.srv.InFlight()
	if len(calls) != 1 || calls[0].Session == "" || calls[0].Session != b.ID() {
		t.Fatalf("in flight %+v, want b's call (session %s)", calls, b.ID())
	}
	select {
	case err := <-bDone:
		t.Fatalf("b's call ended: %v", err)
	default:
	}
	sessions := hh.http.Sessions()
	if len(sessions) != 1 || sessions[0].Client != "agent-b" || sessions[0].Calls != 1 {
		t.Errorf("sessions %+v, want agent-b with 1 call", sessions)
	}
}

// TestHTTP_RefusedDeleteKeepsCalls: a DELETE the go-sdk refuses for its
// Mcp-Protocol-Version leaves the session open, and so leaves its call running.
func TestHTTP_RefusedDeleteKeepsCalls(t *testing.T) {
	t.Parallel()
	hh := newHTTPHarness(t, time.Hour, mcp.HTTPOptions{}) // the first write's process holds the next one queued
	a := hh.mustConnect(t, "agent-a")
	if res, err := envSet(a, t.Context(), "FIRST=1"); err != nil || res.IsError {
		t.Fatalf("first set: %v %v", err, res)
	}
	type answer struct {
		res *sdk.CallToolResult
		err error
	}
	queued := make(chan answer, 1)
	go func() { res, err := envSet(a, t.Context(), "A=1"); queued <- answer{res, err} }()
	await(t, "the queued call", func() bool { return len(hh.srv.InFlight()) == 1 })
	del, err := http.NewRequestWithContext(t.Context(), http.MethodDelete, hh.url, nil)
	if err != nil {
		t.Fatal(err)
	}
	del.Header.Set("Authorization", "Bearer "+httpTestToken)
	del.Header.Set("Mcp-Session-Id", a.ID())
	del.Header.Set("Mcp-Protocol-Version", "1999-01-01")
	resp, err := testClient.Do(del)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("DELETE with an unknown protocol version: status %d, want 400", resp.StatusCode)
	}
	hh.fake.EndProcesses() // the queued write goes ahead
	if got := within(t, "the queued call", queued); got.err != nil {
		t.Errorf("the call of a session whose DELETE was refused: %v, want it answered", got.err)
	} else if got.res.IsError {
		t.Errorf("the call of a session whose DELETE was refused answered an error: %s", text(got.res))
	}
}

// TestHTTP_Refusals: what the endpoint refuses before any session exists.
func TestHTTP_Refusals(t *testing.T) {
	t.Parallel()
	hh := newHTTPHarness(t, 20*time.Millisecond, mcp.HTTPOptions{})
	body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`
	for _, tt := range []struct {
		name    string
		headers map[string]string
		want    int
	}{
		{"no token", nil, http.StatusUnauthorized},
		{"wrong token", map[string]string{"Authorization": "Bearer " + httpTestToken + "x"}, http.StatusUnauthorized},
		{"not bearer", map[string]string{"Authorization": "Basic " + httpTestToken}, http.StatusUnauthorized},
		{"foreign origin", map[string]string{"Authorization": "Bearer " + httpTestToken, "Origin": "https://evil.example"}, http.StatusForbidden},
		{"foreign origin, no token", map[string]string{"Origin": "http://evil.example:80"}, http.StatusForbidden},
		{"rebound host", map[string]string{"Authorization": "Bearer " + httpTestToken, "Host": "evil.example"}, http.StatusForbidden},
		{"rebound host, no token", map[string]string{"Host": "evil.example:80"}, http.StatusForbidden},
		{"loopback origin", map[string]string{"Authorization": "Bearer " + httpTestToken, "Origin": "http://localhost:3000"}, http.StatusOK},
		{"no origin", map[string]string{"Authorization": "Bearer " + httpTestToken}, http.StatusOK},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, hh.url, strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			for k, v := range tt.headers {
				if k == "Host" {
					req.Host = v
					continue
				}
				req.Header.Set(k, v)
			}
			resp, err := testClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			_ = resp.Body.Close()
			if resp.StatusCode != tt.want {
				t.Errorf("status %d, want %d", resp.StatusCode, tt.want)
			}
		})
	}
	// A go-sdk client with a wrong token fails to connect.
	if _, err := hh.connect(t, "intruder", "wrong-token-0123456789"); err == nil {
		t.Error("a client with a wrong token connected")
	}
}

// TestHTTP_SizeCaps: as on stdio, a tool call with more than 1 MiB of
// arguments answers ARGUMENTS_TOO_LARGE, and a body over 2 MiB is refused.
func TestHTTP_SizeCaps(t *testing.T) {
	t.Parallel()
	hh := newHTTPHarness(t, 20*time.Millisecond, mcp.HTTPOptions{})
	cs := hh.mustConnect(t, "big")
	res, err := cs.CallTool(t.Context(), callParams("zerops_knowledge", map[string]any{"query": strings.Repeat("a", mcp.MaxArguments+10)}))
	if err != nil {
		t.Fatal(err)
	}
	wantError(t, res, decode(res), "ARGUMENTS_TOO_LARGE")
	_, err = cs.CallTool(t.Context(), callParams("zerops_knowledge", map[string]any{"query": strings.Repeat("a", mcp.MaxFrame+10)}))
	if err == nil || !strings.Contains(err.Error(), "413") && !strings.Contains(err.Error(), "exceeds") && !strings.Contains(err.Error(), "Too Large") {
		t.Errorf("a body over 2 MiB: err %v, want refused", err)
	}
}

// TestHTTP_SessionLimit: the session past MaxSessions is refused until one ends.
func TestHTTP_SessionLimit(t *testing.T) {
	t.Parallel()
	hh := newHTTPHarness(t, 20*time.Millisecond, mcp.HTTPOptions{MaxSessions: 2})
	a := hh.mustConnect(t, "a")
	hh.mustConnect(t, "b")
	if _, err := hh.connect(t, "c", httpTestToken); err == nil || !strings.Contains(err.Error(), "Service Unavailable") && !strings.Contains(err.Error(), "503") && !strings.Contains(err.Error(), "too many") {
		t.Fatalf("third session: err %v, want refused", err)
	}
	_ = a.Close()
	await(t, "a's session to end", func() bool { return len(hh.http.Sessions()) == 1 })
	hh.mustConnect(t, "c")
}

// TestHTTP_IdleSessionEnds: a session without requests for IdleTimeout ends.
func TestHTTP_IdleSessionEnds(t *testing.T) {
	t.Parallel()
	// 1 s: the handshake fits in it on a loaded machine.
	hh := newHTTPHarness(t, 20*time.Millisecond, mcp.HTTPOptions{IdleTimeout: time.Second})
	cs := hh.mustConnect(t, "idle") // the session exists: initialize was answered
	await(t, "the idle session to end", func() bool { return len(hh.http.Sessions()) == 0 })
	if _, err := cs.ListTools(t.Context(), nil); err == nil {
		t.Error("the expired session still answers")
	} else if !errors.Is(err, sdk.ErrSessionMissing) && !strings.Contains(err.Error(), "404") && !strings.Contains(err.Error(), "not found") {
		t.Logf("expired session: %v", err)
	}
}

// postRaw posts body as it is to the session (none when empty) and returns the
// answer's headers and body.
func (hh *httpHarness) postRaw(t *testing.T, session, body string) (http.Header, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, hh.url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header = http.Header{"Content-Type": {"application/json"}, "Accept": {"application/json, text/event-stream"},
		"Authorization": {"Bearer " + httpTestToken}}
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
	}
	resp, err := testClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	return resp.Header, string(data)
}

// openRaw opens a session by raw posts and returns its id.
func (hh *httpHarness) openRaw(t *testing.T) string {
	t.Helper()
	header, _ := hh.postRaw(t, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`)
	session := header.Get("Mcp-Session-Id")
	hh.postRaw(t, session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return session
}

// TestHTTP_NoHTMLEscapesOnTheWire: an answer quoting <, > and & carries them as
// they are over HTTP too, not as \u003c escapes, and is still the same JSON.
func TestHTTP_NoHTMLEscapesOnTheWire(t *testing.T) {
	t.Parallel()
	hh := newHTTPHarness(t, 20*time.Millisecond, mcp.HTTPOptions{})
	_, body := hh.postRaw(t, hh.openRaw(t), `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"zerops_knowledge","arguments":{"query":"<id> & a > b"}}}`)
	if !strings.Contains(body, "Search: <id> & a > b") || strings.Contains(body, `\u003c`) || strings.Contains(body, `\u0026`) {
		t.Errorf("answer escapes HTML: %.300s", body)
	}
	for line := range strings.Lines(body) {
		if data, ok := strings.CutPrefix(strings.TrimSpace(line), "data: "); ok && !json.Valid([]byte(data)) {
			t.Errorf("answer is not JSON: %.300s", data)
		}
	}
}

// TestHTTP_HostileParamsAnswered posts, raw, requests whose params hold control
// characters and invalid UTF-8: each gets one valid JSON answer under its id. The
// SDK quotes a resource's URI into its not-found error data with Go escapes, which
// are not JSON, and its HTTP transport then sent no answer at all.
func TestHTTP_HostileParamsAnswered(t *testing.T) {
	t.Parallel()
	hh := newHTTPHarness(t, 20*time.Millisecond, mcp.HTTPOptions{})
	session := hh.openRaw(t)
	for i, params := range []string{
		`"method":"resources/read","params":{"uri":"zerops://docs/a\u0001b"}`,
		`"method":"resources/read","params":{"uri":"zerops://docs/a` + "\xff\xfe" + `b"}`,
		`"method":"prompts/get","params":{"name":"x\u0001` + "\xc3\x28" + `"}`,
		`"method":"tools/call","params":{"name":"zerops_knowledge\u0001","arguments":{}}`,
		`"method":"tools/call","params":{"name":"zerops_knowledge","arguments":{"query":"a\u0000b\ud800` + "\xff" + `"}}`,
		`"method":"tools/call","params":{"name":"zerops_discover","arguments":{"serviceHostname":"a\u0001\"b` + "\xfe" + `"}}`,
	} {
		id := fmt.Sprint(10 + i)
		_, body := hh.postRaw(t, session, `{"jsonrpc":"2.0","id":`+id+`,`+params+`}`)
		var answers []string
		for line := range strings.Lines(body) {
			if data, ok := strings.CutPrefix(strings.TrimSpace(line), "data: "); ok {
				answers = append(answers, data)
			}
		}
		var a struct{ ID json.RawMessage }
		if len(answers) != 1 || !json.Valid([]byte(answers[0])) || !utf8.ValidString(answers[0]) || json.Unmarshal([]byte(answers[0]), &a) != nil || string(a.ID) != id {
			t.Errorf("%s: answered %q, want one valid JSON answer under id %s", params, body, id)
		}
	}
}

// TestHTTP_StalledOpenerBlocksNoOne: a client that starts opening a session
// and stalls in its body holds up no one; other clients still connect.
func TestHTTP_StalledOpenerBlocksNoOne(t *testing.T) {
	t.Parallel()
	hh := newHTTPHarness(t, 20*time.Millisecond, mcp.HTTPOptions{})
	body := &stalledBody{reading: make(chan struct{}), release: make(chan struct{})}
	req := httptest.NewRequestWithContext(t.Context(), http.MethodPost, mcp.HTTPPath, body)
	req.Header = http.Header{"Content-Type": {"application/json"}, "Accept": {"application/json, text/event-stream"},
		"Authorization": {"Bearer " + httpTestToken}}
	served := make(chan struct{})
	go func() {
		defer close(served)
		hh.http.ServeHTTP(httptest.NewRecorder(), req)
	}()
	defer func() { close(body.release); <-served }()
	select {
	case <-body.reading:
	case <-time.After(20 * time.Second):
		t.Fatal("the stalled request's body was never read")
	}
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	c := sdk.NewClient(&sdk.Implementation{Name: "after the stall", Version: "1"}, nil)
	cs, err := c.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: hh.url, HTTPClient: &http.Client{Transport: bearer{token: httpTestToken}}, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatalf("a client starting while another stalls in its body: %v", err)
	}
	_ = cs.Close()
}

// stalledBody is a request body that sends a few bytes, then nothing until released.
type stalledBody struct {
	once             sync.Once
	reading, release chan struct{}
	sent             bool
}

func (b *stalledBody) Read(p []byte) (int, error) {
	if !b.sent {
		b.sent = true
		return copy(p, `{"jsonrpc":"2.0","id"`), nil
	}
	b.once.Do(func() { close(b.reading) })
	<-b.release
	return 0, io.ErrUnexpectedEOF
}
