package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/policy"
)

// callState is what the gate decided for one call, shared with the
// tracking middleware that writes the call's outcome line.
type callState struct {
	id       string // the call's id, which links its audit records
	decision string // what the gate let through: allow, confirmed, granted, replay …
	// humanStep is what the policy will ask of the human once the call is
	// made with confirm: true: a tool refusing it without confirm says it,
	// so the user is asked once for both.
	humanStep string
}

type callStateKey struct{}

func withCallState(ctx context.Context, st *callState) context.Context {
	return context.WithValue(ctx, callStateKey{}, st)
}

func callStateFrom(ctx context.Context) *callState {
	st, _ := ctx.Value(callStateKey{}).(*callState)
	return st
}

// Gate outcomes, as the audit log and the status dump count them.
const (
	outcomeAllowed     = "allow"
	outcomeDenied      = "deny"
	outcomeConfirmed   = "confirm-accepted"
	outcomeDeclined    = "confirm-declined"
	outcomeGranted     = "confirm-granted"
	outcomeRequired    = "confirm-required"
	outcomeReplay      = "replay"
	outcomeAuditFailed = "audit-failed"
	outcomeUnchecked   = "unchecked" // arguments unreadable, refused
)

// PolicyStatus is the policy in force and how often the gate decided each
// way since start-up, for the status dump.
type PolicyStatus struct {
	Policy    string
	Decisions map[string]int
}

// PolicyStatus reports the policy in force and the gate's decision counts.
func (s *Server) PolicyStatus() PolicyStatus {
	s.gateMu.Lock()
	defer s.gateMu.Unlock()
	counts := make(map[string]int, len(s.decisions))
	for k, v := range s.decisions {
		counts[k] = v
	}
	return PolicyStatus{Policy: s.policy.String(), Decisions: counts}
}

func (s *Server) count(outcome string) {
	s.gateMu.Lock()
	s.decisions[outcome]++
	s.gateMu.Unlock()
}

func (s *Server) now() time.Time {
	if s.deps.Now != nil {
		return s.deps.Now()
	}
	return time.Now()
}

// gateMiddleware is the policy's preflight gate: before a registered tool
// runs, the call's services are resolved and the policy decides. A denied
// call answers POLICY_DENIED and sends nothing; a confirm asks the human
// (elicitation, or a one-shot grant made outside the agent); a mutation
// whose decision cannot be written to the audit log is not sent; a
// mutation repeated within the replay window answers the first one's
// result.
func (s *Server) gateMiddleware(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		call, ok := req.(*sdk.CallToolRequest)
		if method != methodCallTool || !ok || call.Params == nil {
			return next(ctx, method, req)
		}
		def, registered := s.tools[call.Params.Name]
		st := callStateFrom(ctx)
		if !registered || st == nil {
			return next(ctx, method, req)
		}
		repeat := false
		if !def.readOnly {
			repeat = stripRepeat(call.Params)
		}
		it, readable := s.intentOf(ctx, def, call.Params.Arguments)
		calls := []policy.Action{it.action}
		calls = append(calls, it.also...)
		need := !readable || it.every
		for _, a := range calls {
			need = need || s.policy.NeedsServices(def.tool.Name, a)
		}
		targets, err := s.resolveTargets(ctx, it, need)
		if err != nil {
			if !it.read {
				return s.failure(err), nil
			}
			// A read is decided on the names as given rather than refused.
			targets, _ = s.resolveTargets(ctx, it, false)
		}
		verdict, confirms := s.decide(def.tool.Name, calls, targets, it.scale)
		mutation := !it.read
		unchecked := !readable && verdict.Decision != policy.Allow
		rec := decisionRecord{Time: s.now().UTC(), CallID: st.id, Record: "decision", Session: sessionID(call.Session),
			Tool: def.tool.Name, Action: it.action, Also: it.also, Services: hostnamesOf(targets),
			Decision: string(verdict.Decision), Rule: verdict.Rule, Reason: verdict.Reason}
		if unchecked {
			rec.Decision, rec.Reason = outcomeUnchecked, "the arguments could not be read; "+verdict.Reason
		}
		if !def.readOnly || verdict.Decision != policy.Allow { // every call with an outcome line
			if err := s.auditRecord(rec); err != nil && mutation {
				s.count(outcomeAuditFailed)
				return s.failure(auditUnavailable(err)), nil
			}
		}
		if unchecked {
			s.count(outcomeUnchecked)
			return s.failure(platform.NewError(platform.ErrInvalidParameter, "the arguments could not be read to check them against the policy",
				"Check the argument names and types against the tool's input schema.")), nil
		}
		if verdict.Decision == policy.Deny {
			s.count(outcomeDenied)
			return s.failure(denied(def.tool.Name, it.action, verdict)), nil
		}
		var claim *replayEntry
		if mutation { // a push is never replayed, but it is the session's latest change
			session := fmt.Sprintf("%s/%p", sessionID(call.Session), call.Session)
			first, mine := s.replays.claim(session, replayKey(def.tool.Name, call.Params.Arguments), st.id, repeat || it.pushes, s.now())
			if !mine {
				return s.replay(st, rec, first), nil
			}
			claim = first
		}
		res, err := s.confirmAndRun(ctx, call, st, rec, it, verdict, confirms, func() (sdk.Result, error) { return next(ctx, method, req) })
		if claim != nil {
			s.replays.finish(claim, res, s.now())
		}
		return res, err
	}
}

