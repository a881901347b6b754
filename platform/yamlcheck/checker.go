package yamlcheck

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/editdist"
)

// checker collects issues while walking a decoded YAML document. Call
// finish before reading errors and warnings. Not safe for concurrent use.
type checker struct {
	errors       []platform.Issue
	warnings     []platform.Issue
	moreErrors   int
	moreWarnings int
	// bySchema: the platform's schema checked the document's shape (keys,
	// value types), so the shape problems found here are only counted.
	bySchema bool
	// schemaErrors: the first schemaErrors of errors are the schema's.
	schemaErrors int
	hidden       int
}

// errf records an error and returns it, so the caller can set its Fix; an
// error beyond platform.MaxIssues is only counted (the returned issue is discarded).
func (c *checker) errf(path, format string, args ...any) *platform.Issue {
	if len(c.errors) >= platform.MaxIssues {
		c.moreErrors++
		return &platform.Issue{}
	}
	c.errors = append(c.errors, platform.NewIssue(path, format, args...))
	return &c.errors[len(c.errors)-1]
}

// errorCount is how many errors were reported so far, listed or only counted.
func (c *checker) errorCount() int { return len(c.errors) + c.moreErrors + c.hidden }

// shapef records a problem of the document's shape (a key or a value type)
// like errf; when the platform's schema checked the shape, it is only
// counted (the schema's own error stands for it).
func (c *checker) shapef(path, format string, args ...any) *platform.Issue {
	if c.bySchema {
		c.hidden++
		return &platform.Issue{}
	}
	return c.errf(path, format, args...)
}

// warnf records a warning, like errf.
func (c *checker) warnf(path, format string, args ...any) *platform.Issue {
	if len(c.warnings) >= platform.MaxIssues {
		c.moreWarnings++
		return &platform.Issue{}
	}
	c.warnings = append(c.warnings, platform.NewIssue(path, format, args...))
	return &c.warnings[len(c.warnings)-1]
}

// finishErrors appends the count of errors left out, if any.
func (c *checker) finishErrors() {
	if c.moreErrors > 0 {
		c.errors = append(c.errors, platform.Issue{Problem: fmt.Sprintf("… and %d more errors not listed", c.moreErrors), Fix: "Fix these first, then check again.",
			Kind: platform.IssueNotListed})
		c.moreErrors = 0
	}
}

// oneCausePerPath drops the schema's error at a path ZCP's own checks also
// flag: the live catalog's answer there is the more specific (it names the
// newest version), and one value gets one cause and one fix.
func (c *checker) oneCausePerPath() {
	if c.schemaErrors == 0 {
		return
	}
	own := map[string]bool{}
	for _, e := range c.errors[c.schemaErrors:] {
		own[e.Path] = true
	}
	kept := c.errors[:0]
	for i, e := range c.errors {
		if i < c.schemaErrors && own[e.Path] {
			continue
		}
		kept = append(kept, e)
	}
	c.errors = kept
}

// finish appends the count of issues left out, if any.
func (c *checker) finish() {
	c.finishErrors()
	if c.moreWarnings > 0 {
		c.warnings = append(c.warnings, platform.Issue{Problem: fmt.Sprintf("… and %d more warnings not listed", c.moreWarnings), Kind: platform.IssueNotListed})
		c.moreWarnings = 0
	}
}

// asMap returns v as a string-keyed map, reporting a type error otherwise.
func (c *checker) asMap(path string, v any) (map[string]any, bool) {
	switch m := v.(type) {
	case map[string]any:
		return m, true
	case map[any]any:
		out := make(map[string]any, len(m))
		for k, val := range m {
			out[fmt.Sprint(k)] = val
		}
		return out, true
	}
	c.shapef(path, "must be a mapping, got %s", kindOf(v)).Fix = "Write key: value pairs indented under it."
	return nil, false
}

// rootList reports a document written as a bare list, which belongs under
// the top-level key; it answers whether root was one.
func rootList(c *checker, root any, key, items string) bool {
	if _, ok := root.([]any); !ok {
		return false
	}
	c.shapef("", "the document is a list; the list belongs under the top-level key %s:", key).Fix = fmt.Sprintf(
		"Put %s: on the first line and indent the list under it (each item with %s).", key, items)
	return true
}

func (c *checker) asList(path string, v any) ([]any, bool) {
	if l, ok := v.([]any); ok {
		return l, true
	}
	c.shapef(path, "must be a list, got %s", kindOf(v)).Fix = "Write one item per line starting with '- '."
	return nil, false
}

