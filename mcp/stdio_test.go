package mcp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

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
	go func() { done <- h.srv.Run(ctx, mcp.NewStdioTransport(ctx, in, nopWriteCloser{out}, drain)) }()
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
			if n := len(h.fake.Requests()); n != 0 {
				t.Errorf("the refused call still reached the API (%d requests)", n)
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
