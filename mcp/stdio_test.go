package mcp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/mcp"
)

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// answer is one line the transport wrote, with its id as written.
type answer struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int64  `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// runScript serves one session whose whole input is script (closed right after
// it) and returns the answers written, by id as written, in order.
func runScript(t *testing.T, h *harness, ctx context.Context, drain time.Duration, script ...string) map[string][]answer {
	t.Helper()
	answers := map[string][]answer{}
	sc := bufio.NewScanner(strings.NewReader(runScriptRaw(t, h, ctx, drain, script...)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var a answer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("output line is not JSON: %q", sc.Text())
		}
		if a.ID != nil {
			answers[string(a.ID)] = append(answers[string(a.ID)], a)
		}
	}
	return answers
}

// runScriptRaw is runScript's session, answering what it wrote to stdout.
func runScriptRaw(t *testing.T, h *harness, ctx context.Context, drain time.Duration, script ...string) string {
	t.Helper()
	in := io.NopCloser(strings.NewReader(strings.Join(script, "\n") + "\n"))
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- h.srv.Run(ctx, mcp.NewStdioTransport(in, nopWriteCloser{out}, drain)) }()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the session did not end after its input did")
	}
	return out.String()
}

const (
	scriptInit        = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"script","version":"1"}}}`
	scriptInitialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	scriptRestart     = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"zerops_manage","arguments":{"action":"restart","serviceHostname":"appdev"},"_meta":{"progressToken":"p"}}}`
)

func TestStdioTransport_AnswersEverythingReadBeforeEOF(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	got := runScript(t, h, context.Background(), mcp.DefaultDrain,
		scriptInit, scriptInitialized,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"zerops_discover","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"zerops_knowledge","arguments":{"query":"valkey password"}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/list"}`)
	for _, id := range []string{"1", "2", "3", "4"} {
		if a := got[id]; len(a) != 1 || a[0].Result == nil {
			t.Errorf("no result for request %s written before the session ended (got %v)", id, got)
		}
	}
}

func TestStdioTransport_CancelledRequestIsNeitherAnsweredNorAwaited(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Hour})
	got := runScript(t, h, context.Background(), time.Hour, // only the cancel can end this session
		scriptInit, scriptInitialized, scriptRestart,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"user"}}`)
	if len(got["1"]) != 1 {
		t.Errorf("initialize unanswered: %v", got)
	}
	if a := got["2"]; len(a) != 0 {
		t.Errorf("the cancelled request was answered: %+v", a[0])
	}
}

func TestStdioTransport_DrainLimitAnswersShuttingDown(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Hour})
	got := runScript(t, h, context.Background(), 50*time.Millisecond,
		scriptInit, scriptInitialized, scriptRestart)
	if len(got["1"]) != 1 {
		t.Errorf("initialize unanswered: %v", got)
	}
	a := got["2"]
	if len(a) != 1 || a[0].Error == nil || !strings.Contains(a[0].Error.Message, "server shutting down") {
		t.Errorf("request cut off by the drain limit: answers %+v, want one \"server shutting down\" error", a)
	}
}

func TestStdioTransport_ContextEndsDrain(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-h.fake.WaitRequest("PUT", "/service-stack/") // the restart reached the API
		cancel()
	}()
	runScript(t, h, ctx, time.Hour, scriptInit, scriptInitialized, scriptRestart)
}

func TestStdioTransport_OversizedArgumentsRefusedBeforeAnyWork(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, content string }{
		{"over the arguments cap", strings.Repeat("a", mcp.MaxArguments+1)},
		{"over the frame cap", strings.Repeat("a", mcp.MaxFrame+1)},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			h.fake.ResetRequests()
			got := runScript(t, h, context.Background(), mcp.DefaultDrain,
				scriptInit, scriptInitialized,
				`{"jsonrpc":"2.0","id":"big","method":"tools/call","params":{"name":"zerops_import","arguments":{"content":"`+c.content+`"}}}`,
				`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`)
			if len(got[`"big"`]) != 1 {
				t.Fatalf("answers to the big call: %+v, want one", got[`"big"`])
			}
			a := got[`"big"`][0]
			var r struct {
				IsError bool `json:"isError"`
				Content []struct {
					Text string `json:"text"`
				} `json:"content"`
			}
			if err := json.Unmarshal(a.Result, &r); err != nil || !r.IsError || len(r.Content) == 0 ||
				!strings.Contains(r.Content[0].Text, `"ARGUMENTS_TOO_LARGE"`) {
				t.Fatalf("answer = %+v, want an ARGUMENTS_TOO_LARGE tool error", a)
			}
			if made := callRequests(h.fake); len(made) != 0 {
				t.Errorf("the refused call still reached the API: %v", made)
			}
			if a := got["3"]; len(a) != 1 || a[0].Result == nil {
				t.Error("the session did not go on after the refusal")
			}
		})
	}
}

func TestStdioTransport_DuplicateInFlightID(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Hour})
	got := runScript(t, h, context.Background(), time.Hour, // the cancel ends the session
		scriptInit, scriptInitialized, scriptRestart,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}`)
	a := got["2"]
	if len(a) != 1 || a[0].Error == nil || a[0].Error.Code != -32600 || !strings.Contains(a[0].Error.Message, "in flight") {
		t.Errorf("id 2 reused while in flight: answers %+v, want one -32600 for the reuse (the first call was cancelled)", a)
	}
	if a := got["3"]; len(a) != 1 || a[0].Result == nil {
		t.Error("the session did not go on")
	}
}

