package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
)

// DefaultDrain bounds how long end of input waits for the requests read to be answered.
const DefaultDrain = 15 * time.Second

// NewStdioTransport is the SDK's IOTransport fed only the lines ZCP let through: ZCP answers
// the bad ones itself, writes every line (ids and progress tokens as the client wrote
// them), and ends input once every request is answered, after drain or ctx at the latest.
func NewStdioTransport(ctx context.Context, in io.ReadCloser, out io.WriteCloser, drain time.Duration) sdk.Transport {
	return &stdioTransport{ctx: ctx, in: in, out: out, drain: drain, maxFrame: MaxFrame}
}

type stdioTransport struct {
	ctx      context.Context
	in       io.ReadCloser
	out      io.WriteCloser
	drain    time.Duration
	maxFrame int
}

func (t *stdioTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	pr, pw := io.Pipe()
	inner, err := (&sdk.IOTransport{Reader: pr, Writer: t.out, MaxLineLength: -1}).Connect(ctx)
	if err != nil {
		return nil, err
	}
	c := &stdioConn{Connection: inner, t: t, pw: pw, calls: map[jsonrpc.ID]*call{}}
	c.ctx, c.cancel = context.WithCancel(t.ctx)
	go c.filter()
	return c, nil
}

// stdioConn reads through the SDK's connection and writes every line itself.
type stdioConn struct {
	sdk.Connection
	t      *stdioTransport
	pw     *io.PipeWriter  // the SDK's input: whole valid lines only
	ctx    context.Context // ends with Close
	cancel context.CancelFunc
	outMu  sync.Mutex // one line at a time on stdout
	mu     sync.Mutex // guards calls
	calls  map[jsonrpc.ID]*call
}

// call is a request passed on and not yet answered, under its id as the SDK reads it.
type call struct {
	id, token json.RawMessage // as written
	tokenKey  any             // the token as the SDK reads it, or nil
	cancelled bool
	answered  chan struct{}
}

// filter passes the client's valid lines on and answers the rest until input ends.
func (c *stdioConn) filter() {
	lines := newLineReader(c.t.in)
	for {
		line, size, err := lines.next(c.t.maxFrame)
		switch {
		case err != nil:
			if errors.Is(err, io.EOF) {
				c.drain()
			}
			_ = c.pw.CloseWithError(err)
			return
		case size > c.t.maxFrame:
			c.oversized(line, size)
		default:
			if line = c.accept(line); line != nil {
				if _, err := c.pw.Write(line); err != nil {
					return
				}
			}
		}
	}
}

