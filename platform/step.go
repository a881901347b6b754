package platform

import (
	"slices"
	"strings"
)

// Step is the next step an operation decided on, as data: the prose and
// the tool calls it is made of, in order. The zero Step is none. platform
// and its operations never say how a step is introduced: the mcp package
// renders a Step. A Step is a value: Say and Call return a new Step and
// never change the receiver's parts, so a Step may be shared.
type Step struct {
	Parts []Part
}

// Part is one piece of a Step: a tool call when Tool is set, else prose.
type Part struct {
	Text string // the prose, when Tool is ""
	Tool string // the tool the step calls, e.g. zerops_verify
	Args []Arg  // the call's arguments, in the order they are said
}

// Arg is one argument of a call in a Step. Value may be a placeholder the
// agent fills in, such as "<the container holding the code>".
type Arg struct {
	Key, Value string
}

// Say starts a Step with prose.
func Say(text string) Step { return Step{}.Say(text) }

// Call starts a Step with a call of tool; each arg is "key=value".
func Call(tool string, args ...string) Step { return Step{}.Call(tool, args...) }

// Say adds prose to s.
func (s Step) Say(text string) Step {
	if text == "" {
		return s
	}
	return Step{Parts: append(slices.Clip(s.Parts), Part{Text: text})}
}

// Call adds a call of tool to s; each arg is "key=value".
func (s Step) Call(tool string, args ...string) Step {
	p := Part{Tool: tool}
	for _, a := range args {
		k, v, _ := strings.Cut(a, "=")
		p.Args = append(p.Args, Arg{Key: k, Value: v})
	}
	return Step{Parts: append(slices.Clip(s.Parts), p)}
}

// Then is s followed by t.
func (s Step) Then(t Step) Step {
	return Step{Parts: slices.Concat(s.Parts, t.Parts)}
}

// IsZero reports whether s is no step.
func (s Step) IsZero() bool { return len(s.Parts) == 0 }

// Calls are the tool calls s names, in order.
func (s Step) Calls() []Part {
	var out []Part
	for _, p := range s.Parts {
		if p.Tool != "" {
			out = append(out, p)
		}
	}
	return out
}

// Prose is s's prose parts joined, without its calls: what a caller checks
// a text against (a diagnosis' fix the step already states).
func (s Step) Prose() string {
	var b strings.Builder
	for _, p := range s.Parts {
		if p.Tool == "" {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}
