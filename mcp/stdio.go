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
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
)

const (
	// MaxFrame bounds one line of input; a longer one is dropped as it streams and answered.
	MaxFrame = 2 << 20
	// MaxArguments bounds the arguments of one tool call, in all.
	MaxArguments = 1 << 20
	// DefaultDrain bounds how long end of input waits for the requests read to be answered.
	DefaultDrain = 15 * time.Second
	maxID        = 1 << 10 // bounds an id or progress token: number, or string inside its quotes
)

// NewStdioTransport is the SDK's IOTransport fed only the lines ZCP let through: ZCP answers the
// bad ones, writes every line (ids and progress tokens as written) and holds end of input.
func NewStdioTransport(ctx context.Context, in io.ReadCloser, out io.WriteCloser, drain time.Duration) sdk.Transport {
	return &stdioTransport{ctx: ctx, in: in, out: out, drain: drain, maxFrame: MaxFrame}
}

// stdioTransport is the transport and, once connected, its one connection.
type stdioTransport struct {
	sdk.Connection
	ctx      context.Context // ends with Close
	cancel   context.CancelFunc
	in       io.ReadCloser
	out      io.WriteCloser
	outMu    sync.Mutex // one line at a time on stdout
	drain    time.Duration
	maxFrame int
	pw       *io.PipeWriter // the SDK's input: whole valid lines only

	mu      sync.Mutex
	calls   map[jsonrpc.ID]*call    // passed on and not answered, by id as the SDK reads it
	tokens  map[any]json.RawMessage // progress tokens of awaited calls, as the SDK reads them to as written
	awaited sync.WaitGroup          // calls neither answered, cancelled nor given up on
}

type call struct {
	id       json.RawMessage // as written
	token    any             // as the SDK reads it, or nil
	retired  bool            // no longer awaited, nor answered here
	answered chan struct{}   // closed once the SDK answers
}

func (t *stdioTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	pr, pw := io.Pipe()
	inner, err := (&sdk.IOTransport{Reader: pr, Writer: t.out, MaxLineLength: -1}).Connect(ctx)
	if err != nil {
		return nil, err
	}
	t.Connection, t.pw, t.calls, t.tokens = inner, pw, map[jsonrpc.ID]*call{}, map[any]json.RawMessage{}
	t.ctx, t.cancel = context.WithCancel(t.ctx)
	go t.filter()
	return t, nil
}

// filter passes the client's valid lines on and answers the rest. At end of input it
// waits for the answers, since the SDK drops those still running when its input ends
// (go-sdk issue 1061): delete the wait, and TestGoSDKIssue1061_*, once it no longer does.
func (t *stdioTransport) filter() {
	r := bufio.NewReaderSize(t.in, 64<<10)
	for {
		var line []byte
		size, more, err := 0, true, error(nil)
		for more && err == nil {
			var frag []byte
			frag, more, err = r.ReadLine()
			size += len(frag)
			line = append(line, frag[:min(len(frag), max(t.maxFrame-len(line), 0))]...) // cut as it streams
		}
		switch {
		case errors.Is(err, io.EOF):
			t.awaitCalls()
		case err != nil:
		case size > t.maxFrame:
			err = t.oversized(line, size)
		default:
			err = t.accept(bytes.TrimSpace(bytes.TrimPrefix(line, []byte("\xef\xbb\xbf")))) // a byte order mark
		}
		if err != nil {
			_ = t.pw.CloseWithError(err)
			return
		}
	}
}