// drain waits at end of input for the calls to be answered, since the SDK drops the
// answers still running when its input ends (go-sdk issue 1061): delete it, and
// TestGoSDKIssue1061_*, once it no longer does. Past drain it answers "shutting down".
func (c *stdioConn) drain() {
	ctx, cancel := context.WithTimeout(c.ctx, c.t.drain)
	defer cancel()
	for _, cl := range c.snapshot() {
		select {
		case <-cl.answered:
		case <-ctx.Done():
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for key, cl := range c.calls {
		if !cl.cancelled {
			c.refuse(cl.id, -32000, "server shutting down: input ended and the request did not finish within "+c.t.drain.String())
		}
		delete(c.calls, key)
	}
}

func (c *stdioConn) snapshot() (awaited []*call) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, cl := range c.calls {
		if !cl.cancelled {
			awaited = append(awaited, cl)
		}
	}
	return awaited
}

// start registers a call, first waiting for a cancelled one under its id to be
// answered; it returns why the call is refused instead, or "".
func (c *stdioConn) start(key jsonrpc.ID, id, token json.RawMessage) string {
	nc := &call{id: id, answered: make(chan struct{})}
	if validID(token) {
		nc.token, nc.tokenKey = token, sdkValue(token)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.calls[key]; old != nil && old.cancelled {
		c.mu.Unlock()
		select { // the SDK answers it as soon as its handler returns
		case <-old.answered:
		case <-c.ctx.Done():
		}
		c.mu.Lock()
	}
	switch {
	case c.calls[key] != nil:
		return "this id is already used by a request in flight"
	case nc.tokenKey != nil && c.tokenLocked(nc.tokenKey) != nil:
		return "this progress token is already used by a request in flight"
	}
	c.calls[key] = nc
	return ""
}

// tokenLocked is the progress token as written of the call whose token the SDK reads as key.
func (c *stdioConn) tokenLocked(key any) json.RawMessage {
	for _, cl := range c.calls {
		if cl.tokenKey == key {
			return cl.token
		}
	}
	return nil
}

// Write writes msg as one line; an answer goes under the id the client wrote, or not at
// all for a request cancelled or already answered "shutting down".
func (c *stdioConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	m, ok := msg.(*jsonrpc.Response)
	if !ok {
		data, err := c.encode(msg)
		if err != nil {
			return nil // never half a line on stdout: the notification is lost
		}
		return c.writeLine(data)
	}
	c.mu.Lock()
	cl := c.calls[m.ID]
	if cl != nil {
		delete(c.calls, m.ID)
		close(cl.answered)
	}
	c.mu.Unlock()
	switch {
	case cl == nil || cl.cancelled:
		return nil
	case m.Error != nil:
		return c.writeLine(answer(cl.id, "error", wireError(m.Error)))
	case !json.Valid(m.Result):
		return c.refuse(cl.id, jsonrpc.CodeInternalError, "internal error: the result is not valid JSON")
	}
	return c.writeLine(answer(cl.id, "result", unescapeHTML(m.Result)))
}

// encode renders a request or notification; progress goes under the token as written.
func (c *stdioConn) encode(msg jsonrpc.Message) ([]byte, error) {
	var p map[string]json.RawMessage
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "notifications/progress" && json.Unmarshal(unescapeHTML(req.Params), &p) == nil {
		c.mu.Lock()
		if raw := c.tokenLocked(sdkValue(p["progressToken"])); raw != nil {
			p["progressToken"] = raw
		}
		c.mu.Unlock()
		req.Params = marshalRaw(p)
		return jsonrpc.EncodeMessage(req)
	}
	data, err := jsonrpc.EncodeMessage(msg)
	return unescapeHTML(data), err
}

func (c *stdioConn) Close() error {
	c.cancel()
	return errors.Join(c.Connection.Close(), c.t.in.Close())
}

// refuse answers id (nil: null) with a JSON-RPC error.
func (c *stdioConn) refuse(id json.RawMessage, code int64, message string) error {
	return c.writeLine(answer(id, "error", wireError(&jsonrpc.Error{Code: code, Message: message})))
}

// tooLarge answers a tool call over the arguments cap with an ARGUMENTS_TOO_LARGE result.
func (c *stdioConn) tooLarge(id json.RawMessage, what string, size int) {
	_ = c.writeLine(answer(id, "result", marshalRaw(errorResult(platform.NewError(platform.ErrArgumentsTooLarge,
		fmt.Sprintf("the %s %s; a tool call takes at most %s of arguments in all", what, sizeText(size), sizeText(MaxArguments)),
		"Send less: pass long content through filePath (a file in the working directory) instead of inline, or split the work into several calls.")))))
}

func (c *stdioConn) writeLine(data []byte) error {
	c.outMu.Lock()
	defer c.outMu.Unlock()
	_, err := c.t.out.Write(append(data, '\n'))
	return err
}

// answer is {"jsonrpc":"2.0","id":id,member:value}; a nil id is null.
func answer(id json.RawMessage, member string, value []byte) []byte {
	if id == nil {
		id = json.RawMessage("null")
	}
	return fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%s,%q:%s}`, id, member, value)
}

// wireError renders err as a JSON-RPC error, its message clipped and its data dropped
// unless valid JSON (the SDK's resource errors quote the URI with Go escapes).
func wireError(err error) []byte {
	we := &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: platform.Clip(err.Error(), maxErrorText)}
	if e := (*jsonrpc.Error)(nil); errors.As(err, &e) {
		we.Code = e.Code
		if json.Valid(e.Data) {
			we.Data = e.Data
		}
	}
	return marshalRaw(we)
}

// marshalRaw is v as JSON without HTML escapes; v must marshal.
func marshalRaw(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// htmlUnescaper turns the SDK's \u003c, \u003e and \u0026 back into <, > and &, the same
// JSON; an escaped backslash is matched first, so a literal backslash-u stays text.
var htmlUnescaper = strings.NewReplacer(`\\`, `\\`, `\u003c`, "<", `\u003e`, ">", `\u0026`, "&")

func unescapeHTML(b []byte) []byte { return []byte(htmlUnescaper.Replace(string(b))) }
