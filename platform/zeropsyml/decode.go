package zeropsyml

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"

	"gopkg.in/yaml.v3"
)

// SyntaxError is content that is not YAML, at Line (0 when not known).
type SyntaxError struct {
	Line int
	Err  error
}

func (e *SyntaxError) Error() string { return e.Err.Error() }
func (e *SyntaxError) Unwrap() error { return e.Err }

// ErrTooComplex is a document whose aliases expand beyond what the model
// reads (an alias bomb); the problems name where reading stopped.
var ErrTooComplex = errors.New("zerops.yml: too many nodes once its aliases are expanded")

// maxVisits bounds the nodes one decode visits, aliases expanded: a 100 kB
// file written out has far fewer.
const maxVisits = 200_000

var lineNumber = regexp.MustCompile(`line (\d+)`)

// Parse decodes content. It fails only when content is not YAML (a
// *SyntaxError); every value it cannot read is a Problem of the File.
func Parse(content []byte) (f *File, err error) {
	defer func() {
		// yaml.v3 has panicked on hostile input before; a file is never
		// worth a crash.
		if r := recover(); r != nil {
			f, err = nil, &SyntaxError{Err: fmt.Errorf("zerops.yml does not parse: %v", r)}
		}
	}()
	var root yaml.Node
	if err := yaml.Unmarshal(content, &root); err != nil {
		se := &SyntaxError{Err: err}
		if m := lineNumber.FindStringSubmatch(err.Error()); m != nil {
			se.Line, _ = strconv.Atoi(m[1])
		}
		return nil, se
	}
	d := &decoder{budget: maxVisits}
	f = &File{}
	doc := &root
	if doc.Kind == yaml.DocumentNode {
		if len(doc.Content) == 0 {
			return f, nil // empty: no setups
		}
		doc = doc.Content[0]
	}
	doc = d.resolve(doc)
	switch {
	case doc == nil:
	case doc.Kind == yaml.SequenceNode:
		f.List = true
		f.Setups = d.setups(doc)
	case doc.Kind == yaml.MappingNode:
		d.mapping(doc, "", func(key string, v *yaml.Node, at Key) {
			if f.Keys == nil {
				f.Keys = Keys{}
			}
			f.Keys[key] = at
			if key != "zerops" {
				return
			}
			if list := d.resolve(v); list != nil && list.Kind == yaml.SequenceNode {
				f.Setups = d.setups(list)
			} else if at.Kind != "nothing" {
				d.problem("zerops", v, "must be a list of setups, got "+at.Kind)
			}
		})
	case isNull(doc):
	default:
		d.problem("", doc, "must be a mapping with the key zerops, got "+kindOf(doc))
	}
	f.Problems = d.problems
	if d.budget < 0 {
		return f, ErrTooComplex
	}
	return f, nil
}

// decoder walks a node tree into the model, collecting problems. Not safe
// for concurrent use.
type decoder struct {
	problems []Problem
	budget   int
	quiet    bool // no problems (a merged setup: its own were reported)
}

func (d *decoder) problem(path string, n *yaml.Node, problem string) {
	if d.quiet || len(d.problems) >= 100 {
		return
	}
	d.problems = append(d.problems, Problem{Path: path, Line: n.Line, Problem: problem})
}

// visit spends one node of the budget, false once it is spent.
func (d *decoder) visit() bool {
	d.budget--
	if d.budget == -1 {
		d.problems = append(d.problems, Problem{Problem: ErrTooComplex.Error()})
	}
	return d.budget >= 0
}

// resolve follows aliases to the node they name.
func (d *decoder) resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 100; i++ {
		n = n.Alias
	}
	if n != nil && n.Kind == yaml.AliasNode {
		return nil
	}
	return n
}

// mapping calls fn for each key of mapping n (at path) with its value and
// where it is, merge keys (<<) expanded and a key written twice read once,
// as yaml.v3 reads them: the mapping's own keys win over merged ones.
func (d *decoder) mapping(n *yaml.Node, path string, fn func(key string, v *yaml.Node, at Key)) {
	seen := map[string]bool{}
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if depth > 10 {
			return
		}
		var merges []*yaml.Node
		for i := 0; i+1 < len(n.Content) && d.visit(); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind == yaml.ScalarNode && k.Tag == "!!merge" {
				merges = append(merges, v)
				continue
			}
			key := k.Value
			if k.Kind != yaml.ScalarNode || seen[key] {
				continue
			}
			seen[key] = true
			fn(key, v, Key{Line: k.Line, Kind: kindOf(d.resolve(v))})
		}
		for _, m := range merges {
			m = d.resolve(m)
			if m == nil {
				continue
			}
			switch m.Kind {
			case yaml.MappingNode:
				walk(m, depth+1)
			case yaml.SequenceNode:
				for _, it := range m.Content {
					if it = d.resolve(it); it != nil && it.Kind == yaml.MappingNode {
						walk(it, depth+1)
					}
				}
			}
		}
	}
	walk(n, 0)
}