// accept passes line on to the SDK, or answers it: the SDK ends the session on a line it
// cannot decode, and answers a reused id under a null id.
func (t *stdioTransport) accept(line []byte) error {
	var m map[string]json.RawMessage
	switch {
	case len(line) == 0:
		return nil
	case !json.Valid(line):
		return t.reject(nil, jsonrpc.CodeParseError, "parse error: the line is not valid JSON")
	case json.Unmarshal(line, &m) != nil || m == nil || m["id"] != nil && !validID(m["id"]):
		return t.reject(nil, jsonrpc.CodeInvalidRequest, "invalid request: a message is one JSON object per line, its id a string or number of at most 1 KiB")
	}
	id, params := m["id"], m["params"]
	msg, err := jsonrpc.DecodeMessage(line)
	req, isRequest := msg.(*jsonrpc.Request)
	switch {
	case err != nil || isRequest && len(params) > 0 && params[0] != '{' && string(params) != "null" || !isRequest && (m["result"] == nil) == (m["error"] == nil):
		return t.reject(id, jsonrpc.CodeInvalidRequest, `invalid request: a message has "jsonrpc":"2.0", a request a string "method" and an object "params", an answer "result" or "error"`)
	case !isRequest:
	case req.Method == "tools/call" && id != nil && len(params) > MaxArguments && len(member(params, "arguments")) > MaxArguments:
		return t.tooLarge(id, "arguments are", len(member(params, "arguments")))
	case req.Method == "notifications/cancelled" && id != nil: // the SDK would still cancel
		return t.reject(id, jsonrpc.CodeInvalidRequest, "invalid request: notifications/cancelled is a notification; send it without an id")
	case req.Method == "notifications/cancelled":
		key, _ := jsonrpc.MakeID(sdkValue(member(params, "requestId")))
		t.mu.Lock()
		t.retire(t.calls[key])
		t.mu.Unlock()
	case id != nil:
		if reused := t.start(req.ID, id, member(member(params, "_meta"), "progressToken")); reused != "" {
			return t.reject(id, jsonrpc.CodeInvalidRequest, "invalid request: this "+reused+" is already used by a request in flight")
		}
	}
	_, err = t.pw.Write(append(line, '\n'))
	return err
}

// start registers a call once a cancelled call under its id is answered; or names what it reuses.
func (t *stdioTransport) start(key jsonrpc.ID, id, token json.RawMessage) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if old := t.calls[key]; old != nil && old.retired {
		t.mu.Unlock()
		select { // the SDK answers it once its handler returns
		case <-old.answered:
		case <-t.ctx.Done():
		}
		t.mu.Lock()
	}
	cl := &call{id: id, token: sdkValue(token), answered: make(chan struct{})}
	if t.calls[key] != nil {
		return "id"
	} else if t.tokens[cl.token] != nil {
		return "progress token"
	} else if cl.token != nil {
		t.tokens[cl.token] = token
	}
	t.calls[key] = cl
	t.awaited.Add(1)
	return ""
}

// retire stops awaiting cl (nil: none) and reports whether it was awaited.
func (t *stdioTransport) retire(cl *call) bool {
	if cl == nil || cl.retired {
		return false
	}
	cl.retired = true
	delete(t.tokens, cl.token)
	t.awaited.Done()
	return true
}

// awaitCalls waits for every call read to be answered, or drain, or ctx; the rest are
// answered "shutting down".
func (t *stdioTransport) awaitCalls() {
	idle := make(chan struct{})
	go func() { t.awaited.Wait(); close(idle) }()
	select {
	case <-idle:
	case <-t.ctx.Done():
	case <-time.After(t.drain):
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for key, cl := range t.calls {
		if delete(t.calls, key); t.retire(cl) {
			_ = t.reject(cl.id, -32000, "server shutting down: input ended and the request did not finish within "+t.drain.String())
		}
	}
}

// Write writes msg as one line, an answer under the id as written (none once cancelled).
func (t *stdioTransport) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m, ok := msg.(*jsonrpc.Response)
	if !ok {
		return t.encode(msg)
	}
	t.mu.Lock()
	cl := t.calls[m.ID]
	if cl != nil {
		delete(t.calls, m.ID)
		close(cl.answered)
	}
	awaited := t.retire(cl)
	t.mu.Unlock()
	if !awaited {
		return nil
	} else if m.Error != nil {
		return t.answer(cl.id, "error", wireError(m.Error))
	}
	return t.answer(cl.id, "result", unescapeHTML(m.Result))
}

// encode writes a request or notification; progress goes under its token as written.
func (t *stdioTransport) encode(msg jsonrpc.Message) error {
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return nil //nolint:nilerr // never half a line on stdout: the notification is lost
	}
	data = unescapeHTML(data)
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "notifications/progress" {
		tok := member(req.Params, "progressToken")
		t.mu.Lock()
		raw := t.tokens[sdkValue(tok)]
		t.mu.Unlock()
		if raw != nil { // the SDK writes the token it read without escaping HTML
			data = bytes.Replace(data, append([]byte(`"progressToken":`), tok...), append([]byte(`"progressToken":`), raw...), 1)
		}
	}
	return t.printf("%s", data)
}

