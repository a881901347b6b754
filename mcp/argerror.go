package mcp

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// argForm is the form of one argument an agent often gets wrong: what an
// error says it takes, and whether a value fits.
type argForm struct {
	takes, example string
	fits           func(v any) bool
}

// wholeIn fits a whole number (or numeric string) in [lo, hi].
func wholeIn(lo, hi float64) func(any) bool {
	return func(v any) bool {
		f, ok := number(v)
		return ok && f == float64(int(f)) && f >= lo && f <= hi
	}
}

// numberIn fits a number (or numeric string) in [lo, hi].
func numberIn(lo, hi float64) func(any) bool {
	return func(v any) bool {
		f, ok := number(v)
		return ok && f >= lo && f <= hi
	}
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f, err == nil
	}
	return 0, false
}

func isString(v any) bool { _, ok := v.(string); return ok }

// stringList fits a string or a list of strings.
func stringList(v any) bool {
	switch x := v.(type) {
	case string:
		return true
	case []any:
		return !slices.ContainsFunc(x, func(e any) bool { _, ok := e.(string); return !ok })
	}
	return false
}

// argForms are the platform's ranges (facts: CPU 1–8 whole cores, RAM
// 0.125–48 GB, disk 1–250 GB, 1–10 containers), the env list form and the
// log severity, a string even as a number.
var argForms = map[string]argForm{
	"variables":       {`a list of "KEY=value" strings (keys alone to delete)`, "", stringList},
	"severity":        {`a string: error, warning, info, debug, or a number in quotes "0"–"7"`, `"3"`, isString},
	"minCpu":          {"whole cores 1–8", "1", wholeIn(1, 8)},
	"maxCpu":          {"whole cores 1–8", "2", wholeIn(1, 8)},
	"minRam":          {"GB 0.125–48", "0.5", numberIn(0.125, 48)},
	"maxRam":          {"GB 0.125–48", "2", numberIn(0.125, 48)},
	"minDisk":         {"GB 1–250", "1", numberIn(1, 250)},
	"maxDisk":         {"GB 1–250", "5", numberIn(1, 250)},
	"minContainers":   {"whole containers 1–10", "1", wholeIn(1, 10)},
	"maxContainers":   {"whole containers 1–10", "3", wholeIn(1, 10)},
	"startContainers": {"whole containers 1–10", "1", wholeIn(1, 10)},
}

// exampleKey is a key worth quoting back in an example.
var exampleKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,63}$`)

// namedProperty finds the arguments a schema error names.
var namedProperty = regexp.MustCompile(`/properties/([A-Za-z]+)`)

// argumentError names the first argument of raw whose value does not have
// its form, with the form and an example; nil when none is found. When the
// rejection (msg) names arguments, only those are looked at. Values of
// variables are never quoted back (they may be secrets).
func argumentError(raw json.RawMessage, msg string) error {
	var args map[string]any
	if _ = json.Unmarshal(raw, &args); args == nil { // not an object: no argument to name
		return nil
	}
	names := make([]string, 0, len(args))
	for _, m := range namedProperty.FindAllStringSubmatch(msg, -1) {
		if _, ok := args[m[1]]; ok {
			names = append(names, m[1])
		}
	}
	if len(names) == 0 {
		for k := range args {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		form, known := argForms[name]
		if !known || form.fits(args[name]) {
			continue
		}
		if name == "variables" {
			return platform.NewError(platform.ErrInvalidParameter, "variables takes "+form.takes+", not "+jsonKind(args[name]),
				"Pass variables: "+variablesExample(args[name])+".")
		}
		got, _ := json.Marshal(args[name])
		return platform.NewError(platform.ErrInvalidParameter,
			fmt.Sprintf("%s takes %s, not %s", name, form.takes, platform.Clip(string(got), 40)),
			fmt.Sprintf("Pass %s as %s, e.g. %s: %s.", name, form.takes, name, form.example))
	}
	return nil
}

// variablesExample is the list form of what was sent, keys only.
func variablesExample(v any) string {
	var keys []string
	if m, ok := v.(map[string]any); ok {
		for k := range m {
			if exampleKey.MatchString(k) {
				keys = append(keys, k)
			}
		}
	}
	slices.Sort(keys)
	if len(keys) == 0 {
		keys = []string{"FOO"}
	}
	if len(keys) > 3 {
		keys = keys[:3]
	}
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%q", k+"=<value>")
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func jsonKind(v any) string {
	switch v.(type) {
	case map[string]any:
		return "an object"
	case []any:
		return "a list with a non-string item"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	}
	return "null"
}
