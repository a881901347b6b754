package mcp

import (
	"encoding/json"
	"fmt"
	"slices"
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
// else is INVALID_PARAMETER naming the accepted values. A is the tool's
// action type. The zero value is not useful; a gate is immutable and safe
// for concurrent use.
type actionGate[A ~string] struct {
	tool     string
	def      A       // the action when none is given
	read     map[A]A // accepted spelling → canonical read action
	accepted []A     // the read actions named in errors
	mutating []A     // actions refused with READ_ONLY
	instead  string  // what the agent can do instead, for the suggestion
}

// check returns the canonical read action for action, or the refusal.
func (g actionGate[A]) check(action A) (A, error) {
	a := A(strings.ToLower(strings.TrimSpace(string(action))))
	if a == "" {
		return g.def, nil
	}
	if canonical, ok := g.read[a]; ok {
		return canonical, nil
	}
	if err := g.refuse(a); err != nil {
		return "", err
	}
	accepted := make([]string, len(g.accepted))
	for i, r := range g.accepted {
		accepted[i] = string(r)
	}
	return "", platform.NewError(platform.ErrInvalidParameter,
		fmt.Sprintf("unknown action %q", platform.Clip(string(action), 40)),
		fmt.Sprintf("ZCP runs read-only (%s): %s accepts only action=%s.", readOnlySetting, g.tool, strings.Join(accepted, ", ")))
}

// refuse is READ_ONLY when a (lowercase, trimmed) is a mutating action.
func (g actionGate[A]) refuse(a A) error {
	if slices.Contains(g.mutating, a) {
		return readOnlyRefusal(g.tool+" action="+string(a), g.instead)
	}
	return nil
}

// guard refuses a mutating action from the raw arguments, before the SDK
// validates them against the variant's narrower schema: an agent asking to
// set variables learns that ZCP is read-only, not that "variables" is an
// unknown argument. Anything it cannot read is left to the schema.
func (g actionGate[A]) guard(raw json.RawMessage) error {
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
	return g.refuse(A(strings.ToLower(strings.TrimSpace(s))))
}
