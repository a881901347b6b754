package mcp

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/editdist"
	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// argForm is the form of one argument agents often get wrong: what an error
// says it takes, an example, and whether a value has that form.
type argForm struct {
	takes, example string
	fits           func(json.RawMessage) bool
}

// decodes reports whether v decodes as the argument type T, so that a form
// fits exactly what the argument's own decoder (args.go) takes. JSON null
// fits none of them: their schemas refuse it.
func decodes[T any](v json.RawMessage) bool {
	var x T
	return !isNull(v) && json.Unmarshal(v, &x) == nil
}

// argForms are the forms of the arguments of that name. Ranges are named
// for the fix; they are checked where the values are used (ops.ValidateScale).
var argForms = map[string]argForm{
	"variables":       {`a list of "KEY=value" strings (keys alone to delete)`, "", decodes[Strings]},
	"severity":        {`a string: error, warning, info, debug, or a number in quotes "0"–"7"`, `"3"`, decodes[string]},
	"minCpu":          {"whole cores 1–8", "1", decodes[Int]},
	"maxCpu":          {"whole cores 1–8", "2", decodes[Int]},
	"minRam":          {"GB 0.125–48", "0.5", decodes[Float]},
	"maxRam":          {"GB 0.125–48", "2", decodes[Float]},
	"minDisk":         {"GB 1–250", "1", decodes[Float]},
	"maxDisk":         {"GB 1–250", "5", decodes[Float]},
	"minContainers":   {"whole containers 1–10", "1", decodes[Int]},
	"maxContainers":   {"whole containers 1–10", "3", decodes[Int]},
	"startContainers": {"whole containers 1–10", "1", decodes[Int]},
	"tags":            {"a list of backup tags", `["pre-delete"]`, decodes[Strings]},
}

// exampleKey is a key worth quoting back in an example.
var exampleKey = lazyregexp.New(`^[A-Za-z_][A-Za-z0-9_]{0,63}$`)

// argumentError names what is wrong with the arguments raw of a call of
// tool that the SDK rejected: an argument the tool does not take, else the
// first (by name) whose value does not have its form, with the form and an
// example; nil when neither is found, or when rejection (the SDK's error)
// is nil: the result is then ZCP's own (a guard's, the connection's).
// Values of variables are never quoted back (they may be secrets).
func argumentError(tool *sdk.Tool, raw json.RawMessage, rejection error) error {
	if rejection == nil {
		return nil
	}
	var args map[string]json.RawMessage
	if _ = json.Unmarshal(raw, &args); args == nil { // not an object: no argument to name
		return nil
	}
	takes := argumentNames(tool)
	if err := unknownArgument(tool.Name, args, takes); err != nil {
		return err
	}
	for _, name := range slices.Sorted(maps.Keys(args)) {
		form, known := argForms[name]
		if !known || form.fits(args[name]) {
			continue
		}
		if name == "variables" {
			var v any
			_ = json.Unmarshal(args[name], &v) // it decoded as part of args
			return platform.NewError(platform.ErrInvalidParameter, "variables takes "+form.takes+", not "+jsonKind(v),
				"Pass variables: "+variablesExample(v)+".")
		}
		return platform.NewError(platform.ErrInvalidParameter,
			fmt.Sprintf("%s takes %s, not %s", name, form.takes, clipBytes(args[name])),
			fmt.Sprintf("Pass %s as %s, e.g. %s: %s.", name, form.takes, name, form.example))
	}
	return nil
}

// unknownMeant says, for an argument a tool does not take because what it
// would set cannot be set there, where it is set instead.
var unknownMeant = map[string]map[string]string{
	"zerops_manage": {"mode": "HA or single mode is chosen when a service is created and cannot be changed: " +
		"for HA, create a new service with zerops_import (type <kind>:ha@<version>, e.g. postgresql:ha@16), move the data and point the references at it"},
}

// maxUnknownNamed bounds the unknown arguments an answer names.
const maxUnknownNamed = 5

// unknownArgument names the arguments (at most maxUnknownNamed) that tool
// does not take, each with the one it likely misspells, and those it
// takes; nil when all are its own. Input schemas refuse other properties
// (see the toolsnaps).
func unknownArgument(tool string, args map[string]json.RawMessage, takes map[string]bool) error {
	if len(takes) == 0 {
		return nil
	}
	var unknown []string
	for k := range args {
		if !takes[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	slices.Sort(unknown)
	names := slices.Sorted(maps.Keys(takes))
	var quoted, renames, drops []string
	for _, k := range unknown[:min(len(unknown), maxUnknownNamed)] {
		q := strconv.Quote(platform.Clip(k, 40))
		quoted = append(quoted, q)
		if near := editdist.NearKey(platform.Clip(k, 60), names); near != "" {
			renames = append(renames, q+" to "+near)
		} else {
			drops = append(drops, q)
		}
	}
	msg := tool + " takes no argument " + strings.Join(quoted, ", ")
	if more := len(unknown) - len(quoted); more > 0 {
		msg += fmt.Sprintf(" (nor %d more sent)", more)
	}
	fix := "Drop " + strings.Join(drops, ", ")
	if len(renames) > 0 {
		fix = "Rename " + strings.Join(renames, ", ")
		if len(drops) > 0 {
			fix += "; drop " + strings.Join(drops, ", ")
		}
	}
	for _, k := range unknown[:min(len(unknown), maxUnknownNamed)] {
		if why := unknownMeant[tool][k]; why != "" {
			fix += ". " + why
		}
	}
	return platform.NewError(platform.ErrInvalidParameter, msg,
		fix+". "+tool+" takes "+strings.Join(names, ", ")+".")
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

// jsonKind names the kind of a decoded value that is not a list of strings.
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
