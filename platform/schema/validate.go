package schema

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/zeropsio/zcp/platform"
)

// Validate checks doc (a decoded YAML document) against the schema and
// answers each schema error as a path, problem and fix. A null value where
// the schema wants another type is a warning, not an error: official
// recipes ship them and the platform reads them (facts: warn, do not
// refuse). A type or base the schema's list names in another form (an OS
// prefix, :single/:ha, golang for go, a shorter version or @latest) is no
// error.
func (s *Schema) Validate(doc any) (errs, warns []platform.Issue) {
	if s == nil {
		return nil, nil
	}
	return s.validate(toJSON(doc))
}

// validate maps the schema errors of a JSON instance.
func (s *Schema) validate(inst any) (errs, warns []platform.Issue) {
	err := s.compiled.Validate(inst)
	if err == nil {
		return nil, nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []platform.Issue{{Problem: platform.Clip("the document could not be checked against the platform's schema: "+err.Error(), 200)}}, nil
	}
	m := mapper{s: s, inst: inst, seen: map[string]bool{}}
	m.collect(ve)
	sortIssues(m.errs)
	sortIssues(m.warns)
	return m.errs, m.warns
}

// mapper turns a validation error tree into issues.
type mapper struct {
	s           *Schema
	inst        any
	errs, warns []platform.Issue
	seen        map[string]bool
}

func (m *mapper) collect(e *jsonschema.ValidationError) {
	switch k := e.ErrorKind.(type) {
	case *kind.AnyOf:
		m.alternatives(e)
		return
	case *kind.OneOf:
		if len(k.Subschemas) == 0 {
			m.alternatives(e)
			return
		}
	}
	if len(e.Causes) > 0 {
		for _, c := range e.Causes {
			m.collect(c)
		}
		return
	}
	m.leaf(e)
}

// alternatives reports the branch of an anyOf/oneOf whose type the value
// has (its own errors are the useful ones); when no branch took the value's
// type, one type error naming every type the branches take.
func (m *mapper) alternatives(e *jsonschema.ValidationError) {
	var wants []string
	for _, c := range e.Causes {
		if t, ok := typeErrorAt(c, e.InstanceLocation); ok {
			wants = append(wants, t.Want...)
			continue
		}
		m.collect(c)
		return
	}
	if len(wants) == 0 {
		m.leaf(e)
		return
	}
	slices.Sort(wants)
	m.typeIssue(e.InstanceLocation, &kind.Type{Got: jsonType(m.at(e.InstanceLocation)), Want: slices.Compact(wants)})
}

// typeErrorAt reports whether e is only a type error at loc (through groups).
func typeErrorAt(e *jsonschema.ValidationError, loc []string) (*kind.Type, bool) {
	for len(e.Causes) == 1 {
		e = e.Causes[0]
	}
	t, ok := e.ErrorKind.(*kind.Type)
	return t, ok && len(e.Causes) == 0 && slices.Equal(e.InstanceLocation, loc)
}

var printer = message.NewPrinter(language.English)

func (m *mapper) leaf(e *jsonschema.ValidationError) {
	loc := e.InstanceLocation
	switch k := e.ErrorKind.(type) {
	case *kind.AdditionalProperties:
		allowed := m.s.keysAt(e.SchemaURL)
		for _, p := range k.Properties {
			fix := "Remove it."
			if near := platform.NearKey(platform.Clip(p, 60), allowed); near != "" {
				fix = "Did you mean " + near + "? Rename it to " + near + "; otherwise remove it."
			} else if len(allowed) > 0 {
				fix = "Remove it; the platform's schema allows here: " + strings.Join(allowed, ", ") + "."
			}
			m.add(false, platform.Issue{Path: m.path(append(slices.Clone(loc), p)), Problem: fmt.Sprintf("unknown key %q", platform.Clip(p, 40)),
				Fix: fix, Kind: platform.IssueUnknownKey})
		}
	case *kind.Required:
		for _, p := range k.Missing {
			m.add(false, platform.Issue{Path: m.path(append(slices.Clone(loc), p)), Problem: "missing: the platform's schema requires it",
				Fix: "Add " + p + "."})
		}
	case *kind.Type:
		m.typeIssue(loc, k)
	case *kind.Enum:
		m.enumIssue(loc, fmt.Sprint(k.Got), k.Got, k.Want)
	case *kind.Const:
		m.enumIssue(loc, fmt.Sprint(k.Got), k.Got, []any{k.Want})
	case *kind.FalseSchema:
		m.add(false, platform.Issue{Path: m.path(loc), Problem: "not allowed here by the platform's schema", Fix: "Remove it."})
	default:
		m.add(false, platform.Issue{Path: m.path(loc), Problem: platform.Clip(e.ErrorKind.LocalizedString(printer), 200),
			Fix: "Change the value to what the platform's schema asks for."})
	}
}

func (m *mapper) typeIssue(loc []string, k *kind.Type) {
	want := strings.Join(k.Want, " or ")
	if k.Got == "null" {
		m.add(true, platform.Issue{Path: m.path(loc), Problem: "empty value (null): the platform's schema wants " + want,
			Fix: `Write a value ("" for an empty string) or remove the key; the platform may read null as empty or drop it.`})
		return
	}
	fix := "Write " + want + "."
	switch {
	case slices.Contains(k.Want, "array") && k.Got == "string":
		fix = "Write it as a list, one item per line starting with '- '."
	case slices.Contains(k.Want, "string") && (k.Got == "number" || k.Got == "integer" || k.Got == "boolean"):
		fix = "Quote the value to make it a string."
	case slices.Contains(k.Want, "object"):
		fix = "Write key: value pairs indented under it."
	}
	m.add(false, platform.Issue{Path: m.path(loc), Problem: fmt.Sprintf("must be %s, got %s", want, k.Got), Fix: fix})
}