// decide is the strictest verdict over the call's actions and targets, and
// the targets a human must confirm.
func (s *Server) decide(tool string, actions []policy.Action, targets []policy.Target, scale *policy.Scale) (policy.Verdict, []confirmTarget) {
	var out policy.Verdict
	var confirms []confirmTarget
	for i, a := range actions {
		c := policy.Call{Tool: tool, Action: a, Targets: targets, Scale: scale}
		v := s.policy.Decide(c)
		if i == 0 || strictness(v.Decision) > strictness(out.Decision) {
			out = v
		}
		for _, each := range s.policy.Each(c) {
			if each.Decision == policy.Confirm {
				confirms = append(confirms, confirmTarget{action: a, verdict: each})
			}
		}
		if len(targets) == 0 && v.Decision == policy.Confirm {
			confirms = append(confirms, confirmTarget{action: a, verdict: v})
		}
	}
	return out, confirms
}

func strictness(d policy.Decision) int {
	return slices.Index([]policy.Decision{policy.Allow, policy.Confirm, policy.Deny}, d)
}

// confirmAndRun asks for the confirmations a confirm verdict needs, records
// them, and runs the call once every one is given.
func (s *Server) confirmAndRun(ctx context.Context, call *sdk.CallToolRequest, st *callState, rec decisionRecord,
	it intent, verdict policy.Verdict, confirms []confirmTarget, run func() (sdk.Result, error)) (sdk.Result, error) {
	if verdict.Decision != policy.Confirm || it.unconfirmed {
		s.count(outcomeAllowed)
		st.decision = outcomeAllowed
		if verdict.Decision == policy.Confirm {
			st.humanStep = s.humanStep(call, uniqueConfirms(confirms))
		}
		return run()
	}
	outcome, err := s.confirm(ctx, call, rec.Tool, confirms)
	s.count(outcome)
	rec.Record, rec.Time, rec.Confirmation = "confirmation", s.now().UTC(), outcome
	if aerr := s.auditRecord(rec); aerr != nil && err == nil {
		s.count(outcomeAuditFailed)
		return s.failure(auditUnavailable(aerr)), nil
	}
	if err != nil {
		return s.failure(err), nil
	}
	st.decision = outcome
	return run()
}

// denied is the POLICY_DENIED error naming the rule and its reason.
func denied(tool string, action policy.Action, v policy.Verdict) error {
	what := tool + " " + string(action)
	if v.Service != "" {
		what += " on " + v.Service
	}
	msg := fmt.Sprintf("the policy denies %s (rule %s", what, v.Rule)
	if v.Reason != "" {
		msg += ": " + v.Reason
	}
	msg += "); nothing was sent"
	return platform.NewError(platform.ErrPolicyDenied, msg,
		"Do not retry it in another form: the policy applies to every tool and spelling. Tell the user what you meant to do; only they can change the policy (ZCP_POLICY).")
}

// auditUnavailable is the refusal of a mutation whose decision could not be logged.
func auditUnavailable(err error) error {
	return &platform.PlatformError{Code: platform.ErrAuditUnavailable,
		Message:    "the audit log (ZCP_AUDIT_LOG) cannot be written, so this change was not sent",
		Suggestion: "Tell the user: the audit log's disk or file needs fixing before ZCP makes changes; reads still work.", Err: err}
}

func hostnamesOf(targets []policy.Target) []string {
	out := make([]string, 0, len(targets))
	for _, t := range targets {
		if !slices.Contains(out, t.Hostname) {
			out = append(out, t.Hostname)
		}
	}
	return out
}

// decisionRecord is an audit line of the gate: the decision before a call,
// and, for a confirm, how it was confirmed. CallID links them to the
// call's outcome line.
type decisionRecord struct {
	Time         time.Time       `json:"time"`
	CallID       string          `json:"callId"`
	Record       string          `json:"record"` // decision | confirmation | replay
	Session      string          `json:"session,omitempty"`
	Tool         string          `json:"tool"`
	Action       policy.Action   `json:"action"`
	Also         []policy.Action `json:"alsoActions,omitempty"`
	Services     []string        `json:"services,omitempty"`
	Decision     string          `json:"decision"`
	Rule         string          `json:"rule"`
	Reason       string          `json:"reason,omitempty"`
	Confirmation string          `json:"confirmation,omitempty"`
	ReplayOf     string          `json:"replayOf,omitempty"`
}

// auditRecord writes one gate record; it fails when the log cannot take it.
func (s *Server) auditRecord(r decisionRecord) error {
	if s.deps.Audit == nil {
		return nil
	}
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("audit record: %w", err)
	}
	return s.writeAudit(append(b, '\n'))
}

// stripRepeat removes the gate's own argument, repeat, from the arguments
// (the tool's schema does not take it) and reports whether it was true.
func stripRepeat(p *sdk.CallToolParamsRaw) bool {
	if !strings.Contains(string(p.Arguments), `"repeat"`) {
		return false
	}
	var args map[string]json.RawMessage
	if json.Unmarshal(p.Arguments, &args) != nil {
		return false
	}
	v, ok := args["repeat"]
	if !ok {
		return false
	}
	delete(args, "repeat")
	b, err := json.Marshal(args)
	if err != nil {
		return false
	}
	p.Arguments = b
	var on Bool
	return json.Unmarshal(v, &on) == nil && on.V
}

// AllToolNames lists every tool ZCP has, registered or not, for policy
// files to name.
func AllToolNames() []string {
	s := &Server{}
	var names []string
	for _, def := range s.allTools() {
		names = append(names, def.tool.Name)
	}
	return names
}
