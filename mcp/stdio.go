package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
)

// DefaultDrain bounds how long the stdio transport holds back end of input
// while requests already read are still being answered.
const DefaultDrain = 15 * time.Second

// codeShuttingDown answers a request still running when the session ends.
const codeShuttingDown = -32000

// NewStdioTransport returns the transport `zcp` serves on: newline-delimited
// JSON-RPC over in and out. ZCP reads the frames itself, so that no input
// ends the session: what does not parse is answered -32700, what is not a
// valid request -32600, a line over MaxFrame is dropped as it streams, and
// tool calls with more than MaxArguments are refused before any work. Ids are
// echoed exactly as received. End of input reaches the SDK only once every
// request read has been answered or cancelled by the client, after drain at
// the latest (what still runs is answered "server shutting down"), or at
// once when ctx ends (a signal stops the server).
func NewStdioTransport(ctx context.Context, in io.ReadCloser, out io.WriteCloser, drain time.Duration) sdk.Transport {
	return &stdioTransport{ctx: ctx, in: in, out: out, drain: drain}
}

type stdioTransport struct {
	ctx   context.Context
	in    io.ReadCloser
	out   io.WriteCloser
	drain time.Duration
}

func (t *stdioTransport) Connect(context.Context) (sdk.Connection, error) {
	return newStdioConn(t.ctx, t.in, t.out, t.drain, MaxFrame), nil
}

// newStdioConn starts reading in; maxFrame is MaxFrame except in tests.
func newStdioConn(ctx context.Context, in io.ReadCloser, out io.WriteCloser, drain time.Duration, maxFrame int) *stdioConn {
	c := &stdioConn{
		ctx: ctx, in: in, out: out, drain: drain, maxFrame: maxFrame,
		calls:    newCallTable(),
		incoming: make(chan received),
		closed:   make(chan struct{}),
	}
	go c.readLoop()
	return c
}

// stdioConn is one stdio session. The SDK sees each request under an id of
// its own (a sequence number), so that any id the client chose, however
// spelled, is echoed back byte for byte. Read is called by the SDK's single
// reader; Write and Close are safe for concurrent use, and every line, the
// SDK's and ZCP's own answers alike, is written under one lock.
type stdioConn struct {
	ctx      context.Context
	in       io.ReadCloser
	out      io.WriteCloser
	drain    time.Duration
	maxFrame int
	calls    *callTable

	incoming  chan received
	closed    chan struct{}
	closeOnce sync.Once

	writeMu sync.Mutex
}

type received struct {
	msg jsonrpc.Message
	err error
}

func (c *stdioConn) SessionID() string { return "" }

func (c *stdioConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case r := <-c.incoming:
		return r.msg, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-c.closed:
		return nil, io.EOF
	}
}

// readLoop reads frames until input ends, answering the bad ones itself and
// handing the rest to Read.
func (c *stdioConn) readLoop() {
	frames := newFrameReader(c.in, c.maxFrame)
	var err error
	for {
		var frame []byte
		var size int
		if frame, size, err = frames.next(); err != nil {
			break
		}
		if msg := c.accept(frame, size); msg != nil && !c.deliver(received{msg: msg}) {
			return
		}
	}
	if errors.Is(err, io.EOF) {
		c.calls.waitIdle(c.ctx, c.closed, c.drain)
		for _, id := range c.calls.abandon() {
			c.writeError(id, codeShuttingDown, "server shutting down: input ended and the request did not finish within "+c.drain.String())
		}
	}
	c.deliver(received{err: err})
}

func (c *stdioConn) deliver(r received) bool {
	select {
	case c.incoming <- r:
		return true
	case <-c.closed:
		return false
	}
}

// accept turns one frame into the message to pass on, or answers it and
// returns nil.
func (c *stdioConn) accept(frame []byte, size int) jsonrpc.Message {
	if size > c.maxFrame {
		id, rej := oversized(frame, size)
		c.reject(id, rej)
		return nil
	}
	if len(bytes.TrimSpace(frame)) == 0 {
		return nil
	}
	in := parseFrame(frame)
	if in.reject != nil {
		c.reject(in.id, in.reject)
		return nil
	}
	req, ok := in.msg.(*jsonrpc.Request)
	switch {
	case !ok: // a client's answer to a server request, or nothing
		return in.msg
	case in.id != nil:
		n, ok := c.calls.start(in.id)
		if !ok {
			c.reject(in.id, rejectf(jsonrpc.CodeInvalidRequest, "invalid request: this id is already used by a request still in flight"))
			return nil
		}
		req.ID, _ = jsonrpc.MakeID(float64(n)) // an integer id
	case in.cancels != nil:
		// A cancelled request gets no answer, and the drain stops waiting for it.
		n, ok := c.calls.cancel(in.cancels)
		if !ok {
			return nil // already answered, or never seen
		}
		req.Params = json.RawMessage(`{"requestId":` + strconv.FormatInt(n, 10) + `}`)
	}
	return req
}

func (c *stdioConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	resp, ok := msg.(*jsonrpc.Response)
	if !ok {
		data, err := jsonrpc.EncodeMessage(msg)
		if err != nil {
			return fmt.Errorf("encode message: %w", err)
		}
		return c.writeLine(unescapeHTML(data))
	}
	n, _ := resp.ID.Raw().(int64)
	id, ok := c.calls.finish(n)
	if !ok {
		return nil // cancelled by the client, or already answered as shutting down
	}
	if resp.Error != nil {
		return c.writeLine(encodeAnswer(id, "error", wireError(resp.Error)))
	}
	result := resp.Result
	if result == nil {
		result = json.RawMessage("null")
	}
	return c.writeLine(encodeAnswer(id, "result", unescapeHTML(result)))
}

