package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// FuzzStdioReader feeds arbitrary input to a stdio session whose lines are
// cut at 64 bytes, answering every request passed on. Whatever the input:
// reading ends with EOF, every line written is a JSON-RPC answer with a
// valid id that appears in the input as written, and no request is answered
// twice. The corpus grown by `go test -fuzz FuzzStdioReader` is kept in
// testdata/fuzz/FuzzStdioReader.
func FuzzStdioReader(f *testing.F) {
	for _, seed := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1.0,"method":"ping"}` + "\n" + `{"jsonrpc":"2.0","id":1e2,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":"a\u0041","method":"ping"}` + "\n" + `{"jsonrpc":"2.0","id":"aA","method":"x"}`,
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"arguments":{}}}` + "\n" + `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}`,
		`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
		"\x00\r\n\n{\"jsonrpc\":\"1.0\",\"id\":{},\"method\":1}",
		`{"jsonrpc":"2.0","id":3,"method":"ping","params":{"pad":"` + string(bytes.Repeat([]byte("x"), 100)) + `"}}`,
		`{"jsonrpc":"2.0","id":5,"result":{}}` + "\n" + `{"jsonrpc":"2.0","id":5}`,
		`{"jsonrpc":"2.0","id":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		out := &bytes.Buffer{}
		c := newStdioConn(context.Background(), io.NopCloser(bytes.NewReader(input)), nopCloser{out}, 0, 64)
		answered := 0
		var hung atomic.Bool
		deadline := time.AfterFunc(10*time.Second, func() { hung.Store(true); _ = c.Close() })
		defer deadline.Stop()
		for {
			msg, err := c.Read(context.Background())
			if err != nil {
				if !errors.Is(err, io.EOF) {
					t.Fatalf("read ended with %v, want EOF", err)
				}
				break
			}
			req, ok := msg.(*jsonrpc.Request)
			if !ok || !req.ID.IsValid() {
				continue
			}
			if _, ok := req.ID.Raw().(int64); !ok {
				t.Fatalf("request passed on under id %v, want a number of ZCP's own", req.ID.Raw())
			}
			answered++
			result := json.RawMessage(`{"n":` + strconv.Itoa(answered) + `}`)
			if err := c.Write(context.Background(), &jsonrpc.Response{ID: req.ID, Result: result}); err != nil {
				t.Fatal(err)
			}
		}
		if hung.Load() {
			t.Fatal("reading the input did not end")
		}
		_ = c.Close()
		seen := map[string]bool{}
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var a struct {
				Version string          `json:"jsonrpc"`
				ID      json.RawMessage `json:"id"`
				Result  json.RawMessage `json:"result"`
				Error   json.RawMessage `json:"error"`
			}
			if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
				t.Fatalf("written line is not JSON: %q", sc.Text())
			}
			if a.Version != "2.0" || (a.Result == nil) == (a.Error == nil) {
				t.Fatalf("written line is not a JSON-RPC answer: %q", sc.Text())
			}
			if string(a.ID) != "null" && (!validID(a.ID) || !bytes.Contains(input, a.ID)) {
				t.Fatalf("answer id %s is not an id of the input as written", a.ID)
			}
			if a.Result != nil && bytes.HasPrefix(a.Result, []byte(`{"n":`)) {
				if seen[string(a.Result)] {
					t.Fatalf("request %s answered twice", a.Result)
				}
				seen[string(a.Result)] = true
			}
		}
	})
}
