package policy

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// Decision is what a policy answers for a call.
type Decision string

// The decisions, from the most permissive to the strictest.
const (
	Allow   Decision = "allow"
	Confirm Decision = "confirm"
	Deny    Decision = "deny"
)

// strictness orders decisions: a call naming several services gets the
// strictest of their decisions.
func (d Decision) strictness() int {
	switch d {
	case Deny:
		return 2
	case Confirm:
		return 1
	}
	return 0
}

// Action is what a call does, as rules name it (the Action* values).
type Action string

// Actions a rule can name. Read is every call that changes nothing.
const (
	ActionRead      Action = "read"
	ActionStart     Action = "start"
	ActionStop      Action = "stop"
	ActionRestart   Action = "restart"
	ActionScale     Action = "scale"
	ActionDelete    Action = "delete"
	ActionEnvSet    Action = "env-set"
	ActionEnvDelete Action = "env-delete"
	ActionDeploy    Action = "deploy"
	ActionRollback  Action = "rollback"
	ActionSubdomain Action = "subdomain"
	ActionImport    Action = "import"
	ActionBackup    Action = "backup"
	ActionCancel    Action = "cancel"
)

// Actions lists every action, in the order the decision table shows them.
var Actions = []Action{ActionStart, ActionStop, ActionRestart, ActionScale, ActionDelete, ActionEnvSet, ActionEnvDelete,
	ActionDeploy, ActionRollback, ActionSubdomain, ActionImport, ActionBackup, ActionCancel, ActionRead}

// Kinds of service a rule can name instead of (or besides) hostnames.
const (
	KindData    = "data"    // managed services holding data: databases, caches, storage
	KindRuntime = "runtime" // services code is deployed into
)

// ProjectTarget is the name project variables are matched under.
const ProjectTarget = "project"

// Target is one service a call acts on, resolved to its hostname.
type Target struct {
	Hostname string // lowercase; ProjectTarget for the project's variables
	Kind     string // KindData, KindRuntime or "" when unknown
}

// Scale is the scaling a call asks for: the highest value of each bound
// (0 = not asked).
type Scale struct {
	Containers int
	CPU        int
	RAMGB      float64
	DiskGB     float64
}

// Call is what the policy decides on: one tool call, its action and the
// services it reaches.
type Call struct {
	Tool    string
	Action  Action
	Targets []Target
	Scale   *Scale
}

// Limits bound a scale: a rule with limits matches only a scale above one
// of them. Zero fields are unbounded.
type Limits struct {
	Containers int     `json:"containers,omitempty"`
	CPU        int     `json:"cpu,omitempty"`
	RAMGB      float64 `json:"ramGB,omitempty"`
	DiskGB     float64 `json:"diskGB,omitempty"`
}

// exceeded reports whether s asks for more than l allows.
func (l *Limits) exceeded(s *Scale) bool {
	if s == nil {
		return false
	}
	return (l.Containers > 0 && s.Containers > l.Containers) || (l.CPU > 0 && s.CPU > l.CPU) ||
		(l.RAMGB > 0 && s.RAMGB > l.RAMGB) || (l.DiskGB > 0 && s.DiskGB > l.DiskGB)
}

// Rule is one rule of a policy. An empty matcher matches anything.
type Rule struct {
	Services []string // hostname globs (path.Match), lowercase
	Kinds    []string
	Actions  []Action
	Tools    []string
	Above    *Limits // only a scale above these matches
	Decision Decision
	Reason   string
	Source   string // where it comes from: "FILE:LINE" or "default: …"
}

// matches reports whether r applies to call c on target t (nil: the call
// names no service).
func (r *Rule) matches(c Call, t *Target) bool {
	if len(r.Tools) > 0 && !slices.Contains(r.Tools, c.Tool) {
		return false
	}
	if len(r.Actions) > 0 && !slices.Contains(r.Actions, c.Action) {
		return false
	}
	if r.Above != nil && (c.Action != ActionScale || !r.Above.exceeded(c.Scale)) {
		return false
	}
	if len(r.Services) == 0 && len(r.Kinds) == 0 {
		return true
	}
	if t == nil {
		return false
	}
	if len(r.Kinds) > 0 && !slices.Contains(r.Kinds, t.Kind) {
		return false
	}
	if len(r.Services) == 0 {
		return true
	}
	for _, g := range r.Services {
		if ok, _ := path.Match(g, t.Hostname); ok {
			return true
		}
	}
	return false
}

// Verdict is a policy's answer for one call: the decision, the rule that
// made it, its reason and the service it was made for.
type Verdict struct {
	Decision Decision `json:"decision"`
	Rule     string   `json:"rule"`
	Reason   string   `json:"reason,omitempty"`
	Service  string   `json:"service,omitempty"`
}