// enumIssue reports a value outside the schema's list, unless the list
// names it in another form.
func (m *mapper) enumIssue(loc []string, got string, raw any, want []any) {
	var values []string
	for _, w := range want {
		values = append(values, fmt.Sprint(w))
	}
	if s, ok := raw.(string); ok {
		for _, v := range values {
			if platform.TypeMatches(s, v) {
				return
			}
		}
	}
	m.add(false, platform.Issue{Path: m.path(loc), Problem: fmt.Sprintf("%q is not a value the platform's schema lists here", platform.Clip(got, 60)),
		Fix: nearestValues(got, values)})
}

// nearestValues is the fix of a value outside a list: the values of the
// same name (nodejs@… for nodejs@99), else the closest few, else the list
// when it is short.
func nearestValues(got string, values []string) string {
	name := got
	if t, err := platform.ParseServiceType(got); err == nil {
		name = t.Name
	}
	var same []string
	for _, v := range values {
		if t, err := platform.ParseServiceType(v); err == nil && t.Name == name && t.Version != "" {
			same = append(same, v)
		}
	}
	if len(same) > 0 {
		return "Use one of: " + strings.Join(clipList(same, 12), ", ") + "."
	}
	type scored struct {
		v string
		d int
	}
	var near []scored
	for _, v := range values {
		if d := platform.EditDistanceWithin(strings.ToLower(got), strings.ToLower(v), 4); d < 4 {
			near = append(near, scored{v, d})
		}
	}
	sort.SliceStable(near, func(i, j int) bool { return near[i].d < near[j].d })
	if len(near) > 0 {
		out := make([]string, 0, 3)
		for _, n := range near[:min(3, len(near))] {
			out = append(out, n.v)
		}
		return "Did you mean " + strings.Join(out, " or ") + "?"
	}
	return "Use one of: " + strings.Join(clipList(values, 20), ", ") + "."
}

func clipList(l []string, n int) []string {
	if len(l) <= n {
		return l
	}
	return append(slices.Clone(l[:n]), fmt.Sprintf("… (%d more)", len(l)-n))
}

func (m *mapper) add(warn bool, is platform.Issue) {
	key := fmt.Sprint(warn, is.Path, is.Problem)
	if m.seen[key] {
		return
	}
	m.seen[key] = true
	is.Path, is.Problem, is.Fix = platform.Clip(is.Path, platform.MaxIssueText), platform.Clip(is.Problem, platform.MaxIssueText), platform.Clip(is.Fix, platform.MaxIssueText)
	if warn {
		m.warns = append(m.warns, is)
		return
	}
	m.errs = append(m.errs, is)
}

// path renders an instance location the way ZCP's issues name it:
// zerops[0].run.base, services[2](db).type.
func (m *mapper) path(loc []string) string {
	var b strings.Builder
	cur := m.inst
	for i, tok := range loc {
		switch c := cur.(type) {
		case []any:
			n, _ := strconv.Atoi(tok)
			fmt.Fprintf(&b, "[%d]", n)
			if n >= 0 && n < len(c) {
				cur = c[n]
				if i == 1 && loc[0] == "services" {
					if h, ok := hostnameOf(cur); ok {
						b.WriteString("(" + platform.Clip(h, 40) + ")")
					}
				}
			} else {
				cur = nil
			}
		default:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(platform.Clip(tok, 60))
			if mm, ok := cur.(map[string]any); ok {
				cur = mm[tok]
			} else {
				cur = nil
			}
		}
	}
	return b.String()
}

func hostnameOf(v any) (string, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return "", false
	}
	h, ok := m["hostname"].(string)
	return h, ok && h != ""
}

// at is the instance value at loc (nil when there is none).
func (m *mapper) at(loc []string) any {
	cur := m.inst
	for _, tok := range loc {
		switch c := cur.(type) {
		case []any:
			n, err := strconv.Atoi(tok)
			if err != nil || n < 0 || n >= len(c) {
				return nil
			}
			cur = c[n]
		case map[string]any:
			cur = c[tok]
		default:
			return nil
		}
	}
	return cur
}

// keysAt lists the properties of the schema object at schemaURL (the one
// whose additionalProperties failed), sorted.
func (s *Schema) keysAt(schemaURL string) []string {
	_, frag, _ := strings.Cut(schemaURL, "#")
	toks := strings.Split(strings.TrimPrefix(frag, "/"), "/")
	cur := s.doc
	for _, t := range toks {
		if t == "" {
			continue
		}
		if u, err := url.PathUnescape(t); err == nil {
			t = u
		}
		t = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
		switch c := cur.(type) {
		case map[string]any:
			cur = c[t]
		case []any:
			n, err := strconv.Atoi(t)
			if err != nil || n < 0 || n >= len(c) {
				return nil
			}
			cur = c[n]
		default:
			return nil
		}
	}
	obj, _ := cur.(map[string]any)
	props, _ := obj["properties"].(map[string]any)
	out := make([]string, 0, len(props))
	for k := range props {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case int, int64, uint64, float64:
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// toJSON turns a decoded YAML value into the JSON data model the validator
// takes: string keys, timestamps as text.
func toJSON(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			out[k] = toJSON(val)
		}
		return out
	case map[any]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			out[fmt.Sprint(k)] = toJSON(val)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, val := range x {
			out[i] = toJSON(val)
		}
		return out
	case time.Time:
		return x.Format(time.RFC3339)
	}
	return v
}

func sortIssues(l []platform.Issue) {
	sort.SliceStable(l, func(i, j int) bool { return l[i].Path < l[j].Path })
}
