package mcp_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/policy"
)

// allowAll is a policy allowing every call: the harness's, so that tests of
// other features are not asked to confirm a data service's deletion.
var allowAll = func() *policy.Policy {
	p, err := policy.Parse("allow-all.yml", []byte("rules:\n  - decision: allow\n"), nil)
	if err != nil {
		panic(err)
	}
	return p
}()

// protectDB is a team's policy protecting db, as Acceptance 1 puts it.
const protectDB = `rules:
  - services: [db]
    actions: [delete, stop, scale]
    decision: deny
    reason: production data
  - services: ["d?"]
    actions: [rollback, deploy]
    decision: deny
    reason: nothing is deployed to a database
`

func parsePolicy(t *testing.T, src string) *policy.Policy {
	t.Helper()
	p, err := policy.Parse("team.yml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// mutations counts the requests to the fake that could change something
// (every one but GETs and searches).
func mutations(h *harness) int {
	n := 0
	for _, r := range h.fake.Requests() {
		if r.Method != "GET" && !strings.HasSuffix(r.Path, "/search") {
			n++
		}
	}
	return n
}

// clientSession connects one more client to h's server.
func clientSession(t *testing.T, h *harness, opts *sdk.ClientOptions) *sdk.ClientSession {
	t.Helper()
	st, ct := sdk.NewInMemoryTransports()
	ss, err := h.srv.SDK().Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "elicit-client", Version: "1"}, opts).
		Connect(context.Background(), ct, &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close(); _ = ss.Wait() })
	return cs
}

func callOn(t *testing.T, cs *sdk.ClientSession, name string, args map[string]any) (*sdk.CallToolResult, map[string]any) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("CallTool(%s): %v", name, err)
	}
	return res, decode(res)
}

// TestPolicy_ProtectedServiceByAnySpelling is Acceptance 1: with a policy
// protecting db, no tool and no spelling of db (case, spaces, its id)
// deletes, stops, scales or deploys it, nothing reaches the API, and the
// answer names the rule and its reason; everything else still works.
func TestPolicy_ProtectedServiceByAnySpelling(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.Policy = parsePolicy(t, protectDB) }})
	dbID := h.fake.ServiceID("db")
	denied := []struct {
		tool string
		args map[string]any
	}{
		{"zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}},
		{"zerops_delete", map[string]any{"serviceHostname": "DB", "confirm": true}},
		{"zerops_delete", map[string]any{"serviceHostname": " db\t", "confirm": "true"}},
		{"zerops_manage", map[string]any{"action": "stop", "serviceHostname": "Db"}},
		{"zerops_manage", map[string]any{"action": " STOP ", "serviceHostname": "db"}},
		{"zerops_manage", map[string]any{"action": "scale", "serviceHostname": "db", "minRam": 0.25, "maxRam": "0.5"}},
		{"zerops_deploy", map[string]any{"targetServiceId": dbID, "rollback": true}},
		{"zerops_deploy", map[string]any{"sourceService": "appdev", "targetServiceId": " " + strings.ToUpper(dbID) + " "}},
		{"zerops_deploy", map[string]any{"sourceService": "db"}},
	}
	before := mutations(h)
	for _, tt := range denied {
		res, m := h.call(t, tt.tool, tt.args)
		wantError(t, res, m, platform.ErrPolicyDenied)
		msg, _ := m["error"].(string)
		if !strings.Contains(msg, "team.yml:") || !strings.Contains(msg, "db") {
			t.Errorf("%s %v: the refusal does not name the rule and service: %s", tt.tool, tt.args, msg)
		}
	}
	if n := mutations(h) - before; n != 0 {
		t.Fatalf("denied calls sent %d changing requests", n)
	}
	if !strings.Contains(text(h.callOK(t, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "db"})), "restart") {
		t.Error("restart of db is not protected and must run")
	}
	h.callOK(t, "zerops_manage", map[string]any{"action": "stop", "serviceHostname": "appstage"})
	h.callOK(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "db", "variables": []string{"A=1"}})
	h.callOK(t, "zerops_discover", nil)
	if mutations(h) == before {
		t.Fatal("allowed calls sent nothing")
	}
	st := h.srv.PolicyStatus()
	if st.Decisions["deny"] != len(denied) || !strings.Contains(st.Policy, "team.yml") {
		t.Errorf("status = %+v, want %d denials under team.yml", st, len(denied))
	}
}

func (h *harness) callOK(t *testing.T, name string, args map[string]any) *sdk.CallToolResult {
	t.Helper()
	res, _ := h.call(t, name, args)
	wantOK(t, res)
	return res
}