// TestStdioTransport_NoHTMLEscapesOnTheWire checks the raw stdout line of an
// answer quoting <, > and &: written as they are, not as \u003c escapes,
// and still JSON that decodes to the same text.
func TestStdioTransport_NoHTMLEscapesOnTheWire(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	raw := runScriptRaw(t, h, context.Background(), mcp.DefaultDrain, scriptInit, scriptInitialized,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"zerops_knowledge","arguments":{"query":"<id> & a > b"}}}`)
	var line string
	for _, l := range strings.Split(raw, "\n") {
		if strings.HasPrefix(l, `{"jsonrpc":"2.0","id":2,`) {
			line = l
		}
	}
	if !strings.Contains(line, "Search: <id> & a > b") || strings.Contains(line, `\u003c`) || strings.Contains(line, `\u0026`) {
		t.Errorf("answer line escapes HTML: %.300s", line)
	}
	var a answer
	if err := json.Unmarshal([]byte(line), &a); err != nil || a.Result == nil {
		t.Errorf("answer line is not a JSON-RPC result: %v", err)
	}
}

// eofReader closes eof once its reader has returned end of input.
type eofReader struct {
	io.Reader
	eof  chan struct{}
	once sync.Once
}

func (r *eofReader) Read(p []byte) (int, error) {
	n, err := r.Reader.Read(p)
	if errors.Is(err, io.EOF) {
		r.once.Do(func() { close(r.eof) })
	}
	return n, err
}

func (r *eofReader) Close() error { return nil }

// TestGoSDKIssue1061_SDKTransportDropsAnswersAtEOF is a canary: the SDK's own
// IOTransport drops the answer to a request still running when its input
// ends (go-sdk issue 1061), which is why the stdio layer holds end of input
// back. When this fails, the SDK answers by itself: delete the stdio layer's
// wait at io.EOF, and this test with it.
func TestGoSDKIssue1061_SDKTransportDropsAnswersAtEOF(t *testing.T) {
	t.Parallel()
	call := func(tool string) string {
		return strings.Join([]string{scriptInit, scriptInitialized,
			`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"` + tool + `","arguments":{}}}`}, "\n") + "\n"
	}
	in := &eofReader{Reader: strings.NewReader(call("slow")), eof: make(chan struct{})}
	srv := sdk.NewServer(&sdk.Implementation{Name: "canary", Version: "1"}, nil)
	srv.AddTool(&sdk.Tool{Name: "slow", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, _ *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			select { // the SDK cancels a running call when its input ends
			case <-ctx.Done():
			case <-time.After(10 * time.Second):
			}
			return &sdk.CallToolResult{Content: []sdk.Content{}}, nil
		})
	srv.AddTool(&sdk.Tool{Name: "untilEOF", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, _ *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			<-in.eof
			return &sdk.CallToolResult{Content: []sdk.Content{}}, nil
		})
	run := func(tr sdk.Transport) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		_ = srv.Run(ctx, tr)
	}
	sdkOut := &syncBuffer{}
	run(&sdk.IOTransport{Reader: in, Writer: nopWriteCloser{sdkOut}})
	if strings.Contains(sdkOut.String(), `"id":2,`) {
		t.Errorf("the SDK's own transport answered the call running at end of input: go-sdk issue 1061 is fixed, delete the stdio layer's wait at io.EOF:\n%s", sdkOut)
	}
	in.Reader, in.eof, in.once = strings.NewReader(call("untilEOF")), make(chan struct{}), sync.Once{}
	ours := &syncBuffer{}
	run(mcp.NewStdioTransport(in, nopWriteCloser{ours}, mcp.DefaultDrain))
	if !strings.Contains(ours.String(), `"id":2,"result"`) {
		t.Errorf("the stdio layer did not answer the call running at end of input:\n%s", ours)
	}
}

// TestStdioTransport_ProgressTokensByteExact follows three restarts whose
// progress tokens a float64 would change: each notification carries its
// token exactly as written, and a token the SDK could not tell from one in
// flight is refused.
func TestStdioTransport_ProgressTokensByteExact(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: 20 * time.Millisecond})
	restart := func(id, token string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"zerops_manage","arguments":{"action":"restart","serviceHostname":"appdev"},"_meta":{"progressToken":` + token + `}}}`
	}
	tokens := map[string]string{"2": "9007199254740993", "3": "1.50", "4": `"\u0070<\u003e"`}
	raw := runScriptRaw(t, h, context.Background(), mcp.DefaultDrain, scriptInit, scriptInitialized,
		restart("2", tokens["2"]), restart("3", tokens["3"]), restart("4", tokens["4"]),
		restart("5", "9007199254740992")) // the same float64 as id 2's token
	for id, token := range tokens {
		if !strings.Contains(raw, `"progressToken":`+token+`,`) && !strings.Contains(raw, `"progressToken":`+token+`}`) {
			t.Errorf("no progress under token %s (request %s) as written:\n%.2000s", token, id, raw)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(raw), "\n") {
		var a answer
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			t.Fatalf("stdout line is not JSON: %q", line)
		}
		if string(a.ID) == "5" && (a.Error == nil || a.Error.Code != -32600 || !strings.Contains(a.Error.Message, "progress token")) {
			t.Errorf("a second request under the same float64 token: %s, want -32600 naming the token", line)
		}
	}
}