// Policy is an ordered list of rules, first match wins, the built-in
// defaults last. It is immutable and safe for concurrent use.
type Policy struct {
	rules []Rule
	name  string // what is in force, for the status dump
	file  int    // rules read from the file
}

// Built-in rules, after a file's own.
var defaults = []Rule{
	{Actions: []Action{ActionRead}, Decision: Allow, Source: "default: reads are allowed"},
	{Actions: []Action{ActionDelete}, Kinds: []string{KindData}, Decision: Confirm,
		Reason: "deleting a data service deletes its data", Source: "default: deleting a data service asks"},
	{Decision: Allow, Source: "default: allow"},
}

// Default is the built-in policy alone.
func Default() *Policy { return &Policy{rules: slices.Clone(defaults), name: "built-in defaults"} }

// mutating is every action but read.
func mutating() []Action {
	return slices.DeleteFunc(slices.Clone(Actions), func(a Action) bool { return a == ActionRead })
}

// ReadOnly returns p with the read-only rule before all others: every
// action that changes the project is denied (ZCP_READ_ONLY=1).
func (p *Policy) ReadOnly() *Policy {
	ro := Rule{Actions: mutating(), Decision: Deny, Reason: "ZCP runs read-only (ZCP_READ_ONLY=1)", Source: "ZCP_READ_ONLY"}
	return &Policy{rules: append([]Rule{ro}, p.rules...), name: "read-only (ZCP_READ_ONLY=1), then " + p.name, file: p.file}
}

// String names the policy in force, for the status dump.
func (p *Policy) String() string { return p.name }

// Rules returns a copy of the rules, the defaults included.
func (p *Policy) Rules() []Rule { return slices.Clone(p.rules) }

// Decide evaluates c: for each target the first matching rule decides, and
// the strictest of those decisions is the verdict. A call without targets
// is decided by the first rule naming no service.
func (p *Policy) Decide(c Call) Verdict {
	if len(c.Targets) == 0 {
		return p.first(c, nil)
	}
	var out Verdict
	for i := range c.Targets {
		v := p.first(c, &c.Targets[i])
		if i == 0 || v.Decision.strictness() > out.Decision.strictness() {
			out = v
		}
	}
	return out
}

// Each is Decide for every target on its own, in order.
func (p *Policy) Each(c Call) []Verdict {
	out := make([]Verdict, len(c.Targets))
	for i := range c.Targets {
		out[i] = p.first(c, &c.Targets[i])
	}
	return out
}

func (p *Policy) first(c Call, t *Target) Verdict {
	for i := range p.rules {
		r := &p.rules[i]
		if r.matches(c, t) {
			v := Verdict{Decision: r.Decision, Rule: r.Source, Reason: r.Reason}
			if t != nil {
				v.Service = t.Hostname
			}
			return v
		}
	}
	return Verdict{Decision: Allow, Rule: "default: allow"}
}

// NeedsServices reports whether deciding on this tool and action may depend
// on which services the call reaches (some matching rule names services or
// kinds); when it does not, resolving them can be skipped.
func (p *Policy) NeedsServices(tool string, action Action) bool {
	for _, r := range p.rules {
		if len(r.Tools) > 0 && !slices.Contains(r.Tools, tool) || len(r.Actions) > 0 && !slices.Contains(r.Actions, action) {
			continue
		}
		if len(r.Services) > 0 || len(r.Kinds) > 0 {
			return true
		}
		if r.Above == nil {
			return false // this rule decides every target alike
		}
	}
	return false
}

// Canonical is a service name as a call may spell it, as policies match it:
// trimmed and lowercase.
func Canonical(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// names are actions as words.
func names(actions []Action) []string {
	out := make([]string, len(actions))
	for i, a := range actions {
		out[i] = string(a)
	}
	return out
}

// describe is a rule in one line, for the decision table's legend.
func (r *Rule) describe() string {
	var parts []string
	add := func(k string, v []string) {
		if len(v) > 0 {
			parts = append(parts, k+"="+strings.Join(v, ","))
		}
	}
	add("services", r.Services)
	add("kinds", r.Kinds)
	add("actions", names(r.Actions))
	add("tools", r.Tools)
	if r.Above != nil {
		parts = append(parts, fmt.Sprintf("above=%+v", *r.Above))
	}
	s := r.Source + ": " + string(r.Decision)
	if len(parts) > 0 {
		s += " " + strings.Join(parts, " ")
	}
	if r.Reason != "" {
		s += " (" + r.Reason + ")"
	}
	return s
}