// TestPolicy_ConfirmByElicitation is Acceptance 2: deleting a data service
// (a built-in confirm) with a client that declares elicitation runs only
// after the human typed the hostname and accepted.
func TestPolicy_ConfirmByElicitation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		answer func(*sdk.ElicitRequest) *sdk.ElicitResult
		code   string // "" = deleted
	}{
		{"accepted", func(*sdk.ElicitRequest) *sdk.ElicitResult {
			return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"hostname": "cache"}}
		}, ""},
		{"declined", func(*sdk.ElicitRequest) *sdk.ElicitResult { return &sdk.ElicitResult{Action: "decline"} }, platform.ErrPolicyDeclined},
		{"cancelled", func(*sdk.ElicitRequest) *sdk.ElicitResult { return &sdk.ElicitResult{Action: "cancel"} }, platform.ErrPolicyDeclined},
		{"wrong hostname", func(*sdk.ElicitRequest) *sdk.ElicitResult {
			return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"hostname": "db"}}
		}, platform.ErrPolicyDeclined},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.Policy = nil }})
			var asked atomic.Pointer[sdk.ElicitParams]
			cs := clientSession(t, h, &sdk.ClientOptions{ElicitationHandler: func(_ context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
				asked.Store(req.Params)
				return tt.answer(req), nil
			}})
			before := mutations(h)
			res, m := callOn(t, cs, "zerops_delete", map[string]any{"serviceHostname": "cache", "confirm": true})
			p := asked.Load()
			if p == nil {
				t.Fatal("the human was not asked")
			}
			if !strings.Contains(p.Message, "delete cache") || !strings.Contains(p.Message, "deleting a data service") {
				t.Errorf("form message = %q", p.Message)
			}
			if tt.code != "" {
				wantError(t, res, m, tt.code)
				if n := mutations(h) - before; n != 0 {
					t.Fatalf("an unconfirmed delete sent %d changing requests", n)
				}
				return
			}
			wantOK(t, res)
			if mutations(h) == before {
				t.Fatal("the confirmed delete sent nothing")
			}
			if !strings.Contains(h.audit.String(), `"confirmation":"confirm-accepted"`) {
				t.Errorf("audit lacks the confirmation:\n%s", h.audit.String())
			}
		})
	}
}

// TestPolicy_ConfirmWithoutElicitation: a client without elicitation gets
// POLICY_CONFIRMATION_REQUIRED saying how a human allows it; a one-shot
// grant written outside the agent lets exactly one call through.
func TestPolicy_ConfirmWithoutElicitation(t *testing.T) {
	t.Parallel()
	grants := t.TempDir()
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.Policy, d.Grants = nil, grants }})
	before := mutations(h)
	args := map[string]any{"serviceHostname": "cache", "confirm": true}
	res, m := h.call(t, "zerops_delete", args)
	wantError(t, res, m, platform.ErrPolicyConfirmationRequired)
	if s := m["suggestion"].(string); !strings.Contains(s, "zcp policy allow delete cache") || !strings.Contains(s, "cannot confirm it yourself") {
		t.Errorf("suggestion = %q", s)
	}
	if mutations(h) != before {
		t.Fatal("an unconfirmed delete reached the API")
	}
	if _, err := policy.WriteGrant(grants, "delete", "storage", time.Now()); err != nil {
		t.Fatal(err)
	}
	res, m = h.call(t, "zerops_delete", args)
	wantError(t, res, m, platform.ErrPolicyConfirmationRequired) // a grant for another service allows nothing here
	if _, err := policy.WriteGrant(grants, "delete", "cache", time.Now()); err != nil {
		t.Fatal(err)
	}
	wantOK(t, h.callOK(t, "zerops_delete", args))
	if mutations(h) == before {
		t.Fatal("the granted delete sent nothing")
	}
	if policy.HasGrant(grants, "delete", "cache", time.Now()) {
		t.Error("the grant was not used up")
	}
	if !strings.Contains(h.audit.String(), `"confirmation":"confirm-granted"`) {
		t.Errorf("audit lacks the grant:\n%s", h.audit.String())
	}
}

