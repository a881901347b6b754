package diagnose

import "github.com/zeropsio/zcp/platform/lazyregexp"

// Node reads a variable that is not set as undefined, and a property of it
// (`process.env.PORT.trim()`) throws "Cannot read properties of undefined
// (reading 'trim')"; its report shows the source line above the error.
// That line reading a property of process.env.X is a variable not set.

const undefinedProp = `Cannot read properties of undefined \(reading '([\w$]+)'\)`

var (
	undefinedPropRe = lazyregexp.New(undefinedProp)
	// envPropLine is a source line reading a property of a variable.
	envPropLine = lazyregexp.New(`process\.env(?:\.([A-Za-z_]\w*)|\[\s*['"]([A-Za-z_]\w*)['"]\s*\])\.([\w$]+)`)
)

// envPropContext is how many lines either side of the error are read for
// the source line Node shows.
const envPropContext = 4

// envPropVar is the variable whose property the error in lines[n] reads,
// from the source line shown near it; "" when none shows one.
func envPropVar(lines []string, n int) string {
	m := undefinedPropRe.FindStringSubmatch(lines[n])
	if m == nil {
		return ""
	}
	for i := max(n-envPropContext, 0); i < min(n+envPropContext+1, len(lines)); i++ {
		for _, p := range envPropLine.FindAllStringSubmatch(lines[i], -1) {
			if p[3] == m[1] {
				return p[1] + p[2]
			}
		}
	}
	return ""
}

// envPropNear is the rule's nearFunc: the error's source line reads the
// property of a variable.
func envPropNear(lines []string, n int, _ string) bool { return envPropVar(lines, n) != "" }

// envPropFix fits d, missing-env-variable read from lines[n], to a
// property read of a variable that is not set.
func (d *Diagnosis) envPropFix(lines []string, n int) {
	key := envPropVar(lines, n)
	if key == "" {
		return
	}
	d.missingVarFix(key) // the one place to set it, and what applies it (a restart for a secret)
	d.Cause = key + " is not set: the code reads a property of `process.env." + key + "` as it starts, and Node throws on undefined."
	if key == "PORT" {
		d.Fix = "Zerops sets no PORT variable: add `PORT: <port>` to `run.envVariables` in zerops.yml and deploy again, or give the read that default in the code (`process.env.PORT ?? '<port>'`)."
		d.envOnly = false
	}
}