func (c *checker) wantString(path string, v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case int, int64, uint64, float64, bool: // the platform's YAML decoder reads it as text
		if c.bySchema {
			return fmt.Sprint(x), true // the schema's check warns of it
		}
		c.warnf(path, "%v is written unquoted where a string belongs", x).Fix = fmt.Sprintf("Quote it: \"%v\".", x)
		return fmt.Sprint(x), true
	}
	c.shapef(path, "must be a string, got %s", kindOf(v)).Fix = "Write a string (quote it if it looks like a number)."
	return "", false
}

func (c *checker) wantBool(path string, v any) {
	if _, ok := v.(bool); !ok {
		c.shapef(path, "must be true or false, got %s", kindOf(v)).Fix = "Write true or false without quotes."
	}
}

func (c *checker) wantInt(path string, v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case uint64:
		return int(n), true
	}
	c.shapef(path, "must be a whole number, got %s", kindOf(v)).Fix = "Write a number without quotes, e.g. 3000."
	return 0, false
}

func (c *checker) wantNumber(path string, v any) {
	switch v.(type) {
	case int, int64, uint64, float64:
		return
	}
	c.shapef(path, "must be a number, got %s", kindOf(v)).Fix = "Write a number without quotes, e.g. 0.5."
}

// wantStringOrList accepts a string or a list of strings (commands, files).
func (c *checker) wantStringOrList(path string, v any) {
	switch x := v.(type) {
	case string:
		return
	case []any:
		for i, item := range x {
			if _, ok := item.(string); !ok {
				c.shapef(fmt.Sprintf("%s[%d]", path, i), "must be a string, got %s", kindOf(item)).Fix = "Write each item as a string."
			}
		}
		return
	}
	c.shapef(path, "must be a string or a list of strings, got %s", kindOf(v)).Fix = "Write a command string or a list of them."
}

// wantStringMap accepts a mapping of scalar values (envVariables).
func (c *checker) wantStringMap(path string, v any) {
	m, ok := c.asMap(path, v)
	if !ok {
		return
	}
	var nulls []string
	for _, k := range slices.Sorted(maps.Keys(m)) { // sorted: one answer for one document
		val := m[k]
		switch val.(type) {
		case string, int, int64, uint64, float64, bool:
		case nil: // official recipes ship null values: outside the schema, not refused (facts)
			nulls = append(nulls, k)
		default:
			c.shapef(path+"."+platform.Clip(k, 40), "must be a scalar value, got %s", kindOf(val)).Fix = "Write the value as a string."
		}
	}
	if len(nulls) > 0 && !c.bySchema { // else the schema's warning names them
		w := c.warnf("", "")
		*w = platform.NullEnvIssue(path, nulls, "a string, number or boolean")
	}
}

// unknownKeys reports keys of m not in allowed, as errors or warnings.
func (c *checker) unknownKeys(path string, m map[string]any, allowed []string, asError bool) {
	var unknown []string
	for k := range m {
		if !slices.Contains(allowed, k) {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		p := platform.Clip(k, 40)
		if path != "" {
			p = path + "." + p
		}
		if platform.RecipeKey(parentKey(path), k) {
			if c.bySchema {
				continue // the schema's warning names it
			}
			is := platform.RecipeKeyIssue(p, k, m[k])
			w := c.warnf(p, "%s", is.Problem)
			w.Fix, w.Kind = is.Fix, is.Kind
			continue
		}
		report := c.warnf
		switch {
		case c.bySchema: // the schema's error names it
			report = c.shapef
		case asError:
			report = c.errf
		}
		fix := "Remove it or use one of: " + strings.Join(allowed, ", ") + "."
		near := editdist.NearKey(platform.Clip(k, 60), allowed)
		if same := checkPeriod[k]; slices.Contains(allowed, same) {
			near = same // the other check's name for the period
		}
		if near != "" {
			fix = "Did you mean " + near + "? Rename it to " + near + "; otherwise remove it."
		}
		is := report(p, "unknown key %q", platform.Clip(k, 40))
		is.Fix, is.Kind = fix, platform.IssueUnknownKey
	}
}

// parentKey is the key a path ends at, without a list index:
// "zerops[2].run.ports[1]" is ports.
func parentKey(path string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		path = path[i+1:]
	}
	if i := strings.IndexByte(path, '['); i >= 0 {
		path = path[:i]
	}
	return path
}

// checkPeriod maps each check's period key to the other's: a healthCheck
// says execPeriod, a readinessCheck retryPeriod.
var checkPeriod = map[string]string{"execPeriod": "retryPeriod", "retryPeriod": "execPeriod"}

func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "nothing"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case int, int64, uint64:
		return "a number"
	case float64:
		return "a number"
	case []any:
		return "a list"
	case map[string]any, map[any]any:
		return "a mapping"
	}
	return fmt.Sprintf("%T", v)
}
