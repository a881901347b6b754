package mcp

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultDrain bounds how long end of input waits for the requests read to be answered.
const DefaultDrain = 15 * time.Second

// NewStdioTransport is the SDK's IOTransport behind a filter that answers bad lines, keeps ids
// and progress tokens as written and holds end of input until the requests are answered.
func NewStdioTransport(in io.ReadCloser, out io.WriteCloser, drain time.Duration) sdk.Transport {
	return &stdioTransport{in: in, out: out, drain: drain, maxFrame: MaxFrame}
}

// stdioTransport is the transport and, once connected, its one connection.
type stdioTransport struct {
	sdk.Connection
	in       io.ReadCloser
	out      io.WriteCloser
	outMu    sync.Mutex // one line at a time on out, the SDK's and the layer's
	drain    time.Duration
	maxFrame int
	pw       *io.PipeWriter // the SDK's input: whole valid lines only

	mu     sync.Mutex
	calls  map[jsonrpc.ID]*call    // passed on and not answered, by id as the SDK reads it
	tokens map[any]json.RawMessage // progress tokens of those calls, as the SDK reads them to as written
	live   sync.WaitGroup          // the calls whose answer is awaited
}

// call is a request passed on to the SDK and not answered yet; changed under mu.
type call struct {
	id    json.RawMessage // as written; nil once its answer is dropped (cancelled, or cut off at the drain limit)
	token any             // progress token as the SDK reads it, or nil
}

func (t *stdioTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	pr, pw := io.Pipe()
	inner, err := (&sdk.IOTransport{Reader: pr, Writer: t.out, MaxLineLength: -1}).Connect(ctx)
	if err != nil {
		return nil, err
	}
	t.Connection, t.pw, t.calls, t.tokens = inner, pw, map[jsonrpc.ID]*call{}, map[any]json.RawMessage{}
	context.AfterFunc(ctx, t.cutOff) // the SDK's Close waits for running calls, which end with the input
	go t.filter()
	return t, nil
}

// filter passes the client's valid lines on and answers the rest. At end of input it
// waits for the answers, since the SDK drops those still running when its input ends
// (go-sdk issue 1061): delete the wait at io.EOF, and TestGoSDKIssue1061_*, once it no longer does.
func (t *stdioTransport) filter() {
	r := bufio.NewReaderSize(t.in, 64<<10)
	line, size := []byte(nil), 0
	for {
		frag, more, err := r.ReadLine()
		size += len(frag)
		line = append(line, frag[:min(len(frag), t.maxFrame-len(line))]...) // cut as it streams
		switch {
		case more: // the line goes on
			continue
		case errors.Is(err, io.EOF): // until the calls not cancelled are answered, or cut off at the drain limit
			stop := time.AfterFunc(t.drain, t.cutOff).Stop
			t.live.Wait()
			stop()
		case err == nil:
			err = t.accept(line, size)
		}
		if err != nil {
			_ = t.pw.CloseWithError(err)
			return
		}
		line, size = nil, 0
	}
}

// accept passes a line of size bytes (cut at maxFrame) on to the SDK, or answers it:
// the SDK would end the session on a line it cannot decode.
func (t *stdioTransport) accept(line []byte, size int) error {
	line = bytes.TrimSpace(bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))) // a byte order mark
	m := members(line)
	id, params := m["id"], members(m["params"])
	if sdkValue(id) == nil {
		id = nil // answered as null
	}
	msg, err := jsonrpc.DecodeMessage(line)
	req, isRequest := msg.(*jsonrpc.Request)
	switch {
	case size > t.maxFrame && id != nil && string(m["method"]) == `"tools/call"`:
		return t.answer(id, "result", errorResult(argumentsTooLarge("call is", size)))
	case size > t.maxFrame:
		return t.reject(id, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: the message is %s; at most %s per line is read", sizeText(size), sizeText(MaxFrame)))
	case len(line) == 0:
		return nil
	case !json.Valid(line):
		return t.reject(nil, jsonrpc.CodeParseError, "parse error: the line is not valid JSON")
	case err != nil || id == nil && m["id"] != nil || params == nil && m["params"] != nil && string(m["params"]) != "null",
		!isRequest && (m["result"] == nil) == (m["error"] == nil):
		return t.reject(id, jsonrpc.CodeInvalidRequest, `invalid request: a message is one JSON object per line with "jsonrpc":"2.0", an id that is a string or number of at most 1 KiB, a string "method" and an object "params", or else "result" or "error"`)
	case !isRequest:
	case req.Method == "notifications/cancelled" && id != nil: // the SDK would still cancel
		return t.reject(id, jsonrpc.CodeInvalidRequest, "invalid request: notifications/cancelled is a notification; send it without an id")
	case req.Method == "notifications/cancelled": // its id and progress token stay taken until the SDK answers
		key, _ := jsonrpc.MakeID(sdkValue(params["requestId"]))
		t.finish(key, false)
	case id != nil:
		if reused := t.start(req.ID, id, members(params["_meta"])["progressToken"]); reused != "" {
			return t.reject(id, jsonrpc.CodeInvalidRequest, "invalid request: this "+reused+" is already used by a request in flight (a cancelled one until it stops); use a new one")
		}
	}
	_, err = t.pw.Write(append(line, '\n'))
	return err
}