func (t *stdioTransport) Close() error {
	t.cancel()
	return errors.Join(t.Connection.Close(), t.in.Close())
}

// oversized answers a line over the frame cap, under its id if that comes before the cut.
func (t *stdioTransport) oversized(prefix []byte, size int) error {
	fields := map[any]json.RawMessage{}
	dec := json.NewDecoder(bytes.NewReader(prefix))
	for tok, _ := dec.Token(); tok == json.Delim('{') && dec.More(); {
		name, _ := dec.Token()
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			break
		}
		fields[name] = v
	}
	id := fields["id"]
	if !validID(id) {
		id = nil
	} else if string(fields["method"]) == `"tools/call"` {
		return t.tooLarge(id, "call is", size)
	}
	return t.reject(id, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: the message is %s; at most %s per line is read", sizeText(size), sizeText(MaxFrame)))
}

// tooLarge answers a tool call over the arguments cap with an ARGUMENTS_TOO_LARGE result.
func (t *stdioTransport) tooLarge(id json.RawMessage, what string, size int) error {
	result, _ := json.Marshal(errorResult(platform.NewError(platform.ErrArgumentsTooLarge,
		fmt.Sprintf("the %s %s; a tool call takes at most %s of arguments in all", what, sizeText(size), sizeText(MaxArguments)),
		"Send less: pass long content through filePath (a file in the working directory) instead of inline, or split the work into several calls.")))
	return t.answer(id, "result", result)
}

func (t *stdioTransport) reject(id json.RawMessage, code int64, message string) error {
	return t.answer(id, "error", wireError(&jsonrpc.Error{Code: code, Message: message}))
}

// answer writes {"jsonrpc":"2.0","id":id,member:value}; a nil id is null.
func (t *stdioTransport) answer(id json.RawMessage, member string, value []byte) error {
	return t.printf(`{"jsonrpc":"2.0","id":%s,%q:%s}`, cmp.Or(string(id), "null"), member, value)
}

func (t *stdioTransport) printf(format string, args ...any) error {
	t.outMu.Lock()
	defer t.outMu.Unlock()
	_, err := fmt.Fprintf(t.out, format+"\n", args...)
	return err
}

// wireError renders err as a JSON-RPC error, its message clipped and its data dropped
// unless valid JSON (the SDK's resource errors quote the URI with Go escapes).
func wireError(err error) []byte {
	e := &jsonrpc.Error{Code: jsonrpc.CodeInternalError}
	_ = errors.As(err, &e)
	we := &jsonrpc.Error{Code: e.Code, Message: platform.Clip(err.Error(), maxErrorText), Data: e.Data}
	if !json.Valid(we.Data) {
		we.Data = nil
	}
	data, _ := json.Marshal(we)
	return unescapeHTML(data)
}

// htmlUnescaper turns the SDK's \u003c, \u003e and \u0026 back into <, > and &, the same
// JSON; escaped backslashes are matched first, so a literal backslash-u stays text.
var htmlUnescaper = strings.NewReplacer(`\\`, `\\`, `\u003c`, "<", `\u003e`, ">", `\u0026`, "&")

func unescapeHTML(b []byte) []byte { return []byte(htmlUnescaper.Replace(string(b))) }

// member is the named member of a JSON object as written, or nil.
func member(obj json.RawMessage, name string) json.RawMessage {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(obj, &m)
	return m[name]
}

// sdkValue is an id or token as the SDK decodes it, a float64 or a string; else nil.
func sdkValue(raw json.RawMessage) (v any) {
	if validID(raw) {
		_ = json.Unmarshal(raw, &v)
	}
	return v
}

// validID reports whether raw is an id MCP allows: a number or a UTF-8 string, of at most maxID.
func validID(raw json.RawMessage) bool {
	if len(raw) > 0 && raw[0] == '"' {
		return len(raw)-2 <= maxID && utf8.Valid(raw)
	}
	return len(raw) > 0 && len(raw) <= maxID && (raw[0] == '-' || ('0' <= raw[0] && raw[0] <= '9'))
}

func sizeText(n int) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
