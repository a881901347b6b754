package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

const (
	// MaxFrame bounds one line of input; a longer one is dropped as it streams and answered.
	MaxFrame = 2 << 20
	// MaxArguments bounds the arguments of one tool call, in all.
	MaxArguments = 1 << 20
	// maxID bounds an id or progress token: 1 KiB of number, or of string inside its quotes.
	maxID = 1 << 10
)

type lineReader struct{ r *bufio.Reader }

func newLineReader(r io.Reader) lineReader { return lineReader{bufio.NewReaderSize(r, 64<<10)} }

// next returns the next line without its "\n", cut at limit bytes, and its full length.
func (l lineReader) next(limit int) (line []byte, size int, err error) {
	for {
		chunk, err := l.r.ReadSlice('\n')
		size += len(chunk)
		line = append(line, chunk[:min(len(chunk), max(limit+1-len(line), 0))]...)
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
		case err != nil && (size == 0 || !errors.Is(err, io.EOF)):
			return nil, 0, err
		default:
			if bytes.HasSuffix(chunk, []byte("\n")) {
				size--
			}
			return line[:min(size, limit)], size, nil
		}
	}
}

// accept returns the line to pass on to the SDK, or answers it and returns nil. The SDK
// ends the session on a line it cannot decode, so every such line is answered here.
func (c *stdioConn) accept(line []byte) []byte {
	line = bytes.TrimSpace(bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))) // a byte order mark
	var m map[string]json.RawMessage
	switch {
	case len(line) == 0:
		return nil
	case !json.Valid(line):
		return c.reject(nil, jsonrpc.CodeParseError, "parse error: the line is not valid JSON")
	case json.Unmarshal(line, &m) != nil || m == nil:
		return c.reject(nil, jsonrpc.CodeInvalidRequest, "a message is one JSON object per line (batches are not part of MCP 2025-06-18)")
	case m["id"] != nil && !validID(m["id"]):
		return c.reject(nil, jsonrpc.CodeInvalidRequest, "id must be a string or a number of at most 1 KiB")
	}
	id, params := m["id"], m["params"]
	msg, err := jsonrpc.DecodeMessage(line)
	req, isRequest := msg.(*jsonrpc.Request)
	switch {
	case err != nil && m["method"] == nil && id != nil && string(m["jsonrpc"]) == `"2.0"`:
		return nil // a bad answer to a server request has no one to answer
	case err != nil:
		return c.reject(id, jsonrpc.CodeInvalidRequest, err.Error())
	case !isRequest && (m["result"] == nil) == (m["error"] == nil):
		return c.reject(id, jsonrpc.CodeInvalidRequest, `a request needs "method", an answer "id" and one of "result" or "error"`)
	case !isRequest:
	case len(params) > 0 && params[0] != '{' && string(params) != "null":
		return c.reject(id, jsonrpc.CodeInvalidRequest, `"params" must be an object`)
	case strings.HasPrefix(req.Method, "notifications/") && id != nil:
		return c.reject(id, jsonrpc.CodeInvalidRequest, req.Method+" is a notification; send it without an id")
	case req.Method == "tools/call" && id != nil && len(params) > MaxArguments && len(member(params, "arguments")) > MaxArguments:
		c.tooLarge(id, "arguments are", len(member(params, "arguments")))
		return nil
	case req.Method == "notifications/cancelled":
		key, _ := jsonrpc.MakeID(sdkValue(member(params, "requestId")))
		c.mu.Lock()
		if cl := c.calls[key]; cl != nil {
			cl.cancelled, cl.tokenKey = true, nil
		}
		c.mu.Unlock()
	case id != nil:
		if refusal := c.start(req.ID, id, member(member(params, "_meta"), "progressToken")); refusal != "" {
			return c.reject(id, jsonrpc.CodeInvalidRequest, refusal)
		}
	}
	return append(line, '\n')
}

func (c *stdioConn) reject(id json.RawMessage, code int64, message string) []byte {
	if code == jsonrpc.CodeInvalidRequest {
		message = "invalid request: " + message
	}
	_ = c.refuse(id, code, message)
	return nil
}

// oversized answers a line over the frame cap, under its id if that comes before the cut.
func (c *stdioConn) oversized(prefix []byte, size int) {
	var id json.RawMessage
	var method string
	dec := json.NewDecoder(bytes.NewReader(prefix))
	for t, err := dec.Token(); err == nil && t == json.Delim('{') && dec.More(); {
		var v json.RawMessage
		if name, err := dec.Token(); err != nil || dec.Decode(&v) != nil {
			break
		} else if name == "id" && validID(v) {
			id = v
		} else if name == "method" {
			_ = json.Unmarshal(v, &method)
		}
	}
	if method == "tools/call" && id != nil {
		c.tooLarge(id, "call is", size)
		return
	}
	c.reject(id, jsonrpc.CodeInvalidRequest, fmt.Sprintf("the message is %s; at most %s per line is read", sizeText(size), sizeText(MaxFrame)))
}

// member is the named member of a JSON object as written, or nil.
func member(obj json.RawMessage, name string) json.RawMessage {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(obj, &m)
	return m[name]
}

// sdkValue is raw as the SDK decodes an id or token: a float64 or a string, else nil.
func sdkValue(raw json.RawMessage) any {
	var v any
	_ = json.Unmarshal(raw, &v)
	switch v.(type) {
	case float64, string:
		return v
	}
	return nil
}

// validID reports whether raw is an id MCP allows: a number or a UTF-8 string, of at most maxID.
func validID(raw json.RawMessage) bool {
	if len(raw) > 0 && raw[0] == '"' {
		return len(raw)-2 <= maxID && utf8.Valid(raw)
	}
	return len(raw) > 0 && len(raw) <= maxID && (raw[0] == '-' || ('0' <= raw[0] && raw[0] <= '9'))
}

func sizeText(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
}
