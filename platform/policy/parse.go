package policy

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/editdist"
)

// MaxFile bounds a policy file; MaxRules the rules it holds.
const (
	MaxFile  = 1 << 20
	MaxRules = 1000
)

// Problem is one error in a policy file, at its line (0: the whole file).
type Problem struct {
	Line    int
	Message string
}

// FileError lists every problem of a policy file.
type FileError struct {
	File     string
	Problems []Problem
}

func (e *FileError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		if p.Line > 0 {
			lines[i] = fmt.Sprintf("%s:%d: %s", e.File, p.Line, p.Message)
		} else {
			lines[i] = fmt.Sprintf("%s: %s", e.File, p.Message)
		}
	}
	return strings.Join(lines, "\n")
}

// parser collects the problems of one file.
type parser struct {
	file     string
	tools    []string
	problems []Problem
}

func (ps *parser) fail(n *yaml.Node, format string, args ...any) {
	line := 0
	if n != nil {
		line = n.Line
	}
	ps.problems = append(ps.problems, Problem{Line: line, Message: fmt.Sprintf(format, args...)})
}

// Parse reads a policy file named file (for messages): its rules, first
// match wins, then the built-in defaults. tools are the tool names a rule
// may name. Every problem is reported with its line, in one *FileError.
func Parse(file string, data []byte, tools []string) (*Policy, error) {
	ps := &parser{file: file, tools: tools}
	if len(data) > MaxFile {
		ps.fail(nil, "the file is %d bytes; a policy holds at most %d", len(data), MaxFile)
		return nil, &FileError{File: file, Problems: ps.problems}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		ps.problems = append(ps.problems, yamlProblem(err))
		return nil, &FileError{File: file, Problems: ps.problems}
	}
	rules := ps.document(&doc)
	if len(ps.problems) > 0 {
		return nil, &FileError{File: file, Problems: ps.problems}
	}
	name := fmt.Sprintf("%s (%d rules), then built-in defaults", file, len(rules))
	return &Policy{rules: append(rules, defaults...), name: name, file: len(rules)}, nil
}

// yamlProblem is a YAML syntax error at its line, when yaml.v3 names one.
func yamlProblem(err error) Problem {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if num, tail, ok := strings.Cut(rest, ":"); ok {
			if n, err := strconv.Atoi(num); err == nil {
				return Problem{Line: n, Message: "not valid YAML:" + tail}
			}
		}
	}
	return Problem{Message: "not valid YAML: " + msg}
}

func (ps *parser) document(doc *yaml.Node) []Rule {
	if doc.Kind == 0 || len(doc.Content) == 0 {
		ps.fail(nil, "the file is empty; write rules: [...]")
		return nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		ps.fail(root, "a policy is a mapping with rules:, not a %s", kindName(root))
		return nil
	}
	var rules []Rule
	seen := false
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "rules":
			seen = true
			rules = ps.rules(v)
		default:
			ps.fail(k, "unknown key %q; a policy has only rules:", clip(k.Value))
		}
	}
	if !seen {
		ps.fail(root, "no rules: list")
	}
	return rules
}

func (ps *parser) rules(n *yaml.Node) []Rule {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		ps.fail(n, "rules is a list of rules, not a %s", kindName(n))
		return nil
	}
	if len(n.Content) > MaxRules {
		ps.fail(n, "%d rules; a policy holds at most %d", len(n.Content), MaxRules)
		return nil
	}
	out := make([]Rule, 0, len(n.Content))
	for _, rn := range n.Content {
		if r, ok := ps.rule(rn); ok {
			out = append(out, r)
		}
	}
	return out
}

func (ps *parser) rule(n *yaml.Node) (Rule, bool) {
	r := Rule{Source: fmt.Sprintf("%s:%d", ps.file, n.Line)}
	if n.Kind != yaml.MappingNode {
		ps.fail(n, "a rule is a mapping (services, actions, tools, kinds, above, decision, reason), not a %s", kindName(n))
		return r, false
	}
	before := len(ps.problems)
	hasDecision := false
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		switch k.Value {
		case "services":
			r.Services = ps.globs(v)
		case "actions":
			r.Actions = oneOf(ps, v, "action", Actions)
		case "tools":
			r.Tools = oneOf(ps, v, "tool", ps.tools)
		case "kinds":
			r.Kinds = oneOf(ps, v, "kind", []string{KindData, KindRuntime})
		case "above":
			r.Above = ps.limits(v)
		case "decision":
			hasDecision = true
			r.Decision = ps.decision(v)
		case "reason":
			if v.Kind != yaml.ScalarNode {
				ps.fail(v, "reason is a sentence, not a %s", kindName(v))
			}
			r.Reason = platform.Clip(strings.TrimSpace(v.Value), 300)
		default:
			ps.fail(k, "unknown key %q in a rule; use services, actions, tools, kinds, above, decision, reason", clip(k.Value))
		}
	}
	if !hasDecision {
		ps.fail(n, "the rule has no decision; add decision: allow, deny or confirm")
	}
	if r.Above != nil && len(r.Actions) > 0 && !slices.Contains(r.Actions, ActionScale) {
		ps.fail(n, "above: limits only a scale; add scale to actions or drop above")
	}
	return r, len(ps.problems) == before
}

