package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) Close() error { return nil }

// echoServer is an SDK server whose tool echoes its arguments with progress,
// and whose resources/read answers the SDK's own not-found error quoting the
// URI: the paths that put the client's bytes back on stdout.
func echoServer() *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "fuzz", Version: "1"}, nil)
	s.AddTool(&sdk.Tool{Name: "echo", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			if tok := req.Params.GetProgressToken(); tok != nil {
				_ = req.Session.NotifyProgress(ctx, &sdk.ProgressNotificationParams{ProgressToken: tok, Message: string(req.Params.Arguments)})
			}
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: string(req.Params.Arguments)}}}, nil
		})
	s.AddResourceTemplate(&sdk.ResourceTemplate{Name: "t", URITemplate: "zerops://{x}"},
		func(context.Context, *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
			return nil, sdk.ResourceNotFoundError("x")
		})
	return s
}

// serveRaw runs one session of srv over the stdio layer, lines cut at
// maxFrame, and returns what it wrote.
func serveRaw(t *testing.T, srv *sdk.Server, input []byte, maxFrame int) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	out := &lockedBuffer{}
	tr := &stdioTransport{in: io.NopCloser(bytes.NewReader(input)), out: out, drain: 5 * time.Second, maxFrame: maxFrame}
	if err := srv.Run(ctx, tr); ctx.Err() != nil {
		t.Fatalf("the session did not end after its input did (%v)", err)
	}
	return out.b.String()
}

const fuzzInit = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"f","version":"1"}}}` + "\n" +
	`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"

// FuzzStdioLayer feeds an initialized session arbitrary lines (cut at 256
// bytes). Whatever the input, every line written is valid UTF-8 JSON, a
// JSON-RPC answer or notification, and every answer's id is one of the
// input's ids as written. The corpus grown by `go test -fuzz FuzzStdioLayer`
// is kept in testdata/fuzz/FuzzStdioLayer.
func FuzzStdioLayer(f *testing.F) {
	for _, seed := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1008,"method":"resources/read","params":{"uri":"zerops://a\u0001b"}}`,
		`{"jsonrpc":"2.0","id":1009,"method":"resources/read","params":{"uri":"zerops://a` + "\xff\xfe" + `b"}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"a":"` + "\xc3\x28\x01" + `"},"_meta":{"progressToken":9007199254740993}}}`,
		`{"jsonrpc":"2.0","id":1.0,"method":"ping"}` + "\n" + `{"jsonrpc":"2.0","id":1e2,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":"a\u0041","method":"ping"}` + "\n" + `{"jsonrpc":"2.0","id":"aA","method":"x"}`,
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{}}}` + "\n" + `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}`,
		`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
		`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"resources/list"},{"jsonrpc":"2.0","method":"notifications/initialized"}]`,
		" \t[]\n[[{}]]\n" + `[{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo","arguments":{}}}]`,
		"\x00\r\n\n{\"jsonrpc\":\"1.0\",\"id\":{},\"method\":1}",
		`{"jsonrpc":"2.0","id":3,"method":"ping","params":{"pad":"` + strings.Repeat("x", 300) + `"}}`,
		`{"jsonrpc":"2.0","id":5,"result":{}}` + "\n" + `{"jsonrpc":"2.0","id":5}`,
		`{"jsonrpc":"2.0","id":1e400,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[`,
	} {
		f.Add([]byte(seed))
	}
	srv := echoServer()
	f.Fuzz(func(t *testing.T, input []byte) {
		out := serveRaw(t, srv, append([]byte(fuzzInit), input...), 256)
		sc := bufio.NewScanner(strings.NewReader(out))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			line := sc.Bytes()
			var m struct {
				Version string          `json:"jsonrpc"`
				ID      json.RawMessage `json:"id"`
				Method  *string         `json:"method"`
				Result  json.RawMessage `json:"result"`
				Error   json.RawMessage `json:"error"`
			}
			if !json.Valid(line) || !utf8.Valid(line) || json.Unmarshal(line, &m) != nil {
				t.Fatalf("written line is not valid JSON: %q", line)
			}
			if m.Version != "2.0" || (m.Method == nil && (m.Result == nil) == (m.Error == nil)) {
				t.Fatalf("written line is not JSON-RPC: %q", line)
			}
			if m.Method == nil && string(m.ID) != "null" && string(m.ID) != "0" && !bytes.Contains(input, m.ID) {
				t.Fatalf("answer id %s is not an id of the input as written", m.ID)
			}
		}
	})
}
