package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// DefaultDrain bounds how long the stdio transport holds back end of input
// while requests already read are still being answered.
const DefaultDrain = 15 * time.Second

// NewStdioTransport returns the transport `zcp` serves on: newline-delimited
// JSON-RPC over in and out, as the SDK's IOTransport, except that end of input
// does not cut off requests already read. The SDK cancels every call still
// running when its input ends, so a client that writes its requests and
// closes stdin (a script, a pipe) would get no answers at all. Here EOF
// reaches the SDK only once every request read has been answered (or
// cancelled by the client), after drain at the latest, or at once when ctx
// ends (a signal stops the server).
func NewStdioTransport(ctx context.Context, in io.ReadCloser, out io.WriteCloser, drain time.Duration) sdk.Transport {
	p := &pendingRequests{ids: map[string]bool{}, changed: make(chan struct{})}
	return &sdk.IOTransport{
		Reader: &drainingReader{ctx: ctx, in: in, pending: p, drain: drain},
		Writer: &answerWriter{out: out, pending: p},
	}
}

// pendingRequests is the set of request ids read but not yet answered.
// Safe for concurrent use.
type pendingRequests struct {
	mu      sync.Mutex
	ids     map[string]bool
	changed chan struct{} // closed and replaced on every removal
}

func (p *pendingRequests) add(id string) {
	p.mu.Lock()
	p.ids[id] = true
	p.mu.Unlock()
}

func (p *pendingRequests) remove(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ids[id] {
		delete(p.ids, id)
		close(p.changed)
		p.changed = make(chan struct{})
	}
}

// waitEmpty returns when no request is pending, ctx ends or d elapses.
func (p *pendingRequests) waitEmpty(ctx context.Context, d time.Duration) {
	timer := time.NewTimer(d)
	defer timer.Stop()
	for {
		p.mu.Lock()
		n, changed := len(p.ids), p.changed
		p.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return
		case <-timer.C:
			return
		}
	}
}

// frame is the part of a JSON-RPC message the drain logic reads.
type frame struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		RequestID json.RawMessage `json:"requestId"`
	} `json:"params"`
}

// lineSplitter turns a byte stream into complete newline-terminated lines,
// bounding what it buffers of an oversized line (which the SDK rejects anyway).
type lineSplitter struct {
	buf []byte
}

const maxTrackedLine = 4 << 20

func (s *lineSplitter) feed(p []byte, line func([]byte)) {
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			if len(s.buf)+len(p) <= maxTrackedLine {
				s.buf = append(s.buf, p...)
			}
			return
		}
		if len(s.buf) > 0 {
			if len(s.buf)+i <= maxTrackedLine {
				line(append(s.buf, p[:i]...))
			}
			s.buf = s.buf[:0]
		} else {
			line(p[:i])
		}
		p = p[i+1:]
	}
}

// frames calls f for each message of a line: one object, or a batch array.
func frames(line []byte, f func(frame)) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return
	}
	if line[0] == '[' {
		var batch []frame
		if json.Unmarshal(line, &batch) == nil {
			for _, m := range batch {
				f(m)
			}
		}
		return
	}
	var m frame
	if json.Unmarshal(line, &m) == nil {
		f(m)
	}
}

func hasID(raw json.RawMessage) bool { return len(raw) > 0 && string(raw) != "null" }

// drainingReader notes the requests it passes on and holds back EOF until
// they are answered. Only the SDK's single reader goroutine calls Read.
type drainingReader struct {
	ctx     context.Context
	in      io.ReadCloser
	pending *pendingRequests
	drain   time.Duration
	lines   lineSplitter
	eof     bool
}

func (r *drainingReader) Read(p []byte) (int, error) {
	if r.eof {
		r.pending.waitEmpty(r.ctx, r.drain)
		return 0, io.EOF
	}
	n, err := r.in.Read(p)
	r.lines.feed(p[:n], func(line []byte) {
		frames(line, func(m frame) {
			switch {
			case m.Method == "notifications/cancelled" && hasID(m.Params.RequestID):
				// A cancelled request gets no answer.
				r.pending.remove(string(m.Params.RequestID))
			case m.Method != "" && hasID(m.ID):
				r.pending.add(string(m.ID))
			}
		})
	})
	if err == io.EOF {
		r.lines.feed([]byte{'\n'}, func(line []byte) { // a last line without newline
			frames(line, func(m frame) {
				if m.Method != "" && hasID(m.ID) {
					r.pending.add(string(m.ID))
				}
			})
		})
		r.eof = true
		if n > 0 {
			return n, nil
		}
		r.pending.waitEmpty(r.ctx, r.drain)
	}
	return n, err
}

func (r *drainingReader) Close() error { return r.in.Close() }

// answerWriter notes the answers it writes. The SDK serialises writes.
type answerWriter struct {
	out     io.WriteCloser
	pending *pendingRequests
	lines   lineSplitter
}

func (w *answerWriter) Write(p []byte) (int, error) {
	n, err := w.out.Write(p)
	w.lines.feed(p[:n], func(line []byte) {
		frames(line, func(m frame) {
			if m.Method == "" && hasID(m.ID) {
				w.pending.remove(string(m.ID))
			}
		})
	})
	return n, err
}

func (w *answerWriter) Close() error { return w.out.Close() }
