package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
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
	c := &stdioConn{Connection: inner, t: t, pw: pw, calls: callTable{calls: map[jsonrpc.ID]*call{}, changed: make(chan struct{})}}
	c.ctx, c.cancel = context.WithCancel(t.ctx)
	go c.filter()
	return c, nil
}

// stdioConn reads through the SDK's connection and writes every line itself.
type stdioConn struct {
	sdk.Connection
	t      *stdioTransport
	pw     *io.PipeWriter // the SDK's input: whole valid lines only
	calls  callTable
	ctx    context.Context // ends with Close
	cancel context.CancelFunc
	mu     sync.Mutex // one line at a time on stdout
}

// filter passes the client's valid lines on and answers the rest. At end of input it
// waits for the answers, since the SDK drops those still running when its input ends
// (go-sdk issue 1061): delete the wait, and TestGoSDKIssue1061_*, once it no longer does.
func (c *stdioConn) filter() {
	frames := newFrameReader(c.t.in, c.t.maxFrame)
	for {
		frame, size, err := frames.next()
		switch {
		case errors.Is(err, io.EOF):
			c.calls.waitIdle(c.ctx, c.t.drain)
			for _, id := range c.calls.abandon() {
				_ = c.writeError(id, -32000, "server shutting down: input ended and the request did not finish within "+c.t.drain.String())
			}
			_ = c.pw.Close()
			return
		case err != nil:
			_ = c.pw.CloseWithError(err)
			return
		case size > c.t.maxFrame:
			c.reject(oversized(frame, size))
		default:
			if line := c.accept(frame); line != nil {
				if _, err := c.pw.Write(line); err != nil {
					return
				}
			}
		}
	}
}

// accept returns the line to pass on, or answers it and returns nil.
func (c *stdioConn) accept(frame []byte) []byte {
	frame = bytes.TrimSpace(bytes.TrimPrefix(frame, []byte("\xef\xbb\xbf"))) // a byte order mark
	if len(frame) == 0 {
		return nil
	}
	in, line := parseFrame(frame), append(frame, '\n')
	switch {
	case in.reject != nil:
		c.reject(in.id, in.reject)
	case in.drop:
	case in.cancels != nil:
		if c.calls.cancel(*in.cancels) {
			return line
		}
	case in.call != nil:
		pass, refusal := c.calls.start(in.key, in.call, line)
		if refusal != "" {
			_ = c.writeError(in.id, jsonrpc.CodeInvalidRequest, "invalid request: "+refusal)
		}
		if pass {
			return line
		}
	default:
		return line
	}
	return nil
}

// Write writes msg as one line; an answer goes under the id the client wrote, or not at
// all for a request cancelled or already answered "shutting down".
func (c *stdioConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	switch m := msg.(type) {
	case *jsonrpc.Response:
		call, held := c.calls.finish(m.ID)
		if held != nil {
			defer c.pw.Write(held) //nolint:errcheck // fails only once input is closed
		}
		switch {
		case call == nil || call.cancelled:
			return nil
		case m.Error != nil:
			return c.writeLine(encodeAnswer(call.id, "error", wireError(m.Error)))
		case !json.Valid(m.Result):
			return c.writeError(call.id, jsonrpc.CodeInternalError, "internal error: the result is not valid JSON")
		}
		return c.writeLine(encodeAnswer(call.id, "result", unescapeHTML(m.Result)))
	case *jsonrpc.Request:
		if m.Method == "notifications/progress" {
			m.Params = c.calls.restoreToken(m.Params)
		}
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil || !json.Valid(data) {
		return nil // never half a line on stdout: the notification is lost
	}
	return c.writeLine(unescapeHTML(data))
}

func (c *stdioConn) Close() error {
	c.cancel()
	return errors.Join(c.Connection.Close(), c.t.in.Close())
}

// reject answers a line not passed on; a tool call's as an ARGUMENTS_TOO_LARGE result.
func (c *stdioConn) reject(id json.RawMessage, r *rejection) {
	if !r.toolCall {
		_ = c.writeError(id, r.code, r.message)
		return
	}
	result, _ := json.Marshal(errorResult(platform.NewError(platform.ErrArgumentsTooLarge, r.message,
		"Send less: pass long content through filePath (a file in the working directory) instead of inline, or split the work into several calls.")))
	_ = c.writeLine(encodeAnswer(id, "result", result))
}

func (c *stdioConn) writeError(id json.RawMessage, code int64, message string) error {
	return c.writeLine(encodeAnswer(id, "error", wireError(&jsonrpc.Error{Code: code, Message: message})))
}

func (c *stdioConn) writeLine(data []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, err := c.t.out.Write(append(data, '\n'))
	return err
}

// encodeAnswer builds {"jsonrpc":"2.0","id":id,member:value}; a nil id is null.
func encodeAnswer(id json.RawMessage, member string, value []byte) []byte {
	if id == nil {
		id = json.RawMessage("null")
	}
	return append(append(append(append([]byte(`{"jsonrpc":"2.0","id":`), id...), `,"`+member+`":`...), value...), '}')
}

// wireError renders err as a JSON-RPC error, its message clipped and its data dropped
// unless valid JSON (the SDK's resource errors quote the URI with Go escapes).
func wireError(err error) []byte {
	we := &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: platform.Clip(err.Error(), maxErrorText)}
	if e := (*jsonrpc.Error)(nil); errors.As(err, &e) && json.Valid(e.Data) {
		we.Code, we.Data = e.Code, e.Data
	} else if e != nil {
		we.Code = e.Code
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(we) // cannot fail: data is valid JSON
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// unescapeHTML turns the \u003c, \u003e and \u0026 escapes the SDK writes back into
// <, > and &: the same JSON. Escapes are read in pairs, so an escaped backslash
// followed by "u003c" stays text.
func unescapeHTML(b []byte) []byte {
	if !bytes.Contains(b, []byte(`\u00`)) {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		r, ok := byte(0), false
		if b[i] == '\\' && i+6 <= len(b) && string(b[i+1:i+4]) == "u00" {
			r, ok = map[string]byte{"3c": '<', "3e": '>', "26": '&'}[string(b[i+4:i+6])]
		}
		switch {
		case ok:
			out, i = append(out, r), i+5
		case b[i] == '\\' && i+1 < len(b):
			out, i = append(out, b[i], b[i+1]), i+1 // any other escape, whole
		default:
			out = append(out, b[i])
		}
	}
	return out
}
