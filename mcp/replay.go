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

// maxReplays bounds the sessions whose latest mutation is remembered.
const maxReplays = 1000

// replayEntry is a session's latest mutation: in flight until ended, then
// its result (kept only if it succeeded).
type replayEntry struct {
	key    [32]byte
	callID string
	res    *sdk.CallToolResult
	ended  time.Time
}

// replays remembers each session's latest mutation. Safe for concurrent use.
type replays struct {
	window    time.Duration
	mu        sync.Mutex
	bySession map[string]*replayEntry
}

func newReplays(window time.Duration) *replays {
	if window <= 0 {
		window = DefaultReplayWindow
	}
	return &replays{window: window, bySession: map[string]*replayEntry{}}
}

// replayKey identifies a call: its tool and arguments, whatever their
// order or spacing, and with an argument "true" or "false" read as the
// boolean the tools take it for.
func replayKey(tool string, args json.RawMessage) [32]byte {
	var v any
	canon := []byte(args)
	if json.Unmarshal(args, &v) == nil {
		if m, ok := v.(map[string]any); ok {
			for k, a := range m {
				if s, ok := a.(string); ok && (s == "true" || s == "false") {
					m[k] = s == "true"
				}
			}
		}
		if b, err := json.Marshal(v); err == nil {
			canon = b
		}
	}
	h := sha256.New()
	fmt.Fprintf(h, "%d:%s", len(tool), tool)
	h.Write(canon)
	var k [32]byte
	copy(k[:], h.Sum(nil))
	return k
}

// claim returns the session's latest mutation when it is this same call
// and answered successfully within the window (mine false: answer that
// one); otherwise a new entry, now the session's latest, that the caller
// owns (mine true). repeat skips the look-up. Only the latest counts: a
// call repeated after another change (a deploy between two subdomain
// enables) is meant, and so is one made while the first is still running.
func (r *replays) claim(session string, key [32]byte, callID string, repeat bool, now time.Time) (*replayEntry, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if e := r.bySession[session]; e != nil && e.key == key && e.res != nil && now.Sub(e.ended) <= r.window && !repeat {
		return e, false
	}
	for s, e := range r.bySession { // drop what the window has passed
		if !e.ended.IsZero() && now.Sub(e.ended) > r.window {
			delete(r.bySession, s)
		}
	}
	e := &replayEntry{key: key, callID: callID}
	if _, known := r.bySession[session]; known || len(r.bySession) < maxReplays {
		r.bySession[session] = e
	}
	return e, true
}

// finish records the result of an owned entry, kept when it succeeded (a
// retry after an error is sent again).
func (r *replays) finish(e *replayEntry, res sdk.Result, now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if tr, ok := res.(*sdk.CallToolResult); ok && tr != nil && !tr.IsError {
		e.res = tr
	}
	e.ended = now
}

// replay answers a repeated call with the first one's result, recording
// the replay in the audit log. Nothing is sent.
func (s *Server) replay(st *callState, rec decisionRecord, first *replayEntry) sdk.Result {
	s.count(outcomeReplay)
	st.decision = outcomeReplay
	rec.Record, rec.Time, rec.Decision, rec.ReplayOf = "replay", s.now().UTC(), outcomeReplay, first.callID
	_ = s.auditRecord(rec) // nothing is sent: a log failure blocks nothing
	return replayAnswer(first.res, first.callID, s.now().Sub(first.ended))
}

// replayAnswer is a copy of the first call's result whose next step says
// it is a replay and how to send the call a second time.
func replayAnswer(res *sdk.CallToolResult, firstID string, ago time.Duration) *sdk.CallToolResult {
	// The first call's id goes in _meta only: the model never saw it
	// (walk 85: "(c8)" read as something to look up).
	note := fmt.Sprintf("REPLAY: you made this same call %s ago; this is its answer and nothing was sent again. If you mean to do it a second time, call again adding repeat: true to the arguments (ZCP takes it for every tool though no schema lists it).",
		ago.Round(time.Second))
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
