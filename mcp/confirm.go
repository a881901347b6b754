package mcp

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/policy"
)

// ConfirmWait bounds how long a confirmation waits for the human's answer.
const ConfirmWait = 5 * time.Minute

// confirmTarget is one action on one service a human must confirm.
type confirmTarget struct {
	action  policy.Action
	verdict policy.Verdict
}

// service is the hostname the human types to confirm ("project" for the
// project's variables).
func (c confirmTarget) service() string { return c.verdict.Service }

// confirm asks a human for every confirmation the call needs: through MCP
// elicitation when the client declares it (a form naming the action and the
// service, where the human types the hostname), else by using up one-shot
// grants the human made with `zcp policy allow` outside the agent. It
// returns the outcome and, unless every confirmation was given, the error
// the agent gets.
func (s *Server) confirm(ctx context.Context, call *sdk.CallToolRequest, tool string, confirms []confirmTarget) (string, error) {
	confirms = uniqueConfirms(confirms)
	if elicits(call.Session) {
		outcome, err := s.elicit(ctx, call.Session, tool, confirms)
		if err == nil || outcome == outcomeDeclined {
			return outcome, err
		}
		s.log.Info("elicitation failed; falling back to one-shot grants", slog.Any("error", err))
	}
	now := s.now()
	for _, c := range confirms {
		if !policy.HasGrant(s.deps.Grants, c.action, c.service(), now) {
			return outcomeRequired, s.confirmationRequired(tool, c)
		}
	}
	for _, c := range confirms {
		ok, err := policy.ClaimGrant(s.deps.Grants, c.action, c.service(), now)
		if err != nil || !ok {
			return outcomeRequired, s.confirmationRequired(tool, c)
		}
	}
	return outcomeGranted, nil
}

func uniqueConfirms(in []confirmTarget) []confirmTarget {
	var out []confirmTarget
	seen := map[string]bool{}
	for _, c := range in {
		k := string(c.action) + "\x00" + c.service()
		if !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	return out
}

// elicits reports whether the client declared elicitation (form mode).
func elicits(ss *sdk.ServerSession) bool {
	if ss == nil {
		return false
	}
	p := ss.InitializeParams()
	if p == nil || p.Capabilities == nil || p.Capabilities.Elicitation == nil {
		return false
	}
	e := p.Capabilities.Elicitation
	return e.Form != nil || e.URL == nil
}

// elicit asks the human, one form per service: accepted only when the
// hostname typed is the service's.
func (s *Server) elicit(ctx context.Context, ss *sdk.ServerSession, tool string, confirms []confirmTarget) (string, error) {
	for _, c := range confirms {
		ectx, cancel := context.WithTimeout(ctx, ConfirmWait)
		res, err := ss.Elicit(ectx, &sdk.ElicitParams{
			Mode:    "form",
			Message: confirmMessage(tool, c),
			RequestedSchema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					"hostname": map[string]any{"type": "string", "title": "Hostname",
						"description": fmt.Sprintf("Type %s to confirm", c.service())},
				},
				"required": []string{"hostname"},
			},
		})
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				return outcomeDeclined, declinedError(tool, c, "the call ended before the user answered")
			}
			if errors.Is(err, context.DeadlineExceeded) {
				return outcomeDeclined, declinedError(tool, c, "the user did not answer within "+ConfirmWait.String())
			}
			return "", fmt.Errorf("elicitation: %w", err)
		}
		typed, _ := res.Content["hostname"].(string)
		switch {
		case res.Action != "accept":
			return outcomeDeclined, declinedError(tool, c, "the user answered "+platform.Clip(res.Action, 20))
		case strings.TrimSpace(typed) != c.service():
			return outcomeDeclined, declinedError(tool, c, fmt.Sprintf("the hostname typed was not %s", c.service()))
		}
	}
	return outcomeConfirmed, nil
}

// confirmMessage is the form's text: what will happen, to which service,
// and by which rule.
func confirmMessage(tool string, c confirmTarget) string {
	msg := fmt.Sprintf("The agent asks to %s %s (%s). ZCP's policy asks you to confirm it (rule %s", c.action, c.service(), tool, c.verdict.Rule)
	if c.verdict.Reason != "" {
		msg += ": " + c.verdict.Reason
	}
	return msg + fmt.Sprintf("). Type the hostname %s to confirm; decline to refuse.", c.service())
}

func declinedError(tool string, c confirmTarget, why string) error {
	return platform.NewError(platform.ErrPolicyDeclined,
		fmt.Sprintf("%s %s on %s was not confirmed: %s; nothing was sent", tool, c.action, c.service(), why),
		"Do not retry it unless the user asks you to; ask them what they want instead.")
}

// humanStep says what ZCP's policy will ask of the user once the agent
// calls again with confirm: true (walk 75: the user agreed to a delete,
// then was asked a second time to run a command): "" when nothing more.
func (s *Server) humanStep(call *sdk.CallToolRequest, confirms []confirmTarget) string {
	if len(confirms) == 0 {
		return ""
	}
	c := confirms[0]
	switch {
	case elicits(call.Session):
		return fmt.Sprintf("With confirm: true, ZCP's policy (rule %s) also has the client ask the user to type the hostname %s.", c.verdict.Rule, c.service())
	case s.deps.Grants == "":
		return fmt.Sprintf("ZCP's policy (rule %s) also needs a rule allowing it in ZCP_POLICY, which only the user can add.", c.verdict.Rule)
	}
	return fmt.Sprintf("ZCP's policy (rule %s) also needs the user to run `zcp policy allow %s %s` in their own terminal before that call (you cannot run it): ask for both at once.",
		c.verdict.Rule, c.action, c.service())
}

// withHumanStep adds to err, a tool's refusal for want of confirm: true,
// what the policy will then ask of the user (humanStep); other errors are
// returned as they are.
func withHumanStep(ctx context.Context, err error) error {
	var pe *platform.PlatformError
	st := callStateFrom(ctx)
	if st == nil || st.humanStep == "" || !errors.As(err, &pe) || pe.Code != platform.ErrConfirmRequired {
		return err
	}
	cp := *pe
	cp.Suggestion = strings.TrimSpace(cp.Suggestion + " " + st.humanStep)
	return &cp
}

// confirmationRequired tells the agent how a human allows the call, in
// ways the agent cannot take itself.
func (s *Server) confirmationRequired(tool string, c confirmTarget) error {
	why := "rule " + c.verdict.Rule
	if c.verdict.Reason != "" {
		why += ": " + c.verdict.Reason
	}
	suggestion := fmt.Sprintf("Ask the user to confirm it. In their own terminal, outside this session, they run `zcp policy allow %s %s` "+
		"(one use, %s), then you call again with the same arguments; or they add a rule allowing it to ZCP_POLICY and restart ZCP. "+
		"You cannot confirm it yourself: do not run that command.", c.action, c.service(), policy.GrantTTL)
	if s.deps.Grants == "" {
		suggestion = "Ask the user to allow it with a rule in ZCP_POLICY (one-shot grants are off: no grants directory). You cannot confirm it yourself."
	}
	return platform.NewError(platform.ErrPolicyConfirmationRequired,
		fmt.Sprintf("%s %s on %s needs a human's confirmation (%s), and this client cannot ask (no MCP elicitation); nothing was sent", tool, c.action, c.service(), why),
		suggestion)
}