// TestPolicy_FirstRefusalNamesTheHumanStep: a delete without confirm,
// which the default policy would then ask a human to confirm, says so in
// its first refusal: the command to run in the user's terminal, or the
// form the client shows (walk 75: the user agreed, then was asked a second
// time). Under a policy allowing it, the refusal says nothing more.
func TestPolicy_FirstRefusalNamesTheHumanStep(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		policy  bool // the default policy: a data service's deletion is confirmed
		elicits bool
		says    string
	}{
		{"grants", true, false, "also needs the user to run `zcp policy allow delete cache` in their own terminal before that call"},
		{"elicitation", true, true, "also has the client ask the user to type the hostname cache"},
		{"allowed", false, false, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) {
				if tt.policy {
					d.Policy, d.Grants = nil, t.TempDir()
				}
			}})
			var res *sdk.CallToolResult
			var m map[string]any
			if tt.elicits {
				cs := clientSession(t, h, &sdk.ClientOptions{ElicitationHandler: func(context.Context, *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
					return &sdk.ElicitResult{Action: "decline"}, nil
				}})
				res, m = callOn(t, cs, "zerops_delete", map[string]any{"serviceHostname": "cache"})
			} else {
				res, m = h.call(t, "zerops_delete", map[string]any{"serviceHostname": "cache"})
			}
			wantError(t, res, m, platform.ErrConfirmRequired)
			s := str(m["suggestion"])
			if tt.says != "" && !strings.Contains(s, tt.says) || tt.says == "" && strings.Contains(s, "ZCP's policy") {
				t.Errorf("suggestion = %q, want %q", s, tt.says)
			}
		})
	}
}

// TestAudit_DecisionBeforeOutcome is Acceptance 3: every mutation's
// outcome line has its decision record before it, with the same call id.
func TestAudit_DecisionBeforeOutcome(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.Policy = parsePolicy(t, protectDB) }})
	h.call(t, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appdev"})
	h.call(t, "zerops_manage", map[string]any{"action": "stop", "serviceHostname": "db"})
	h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"A=1"}})
	h.call(t, "zerops_subdomain", map[string]any{"action": "enable", "serviceHostname": "nosuch"})
	h.call(t, "zerops_discover", nil)
	decided := map[string]map[string]any{}
	outcomes := 0
	for _, line := range strings.Split(strings.TrimSpace(h.audit.String()), "\n") {
		var r map[string]any
		must(t, json.Unmarshal([]byte(line), &r))
		id, _ := r["callId"].(string)
		switch r["record"] {
		case "decision":
			decided[id] = r
		case "outcome":
			outcomes++
			d := decided[id]
			if d == nil {
				t.Errorf("outcome without a decision before it: %s", line)
				continue
			}
			if d["tool"] != r["tool"] || d["rule"] == "" || d["decision"] == "" {
				t.Errorf("decision %v does not match outcome %s", d, line)
			}
		}
	}
	if outcomes != 4 || len(decided) != 4 {
		t.Fatalf("%d outcomes, %d decisions, want 4 and 4:\n%s", outcomes, len(decided), h.audit.String())
	}
}

// TestAudit_FailClosedForMutations: with an audit log that cannot be
// written, a mutation is not sent (AUDIT_UNAVAILABLE); reads still work.
func TestAudit_FailClosedForMutations(t *testing.T) {
	t.Parallel()
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full:", err)
	}
	t.Cleanup(func() { _ = full.Close() })
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.Audit = full }})
	before := mutations(h)
	res, m := h.call(t, "zerops_manage", map[string]any{"action": "stop", "serviceHostname": "appdev"})
	wantError(t, res, m, platform.ErrAuditUnavailable)
	res, m = h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"A=1"}})
	wantError(t, res, m, platform.ErrAuditUnavailable)
	if n := mutations(h) - before; n != 0 {
		t.Fatalf("%d changing requests sent with an unwritable audit log", n)
	}
	h.callOK(t, "zerops_discover", nil)
	h.callOK(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": "appdev"})
}

