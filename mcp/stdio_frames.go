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

// MaxFrame bounds one line of input. A longer line is read through and
// dropped as it streams (only its first MaxFrame bytes are kept, to find its
// id), then answered with an error.
const MaxFrame = 2 << 20

// MaxArguments bounds the arguments of one tool call, in all.
const MaxArguments = 1 << 20

// frameReader splits input into newline-delimited frames of at most max
// bytes. Not safe for concurrent use.
type frameReader struct {
	r   *bufio.Reader
	max int
	buf []byte // the current frame, reused: valid until the next call
	eof bool
}

func newFrameReader(r io.Reader, max int) *frameReader {
	return &frameReader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// next returns the next frame without its line end, and its full length.
// When size exceeds the reader's max, frame holds only the first max bytes.
// A last line without a newline is a frame too; then next returns io.EOF.
func (f *frameReader) next() (frame []byte, size int, err error) {
	if f.eof {
		return nil, 0, io.EOF
	}
	f.buf = f.buf[:0]
	var last byte
	for {
		chunk, err := f.r.ReadSlice('\n')
		size += len(chunk)
		if len(chunk) > 0 {
			last = chunk[len(chunk)-1]
		}
		if room := f.max + 2 - len(f.buf); room > 0 { // +2: room for "\r\n"
			f.buf = append(f.buf, chunk[:min(room, len(chunk))]...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil {
			if !errors.Is(err, io.EOF) || size == 0 {
				return nil, 0, err
			}
			f.eof = true
		}
		break
	}
	whole := size <= len(f.buf)
	if last == '\n' {
		size--
		if whole {
			f.buf = f.buf[:len(f.buf)-1]
		}
	}
	if whole && len(f.buf) > 0 && f.buf[len(f.buf)-1] == '\r' {
		f.buf, size = f.buf[:len(f.buf)-1], size-1
	}
	return f.buf[:min(len(f.buf), f.max)], size, nil
}

// inbound is what one frame turned out to be.
type inbound struct {
	msg jsonrpc.Message // a valid message for the SDK (a request's ID is still unset)
	id  json.RawMessage // the request id exactly as received; nil for a notification
	// cancels is the raw requestId of a notifications/cancelled.
	cancels json.RawMessage
	// reject, when set, is the error to answer instead of passing the frame on.
	reject *rejection
}

// rejection is an answer to a frame that is not passed on: a JSON-RPC error,
// or, for a tools/call, a tool error result.
type rejection struct {
	code     int64
	message  string
	toolCall bool // answer as a tool error result (ARGUMENTS_TOO_LARGE)
}

func rejectf(code int64, format string, args ...any) *rejection {
	return &rejection{code: code, message: fmt.Sprintf(format, args...)}
}

// parseFrame classifies one complete frame. Member names are matched
// exactly (JSON-RPC is case-sensitive), the last duplicate wins, and nesting
// deeper than encoding/json's 10,000 levels is a parse error.
func parseFrame(frame []byte) inbound {
	frame = bytes.TrimPrefix(frame, []byte("\xef\xbb\xbf")) // a byte order mark, which JSON parsers may ignore
	var m map[string]json.RawMessage
	if err := json.Unmarshal(frame, &m); err != nil {
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			return inbound{reject: rejectf(jsonrpc.CodeParseError, "parse error: the line is not valid JSON")}
		}
		if bytes.HasPrefix(bytes.TrimSpace(frame), []byte("[")) {
			return inbound{reject: rejectf(jsonrpc.CodeInvalidRequest, "invalid request: batches are not part of MCP 2025-06-18; send one message per line")}
		}
		return inbound{reject: rejectf(jsonrpc.CodeInvalidRequest, "invalid request: a message must be a JSON object")}
	}
	rawID, hasID := m["id"]
	in := inbound{}
	if hasID {
		if !validID(rawID) {
			return inbound{reject: rejectf(jsonrpc.CodeInvalidRequest, "invalid request: id must be a string or a number of at most 1 KiB")}
		}
		in.id = rawID
	}
	var version string
	if json.Unmarshal(m["jsonrpc"], &version) != nil || version != "2.0" {
		in.reject = rejectf(jsonrpc.CodeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`)
		return in
	}
	rawMethod, isRequest := m["method"]
	if !isRequest {
		return parseResponse(frame, m, in)
	}
	var method string
	if json.Unmarshal(rawMethod, &method) != nil {
		in.reject = rejectf(jsonrpc.CodeInvalidRequest, `invalid request: "method" must be a string`)
		return in
	}
	params := m["params"]
	switch {
	case len(params) == 0 || string(params) == "null":
		params = nil
	case params[0] != '{':
		in.reject = rejectf(jsonrpc.CodeInvalidRequest, `invalid request: "params" must be an object`)
		return in
	}
	if method == "tools/call" && hasID && len(params) > MaxArguments {
		if n := argumentsSize(params); n > MaxArguments {
			in.reject = &rejection{toolCall: true, message: fmt.Sprintf("the arguments are %s; a tool call takes at most %s of arguments in all", sizeText(n), sizeText(MaxArguments))}
			return in
		}
	}
	if method == "notifications/cancelled" {
		// The SDK would cancel by the requestId given; it must only ever see
		// the number ZCP gave the request, so a cancel is always rewritten
		// (in stdioConn.accept) or not passed on.
		if hasID {
			in.reject = rejectf(jsonrpc.CodeInvalidRequest, "invalid request: notifications/cancelled is a notification; send it without an id")
			return in
		}
		var p struct {
			RequestID json.RawMessage `json:"requestId"`
		}
		if json.Unmarshal(params, &p) != nil || !validID(p.RequestID) {
			return inbound{} // names no request: nothing to cancel, nothing to answer
		}
		in.cancels = p.RequestID
	}
	in.msg = &jsonrpc.Request{Method: method, Params: params}
	return in
}

// parseResponse takes a client's answer to a server request. An answer that
// is not valid cannot be answered back (it has no caller); it is dropped.
func parseResponse(frame []byte, m map[string]json.RawMessage, in inbound) inbound {
	_, hasResult := m["result"]
	_, hasError := m["error"]
	if in.id == nil || hasResult == hasError {
		in.reject = rejectf(jsonrpc.CodeInvalidRequest, `invalid request: a request needs "method", an answer needs "id" and one of "result" or "error"`)
		return in
	}
	msg, err := jsonrpc.DecodeMessage(frame)
	if err != nil {
		return inbound{} // dropped: nothing to answer, nothing to pass on
	}
	return inbound{msg: msg}
}

// maxID bounds an id as written: it is held while its request runs and
// echoed in the answer.
const maxID = 1 << 10

// validID reports whether raw is a request id MCP allows: a string or a
// number (never null), of at most maxID bytes. A string must be valid UTF-8,
// since it is echoed as is.
func validID(raw json.RawMessage) bool {
	if len(raw) == 0 || len(raw) > maxID {
		return false
	}
	switch c := raw[0]; {
	case c == '"':
		return utf8.Valid(raw)
	case c == '-' || ('0' <= c && c <= '9'):
		return true
	}
	return false
}

// idKey identifies a request id for in-flight bookkeeping: a string by its
// value (so "a" and "\u0061" are one id), a number by its spelling.
func idKey(raw json.RawMessage) string {
	if raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return "s" + s
		}
	}
	return "n" + string(raw)
}

// argumentsSize is the size of a tools/call's arguments as sent.
func argumentsSize(params json.RawMessage) int {
	var p map[string]json.RawMessage
	if json.Unmarshal(params, &p) != nil {
		return 0
	}
	return len(p["arguments"])
}

// scanPrefix reads what it can of a frame cut at MaxFrame: the id and the
// method, if they come before the cut, so the answer can still name them.
func scanPrefix(prefix []byte) (id json.RawMessage, method string) {
	dec := json.NewDecoder(bytes.NewReader(prefix))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, ""
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return id, method
		}
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			return id, method
		}
		switch t {
		case "id":
			if validID(v) {
				id = v
			}
		case "method":
			_ = json.Unmarshal(v, &method)
		}
	}
	return id, method
}

// oversized is the answer to a frame longer than MaxFrame.
func oversized(prefix []byte, size int) (json.RawMessage, *rejection) {
	id, method := scanPrefix(prefix)
	if method == "tools/call" && id != nil {
		return id, &rejection{toolCall: true, message: fmt.Sprintf("the call is %s; a tool call takes at most %s of arguments in all", sizeText(size), sizeText(MaxArguments))}
	}
	return id, rejectf(jsonrpc.CodeInvalidRequest, "invalid request: the message is %s; at most %s per line is read", sizeText(size), sizeText(MaxFrame))
}

func sizeText(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
}
