package mcp

import (
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// nextText is how an answer says the next step an operation decided on:
// "Next: " and the step's parts, "" for no step.
func nextText(s platform.Step) string {
	if s.IsZero() {
		return ""
	}
	return "Next: " + stepText(s)
}

// stepText says a step's parts in order: prose as it is, a call as the
// tool's name and its key=value arguments, as the agent would pass them.
func stepText(s platform.Step) string {
	var b strings.Builder
	for _, p := range s.Parts {
		if p.Tool == "" {
			b.WriteString(p.Text)
			continue
		}
		b.WriteString(p.Tool)
		for _, a := range p.Args {
			b.WriteString(" " + a.Key + "=" + a.Value)
		}
	}
	return b.String()
}