// TestReplay_SameMutationWithinWindow: a session's latest mutation
// repeated within the window answers the first one's result and sends
// nothing; repeat: true sends it again, as does another session, the same
// call after another change, or once the window passed.
func TestReplay_SameMutationWithinWindow(t *testing.T) {
	t.Parallel()
	var now atomic.Int64
	now.Store(time.Date(2026, 11, 29, 1, 0, 0, 0, time.UTC).UnixNano())
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) {
		d.Now = func() time.Time { return time.Unix(0, now.Load()) }
		d.ReplayWindow = time.Minute
	}})
	// A restart: an env set of the value held sends nothing, so it could
	// not tell a replay from a call sent.
	args := map[string]any{"action": "restart", "serviceHostname": "appdev"}
	first := h.callOK(t, "zerops_manage", args)
	sent := mutations(h)
	now.Add(int64(30 * time.Second))
	again := h.callOK(t, "zerops_manage", map[string]any{"serviceHostname": "appdev", "action": "restart"})
	if mutations(h) != sent {
		t.Fatal("the repeated call was sent again")
	}
	m := decode(again)
	if next, _ := m["next"].(string); !strings.HasPrefix(next, "REPLAY: you made this same call 30s ago;") || !strings.Contains(next, "repeat: true") {
		t.Errorf("replay next = %q, want no call id the model never saw", next) // walk 85: "(c8)"
	}
	if decode(first)["processes"] == nil || m["processes"] == nil {
		t.Errorf("the replay does not carry the first answer: %s", text(again))
	}
	if !strings.Contains(h.audit.String(), `"replayOf":"c`) {
		t.Errorf("audit lacks the replay:\n%s", h.audit.String())
	}

	withRepeat := map[string]any{"action": "restart", "serviceHostname": "appdev", "repeat": true}
	h.callOK(t, "zerops_manage", withRepeat)
	if mutations(h) == sent {
		t.Fatal("repeat: true was not sent")
	}
	sent = mutations(h)

	other := clientSession(t, h, nil)
	res, _ := callOn(t, other, "zerops_manage", args)
	wantOK(t, res)
	if mutations(h) == sent {
		t.Fatal("another session's call was taken for a replay")
	}

	h.callOK(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"BETWEEN=1"}})
	sent = mutations(h)
	if res := h.callOK(t, "zerops_manage", args); res.Meta["zcp/replayOf"] != nil || mutations(h) == sent {
		t.Fatal("a call repeated after another change was taken for a replay")
	}
	sent = mutations(h)
	if res := h.callOK(t, "zerops_manage", args); res.Meta["zcp/replayOf"] == nil || mutations(h) != sent {
		t.Fatal("the session's latest change repeated was sent again")
	}

	now.Add(int64(2 * time.Minute))
	h.callOK(t, "zerops_manage", args)
	if mutations(h) == sent {
		t.Fatal("a call after the window was not sent")
	}
}

// TestPolicy_PerSessionOverHTTP: over Streamable HTTP each session is
// decided as over stdio: the session whose client elicits is asked, the
// other gets POLICY_CONFIRMATION_REQUIRED, and a replay is one session's.
func TestPolicy_PerSessionOverHTTP(t *testing.T) {
	t.Parallel()
	hh := newHTTPHarness(t, 20*time.Millisecond, mcp.HTTPOptions{})
	var asked atomic.Int32
	elicitor, err := sdk.NewClient(&sdk.Implementation{Name: "human-in-loop", Version: "1"}, &sdk.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			asked.Add(1)
			return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"hostname": "cache"}}, nil
		},
	}).Connect(t.Context(), &sdk.StreamableClientTransport{Endpoint: hh.url,
		HTTPClient: &http.Client{Transport: bearer{token: httpTestToken}}, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = elicitor.Close() })
	plain := hh.mustConnect(t, "no-elicitation")

	res, m := callOn(t, plain, "zerops_delete", map[string]any{"serviceHostname": "storage", "confirm": true})
	wantError(t, res, m, platform.ErrPolicyConfirmationRequired)
	res, _ = callOn(t, elicitor, "zerops_delete", map[string]any{"serviceHostname": "cache", "confirm": true})
	wantOK(t, res)
	if asked.Load() != 1 {
		t.Fatalf("the human was asked %d times, want 1", asked.Load())
	}

	args := map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"PER_SESSION=1"}}
	res, _ = callOn(t, plain, "zerops_env", args)
	wantOK(t, res)
	res, _ = callOn(t, plain, "zerops_env", args)
	if res.Meta["zcp/replayOf"] == nil {
		t.Fatalf("the same session's repeat was sent again: %s", text(res))
	}
	res, _ = callOn(t, elicitor, "zerops_env", args)
	if res.IsError || res.Meta["zcp/replayOf"] != nil {
		t.Fatalf("another session's call was replayed: %s", text(res))
	}
	st := hh.srv.PolicyStatus()
	if st.Decisions["confirm-accepted"] != 1 || st.Decisions["confirm-required"] != 1 || st.Decisions["replay"] != 1 {
		t.Errorf("decision counts = %v", st.Decisions)
	}
}

// TestPolicy_FollowIsNoNewDeploy: zerops_deploy follow=<id> only waits on a
// deploy the gate already decided, so a policy confirming deploys asks no
// human again, neither for the first follow nor for a repeat.
func TestPolicy_FollowIsNoNewDeploy(t *testing.T) {
	t.Parallel()
	confirmDeploys := parsePolicy(t, "rules:\n  - actions: [deploy, rollback]\n    decision: confirm\n  - decision: allow\n")
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.Policy, d.Grants = confirmDeploys, t.TempDir() }})
	args := map[string]any{"follow": "no-such-version"}
	for i := range 2 {
		res, m := h.call(t, "zerops_deploy", args)
		if m["code"] == platform.ErrPolicyConfirmationRequired {
			t.Fatalf("follow #%d asked for a deploy confirmation: %s", i+1, text(res))
		}
	}
}