// list is a sequence of scalars, or one scalar as a list of one.
func (ps *parser) list(n *yaml.Node, what string) []*yaml.Node {
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			ps.fail(n, "%s is empty; omit it to match any", what)
			return nil
		}
		return []*yaml.Node{n}
	case yaml.SequenceNode:
		if len(n.Content) == 0 {
			ps.fail(n, "%s is empty; omit it to match any", what)
		}
		for _, c := range n.Content {
			if c.Kind != yaml.ScalarNode {
				ps.fail(c, "each of %s is a word, not a %s", what, kindName(c))
				return nil
			}
		}
		return n.Content
	}
	ps.fail(n, "%s is a list, not a %s", what, kindName(n))
	return nil
}

// globChars are the characters of a hostname glob.
const globChars = "abcdefghijklmnopqrstuvwxyz0123456789*?[]-^!"

// globs are hostname patterns: lowercase, path.Match syntax, hostname
// characters only.
func (ps *parser) globs(n *yaml.Node) []string {
	var out []string
	for _, c := range ps.list(n, "services") {
		g := Canonical(c.Value)
		if g == "" {
			ps.fail(c, "an empty service pattern; name a hostname, a glob such as \"prod*\" or \"project\"")
			continue
		}
		if _, err := path.Match(g, ""); err != nil {
			ps.fail(c, "bad glob %q: %v; use * ? and [a-z] over hostnames", clip(c.Value), err)
			continue
		}
		if strings.ContainsFunc(g, func(r rune) bool { return !strings.ContainsRune(globChars, r) }) {
			ps.fail(c, "bad glob %q: hostnames hold only letters and digits; use * ? and [a-z] to match several", clip(c.Value))
			continue
		}
		out = append(out, g)
	}
	return out
}

// oneOf reads a list of words each of which must be one of valid.
func oneOf[W ~string](ps *parser, n *yaml.Node, what string, valid []W) []W {
	words := make([]string, len(valid))
	for i, w := range valid {
		words[i] = string(w)
	}
	var out []W
	for _, c := range ps.list(n, what+"s") {
		v := strings.ToLower(strings.TrimSpace(c.Value))
		if !slices.Contains(words, v) {
			ps.fail(c, "unknown %s %q%s; known: %s", what, clip(c.Value), suggest(v, words), strings.Join(words, ", "))
			continue
		}
		out = append(out, W(v))
	}
	return out
}

func (ps *parser) decision(n *yaml.Node) Decision {
	v := Decision(strings.ToLower(strings.TrimSpace(n.Value)))
	if n.Kind != yaml.ScalarNode || (v != Allow && v != Deny && v != Confirm) {
		ps.fail(n, "decision %q: use allow, deny or confirm", clip(n.Value))
	}
	return v
}

func (ps *parser) limits(n *yaml.Node) *Limits {
	if n.Kind != yaml.MappingNode {
		ps.fail(n, "above is a mapping such as {containers: 3, ramGB: 8}, not a %s", kindName(n))
		return nil
	}
	l := &Limits{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		num, err := strconv.ParseFloat(strings.TrimSpace(v.Value), 64)
		if v.Kind != yaml.ScalarNode || err != nil || num <= 0 || num > 1e6 {
			ps.fail(v, "above.%s is a positive number, not %q", clip(k.Value), clip(v.Value))
			continue
		}
		switch k.Value {
		case "containers":
			l.Containers = int(num)
		case "cpu":
			l.CPU = int(num)
		case "ramGB":
			l.RAMGB = num
		case "diskGB":
			l.DiskGB = num
		default:
			ps.fail(k, "unknown limit %q; use containers, cpu, ramGB, diskGB", clip(k.Value))
		}
	}
	if *l == (Limits{}) {
		ps.fail(n, "above names no limit; use containers, cpu, ramGB or diskGB")
	}
	return l
}

// suggest is ` (did you mean "x"?)` for the closest valid word, if close.
func suggest(v string, valid []string) string {
	best, dist := "", 3
	for _, w := range valid {
		if d := editdist.EditDistanceWithin(v, w, dist); d < dist {
			best, dist = w, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "list"
	case yaml.AliasNode:
		return "alias"
	}
	return "word"
}

func clip(s string) string { return platform.Clip(s, 60) }
