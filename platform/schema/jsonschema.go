package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// node is one schema of a compiled JSON Schema document (draft 2020-12):
// the keywords that assert, read once from the document. Annotations
// (title, description, default, deprecated, examples, format) assert
// nothing and are not kept; a keyword this validator does not know is
// not checked either, so it can only ever accept more than the platform,
// never refuse what the platform takes. Immutable after compile; safe for
// concurrent use.
type node struct {
	always *bool // a boolean schema: true accepts every value, false none

	types    []string
	enum     []any
	hasConst bool
	constV   any

	props        map[string]*node
	propNames    []string // the keys of props, sorted: what an unknown key may have meant
	patternProps []patternProp
	additional   *node // nil: keys outside props are not constrained
	required     []string
	depRequired  map[string][]string
	keyNames     *node // propertyNames
	minProps     *int
	maxProps     *int

	items       *node
	prefixItems []*node
	contains    *node
	minContains *int
	maxContains *int
	minItems    *int
	maxItems    *int
	unique      bool

	allOf, anyOf, oneOf []*node
	not                 *node
	ifN, thenN, elseN   *node
	ref                 *node // $ref, resolved within the document

	minimum, maximum, exclMin, exclMax, multipleOf *float64
	minLen, maxLen                                 *int
	pattern                                        *regexp.Regexp
}

type patternProp struct {
	re *regexp.Regexp
	n  *node
}

// compiler turns one decoded document into nodes, resolving $ref pointers
// inside it; a reference out of the document is an error (nothing is
// fetched). Used by one goroutine for one Compile.
type compiler struct {
	root  any
	nodes map[string]*node // by JSON pointer, so a $ref cycle ends
	refs  []pendingRef
}

type pendingRef struct {
	from *node
	ptr  string
	at   string
}

func compileDoc(doc any) (*node, error) {
	c := &compiler{root: doc, nodes: map[string]*node{}}
	root, err := c.compile(doc, "")
	if err != nil {
		return nil, err
	}
	for len(c.refs) > 0 { // resolving may compile schemas with references of their own
		r := c.refs[0]
		c.refs = c.refs[1:]
		if r.from.ref, err = c.resolve(r.ptr); err != nil {
			return nil, fmt.Errorf("%s: $ref %q: %w", where(r.at), r.ptr, err)
		}
	}
	return root, nil
}

// resolve finds the schema a local reference ("#", "#/$defs/x") names,
// compiling it when no keyword led there yet.
func (c *compiler) resolve(ref string) (*node, error) {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil, errors.New("only references inside the document are read")
	}
	if n, ok := c.nodes[frag]; ok {
		return n, nil
	}
	var toks []string
	if frag != "" {
		for _, tok := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
			toks = append(toks, strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~"))
		}
	}
	cur, ok := descend(c.root, toks)
	if !ok {
		return nil, errors.New("nothing at that pointer")
	}
	return c.compile(cur, frag)
}

func where(ptr string) string {
	if ptr == "" {
		return "the schema's root"
	}
	return ptr
}

func (c *compiler) compile(v any, ptr string) (*node, error) {
	if n, ok := c.nodes[ptr]; ok {
		return n, nil
	}
	n := &node{}
	c.nodes[ptr] = n
	switch s := v.(type) {
	case bool:
		n.always = &s
		return n, nil
	case map[string]any:
		return n, c.keywords(n, s, ptr)
	}
	return nil, fmt.Errorf("%s: a schema is an object or a boolean, not %s", where(ptr), jsonType(v))
}

// keywords reads each asserting keyword of s into n; a keyword of the
// wrong JSON type makes the schema invalid, as the meta-schema would.
func (c *compiler) keywords(n *node, s map[string]any, ptr string) error {
	for _, key := range sortedKeys(s) {
		if err := c.keyword(n, key, s[key], ptr+"/"+escape(key)); err != nil {
			return err
		}
	}
	n.propNames = sortedKeys(n.props)
	return nil
}

