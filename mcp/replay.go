package mcp

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
)

// DefaultReplayWindow is how long after a mutation answered the same call
// from the same session answers that result instead of being sent again.
const DefaultReplayWindow = 2 * time.Minute

// maxReplays bounds the remembered mutations.
const maxReplays = 1000

// replayEntry is one mutation: in flight until ended, then its result
// (kept only if it succeeded).
type replayEntry struct {
	callID string
	res    *sdk.CallToolResult
	ended  time.Time
}

// replays remembers recent mutations by session, tool and arguments. Safe
// for concurrent use.
type replays struct {
	window time.Duration
	mu     sync.Mutex
	byKey  map[[32]byte]*replayEntry
	keys   map[*replayEntry][32]byte
}

func newReplays(window time.Duration) *replays {
	if window <= 0 {
		window = DefaultReplayWindow
	}
	return &replays{window: window, byKey: map[[32]byte]*replayEntry{}, keys: map[*replayEntry][32]byte{}}
}

// replayKey identifies a call: its session, tool and arguments, whatever
// their order or spacing.
func replayKey(session, tool string, args json.RawMessage) [32]byte {
	var v any
	canon := []byte(args)
	if json.Unmarshal(args, &v) == nil {
		if b, err := json.Marshal(v); err == nil {
			canon = b
		}
	}
	h := sha256.New()
	fmt.Fprintf(h, "%d:%s%d:%s", len(session), session, len(tool), tool)
	h.Write(canon)
	var k [32]byte
	copy(k[:], h.Sum(nil))
	return k
}

// claim returns the entry of a call with this key answered successfully
// within the window (mine false: answer that one), or a new entry the
// caller owns (mine true). repeat skips the look-up. A call still in flight
// is not joined: two identical calls at once are meant (a queue), a retry
// after a lost answer comes after it.
func (r *replays) claim(key [32]byte, callID string, repeat bool, now time.Time) (*replayEntry, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for e, k := range r.keys { // drop what the window has passed
		if !e.ended.IsZero() && (e.res == nil || now.Sub(e.ended) > r.window) {
			delete(r.keys, e)
			if r.byKey[k] == e {
				delete(r.byKey, k)
			}
		}
	}
	if e := r.byKey[key]; e != nil && e.res != nil && !repeat {
		return e, false
	}
	e := &replayEntry{callID: callID}
	if len(r.keys) < maxReplays {
		r.byKey[key] = e
		r.keys[e] = key
	}
	return e, true
}

// finish records the result of an owned entry: kept for the window when
// it succeeded, forgotten otherwise (a retry after an error is sent again).
func (r *replays) finish(e *replayEntry, res sdk.Result, now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if tr, ok := res.(*sdk.CallToolResult); ok && tr != nil && !tr.IsError {
		e.res = tr
	}
	e.ended = now
	if e.res == nil {
		if k, ok := r.keys[e]; ok {
			delete(r.keys, e)
			if r.byKey[k] == e {
				delete(r.byKey, k)
			}
		}
	}
}

// replay answers a repeated call with the first one's result, recording
// the replay in the audit log. Nothing is sent.
func (s *Server) replay(st *callState, rec decisionRecord, first *replayEntry) sdk.Result {
	s.count(outcomeReplay)
	st.decision = outcomeReplay
	rec.Record, rec.Time, rec.Decision, rec.ReplayOf = "decision", s.now().UTC(), outcomeReplay, first.callID
	_ = s.auditRecord(rec) // nothing is sent: a log failure blocks nothing
	return replayAnswer(first.res, first.callID, s.now().Sub(first.ended))
}

// replayAnswer is a copy of the first call's result whose next step says
// it is a replay and how to send the call a second time.
func replayAnswer(res *sdk.CallToolResult, firstID string, ago time.Duration) *sdk.CallToolResult {
	note := fmt.Sprintf("REPLAY: you made this same call (%s) %s ago; this is its answer and nothing was sent again. If you mean to do it a second time, call again with repeat: true.",
		firstID, ago.Round(time.Second))
	out := *res
	out.Meta = sdk.Meta{"zcp/replayOf": firstID}
	var m map[string]any
	raw, err := json.Marshal(res.StructuredContent)
	if res.StructuredContent == nil || err != nil || json.Unmarshal(raw, &m) != nil {
		out.Content = append([]sdk.Content{&sdk.TextContent{Text: note}}, res.Content...)
		return &out
	}
	next, _ := m["next"].(string)
	m["next"] = platform.Clip(note+" "+next, 4000)
	text, err := marshalJSON(m)
	if err != nil {
		return &out
	}
	out.StructuredContent = json.RawMessage(text)
	out.Content = []sdk.Content{&sdk.TextContent{Text: text}}
	return &out
}
