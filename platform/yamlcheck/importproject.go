package yamlcheck

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// projectFix is the fix of a project: section in a service import. The
// section goes whole, and with it the variables it gives the project
// (an official recipe's envVariables and envSecrets: a password made by
// <@generateRandomString(<N>)>, the URLs its apps read): they are named,
// with the zerops_env call that sets them on the existing project, so
// removing the section does not drop them unsaid.
func projectFix(project any) string {
	const remove = "Remove the project: section and keep only services:."
	m, _ := project.(map[string]any)
	var items []string
	keys := 0
	for _, section := range []string{"envVariables", "envSecrets"} {
		vars, _ := m[section].(map[string]any)
		for _, k := range slices.Sorted(maps.Keys(vars)) {
			keys++
			if len(items) == maxProjectVars {
				continue
			}
			v := fmt.Sprint(vars[k])
			switch {
			case randomStringRe.MatchString(v):
				v = "<a random string of " + randomStringRe.FindStringSubmatch(v)[1] + " characters you generate>"
			case section == "envSecrets" || LiteralSecret(k, v) || strings.Contains(v, "<@"):
				v = "<its value in the file>" // a secret is not quoted back
			}
			items = append(items, fmt.Sprintf("%q", platform.Clip(k, 60)+"="+platform.Clip(v, 120)))
		}
	}
	if keys == 0 {
		return remove
	}
	more := ""
	if keys > len(items) {
		more = fmt.Sprintf(", and the %d more it lists", keys-len(items))
	}
	return fmt.Sprintf("%s It gives the project %d variable%s the services may read: after the import set %s on the existing project: zerops_env action=set project=true variables=[%s]%s.",
		remove, keys, pick(keys == 1, "", "s"), pick(keys == 1, "it", "them"), strings.Join(items, ","), more)
}

// maxProjectVars bounds the variables the project fix lists.
const maxProjectVars = 8

// randomStringRe is the preprocessor's random string and its length.
var randomStringRe = regexp.MustCompile(`^\s*<@generateRandomString\(\s*<(\d+)>\s*\)>\s*$`)

// pick is a when cond, else b.
func pick(cond bool, a, b string) string {
	if cond {
		return a
	}
	return b
}
