package diagnose

// This file holds the family of zod's parse of an environment that lacks
// a variable (missing-env-variable) and its fix.

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// zodThrown is the first line of an uncaught ZodError: its issues follow as
// JSON, one issue per object.
const zodThrown = `\bZodError: \[`

var zodThrownRe = lazyregexp.New(zodThrown)

var (
	// zodUndefined is an issue's line saying the value was undefined: zod 3's
	// received field (JSON or Node's inspect), zod 4's message.
	zodUndefined = lazyregexp.New(`^["']?received["']?: ["']undefined["']|expected \w+, received undefined\b`)
	// zodPath is an issue's path: its opening, with the keys on the same line or below.
	zodPath = lazyregexp.New(`^["']?path["']?: \[(.*)$`)
	// zodKey is each quoted key of a path.
	zodKey = lazyregexp.New(`["']([^"']+)["']`)
	// envKey is a key as the environment spells a variable.
	envKey = lazyregexp.New(`^[A-Z][A-Z0-9_]{2,}$`)
	// envParse is a source line or frame of an env parse: the environment
	// object, an env schema, a module named env.
	envParse = lazyregexp.New(`process\.env\b|import\.meta\.env\b|Deno\.env\b|Bun\.env\b|\b\w*[Ee]nv\w*Schema\b|[/\\]env\.[mc]?[jt]s\b`)
)

// zodContext bounds how many lines around a ZodError are read: the source
// lines Node prints above it, its issues and its trace below.
const zodContext = 80

// zodEnvSpecs are this family's rules.
var zodEnvSpecs = []ruleSpec{
	{build: "missing-env-variable", runtime: "missing-env-variable", keys: []string{"zoderror: ["}, re: zodThrown, near: zodEnvUnset},
}

// zodEnvUnset reports whether the ZodError at lines[n] is an env parse's
// refusal of an unset variable.
func zodEnvUnset(lines []string, n int, _ string) bool {
	return len(zodUnsetVars(lines, n)) > 0
}

// zodUnsetVars are the variables the ZodError at lines[n] received as
// undefined, where it comes from an env parse: an env parse shown above or
// in the trace, or each such issue's key spelt as a variable.
func zodUnsetVars(lines []string, n int) []string {
	var names []string
	env, allKeys := false, true
	for i := max(0, n-6); i < n; i++ {
		env = env || envParse.MatchString(lines[i])
	}
	var path []string
	undef, inPath := false, false
	for _, raw := range lines[n+1 : min(len(lines), n+zodContext)] {
		t := strings.TrimSpace(lineTagRe.ReplaceAllString(stripStamp(stripANSI(raw)), ""))
		env = env || envParse.MatchString(t)
		switch {
		case strings.HasPrefix(t, "at ") || strings.HasPrefix(t, "Node.js v"):
			continue // the trace: read for an env parse only
		case inPath:
			if strings.HasPrefix(t, "]") {
				inPath = false
			} else if m := zodKey.FindStringSubmatch(t); m != nil {
				path = append(path, m[1])
			}
		case zodPath.MatchString(t):
			rest := zodPath.FindStringSubmatch(t)[1]
			keys, closed := rest, strings.Contains(rest, "]")
			if closed {
				keys, _, _ = strings.Cut(rest, "]")
			}
			for _, m := range zodKey.FindAllStringSubmatch(keys, -1) {
				path = append(path, m[1])
			}
			inPath = !closed
		case zodUndefined.MatchString(t):
			undef = true
		case strings.HasPrefix(t, "}") || t == "{":
			if undef && len(path) > 0 && !slices.Contains(names, path[0]) {
				names = append(names, path[0])
				allKeys = allKeys && envKey.MatchString(path[0])
			}
			path, undef = nil, false
		}
	}
	if len(names) == 0 || !env && !allKeys {
		return nil
	}
	return names
}

// zodEnvFix names, in d (missing-env-variable read from lines[n]), the
// variables an env parse with zod received as undefined.
func (d *Diagnosis) zodEnvFix(lines []string, n int, stage Stage) {
	if !zodThrownRe.MatchString(lines[n]) {
		return
	}
	names := zodUnsetVars(lines, n)
	if len(names) == 0 {
		return
	}
	list := strings.Join(names, ", ")
	if stage == Build {
		d.Cause = fmt.Sprintf("The build parses its environment with a zod schema, which requires %s, and the build does not set it.", list)
		d.Fix = fmt.Sprintf("Set %s in `build.envVariables` of zerops.yml: the build sees neither `run.envVariables` nor secrets, except by reference with the RUNTIME_ prefix (NAME: ${RUNTIME_NAME}); then deploy again.", list)
		return
	}
	if len(names) == 1 {
		d.missingVarFix(names[0])
		d.Cause = "The app's env schema (zod) requires " + names[0] + " and stops at start: no variable gives it a value."
		return
	}
	d.Cause = fmt.Sprintf("The app's env schema (zod) requires %s and stops at start: the environment sets none of them.", list)
	d.Fix = fmt.Sprintf("Set %s in `run.envVariables` of zerops.yml (then deploy), or a secret among them as the service's secret with `zerops_env` (then restart).", list)
}