// unescapeHTML turns the \u003c, \u003e and \u0026 escapes that the SDK's
// encoding/json writes for <, > and & back into the characters: the same
// JSON, as an agent's text has them. Escapes are read in pairs, so a
// backslash written as \\ followed by "u003c" stays text.
func unescapeHTML(b []byte) []byte {
	if !bytes.Contains(b, []byte(`\u00`)) {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' || i+1 == len(b) {
			out = append(out, b[i])
			continue
		}
		if b[i+1] == 'u' && i+6 <= len(b) && string(b[i+2:i+4]) == "00" {
			if r, ok := htmlEscapes[string(b[i+4:i+6])]; ok {
				out = append(out, r)
				i += 5
				continue
			}
		}
		out = append(out, b[i], b[i+1]) // any other escape, whole
		i++
	}
	return out
}

// htmlEscapes are the characters encoding/json escapes for HTML, by the
// last two hex digits of their escape.
var htmlEscapes = map[string]byte{"3c": '<', "3e": '>', "26": '&'}

func (c *stdioConn) Close() error {
	var err error
	c.closeOnce.Do(func() {
		close(c.closed)
		err = errors.Join(c.in.Close(), c.out.Close())
	})
	return err
}

// reject answers a frame that is not passed on.
func (c *stdioConn) reject(id json.RawMessage, r *rejection) {
	if !r.toolCall {
		c.writeError(id, r.code, r.message)
		return
	}
	result, _ := json.Marshal(errorResult(platform.NewError(platform.ErrArgumentsTooLarge, r.message,
		"Send less: pass long content through filePath (a file in the working directory) instead of inline, or split the work into several calls.")))
	_ = c.writeLine(encodeAnswer(id, "result", result))
}

func (c *stdioConn) writeError(id json.RawMessage, code int64, message string) {
	_ = c.writeLine(encodeAnswer(id, "error", wireError(&jsonrpc.Error{Code: code, Message: message})))
}

func (c *stdioConn) writeLine(data []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	_, err := c.out.Write(append(data, '\n'))
	return err
}

// encodeAnswer builds {"jsonrpc":"2.0","id":id,member:value}; a nil id is null.
func encodeAnswer(id json.RawMessage, member string, value []byte) []byte {
	if id == nil {
		id = json.RawMessage("null")
	}
	b := make([]byte, 0, len(id)+len(value)+40)
	b = append(b, `{"jsonrpc":"2.0","id":`...)
	b = append(b, id...)
	b = append(b, `,"`...)
	b = append(b, member...)
	b = append(b, `":`...)
	b = append(b, value...)
	return append(b, '}')
}

// wireError renders err as a JSON-RPC error object, keeping the code of a
// wrapped JSON-RPC error as the SDK does, its message clipped.
func wireError(err error) []byte {
	we := &jsonrpc.Error{Message: err.Error()}
	if e, ok := err.(*jsonrpc.Error); ok { //nolint:errorlint // the error itself, not one it wraps
		*we = *e
	} else if wrapped := (*jsonrpc.Error)(nil); errors.As(err, &wrapped) {
		we.Code = wrapped.Code
	}
	// The SDK's messages may quote the whole request (up to MaxFrame).
	we.Message = platform.Clip(we.Message, maxErrorText)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(we)
	return bytes.TrimRight(buf.Bytes(), "\n")
}

// callTable holds the requests read and not yet answered: the id the client
// sent and the number the SDK knows the request by. Safe for concurrent use.
type callTable struct {
	mu      sync.Mutex
	last    int64
	byKey   map[string]int64 // idKey of the client's id → SDK number
	calls   map[int64]pendingCall
	changed chan struct{} // closed and replaced on every removal
}

type pendingCall struct {
	id  json.RawMessage
	key string
}

func newCallTable() *callTable {
	return &callTable{byKey: map[string]int64{}, calls: map[int64]pendingCall{}, changed: make(chan struct{})}
}

// start registers a request; false if its id is still in flight.
func (t *callTable) start(id json.RawMessage) (int64, bool) {
	key := idKey(id)
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, busy := t.byKey[key]; busy {
		return 0, false
	}
	t.last++
	t.byKey[key] = t.last
	t.calls[t.last] = pendingCall{id: id, key: key}
	return t.last, true
}

// finish removes request n and returns the client's id for its answer.
func (t *callTable) finish(n int64) (json.RawMessage, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	call, ok := t.calls[n]
	if ok {
		t.removeLocked(n, call.key)
	}
	return call.id, ok
}

// cancel removes the request the client cancelled and returns its number.
func (t *callTable) cancel(id json.RawMessage) (int64, bool) {
	key := idKey(id)
	t.mu.Lock()
	defer t.mu.Unlock()
	n, ok := t.byKey[key]
	if ok {
		t.removeLocked(n, key)
	}
	return n, ok
}

// abandon removes every request left and returns the client's ids.
func (t *callTable) abandon() []json.RawMessage {
	t.mu.Lock()
	defer t.mu.Unlock()
	ids := make([]json.RawMessage, 0, len(t.calls))
	for n, call := range t.calls {
		ids = append(ids, call.id)
		t.removeLocked(n, call.key)
	}
	return ids
}

func (t *callTable) removeLocked(n int64, key string) {
	delete(t.calls, n)
	delete(t.byKey, key)
	close(t.changed)
	t.changed = make(chan struct{})
}

// waitIdle returns when no request is pending, ctx ends, closed is closed or
// d elapses.
func (t *callTable) waitIdle(ctx context.Context, closed <-chan struct{}, d time.Duration) {
	timer := time.NewTimer(d)
	defer timer.Stop()
	for {
		t.mu.Lock()
		n, changed := len(t.calls), t.changed
		t.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return
		case <-closed:
			return
		case <-timer.C:
			return
		}
	}
}
