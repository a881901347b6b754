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

// runScript serves one session whose whole input is script (closed right after
// it) and returns the ids of the responses written.
func runScript(t *testing.T, h *harness, ctx context.Context, drain time.Duration, script ...string) map[float64]bool {
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
	ids := map[float64]bool{}
	sc := bufio.NewScanner(strings.NewReader(out.String()))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("output line is not JSON: %q", sc.Text())
		}
		if id, ok := m["id"].(float64); ok {
			ids[id] = true
		}
	}
	return ids
}

const (
	scriptInit        = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"script","version":"1"}}}`
	scriptInitialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
)

func TestStdioTransport_AnswersEverythingReadBeforeEOF(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ids := runScript(t, h, context.Background(), mcp.DefaultDrain,
		scriptInit, scriptInitialized,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"zerops_discover","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"zerops_knowledge","arguments":{"query":"valkey password"}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/list"}`)
	for _, id := range []float64{1, 2, 3, 4} {
		if !ids[id] {
			t.Errorf("no answer to request %v written before the session ended (got %v)", id, ids)
		}
	}
}

func TestStdioTransport_CancelledRequestDoesNotHoldEOF(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Hour})
	ids := runScript(t, h, context.Background(), time.Hour, // only the cancel can end this session
		scriptInit, scriptInitialized,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"zerops_manage","arguments":{"action":"restart","serviceHostname":"appdev"},"_meta":{"progressToken":"p"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"user"}}`)
	if !ids[1] {
		t.Errorf("initialize unanswered: %v", ids)
	}
}

func TestStdioTransport_DrainIsBounded(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Hour})
	ids := runScript(t, h, context.Background(), 50*time.Millisecond,
		scriptInit, scriptInitialized,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"zerops_manage","arguments":{"action":"restart","serviceHostname":"appdev"},"_meta":{"progressToken":"p"}}}`)
	if !ids[1] || ids[2] {
		t.Errorf("answers = %v, want initialize only (the hour-long wait is cut off)", ids)
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
	runScript(t, h, ctx, time.Hour,
		scriptInit, scriptInitialized,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"zerops_manage","arguments":{"action":"restart","serviceHostname":"appdev"},"_meta":{"progressToken":"p"}}}`)
}
