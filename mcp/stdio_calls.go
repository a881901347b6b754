package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// call is a request read and not yet answered.
type call struct {
	id        json.RawMessage // as written
	token     any             // its progress token as the SDK reads it, or nil
	tokenRaw  json.RawMessage // and as written
	cancelled bool
	held      *call  // a request reusing this cancelled call's id, passed on once it is answered
	heldLine  []byte // its line
}

// callTable holds the calls in flight by their id as the SDK reads it.
type callTable struct {
	mu      sync.Mutex
	calls   map[jsonrpc.ID]*call
	changed chan struct{} // closed and replaced on every change
}

// start registers c; pass: hand its line to the SDK now; refusal: why it is answered instead.
func (t *callTable) start(key jsonrpc.ID, c *call, line []byte) (pass bool, refusal string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	old := t.calls[key]
	switch {
	case c.token != nil && t.tokenLocked(c.token) != nil:
		return false, "this progress token is already used by a request in flight"
	case old == nil:
		t.calls[key] = c
		return true, ""
	case old.cancelled && old.held == nil:
		old.held, old.heldLine = c, bytes.Clone(line)
		return false, ""
	}
	return false, "this id is already used by a request in flight"
}

// finish removes the call answered under key; held is the line of a request waiting for its id.
func (t *callTable) finish(key jsonrpc.ID) (c *call, held []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if c = t.calls[key]; c == nil {
		return nil, nil
	} else if t.calls[key] = c.held; c.held == nil {
		delete(t.calls, key)
	}
	t.changedLocked()
	return c, c.heldLine
}

// cancel stops awaiting the call under key; false when the SDK has nothing to cancel.
func (t *callTable) cancel(key jsonrpc.ID) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	defer t.changedLocked()
	c := t.calls[key]
	switch {
	case c == nil:
		return false
	case c.held != nil: // not passed on yet
		c.held, c.heldLine = nil, nil
		return false
	}
	c.cancelled, c.token = true, nil
	return true
}

// abandon removes every call and returns the ids still awaited.
func (t *callTable) abandon() (ids []json.RawMessage) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, c := range t.calls {
		for ; c != nil; c = c.held {
			if !c.cancelled {
				ids = append(ids, c.id)
			}
		}
	}
	clear(t.calls)
	t.changedLocked()
	return ids
}

func (t *callTable) changedLocked() {
	close(t.changed)
	t.changed = make(chan struct{})
}

// tokenLocked returns the token as written by the call whose token the SDK reads as key.
func (t *callTable) tokenLocked(key any) json.RawMessage {
	for _, c := range t.calls {
		for ; c != nil; c = c.held {
			if c.token != nil && c.token == key {
				return c.tokenRaw
			}
		}
	}
	return nil
}

// restoreToken puts back the progress token of params as the client wrote it.
func (t *callTable) restoreToken(params json.RawMessage) json.RawMessage {
	var m map[string]json.RawMessage
	key, _ := sdkValue(member(params, "progressToken"))
	t.mu.Lock()
	raw := t.tokenLocked(key)
	t.mu.Unlock()
	if raw == nil || json.Unmarshal(params, &m) != nil {
		return params
	}
	m["progressToken"] = raw
	out, _ := json.Marshal(m)
	return out
}

// waitIdle returns when no call is awaited, ctx ends or d elapses.
func (t *callTable) waitIdle(ctx context.Context, d time.Duration) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	for {
		t.mu.Lock()
		awaited, changed := 0, t.changed
		for _, c := range t.calls {
			if !c.cancelled || c.held != nil {
				awaited++
			}
		}
		t.mu.Unlock()
		if awaited == 0 {
			return
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return
		}
	}
}