// TestStdioTransport_ValidJSONForHostileParams reads resources with control
// characters and invalid UTF-8 in the URI: every answer is a valid line.
func TestStdioTransport_ValidJSONForHostileParams(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	raw := runScriptRaw(t, h, context.Background(), mcp.DefaultDrain, scriptInit, scriptInitialized,
		`{"jsonrpc":"2.0","id":1008,"method":"resources/read","params":{"uri":"zerops://docs/a\u0001b"}}`,
		`{"jsonrpc":"2.0","id":1009,"method":"resources/read","params":{"uri":"zerops://docs/a`+"\xff\xfe"+`b"}}`,
		`{"jsonrpc":"2.0","id":1010,"method":"tools/call","params":{"name":"zerops_knowledge","arguments":{"query":"a`+"\xc3\x28"+`\u0000b"}}}`)
	for _, id := range []string{"1008", "1009", "1010"} {
		if !strings.Contains(raw, `{"jsonrpc":"2.0","id":`+id+`,`) {
			t.Errorf("request %s unanswered", id)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(raw), "\n") {
		if !json.Valid([]byte(line)) || !utf8.ValidString(line) {
			t.Errorf("stdout line is not valid JSON: %q", line)
		}
	}
}

// TestGoSDK_IOTransportEndsSessionOnBadLine is why the stdio layer answers bad
// lines itself: the SDK's own transport answers none of them and ends the
// session, so the ping after each goes unanswered.
func TestGoSDK_IOTransportEndsSessionOnBadLine(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ name, line string }{
		{"not JSON", `hello`},
		{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":5,"method":"ping"}`},
		{"object id", `{"jsonrpc":"2.0","id":{},"method":"ping"}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			go func() {
				_ = sdk.NewServer(&sdk.Implementation{Name: "canary", Version: "1"}, nil).Run(ctx, &sdk.IOTransport{Reader: inR, Writer: outW})
			}()
			go func() {
				_, _ = io.WriteString(inW, scriptInit+"\n"+scriptInitialized+"\n"+c.line+"\n"+`{"jsonrpc":"2.0","id":6,"method":"ping"}`+"\n")
			}()
			var got string
			for sc := bufio.NewScanner(outR); sc.Scan(); { // ends when the session ends
				if got += sc.Text() + "\n"; strings.Contains(sc.Text(), `"id":6,`) {
					break
				}
			}
			_ = inR.Close()
			_ = inW.Close()
			if ctx.Err() != nil || strings.Contains(got, `"id":6,`) || strings.Contains(got, `"id":5,`) {
				t.Errorf("the SDK's own transport changed how it treats %s (wrote %q): revisit the stdio layer's accept", c.line, got)
			}
		})
	}
}

// TestStdioTransport_IDBoundIsOneKiB: a string id of exactly 1 KiB inside its quotes
// comes back as written; one byte more is refused under a null id.
func TestStdioTransport_IDBoundIsOneKiB(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	atBound, overBound := `"`+strings.Repeat("k", 1<<10)+`"`, `"`+strings.Repeat("o", 1<<10+1)+`"`
	answers := runScript(t, h, context.Background(), mcp.DefaultDrain, scriptInit, scriptInitialized,
		`{"jsonrpc":"2.0","id":`+atBound+`,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":`+overBound+`,"method":"ping"}`)
	if a := answers[atBound]; len(a) != 1 || a[0].Error != nil {
		t.Errorf("1 KiB id: answers %+v, want one result under the id as written", a)
	}
	if a := answers["null"]; len(a) != 1 || a[0].Error == nil || a[0].Error.Code != -32600 {
		t.Errorf("id over 1 KiB: answers under null %+v, want one invalid-request error", a)
	}
	if len(answers[overBound]) != 0 {
		t.Errorf("id over 1 KiB was answered under itself: %+v", answers[overBound])
	}
}
