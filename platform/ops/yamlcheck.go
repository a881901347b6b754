package ops

import (
	"fmt"
	"sort"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// Issue is one problem a validator found; Path points into the document
// (e.g. "zerops[0].run.ports[1].port").
type Issue struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

func (i Issue) String() string {
	if i.Path == "" {
		return i.Message
	}
	return i.Path + ": " + i.Message
}

// maxIssues bounds the errors (and, separately, the warnings) a check
// reports: a hostile or broken document may hold thousands of problems, and
// the answer must stay small. The rest are counted in a closing issue.
const maxIssues = 20

// maxIssueText bounds one issue's path and message, which quote the document.
const maxIssueText = 300

// checker collects issues while walking a decoded YAML document. Call
// finish before reading errors and warnings. Not safe for concurrent use.
type checker struct {
	errors       []Issue
	warnings     []Issue
	moreErrors   int
	moreWarnings int
}

func (c *checker) errf(path, format string, args ...any) {
	if len(c.errors) >= maxIssues {
		c.moreErrors++
		return
	}
	c.errors = append(c.errors, newIssue(path, format, args...))
}

func (c *checker) warnf(path, format string, args ...any) {
	if len(c.warnings) >= maxIssues {
		c.moreWarnings++
		return
	}
	c.warnings = append(c.warnings, newIssue(path, format, args...))
}

// finishErrors appends the count of errors left out, if any.
func (c *checker) finishErrors() {
	if c.moreErrors > 0 {
		c.errors = append(c.errors, Issue{Message: fmt.Sprintf("… and %d more errors not listed; fix these first", c.moreErrors)})
		c.moreErrors = 0
	}
}

func newIssue(path, format string, args ...any) Issue {
	return Issue{Path: platform.Clip(path, maxIssueText), Message: platform.Clip(fmt.Sprintf(format, args...), maxIssueText)}
}

// finish appends the count of issues left out, if any.
func (c *checker) finish() {
	c.finishErrors()
	if c.moreWarnings > 0 {
		c.warnings = append(c.warnings, Issue{Message: fmt.Sprintf("… and %d more warnings not listed", c.moreWarnings)})
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
	c.errf(path, "must be a mapping, got %s", kindOf(v))
	return nil, false
}

func (c *checker) asList(path string, v any) ([]any, bool) {
	if l, ok := v.([]any); ok {
		return l, true
	}
	c.errf(path, "must be a list, got %s", kindOf(v))
	return nil, false
}

func (c *checker) wantString(path string, v any) (string, bool) {
	if s, ok := v.(string); ok {
		return s, true
	}
	c.errf(path, "must be a string, got %s", kindOf(v))
	return "", false
}

func (c *checker) wantBool(path string, v any) {
	if _, ok := v.(bool); !ok {
		c.errf(path, "must be true or false, got %s", kindOf(v))
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
	c.errf(path, "must be a whole number, got %s", kindOf(v))
	return 0, false
}

func (c *checker) wantNumber(path string, v any) {
	switch v.(type) {
	case int, int64, uint64, float64:
		return
	}
	c.errf(path, "must be a number, got %s", kindOf(v))
}

// wantStringOrList accepts a string or a list of strings (commands, files).
func (c *checker) wantStringOrList(path string, v any) {
	switch x := v.(type) {
	case string:
		return
	case []any:
		for i, item := range x {
			if _, ok := item.(string); !ok {
				c.errf(fmt.Sprintf("%s[%d]", path, i), "must be a string, got %s", kindOf(item))
			}
		}
		return
	}
	c.errf(path, "must be a string or a list of strings, got %s", kindOf(v))
}

// wantStringMap accepts a mapping of scalar values (envVariables).
func (c *checker) wantStringMap(path string, v any) {
	m, ok := c.asMap(path, v)
	if !ok {
		return
	}
	for k, val := range m {
		switch val.(type) {
		case string, int, int64, uint64, float64, bool:
		default:
			c.errf(path+"."+platform.Clip(k, 40), "must be a scalar value, got %s", kindOf(val))
		}
	}
}

// unknownKeys reports keys of m not in allowed, as errors or warnings.
func (c *checker) unknownKeys(path string, m map[string]any, allowed []string, asError bool) {
	var unknown []string
	for k := range m {
		if !contains(allowed, k) {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		p := platform.Clip(k, 40)
		if path != "" {
			p = path + "." + p
		}
		msg := fmt.Sprintf("unknown key %q (allowed: %s)", platform.Clip(k, 40), strings.Join(allowed, ", "))
		if asError {
			c.errf(p, "%s", msg)
		} else {
			c.warnf(p, "%s", msg)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

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

func issueStrings(issues []Issue) []string {
	out := make([]string, 0, len(issues))
	for _, i := range issues {
		out = append(out, i.String())
	}
	return out
}