// start registers a call, or names the id or token it shares with one not answered yet.
func (t *stdioTransport) start(key jsonrpc.ID, id, token json.RawMessage) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	cl := &call{id: id, token: sdkValue(token)}
	switch {
	case t.calls[key] != nil:
		return "id"
	case cl.token != nil && t.tokens[cl.token] != nil:
		return "progress token"
	case cl.token != nil:
		t.tokens[cl.token] = token
	}
	t.calls[key] = cl
	t.live.Add(1)
	return ""
}

// finish returns the id the call's answer is due under (nil if none) and drops it; answered frees the call.
func (t *stdioTransport) finish(key jsonrpc.ID, answered bool) (id json.RawMessage) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if cl := t.calls[key]; cl != nil {
		if id, cl.id = cl.id, nil; id != nil {
			t.live.Done()
		}
		if answered {
			delete(t.calls, key)
			delete(t.tokens, cl.token)
		}
	}
	return id
}

// cutOff answers "server shutting down" to the calls still awaited: drain limit, session end, Close.
func (t *stdioTransport) cutOff() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, cl := range t.calls {
		if cl.id != nil {
			_ = t.reject(cl.id, -32000, "server shutting down: the request did not finish before the session ended")
			cl.id = nil
			t.live.Done()
		}
	}
}

// Write writes an answer under its id as written (none once cancelled), a progress
// notification under its token as written, and the rest as the SDK does.
func (t *stdioTransport) Write(ctx context.Context, msg jsonrpc.Message) error {
	switch m := msg.(type) {
	case *jsonrpc.Response:
		if id := t.finish(m.ID, true); id != nil && m.Error != nil {
			return t.answer(id, "error", wireError(m.Error))
		} else if id != nil {
			return t.answer(id, "result", m.Result)
		}
		return nil
	case *jsonrpc.Request:
		tok := members(m.Params)["progressToken"]
		t.mu.Lock()
		raw := t.tokens[sdkValue(tok)]
		t.mu.Unlock()
		if m.Method == "notifications/progress" && raw != nil {
			msg = &jsonrpc.Request{Method: m.Method, Params: bytes.Replace(m.Params, []byte(`"progressToken":`+string(tok)), []byte(`"progressToken":`+string(raw)), 1)}
		}
	}
	t.outMu.Lock()
	defer t.outMu.Unlock()
	return t.Connection.Write(ctx, msg)
}

func (t *stdioTransport) Close() error {
	t.cutOff()
	return errors.Join(t.Connection.Close(), t.in.Close())
}

func (t *stdioTransport) reject(id json.RawMessage, code int64, message string) error {
	return t.answer(id, "error", &jsonrpc.Error{Code: code, Message: message})
}

// answer writes {"jsonrpc":"2.0","id":id,member:value}, a nil id as null, without HTML escapes.
func (t *stdioTransport) answer(id json.RawMessage, member string, value any) error {
	data, err := json.Marshal(value)
	if err != nil {
		return err
	}
	t.outMu.Lock()
	defer t.outMu.Unlock()
	_, err = fmt.Fprintf(t.out, `{"jsonrpc":"2.0","id":%s,%q:%s}`+"\n", cmp.Or(string(id), "null"), member, unescapeHTML(data))
	return err
}

// members is a JSON object's members as written, up to one cut short; nil if not an object.
func members(raw []byte) map[string]json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, _ := dec.Token(); tok != json.Delim('{') {
		return nil
	}
	m := map[string]json.RawMessage{}
	for { // until "}", or the first member cut short or not a string name
		name, _ := dec.Token()
		key, ok := name.(string)
		var v json.RawMessage
		if !ok || dec.Decode(&v) != nil {
			return m
		}
		m[key] = v
	}
}

// sdkValue is an id or token as the SDK reads it (float64 or string) if it is a number or a
// UTF-8 string of at most 1 KiB (quotes not counted); else nil.
func sdkValue(raw json.RawMessage) (v any) {
	if len(bytes.TrimSuffix(bytes.TrimPrefix(raw, []byte(`"`)), []byte(`"`))) > 1<<10 || !utf8.Valid(raw) || json.Unmarshal(raw, &v) != nil {
		return nil
	}
	if _, err := jsonrpc.MakeID(v); err != nil { // neither a number nor a string
		return nil
	}
	return v
}