// asMapping is n as a mapping (nil for null), a problem otherwise.
func (d *decoder) asMapping(path string, n *yaml.Node) *yaml.Node {
	n = d.resolve(n)
	switch {
	case n == nil || isNull(n):
		return nil
	case n.Kind == yaml.MappingNode:
		return n
	}
	d.problem(path, n, "must be a mapping, got "+kindOf(n))
	return nil
}

// str reads a scalar as the text written (a number or boolean included, as
// yaml.v3 decodes one into a string); null is "".
func (d *decoder) str(path string, n *yaml.Node) string {
	n = d.resolve(n)
	switch {
	case n == nil || isNull(n):
		return ""
	case n.Kind == yaml.ScalarNode:
		return n.Value
	}
	d.problem(path, n, "must be a string, got "+kindOf(n))
	return ""
}

// integer reads a whole number; null is 0.
func (d *decoder) integer(path string, n *yaml.Node) int {
	n = d.resolve(n)
	if n == nil || isNull(n) {
		return 0
	}
	var x int
	if n.Kind != yaml.ScalarNode || n.Decode(&x) != nil {
		d.problem(path, n, "must be a whole number, got "+kindOf(n))
	}
	return x
}

// boolean reads true or false; null is false.
func (d *decoder) boolean(path string, n *yaml.Node) bool {
	n = d.resolve(n)
	if n == nil || isNull(n) {
		return false
	}
	var x bool
	if n.Kind != yaml.ScalarNode || n.Decode(&x) != nil {
		d.problem(path, n, "must be true or false, got "+kindOf(n))
	}
	return x
}

// strings reads a string or a list of them (a command, files, bases);
// list reports whether it was a list.
func (d *decoder) strings(path string, n *yaml.Node) (out []string, list bool) {
	n = d.resolve(n)
	switch {
	case n == nil || isNull(n):
		return nil, false
	case n.Kind == yaml.ScalarNode:
		return []string{n.Value}, false
	case n.Kind == yaml.SequenceNode:
		for i, it := range n.Content {
			if !d.visit() {
				break
			}
			it = d.resolve(it)
			if it == nil || it.Kind != yaml.ScalarNode || isNull(it) {
				if it != nil {
					d.problem(fmt.Sprintf("%s[%d]", path, i), it, "must be a string, got "+kindOf(it))
				}
				continue
			}
			out = append(out, it.Value)
		}
		return out, true
	}
	d.problem(path, n, "must be a string or a list of strings, got "+kindOf(n))
	return nil, false
}

// list calls fn for each item of the list n (null: none).
func (d *decoder) list(path string, n *yaml.Node, fn func(i int, it *yaml.Node)) {
	n = d.resolve(n)
	switch {
	case n == nil || isNull(n):
		return
	case n.Kind != yaml.SequenceNode:
		d.problem(path, n, "must be a list, got "+kindOf(n))
		return
	}
	for i, it := range n.Content {
		if !d.visit() {
			return
		}
		if it = d.resolve(it); it != nil {
			fn(i, it)
		}
	}
}

// env reads an envVariables mapping of scalars.
func (d *decoder) env(path string, n *yaml.Node) Env {
	m := d.asMapping(path, n)
	if m == nil {
		return nil
	}
	var out Env
	d.mapping(m, path, func(key string, v *yaml.Node, at Key) {
		v = d.resolve(v)
		switch {
		case v == nil:
		case isNull(v):
			out = append(out, EnvVar{Key: key, Null: true, Line: at.Line})
		case v.Kind == yaml.ScalarNode:
			out = append(out, EnvVar{Key: key, Value: v.Value, Line: at.Line})
		default:
			d.problem(path+"."+key, v, "must be a scalar value, got "+kindOf(v))
		}
	})
	return out
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// kindOf names what n is, as messages do.
func kindOf(n *yaml.Node) string {
	if n == nil {
		return "nothing"
	}
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return "nothing"
		case "!!bool":
			return "a boolean"
		case "!!int", "!!float":
			return "a number"
		}
		return "a string"
	}
	return "nothing"
}

func itoa(n int) string { return strconv.Itoa(n) }