func (c *compiler) keyword(n *node, key string, v any, at string) (err error) {
	bad := func(want string) error { return fmt.Errorf("%s: want %s", at, want) }
	if dst := n.subschemaKeyword(key); dst != nil {
		*dst, err = c.compile(v, at)
		return err
	}
	if dst := n.listKeyword(key); dst != nil {
		a, ok := v.([]any)
		if !ok || len(a) == 0 {
			return bad("a non-empty array of schemas")
		}
		*dst = make([]*node, len(a))
		for i, e := range a {
			if (*dst)[i], err = c.compile(e, at+"/"+strconv.Itoa(i)); err != nil {
				return err
			}
		}
		return nil
	}
	if handled, want := n.boundKeyword(key, v); handled {
		if want != "" {
			return bad(want)
		}
		return nil
	}
	switch key {
	case "type":
		n.types, err = typeList(v)
	case "enum":
		a, ok := v.([]any)
		if !ok {
			return bad("an array")
		}
		n.enum = a
	case "const":
		n.hasConst, n.constV = true, v
	case "properties":
		n.props, err = c.schemaMap(v, at)
	case "patternProperties":
		n.patternProps, err = c.patternMap(v, at)
	case "$defs", "definitions":
		_, err = c.schemaMap(v, at) // compiled now, so that a broken one is found now
	case "$ref":
		r, ok := v.(string)
		if !ok {
			return bad("a string")
		}
		c.refs = append(c.refs, pendingRef{from: n, ptr: r, at: at})
	case "required":
		n.required, err = stringList(v)
	case "dependentRequired":
		n.depRequired, err = stringLists(v)
	case "uniqueItems":
		b, ok := v.(bool)
		if !ok {
			return bad("a boolean")
		}
		n.unique = b
	case "pattern":
		p, ok := v.(string)
		if !ok {
			return bad("a string")
		}
		n.pattern, err = regexp.Compile(p)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", at, err)
	}
	return nil
}

func (c *compiler) schemaMap(v any, at string) (map[string]*node, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New("want an object of schemas")
	}
	out := make(map[string]*node, len(m))
	for k, e := range m {
		sn, err := c.compile(e, at+"/"+escape(k))
		if err != nil {
			return nil, err
		}
		out[k] = sn
	}
	return out, nil
}

func (c *compiler) patternMap(v any, at string) ([]patternProp, error) {
	m, err := c.schemaMap(v, at)
	if err != nil {
		return nil, err
	}
	var out []patternProp
	for _, p := range sortedKeys(m) {
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("pattern %q: %w", p, err)
		}
		out = append(out, patternProp{re, m[p]})
	}
	return out, nil
}

var jsonTypes = []string{"null", "boolean", "object", "array", "number", "integer", "string"}

func typeList(v any) ([]string, error) {
	var out []string
	switch t := v.(type) {
	case string:
		out = []string{t}
	case []any:
		var err error
		if out, err = stringList(t); err != nil {
			return nil, err
		}
	default:
		return nil, errors.New("want a type name or a list of them")
	}
	for _, t := range out {
		if !slices.Contains(jsonTypes, t) {
			return nil, fmt.Errorf("%q is not a JSON type", t)
		}
	}
	return out, nil
}

// subschemaKeyword is where n keeps the keywords holding one schema; nil for another key.
func (n *node) subschemaKeyword(key string) **node {
	switch key {
	case "additionalProperties":
		return &n.additional
	case "propertyNames":
		return &n.keyNames
	case "items":
		return &n.items
	case "contains":
		return &n.contains
	case "not":
		return &n.not
	case "if":
		return &n.ifN
	case "then":
		return &n.thenN
	case "else":
		return &n.elseN
	}
	return nil
}

// listKeyword is where n keeps the keywords holding a list of schemas; nil for another key.
func (n *node) listKeyword(key string) *[]*node {
	switch key {
	case "prefixItems":
		return &n.prefixItems
	case "allOf":
		return &n.allOf
	case "anyOf":
		return &n.anyOf
	case "oneOf":
		return &n.oneOf
	}
	return nil
}

// boundKeyword reads a numeric bound or count into n: whether key is one,
// and what it wants when v is not.
func (n *node) boundKeyword(key string, v any) (handled bool, want string) {
	if dst := n.numberKeyword(key); dst != nil {
		f, ok := v.(float64)
		if !ok || (key == "multipleOf" && f <= 0) {
			return true, "a number"
		}
		*dst = &f
		return true, ""
	}
	if dst := n.countKeyword(key); dst != nil {
		f, ok := v.(float64)
		if !ok || f < 0 || f != math.Trunc(f) {
			return true, "a non-negative integer"
		}
		i := int(min(f, math.MaxInt32))
		*dst = &i
		return true, ""
	}
	return false, ""
}

// numberKeyword is where n keeps the bound key names; nil for another key.
func (n *node) numberKeyword(key string) **float64 {
	switch key {
	case "minimum":
		return &n.minimum
	case "maximum":
		return &n.maximum
	case "exclusiveMinimum":
		return &n.exclMin
	case "exclusiveMaximum":
		return &n.exclMax
	case "multipleOf":
		return &n.multipleOf
	}
	return nil
}

