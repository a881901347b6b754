package mcp

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// readOnlySetting names the setting that makes ZCP read-only, so that a
// refusal tells the agent (and the user it asks) exactly what to change.
const readOnlySetting = "ZCP_READ_ONLY=1"

// readOnlyRefusal is the READ_ONLY error for what, a call that would change
// the project while ZCP runs read-only.
func readOnlyRefusal(what, instead string) error {
	suggestion := "ZCP was started with " + readOnlySetting + "; ask the user to restart it without that setting to make changes."
	if instead != "" {
		suggestion = instead + " " + suggestion
	}
	return platform.NewError(platform.ErrReadOnly, what+" changes the project and ZCP runs read-only ("+readOnlySetting+")", suggestion)
}

// actionGate limits the action argument of a tool's read-only variant (the
// one registered under ZCP_READ_ONLY in place of a tool that can also
// mutate): the read actions pass, the mutating ones are READ_ONLY, anything
// else is INVALID_PARAMETER naming the accepted values. The zero value is
// not useful; a gate is immutable and safe for concurrent use.
type actionGate struct {
	tool     string
	def      string            // the action when none is given
	read     map[string]string // accepted spelling → canonical read action
	accepted []string          // the read actions named in errors
	mutating []string          // actions refused with READ_ONLY
	instead  string            // what the agent can do instead, for the suggestion
}

// check returns the canonical read action for action, or the refusal.
func (g actionGate) check(action string) (string, error) {
	a := strings.ToLower(strings.TrimSpace(action))
	if a == "" {
		return g.def, nil
	}
	if canonical, ok := g.read[a]; ok {
		return canonical, nil
	}
	for _, m := range g.mutating {
		if a == m {
			return "", readOnlyRefusal(g.tool+" action="+m, g.instead)
		}
	}
	return "", platform.NewError(platform.ErrInvalidParameter,
		fmt.Sprintf("unknown action %q", platform.Clip(action, 40)),
		fmt.Sprintf("ZCP runs read-only (%s): %s accepts only action=%s.", readOnlySetting, g.tool, strings.Join(g.accepted, ", ")))
}

// guard refuses a mutating action from the raw arguments, before the SDK
// validates them against the variant's narrower schema: an agent asking to
// set variables learns that ZCP is read-only, not that "variables" is an
// unknown argument. Anything it cannot read is left to the schema.
func (g actionGate) guard(raw json.RawMessage) error {
	var args struct {
		Action any `json:"action"`
	}
	if len(raw) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, &args); err != nil {
		return nil //nolint:nilerr // unreadable arguments are the schema's to reject, not the guard's
	}
	s, ok := args.Action.(string)
	if !ok {
		return nil
	}
	a := strings.ToLower(strings.TrimSpace(s))
	for _, m := range g.mutating {
		if a == m {
			return readOnlyRefusal(g.tool+" action="+m, g.instead)
		}
	}
	return nil
}
