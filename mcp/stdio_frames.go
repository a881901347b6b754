package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

// frameReader splits input into lines, keeping at most max bytes of each.
type frameReader struct {
	r   *bufio.Reader
	max int
	buf []byte // valid until the next call
}

func newFrameReader(r io.Reader, max int) *frameReader {
	return &frameReader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// next returns the next line, cut at max bytes, and its full length.
func (f *frameReader) next() ([]byte, int, error) {
	f.buf = f.buf[:0]
	for size := 0; ; {
		chunk, err := f.r.ReadSlice('\n')
		size += len(chunk)
		f.buf = append(f.buf, chunk[:min(max(f.max+2-len(f.buf), 0), len(chunk))]...) // +2: room for "\r\n"
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil && (size == 0 || !errors.Is(err, io.EOF)):
			return nil, 0, err
		case size <= len(f.buf): // whole
			f.buf = bytes.TrimSuffix(f.buf, []byte("\n"))
			size = len(f.buf)
		}
		return f.buf[:min(len(f.buf), f.max)], size, nil
	}
}

// inbound is what one line turned out to be.
type inbound struct {
	id      json.RawMessage // as written; nil when absent or invalid
	key     jsonrpc.ID      // the id as the SDK reads it
	call    *call           // a request with an id
	cancels *jsonrpc.ID     // the request a notifications/cancelled names
	reject  *rejection      // the answer when the line is not passed on
	drop    bool            // neither passed on nor answered
}

// rejection is a JSON-RPC error, or for a tools/call an ARGUMENTS_TOO_LARGE result.
type rejection struct {
	code     int64
	message  string
	toolCall bool
}

func invalid(message string) *rejection {
	return &rejection{code: jsonrpc.CodeInvalidRequest, message: "invalid request: " + message}
}

// parseFrame classifies one line as the SDK's decoder reads it (exact names, last duplicate wins).
func parseFrame(frame []byte) (in inbound) {
	if !json.Valid(frame) {
		return inbound{reject: &rejection{code: jsonrpc.CodeParseError, message: "parse error: the line is not valid JSON"}}
	}
	var m map[string]json.RawMessage
	_ = json.Unmarshal(frame, &m)
	if validID(m["id"]) {
		in.id = m["id"]
	}
	msg, err := jsonrpc.DecodeMessage(frame)
	req, isRequest := msg.(*jsonrpc.Request)
	params := m["params"]
	switch {
	case m == nil:
		in.reject = invalid("a message is one JSON object per line (batches are not part of MCP 2025-06-18)")
	case m["id"] != nil && in.id == nil:
		in.reject = invalid("id must be a string or a number of at most 1 KiB")
	case err != nil && m["method"] == nil && in.id != nil && string(m["jsonrpc"]) == `"2.0"`:
		in.drop = true // a bad answer to a server request has no one to answer
	case err != nil:
		in.reject = invalid(err.Error())
	case !isRequest && (m["result"] == nil) == (m["error"] == nil):
		in.reject = invalid(`a request needs "method", an answer "id" and one of "result" or "error"`)
	case !isRequest:
	case len(params) > 0 && params[0] != '{' && string(params) != "null":
		in.reject = invalid(`"params" must be an object`)
	case req.Method == "tools/call" && in.id != nil && len(params) > MaxArguments && len(member(params, "arguments")) > MaxArguments:
		in.reject = &rejection{toolCall: true, message: fmt.Sprintf("the arguments are %s; a tool call takes at most %s of arguments in all", sizeText(len(member(params, "arguments"))), sizeText(MaxArguments))}
	case req.Method == "notifications/cancelled" && in.id != nil:
		in.reject = invalid("notifications/cancelled is a notification; send it without an id")
	case req.Method == "notifications/cancelled":
		id, _ := sdkValue(member(params, "requestId"))
		key, err := jsonrpc.MakeID(id)
		in.cancels, in.drop = &key, err != nil || id == nil // naming no request, it needs no answer
	case in.id != nil:
		in.key, in.call = req.ID, &call{id: in.id}
		if raw := member(member(params, "_meta"), "progressToken"); validID(raw) {
			in.call.token, _ = sdkValue(raw)
			in.call.tokenRaw = raw
		}
	}
	return in
}

// member is the named member of a JSON object as written, or nil.
func member(obj json.RawMessage, name string) json.RawMessage {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(obj, &m)
	return m[name]
}

// sdkValue is raw as the SDK decodes an id or token: a float64 or a string, else nil.
func sdkValue(raw json.RawMessage) (any, bool) {
	var v any
	_ = json.Unmarshal(raw, &v)
	switch v.(type) {
	case float64, string:
		return v, true
	}
	return nil, false
}

// validID reports whether raw is an id MCP allows: a number or a UTF-8 string, of at most maxID.
func validID(raw json.RawMessage) bool {
	if len(raw) > 0 && raw[0] == '"' {
		return len(raw)-2 <= maxID && utf8.Valid(raw)
	}
	return len(raw) > 0 && len(raw) <= maxID && (raw[0] == '-' || ('0' <= raw[0] && raw[0] <= '9'))
}

// oversized answers a line over MaxFrame, under its id if it comes before the cut.
func oversized(prefix []byte, size int) (id json.RawMessage, r *rejection) {
	var method string
	dec := json.NewDecoder(bytes.NewReader(prefix))
	if t, err := dec.Token(); err == nil && t == json.Delim('{') {
		for dec.More() {
			name, err := dec.Token()
			var v json.RawMessage
			if err != nil || dec.Decode(&v) != nil {
				break
			} else if name == "id" && validID(v) {
				id = v
			} else if name == "method" {
				_ = json.Unmarshal(v, &method)
			}
		}
	}
	if method == "tools/call" && id != nil {
		return id, &rejection{toolCall: true, message: fmt.Sprintf("the call is %s; a tool call takes at most %s of arguments in all", sizeText(size), sizeText(MaxArguments))}
	}
	return id, invalid(fmt.Sprintf("the message is %s; at most %s per line is read", sizeText(size), sizeText(MaxFrame)))
}

func sizeText(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
}