// countKeyword is where n keeps the length or count key names; nil for another key.
func (n *node) countKeyword(key string) **int {
	switch key {
	case "minLength":
		return &n.minLen
	case "maxLength":
		return &n.maxLen
	case "minItems":
		return &n.minItems
	case "maxItems":
		return &n.maxItems
	case "minProperties":
		return &n.minProps
	case "maxProperties":
		return &n.maxProps
	case "minContains":
		return &n.minContains
	case "maxContains":
		return &n.maxContains
	}
	return nil
}

func stringList(v any) ([]string, error) {
	a, ok := v.([]any)
	if !ok {
		return nil, errors.New("want an array of strings")
	}
	out := make([]string, 0, len(a))
	for _, e := range a {
		s, ok := e.(string)
		if !ok {
			return nil, errors.New("want an array of strings")
		}
		out = append(out, s)
	}
	return out, nil
}

func stringLists(v any) (map[string][]string, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New("want an object of string arrays")
	}
	out := make(map[string][]string, len(m))
	for k, e := range m {
		l, err := stringList(e)
		if err != nil {
			return nil, err
		}
		out[k] = l
	}
	return out, nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func escape(tok string) string {
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// errKind says which assertion a vErr reports.
type errKind int

const (
	errGroup      errKind = iota // several failures at one place: see causes
	errFalse                     // the schema is false: nothing is allowed here
	errType                      // got, want
	errEnum                      // value, values
	errConst                     // value, values (the one)
	errRequired                  // want: the missing keys
	errAdditional                // want: the keys not allowed; allowed: the keys that are
	errAnyOf                     // no alternative matched: causes, one per alternative
	errOneOf                     // no alternative matched: causes, one per alternative
	errOther                     // msg
)

// vErr is one failed assertion at one place of the instance, or a group
// of them (causes), as the mapper turns them into issues.
type vErr struct {
	kind    errKind
	loc     []string // where in the instance: keys and array indexes
	causes  []*vErr
	got     string
	want    []string
	allowed []string
	value   any
	values  []any
	msg     string
}

// maxRefDepth bounds how deep checking goes through schemas that refer to
// themselves.
const maxRefDepth = 64

// check lists what inst at loc fails of n; nil when it passes.
func (n *node) check(inst any, loc []string, depth int) []*vErr {
	if n.always != nil {
		if *n.always {
			return nil
		}
		return []*vErr{{kind: errFalse, loc: loc}}
	}
	if depth > maxRefDepth {
		return []*vErr{{kind: errOther, loc: loc, msg: "the schema refers to itself too deeply to check this value"}}
	}
	var out []*vErr
	if n.ref != nil {
		out = append(out, n.ref.check(inst, loc, depth+1)...)
	}
	if len(n.types) > 0 && !slices.ContainsFunc(n.types, func(t string) bool { return isType(inst, t) }) {
		// nothing else of this schema applies to a value of another type
		return append(out, &vErr{kind: errType, loc: loc, got: typeName(inst), want: n.types})
	}
	if n.enum != nil && !slices.ContainsFunc(n.enum, func(e any) bool { return equal(inst, e) }) {
		out = append(out, &vErr{kind: errEnum, loc: loc, value: inst, values: n.enum})
	}
	if n.hasConst && !equal(inst, n.constV) {
		out = append(out, &vErr{kind: errConst, loc: loc, value: inst, values: []any{n.constV}})
	}
	switch v := inst.(type) {
	case map[string]any:
		out = append(out, n.checkObject(v, loc, depth)...)
	case []any:
		out = append(out, n.checkArray(v, loc, depth)...)
	case string:
		out = append(out, n.checkString(v, loc)...)
	default:
		if f, ok := number(inst); ok {
			out = append(out, n.checkNumber(f, loc)...)
		}
	}
	out = append(out, n.checkApplicators(inst, loc, depth)...)
	return out
}

func (n *node) checkApplicators(inst any, loc []string, depth int) []*vErr {
	var out []*vErr
	for _, s := range n.allOf {
		out = append(out, s.check(inst, loc, depth+1)...)
	}
	if len(n.anyOf) > 0 {
		var causes []*vErr
		for _, s := range n.anyOf {
			errs := s.check(inst, loc, depth+1)
			if len(errs) == 0 {
				causes = nil
				break
			}
			causes = append(causes, group(errs, loc))
		}
		if causes != nil {
			out = append(out, &vErr{kind: errAnyOf, loc: loc, causes: causes})
		}
	}
	if len(n.oneOf) > 0 {
		var causes []*vErr
		var matched []int
		for i, s := range n.oneOf {
			errs := s.check(inst, loc, depth+1)
			if len(errs) == 0 {
				matched = append(matched, i)
				continue
			}
			causes = append(causes, group(errs, loc))
		}
		switch {
		case len(matched) == 0:
			out = append(out, &vErr{kind: errOneOf, loc: loc, causes: causes})
		case len(matched) > 1:
			out = append(out, &vErr{kind: errOther, loc: loc, msg: fmt.Sprintf("matches more than one alternative (oneOf %d and %d); the schema wants exactly one", matched[0], matched[1])})
		}
	}
	if n.not != nil && len(n.not.check(inst, loc, depth+1)) == 0 {
		out = append(out, &vErr{kind: errOther, loc: loc, msg: "matches a form the schema rules out (not)"})
	}
	if n.ifN != nil {
		if len(n.ifN.check(inst, loc, depth+1)) == 0 {
			if n.thenN != nil {
				out = append(out, n.thenN.check(inst, loc, depth+1)...)
			}
		} else if n.elseN != nil {
			out = append(out, n.elseN.check(inst, loc, depth+1)...)
		}
	}
	return out
}

func group(errs []*vErr, loc []string) *vErr {
	if len(errs) == 1 {
		return errs[0]
	}
	return &vErr{kind: errGroup, loc: loc, causes: errs}
}

func (n *node) checkObject(v map[string]any, loc []string, depth int) []*vErr {
	var out []*vErr
	var missing []string
	for _, k := range n.required {
		if _, ok := v[k]; !ok {
			missing = append(missing, k)
		}
	}
	for _, k := range sortedKeys(n.depRequired) {
		if _, ok := v[k]; ok {
			for _, d := range n.depRequired[k] {
				if _, ok := v[d]; !ok && !slices.Contains(missing, d) {
					missing = append(missing, d)
				}
			}
		}
	}
	if len(missing) > 0 {
		out = append(out, &vErr{kind: errRequired, loc: loc, want: missing})
	}
	if n.minProps != nil && len(v) < *n.minProps {
		out = append(out, &vErr{kind: errOther, loc: loc, msg: fmt.Sprintf("has %d keys; the schema wants at least %d", len(v), *n.minProps)})
	}
	if n.maxProps != nil && len(v) > *n.maxProps {
		out = append(out, &vErr{kind: errOther, loc: loc, msg: fmt.Sprintf("has %d keys; the schema allows at most %d", len(v), *n.maxProps)})
	}
	var extra []string
	for _, k := range sortedKeys(v) {
		at := append(slices.Clip(loc), k)
		if n.keyNames != nil {
			for _, e := range n.keyNames.check(k, at, depth+1) {
				out = append(out, &vErr{kind: errOther, loc: at, msg: "the key's name is not one the schema allows", causes: []*vErr{e}})
			}
		}
		known := false
		if s, ok := n.props[k]; ok {
			known = true
			out = append(out, s.check(v[k], at, depth+1)...)
		}
		for _, p := range n.patternProps {
			if p.re.MatchString(k) {
				known = true
				out = append(out, p.n.check(v[k], at, depth+1)...)
			}
		}
		if known || n.additional == nil {
			continue
		}
		if a := n.additional.always; a != nil && !*a {
			extra = append(extra, k)
			continue
		}
		out = append(out, n.additional.check(v[k], at, depth+1)...)
	}
	if len(extra) > 0 {
		out = append(out, &vErr{kind: errAdditional, loc: loc, want: extra, allowed: n.propNames})
	}
	return out
}

func (n *node) checkArray(v []any, loc []string, depth int) []*vErr {
	var out []*vErr
	if n.minItems != nil && len(v) < *n.minItems {
		out = append(out, &vErr{kind: errOther, loc: loc, msg: fmt.Sprintf("has %d items; the schema wants at least %d", len(v), *n.minItems)})
	}
	if n.maxItems != nil && len(v) > *n.maxItems {
		out = append(out, &vErr{kind: errOther, loc: loc, msg: fmt.Sprintf("has %d items; the schema allows at most %d", len(v), *n.maxItems)})
	}
	for i, e := range v {
		at := append(slices.Clip(loc), strconv.Itoa(i))
		switch {
		case i < len(n.prefixItems):
			out = append(out, n.prefixItems[i].check(e, at, depth+1)...)
		case n.items != nil:
			out = append(out, n.items.check(e, at, depth+1)...)
		}
	}
	if n.unique {
	pairs:
		for i := range v {
			for j := i + 1; j < len(v); j++ {
				if equal(v[i], v[j]) {
					out = append(out, &vErr{kind: errOther, loc: loc, msg: fmt.Sprintf("items %d and %d are equal; the schema wants every item once", i, j)})
					break pairs
				}
			}
		}
	}
	if n.contains != nil {
		found := 0
		for i, e := range v {
			if len(n.contains.check(e, append(slices.Clip(loc), strconv.Itoa(i)), depth+1)) == 0 {
				found++
			}
		}
		least := 1
		if n.minContains != nil {
			least = *n.minContains
		}
		if found < least {
			out = append(out, &vErr{kind: errOther, loc: loc, msg: fmt.Sprintf("has %d items of the form the schema asks for; it wants at least %d", found, least)})
		}
		if n.maxContains != nil && found > *n.maxContains {
			out = append(out, &vErr{kind: errOther, loc: loc, msg: fmt.Sprintf("has %d items of the form the schema asks for; it allows at most %d", found, *n.maxContains)})
		}
	}
	return out
}

func (n *node) checkString(s string, loc []string) []*vErr {
	var out []*vErr
	count := utf8.RuneCountInString(s)
	if n.minLen != nil && count < *n.minLen {
		out = append(out, &vErr{kind: errOther, loc: loc, msg: fmt.Sprintf("is %d characters long; the schema wants at least %d", count, *n.minLen)})
	}
	if n.maxLen != nil && count > *n.maxLen {
		out = append(out, &vErr{kind: errOther, loc: loc, msg: fmt.Sprintf("is %d characters long; the schema allows at most %d", count, *n.maxLen)})
	}
	if n.pattern != nil && !n.pattern.MatchString(s) {
		out = append(out, &vErr{kind: errOther, loc: loc, msg: fmt.Sprintf("does not match the pattern %q the schema asks for", n.pattern.String())})
	}
	return out
}

func (n *node) checkNumber(f float64, loc []string) []*vErr {
	var out []*vErr
	bound := func(fail bool, format string, b float64) {
		if fail {
			out = append(out, &vErr{kind: errOther, loc: loc, msg: fmt.Sprintf(format, strconv.FormatFloat(f, 'g', -1, 64), strconv.FormatFloat(b, 'g', -1, 64))})
		}
	}
	if n.minimum != nil {
		bound(f < *n.minimum, "%s is less than the minimum %s", *n.minimum)
	}
	if n.maximum != nil {
		bound(f > *n.maximum, "%s is more than the maximum %s", *n.maximum)
	}
	if n.exclMin != nil {
		bound(f <= *n.exclMin, "%s is not more than %s", *n.exclMin)
	}
	if n.exclMax != nil {
		bound(f >= *n.exclMax, "%s is not less than %s", *n.exclMax)
	}
	if n.multipleOf != nil {
		q := f / *n.multipleOf
		bound(math.IsInf(q, 0) || q != math.Trunc(q), "%s is not a multiple of %s", *n.multipleOf)
	}
	return out
}

// number reads a JSON number of any Go numeric type a decoder gives.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case float32:
		return float64(x), true
	case int:
		return float64(x), true
	case int8:
		return float64(x), true
	case int16:
		return float64(x), true
	case int32:
		return float64(x), true
	case int64:
		return float64(x), true
	case uint:
		return float64(x), true
	case uint8:
		return float64(x), true
	case uint16:
		return float64(x), true
	case uint32:
		return float64(x), true
	case uint64:
		return float64(x), true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	}
	return 0, false
}

// typeName is the JSON type of v, "integer" for a whole number.
func typeName(v any) string {
	if f, ok := number(v); ok {
		if f == math.Trunc(f) && !math.IsInf(f, 0) {
			return "integer"
		}
		return "number"
	}
	return jsonType(v)
}

func isType(v any, t string) bool {
	got := typeName(v)
	return got == t || (t == "number" && got == "integer")
}

// equal is JSON equality: numbers by value, objects and arrays deeply.
func equal(a, b any) bool {
	if fa, ok := number(a); ok {
		fb, ok := number(b)
		return ok && fa == fb
	}
	switch x := a.(type) {
	case []any:
		y, ok := b.([]any)
		return ok && slices.EqualFunc(x, y, equal)
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, xv := range x {
			yv, ok := y[k]
			if !ok || !equal(xv, yv) {
				return false
			}
		}
		return true
	case nil, bool, string:
		return a == b
	}
	return false
}
