package schema

import (
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
)

// maxAliasDepth bounds alias expansion (a billion-laughs document).
const maxAliasDepth = 32

// ValidateYAML validates a YAML document as Validate does, and reads an
// unquoted number or boolean where the schema wants a string (base: 3.20)
// as the text it was written as, the way the platform's YAML decoder does,
// with a warning to quote it. An error is returned only when content is not YAML.
func (s *Schema) ValidateYAML(content string) (errs, warns []platform.Issue, err error) {
	if s == nil {
		return nil, nil, nil
	}
	var plain any // yaml.v3 refuses excessive aliasing here, before fromNode expands aliases
	if err := yaml.Unmarshal([]byte(content), &plain); err != nil {
		return nil, nil, fmt.Errorf("decode YAML: %w", err)
	}
	var root yaml.Node
	if err := yaml.Unmarshal([]byte(content), &root); err != nil {
		return nil, nil, fmt.Errorf("decode YAML: %w", err)
	}
	lits := map[string]string{}
	inst := fromNode(&root, nil, lits, 0)
	var coerced []platform.Issue
	for _, loc := range textLocations(s.root.check(inst, nil, 0), lits) {
		lit := lits[strings.Join(loc, "/")]
		if setAt(inst, loc, lit) {
			m := mapper{inst: inst}
			coerced = append(coerced, platform.Issue{Path: m.path(loc), Problem: fmt.Sprintf("%s is written unquoted: the platform's schema wants a string", platform.Clip(lit, 40)),
				Fix: fmt.Sprintf("Quote it: %q.", platform.Clip(lit, 40))})
		}
	}
	errs, warns = s.validate(inst)
	return errs, append(coerced, warns...), nil
}

// textLocations lists the locations of scalars written unquoted where the
// schema wants a string.
func textLocations(found []*vErr, lits map[string]string) [][]string {
	var out [][]string
	var walk func(e *vErr)
	walk = func(e *vErr) {
		if e.kind == errType && slices.Contains(e.want, "string") && e.got != "null" {
			if _, ok := lits[strings.Join(e.loc, "/")]; ok {
				out = append(out, e.loc)
			}
		}
		for _, c := range e.causes {
			walk(c)
		}
	}
	for _, e := range found {
		walk(e)
	}
	return out
}

// setAt replaces the value at loc in inst; false when there is none.
func setAt(inst any, loc []string, v any) bool {
	if len(loc) == 0 {
		return false
	}
	parent := (&mapper{inst: inst}).at(loc[:len(loc)-1])
	last := loc[len(loc)-1]
	switch p := parent.(type) {
	case map[string]any:
		if _, ok := p[last]; ok {
			p[last] = v
			return true
		}
	case []any:
		var n int
		if _, err := fmt.Sscan(last, &n); err == nil && n >= 0 && n < len(p) {
			p[n] = v
			return true
		}
	}
	return false
}

// fromNode turns a YAML node into the JSON data model, recording the
// literal text of each number and boolean by its location.
func fromNode(n *yaml.Node, loc []string, lits map[string]string, depth int) any {
	if n == nil || depth > maxAliasDepth {
		return nil
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil
		}
		return fromNode(n.Content[0], loc, lits, depth)
	case yaml.AliasNode:
		return fromNode(n.Alias, loc, lits, depth+1)
	case yaml.MappingNode:
		out := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Tag == "!!merge" {
				if m, ok := fromNode(v, loc, lits, depth+1).(map[string]any); ok {
					for mk, mv := range m {
						if _, set := out[mk]; !set {
							out[mk] = mv
						}
					}
				}
				continue
			}
			out[k.Value] = fromNode(v, append(slices.Clone(loc), k.Value), lits, depth)
		}
		return out
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for i, c := range n.Content {
			out = append(out, fromNode(c, append(slices.Clone(loc), fmt.Sprint(i)), lits, depth))
		}
		return out
	case yaml.ScalarNode:
		var v any
		if err := n.Decode(&v); err != nil {
			return n.Value
		}
		switch v.(type) {
		case int, int64, uint64, float64, bool:
			lits[strings.Join(loc, "/")] = n.Value
		}
		return toJSON(v)
	}
	return nil
}
