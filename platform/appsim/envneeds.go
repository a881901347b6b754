package appsim

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Variables an app's code cannot start without. A module the start loads
// that tests a variable and throws (or exits) when it is unset, reads it
// where an unset one raises (Python's os.environ["X"]), or declares it
// required to a config library (envalid, env-var) fails the start as the
// app does when no variable sets it, if the statement runs as the module
// loads and the sandbox reads what it prints; otherwise the start is
// unverified, naming the variable (r.unsure).

// envNeed is a statement of a module that fails without some variables.
type envNeed struct {
	keys  []string // the variables it needs
	at    int      // its offset in the module
	top   bool     // at module level: it runs as the module loads
	empty bool     // an empty value fails it as well
	// plain: it reads the variable with no default and tests nothing
	// (`TOKEN = os.getenv("TOKEN")`): what the app then does with None
	// is not read, so it only ever makes the start unverified.
	plain bool
	// fail is what the app prints when missing (the keys unset, in
	// order) fail it, in the module abs, and its exit status; nil: the
	// sandbox does not read what it prints.
	fail func(abs string, missing []string) ([]Line, int)
}

// baseVars are variables every container has besides the service's.
var baseVars = map[string]bool{"PATH": true, "HOME": true, "HOSTNAME": true, "PWD": true, "USER": true, "SHELL": true,
	"LANG": true, "TERM": true, "hostname": true, "serviceId": true, "projectId": true}

// envCheck is how the variables needs test fare in env: the first need
// that fails the start at load (its lines), and notes for the others that
// may fail it. loaded: env files the code loads are read (dotenv).
func (r *runSim) envCheck(src, rel string, needs []envNeed, env map[string]string) (startCmd, bool) {
	if env == nil {
		return startCmd{}, false
	}
	for _, n := range needs {
		var missing []string
		unknown := false
		for _, k := range n.keys {
			v, set := env[k]
			if set && (!n.empty || v != "") || baseVars[k] || strings.HasPrefix(k, "ZEROPS_") {
				continue
			}
			if r.dotenv != nil {
				vars, read := r.dotenvVars(*r.dotenv)
				if !read {
					unknown = true
					continue
				}
				if v, set := vars[k]; set && (!n.empty || v != "") {
					continue
				}
			}
			missing = append(missing, k)
		}
		if len(missing) == 0 {
			continue
		}
		line := strings.Count(src[:n.at], "\n") + 1
		if n.top && n.fail != nil && !unknown {
			crash, exit := n.fail(path.Join(RunRoot, rel), missing)
			return startCmd{lang: r.langOfBase(), crash: crash, exit: exit}, true
		}
		does := "fails when it is unset"
		if n.plain {
			does = "reads it as the module loads, with no default"
		}
		note := fmt.Sprintf("whether the app runs without %s: %s:%d %s, and no variable sets it", strings.Join(missing, ", "), rel, line, does)
		if !slices.Contains(r.unsure, note) {
			r.unsure = append(r.unsure, note)
		}
	}
	return startCmd{}, false
}

// localFallbackRe is code reading a variable with a fallback at this
// container's own address: `Deno.env.get("DATABASE_URL") ||
// "postgres://…@localhost:5432/app"`, `process.env.REDIS_HOST ??
// 'localhost'`, `os.environ.get("DATABASE_URL", "postgresql://localhost/app")`.
var localFallbackRe = lazyregexp.New(`(?:process\.env\.(\w+)|process\.env\[\s*['"](\w+)['"]\s*\]|Deno\.env\.get\(\s*['"](\w+)['"]\s*\)|Bun\.env\.(\w+)|os\.(?:environ\.get|getenv)\(\s*['"](\w+)['"]\s*,)\s*(?:\|\||\?\?)?\s*['"` + "`" + `]([^'"` + "`" + `]*(?:localhost|127\.0\.0\.1)[^'"` + "`" + `]*)['"` + "`" + `]`)

// serviceVar is a variable naming another service to reach: a database,
// cache, broker, search engine, mail server or storage.
var serviceVar = lazyregexp.New(`(?i)DB|DATABASE|POSTGRES|PG|MYSQL|MARIA|MONGO|REDIS|VALKEY|KEYDB|CACHE|AMQP|RABBIT|NATS|KAFKA|ELASTIC|MEILI|TYPESENSE|QDRANT|SMTP|MAIL|S3|STORAGE|BROKER|QUEUE`)

// noteLocalFallback records, for a module the start loads (src, at rel),
// the variables it reads with a fallback at localhost that env does not
// set: the app then reaches a database or cache at the container's own
// address, where nothing listens on Zerops; whether it does so at start
// is in the code, so the start is unverified, naming each variable, its
// line and the reference to set it to.
func (r *runSim) noteLocalFallback(src, rel string, env map[string]string) {
	if env == nil {
		return // the environment is not known
	}
	var where, refs []string
	placeholder := false
	for _, m := range localFallbackRe.FindAllStringSubmatchIndex(src, -1) {
		key := firstNonEmpty(sub(src, m, 1), sub(src, m, 2), sub(src, m, 3), sub(src, m, 4), sub(src, m, 5))
		def := sub(src, m, 6)
		if _, set := env[key]; set || !strings.Contains(def, "://") && !serviceVar.MatchString(key) {
			continue // set, or a bind address (HOST), which where it listens judges
		}
		line := strings.Count(src[:m[0]], "\n") + 1
		where = append(where, fmt.Sprintf("%s (%s:%d, falling back to `%s`)", key, rel, line, clip(def, 80)))
		host := peerOfKind(key, def, r.env.Peers)
		if host == "" {
			host, placeholder = "<hostname>", true
		}
		refs = append(refs, fmt.Sprintf("`%s: ${%s_%s}`", key, host, refKey(key)))
	}
	if len(where) == 0 {
		return
	}
	whose := ""
	if placeholder {
		whose = ", <hostname> the service's"
	}
	note := unreachedNote(where) + fmt.Sprintf(" (set %s in run.envVariables%s)", strings.Join(refs, ", "), whose)
	if !slices.Contains(r.unsure, note) {
		r.unsure = append(r.unsure, note)
	}
}

// unreachedNote is the unverified note of variables read with a fallback
// at localhost that nothing sets, each as "KEY (file:line, falling back to
// `…`)" in where.
func unreachedNote(where []string) string {
	them := "them"
	if len(where) == 1 {
		them = "it"
	}
	return fmt.Sprintf("whether the app reaches the services %s name: no variable sets %s, and nothing listens at localhost in the container",
		strings.Join(where, " and "), them)
}

// dotenvRe is code loading a .env file (dotenv's config, python-dotenv's
// load_dotenv), with what it is given.
var dotenvRe = lazyregexp.New(`(?:require\(\s*['"]dotenv['"]\s*\)\s*\.config|\bdotenv\.config|\bload_dotenv)\(([^)]*)\)|import\s+['"]dotenv/config['"]`)

// noteDotenv records that a module the start loads (src) loads a .env
// file, and with what arguments: the variables needed later may come from
// it.
func (r *runSim) noteDotenv(src string) {
	if m := dotenvRe.FindStringSubmatch(src); m != nil && r.dotenv == nil {
		r.dotenv = &m[1]
	}
}

// dotenvVars are the variables the .env file in /var/www sets, when dotenv
// is given no path of its own (args) and the file is read; none when the
// deploy has no such file.
func (r *runSim) dotenvVars(args string) (map[string]string, bool) {
	if strings.TrimSpace(args) != "" {
		return nil, false
	}
	out := map[string]string{}
	if r.deployed(r.path(".env")) == "" {
		return out, true
	}
	src, ok := r.deployedText(r.path(".env"))
	if !ok {
		return nil, false
	}
	for _, l := range strings.Split(src, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "export ")), "=")
		if ok && envKeyRe.MatchString(k) {
			out[k] = strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return out, true
}

// Node's forms: an if testing variables falsy (or undefined) that throws
// or exits, assert, envalid's cleanEnv and env-var's required().
var (
	jsEnvRef      = `process\.env(?:\.([A-Za-z_]\w*)|\[\s*['"]([A-Za-z_]\w*)['"]\s*\])`
	jsIfRe        = lazyregexp.New(`(?m)^([ \t]*)(?:}\s*else\s+)?if\s*\(`)
	jsNotEnvRe    = lazyregexp.New(`^(?:!\s*` + jsEnvRef + `|` + jsEnvRef + `\s*={2,3}\s*(?:undefined|null)|typeof\s+` + jsEnvRef + `\s*={2,3}\s*['"]undefined['"])$`)
	jsThrowRe     = lazyregexp.New(`^\{?\s*throw\s+(?:new\s+)?(\w+)\s*\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|` + "`[^`$]*`" + `)\s*\)`)
	jsAnyThrowRe  = lazyregexp.New(`^\{?\s*throw\b`)
	jsExitRe      = lazyregexp.New(`^\{?\s*(?:console\.(?:error|log|warn)\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|` + "`[^`$]*`" + `)\s*\)\s*;?\s*)?process\.exit\(\s*(\d*)\s*\)`)
	jsAssertRe    = lazyregexp.New(`(?m)^([ \t]*)assert(?:\.ok)?\(\s*` + jsEnvRef + `\s*,\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\s*\)`)
	envalidRe     = lazyregexp.New(`(?m)^([ \t]*)(?:(?:const|let|var)\s+[\w{}\s,]+=\s*)?(?:envalid\.)?cleanEnv\(\s*process\.env\s*,\s*\{`)
	envalidKeyRe  = lazyregexp.New(`(?m)^\s*([A-Za-z_]\w*)\s*:\s*(?:envalid\.)?(?:str|num|bool|port|url|email|host|json)\(([^)]*)\)`)
	envVarRe      = lazyregexp.New(`(?m)^([ \t]*)[^\n]*\.get\(\s*['"]([A-Za-z_]\w*)['"]\s*\)\s*\.required\(\s*(?:true)?\s*\)\s*\.as\w+\(`)
	builtinErrors = map[string]bool{"Error": true, "TypeError": true, "RangeError": true, "SyntaxError": true}
	// jsEnvPropRe is a property of a variable read with no default on a
	// line at module level (column 0): `process.env.PORT.trim()`, which
	// throws a TypeError when it is unset.
	jsEnvPropRe = lazyregexp.New(`(?m)^[^\s/*}][^\n]*?\b` + jsEnvRef + `\.([A-Za-z_$][\w$]*)`)
	// jsEnvAliasRe is a constant holding a variable as it is, no default:
	// `const secret = process.env.JWT_SECRET;`, which an if then tests.
	jsEnvAliasRe = lazyregexp.New(`(?m)^[ \t]*(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*` + jsEnvRef + `\s*;?[ \t]*$`)
	// jsEnvDestructRe destructures variables from process.env, no
	// default: `const { DISCORD_TOKEN, CLIENT_ID: id } = process.env;`.
	jsEnvDestructRe = lazyregexp.New(`(?m)^[ \t]*(?:const|let|var)\s*\{([^{}=]*)\}\s*=\s*process\.env\s*;?[ \t]*$`)
	jsIdentRe       = lazyregexp.New(`^[A-Za-z_$][\w$]*$`)
	jsNotIdentRe    = lazyregexp.New(`^(?:!\s*([A-Za-z_$][\w$]*)|([A-Za-z_$][\w$]*)\s*={2,3}\s*(?:undefined|null))$`)
)

// jsEnvAliases are the constants src sets to a variable as it is (or
// destructures from process.env), each with the offset after which it
// holds it.
func jsEnvAliases(src string) map[string]struct {
	key string
	at  int
} {
	out := map[string]struct {
		key string
		at  int
	}{}
	add := func(name, key string, at int) {
		if _, seen := out[name]; !seen {
			out[name] = struct {
				key string
				at  int
			}{key, at}
		}
	}
	for _, m := range jsEnvAliasRe.FindAllStringSubmatchIndex(src, -1) {
		add(sub(src, m, 1), firstNonEmpty(sub(src, m, 2), sub(src, m, 3)), m[1])
	}
	for _, m := range jsEnvDestructRe.FindAllStringSubmatchIndex(src, -1) {
		for _, part := range strings.Split(sub(src, m, 1), ",") {
			key, name, renamed := strings.Cut(strings.TrimSpace(part), ":")
			key, name = strings.TrimSpace(key), strings.TrimSpace(name)
			if !renamed {
				name = key
			}
			if envKeyRe.MatchString(key) && jsIdentRe.MatchString(name) {
				add(name, key, m[1])
			}
		}
	}
	return out
}

// nodeEnvNeeds are the statements of the module src that fail without a
// variable.
func nodeEnvNeeds(src string, esm bool) []envNeed {
	var out []envNeed
	aliases := jsEnvAliases(src)
	for _, m := range jsIfRe.FindAllStringSubmatchIndex(src, -1) {
		if !commentFree(src, m[1]) {
			continue
		}
		cond, end, ok := balanced(src, m[1]-1)
		if !ok {
			continue
		}
		var keys []string
		for _, part := range strings.Split(cond, "||") {
			p := jsNotEnvRe.FindStringSubmatch(strings.TrimSpace(part))
			if p == nil { // a constant set to the variable before the if
				if q := jsNotIdentRe.FindStringSubmatch(strings.TrimSpace(part)); q != nil {
					if a, ok := aliases[firstNonEmpty(q[1:]...)]; ok && a.at <= m[0] {
						keys = append(keys, a.key)
						continue
					}
				}
				keys = nil
				break
			}
			keys = append(keys, firstNonEmpty(p[1:]...))
		}
		if len(keys) == 0 {
			continue
		}
		n := envNeed{keys: keys, at: m[0], top: m[3] == m[2], empty: true}
		body := strings.TrimLeft(src[end:], " \t\r\n")
		bodyAt := len(src) - len(body)
		switch t, x := jsThrowRe.FindStringSubmatch(body), jsExitRe.FindStringSubmatch(body); {
		case t != nil && builtinErrors[t[1]]:
			msg, at := t[1]+": "+jsString(t[2]), bodyAt+strings.Index(body, "throw")
			n.fail = func(abs string, _ []string) ([]Line, int) { return nodeThrown(src, abs, at, msg, esm), 1 }
		case jsAnyThrowRe.MatchString(body):
			// an error of the app's own class: what it prints is not read
		case x != nil:
			code, _ := strconv.Atoi(x[2])
			if code == 0 {
				continue // exit 0 ends the process without a failure: not read
			}
			var lines []Line
			if x[1] != "" {
				lines = []Line{{3, jsString(x[1])}}
			}
			n.fail = func(string, []string) ([]Line, int) { return append([]Line{}, lines...), code }
		default:
			continue
		}
		out = append(out, n)
	}
	for _, m := range jsAssertRe.FindAllStringSubmatchIndex(src, -1) {
		key, msg, at := firstNonEmpty(sub(src, m, 2), sub(src, m, 3)), jsString(sub(src, m, 4)), m[3]
		out = append(out, envNeed{keys: []string{key}, at: m[0], top: m[3] == m[2], empty: true,
			fail: func(abs string, _ []string) ([]Line, int) {
				line, col := lineCol(src, at)
				return []Line{{3, "node:assert:408"}, {3, "    throw err;"}, {3, "    ^"}, {3, ""},
					{3, "AssertionError [ERR_ASSERTION]: " + msg},
					{3, fmt.Sprintf("    at %s", jsFrame(abs, line, col, esm))},
					{3, "  generatedMessage: false,"}, {3, "  code: 'ERR_ASSERTION',"}, {3, "  actual: undefined,"},
					{3, "  expected: true,"}, {3, "  operator: '=='"}, {3, "}"}, {3, ""}, {3, "Node.js " + nodeVersion}}, 1
			}})
	}
	for _, m := range envalidRe.FindAllStringSubmatchIndex(src, -1) {
		obj, _, ok := balanced(src, m[1]-1)
		if !ok {
			continue
		}
		var keys []string
		for _, k := range envalidKeyRe.FindAllStringSubmatch(obj, -1) {
			if !strings.Contains(k[2], "default") { // default, devDefault: not required
				keys = append(keys, k[1])
			}
		}
		if len(keys) > 0 {
			out = append(out, envNeed{keys: keys, at: m[0], top: m[3] == m[2], fail: envalidReport})
		}
	}
	for _, m := range envVarRe.FindAllStringSubmatchIndex(src, -1) {
		key, at := sub(src, m, 2), m[0]
		out = append(out, envNeed{keys: []string{key}, at: m[0], top: m[3] == m[2],
			fail: func(abs string, _ []string) ([]Line, int) {
				line, col := lineCol(src, at+strings.Index(src[at:], ".get("))
				lib := path.Join(RunRoot, "node_modules/env-var/lib/variable.js")
				return []Line{{3, lib + ":47"}, {3, "    throw new EnvVarError(errMsg)"}, {3, "    ^"}, {3, ""},
					{3, fmt.Sprintf("EnvVarError: env-var: %q is a required variable, but it was not set", key)},
					{3, fmt.Sprintf("    at raiseError (%s:47:11)", lib)},
					{3, fmt.Sprintf("    at %s", jsFrame(abs, line, col, esm))}, {3, ""}, {3, "Node.js " + nodeVersion}}, 1
			}})
	}
	for _, m := range jsEnvPropRe.FindAllStringSubmatchIndex(src, -1) {
		if before := src[m[0] : m[0]+strings.LastIndex(src[m[0]:m[1]], "process.env")]; inlineFunc(".js", before) {
			continue // a function's body: it runs when called, not as the module loads
		}
		key, prop := firstNonEmpty(sub(src, m, 1), sub(src, m, 2)), sub(src, m, 3)
		at := m[6] // the property's name, where V8 points
		out = append(out, envNeed{keys: []string{key}, at: m[0], top: true,
			fail: func(abs string, _ []string) ([]Line, int) {
				line, col := lineCol(src, at)
				text := strings.TrimRight(strings.Split(src, "\n")[line-1], "\r")
				return []Line{{3, fmt.Sprintf("%s:%d", abs, line)}, {3, text}, {3, strings.Repeat(" ", col-1) + "^"}, {3, ""},
					{3, fmt.Sprintf("TypeError: Cannot read properties of undefined (reading '%s')", prop)},
					{3, fmt.Sprintf("    at %s", jsFrame(abs, line, col, esm))}, {3, ""}, {3, "Node.js " + nodeVersion}}, 1
			}})
	}
	for _, m := range jsEnvAliasRe.FindAllStringSubmatchIndex(src, -1) {
		if src[m[0]] != ' ' && src[m[0]] != '\t' && src[m[0]] != '\n' { // module level
			out = plainNeed(out, firstNonEmpty(sub(src, m, 2), sub(src, m, 3)), m[0])
		}
	}
	slices.SortFunc(out, func(a, b envNeed) int { return a.at - b.at })
	return out
}

// plainReadRe is what follows a read with no default that makes it no
// plain read: a fallback, a test or a comparison.
var plainReadRe = lazyregexp.New(`^\s*(?:\|\||\?\?|\?|&&|\bor\b|\band\b|\bif\b|\bis\b|[=!]=)`)

// plainNeed adds to needs a read at offset at of key with no default, at
// module level, unless another need already tests key or the sandbox
// judges key elsewhere (PORT and HOST: where the app listens).
func plainNeed(needs []envNeed, key string, at int) []envNeed {
	if key == "PORT" || key == "HOST" || slices.ContainsFunc(needs, func(n envNeed) bool { return slices.Contains(n.keys, key) }) {
		return needs
	}
	return append(needs, envNeed{keys: []string{key}, at: at, top: true, plain: true})
}

// envalidReport is envalid's default reporter on missing variables: the
// list between its rules, then it exits 1.
func envalidReport(_ string, missing []string) ([]Line, int) {
	sorted := slices.Sorted(slices.Values(missing))
	lines := []Line{{3, "================================"}, {3, " Missing environment variables:"}}
	for _, k := range sorted {
		lines = append(lines, Line{3, "    " + k + ": undefined"})
	}
	return append(lines, Line{3, "================================"}, Line{3, ""}, Line{3, " Exiting with error code 1"}), 1
}

// nodeThrown is how Node reports an error thrown at offset at of the module
// abs (src) as it loads: the source line, a caret, the error, its stack.
func nodeThrown(src, abs string, at int, msg string, esm bool) []Line {
	line, col := lineCol(src, at)
	text := strings.Split(src, "\n")[line-1]
	where := abs
	if esm {
		where = "file://" + abs
	}
	lines := []Line{{3, fmt.Sprintf("%s:%d", where, line)}, {3, strings.TrimRight(text, "\r")},
		{3, strings.Repeat(" ", col-1) + "^"}, {3, ""}, {3, msg},
		{3, fmt.Sprintf("    at %s", jsFrame(abs, line, col+max(strings.Index(src[at:], "new"), 0), esm))}}
	if esm {
		lines = append(lines, Line{3, "    at ModuleJob.run (node:internal/modules/esm/module_job:271:25)"})
	} else {
		lines = append(lines, Line{3, "    at Module._compile (node:internal/modules/cjs/loader:1546:14)"},
			Line{3, "    at Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:170:5)"})
	}
	return append(lines, Line{3, ""}, Line{3, "Node.js " + nodeVersion})
}

// jsFrame is a stack frame of a module's top-level code.
func jsFrame(abs string, line, col int, esm bool) string {
	if esm {
		return fmt.Sprintf("file://%s:%d:%d", abs, line, col)
	}
	return fmt.Sprintf("Object.<anonymous> (%s:%d:%d)", abs, line, col)
}

// Python's forms: os.environ["X"], which raises KeyError when X is unset,
// and an if testing a variable unset that raises or exits.
var (
	pyEnvItemRe = lazyregexp.New(`os\.environ\[\s*['"]([A-Za-z_]\w*)['"]\s*\]`)
	pyEnvGet    = `(?:os\.environ\.get|os\.getenv)\(\s*['"]([A-Za-z_]\w*)['"]\s*\)`
	pyIfRe      = lazyregexp.New(`(?m)^([ \t]*)if\s+(?:not\s+` + pyEnvGet + `|` + pyEnvGet + `\s+is\s+None|['"]([A-Za-z_]\w*)['"]\s+not\s+in\s+os\.environ)\s*:[ \t]*(?:\n[ \t]+)?` +
		`(?:raise\s+(\w+)\(\s*('[^'\n]*'|"[^"\n]*")\s*\)|sys\.exit\(\s*('[^'\n]*'|"[^"\n]*")\s*\))`)
	pyRaised = map[string]string{"Exception": "Exception", "RuntimeError": "RuntimeError", "ValueError": "ValueError",
		"EnvironmentError": "OSError", "OSError": "OSError", "AssertionError": "AssertionError", "SystemExit": ""}
)

// pyEnvNeeds are the statements of the Python module src that fail
// without a variable.
func pyEnvNeeds(src string) []envNeed {
	var out []envNeed
	for _, m := range pyEnvItemRe.FindAllStringSubmatchIndex(src, -1) {
		start := strings.LastIndexByte(src[:m[0]], '\n') + 1
		if strings.HasPrefix(strings.TrimSpace(src[start:m[0]]), "#") || strings.Contains(src[start:m[0]], "os.environ.setdefault") {
			continue
		}
		key, stmt := sub(src, m, 1), strings.TrimSpace(strings.SplitN(src[start:], "\n", 2)[0])
		if strings.HasPrefix(stmt, "os.environ[") && strings.Contains(stmt, "] =") && !strings.Contains(stmt, "==") {
			continue // an assignment sets it
		}
		top := start == m[0] || src[start] != ' ' && src[start] != '\t'
		out = append(out, envNeed{keys: []string{key}, at: m[0], top: top,
			fail: func(abs string, _ []string) ([]Line, int) {
				return pyTraceback(abs, src, m[0], fmt.Sprintf("KeyError: '%s'", key)), 1
			}})
	}
	for _, m := range pyIfRe.FindAllStringSubmatchIndex(src, -1) {
		key := firstNonEmpty(sub(src, m, 2), sub(src, m, 3), sub(src, m, 4))
		name, msg := sub(src, m, 5), strings.Trim(firstNonEmpty(sub(src, m, 6), sub(src, m, 7)), `'"`)
		n := envNeed{keys: []string{key}, at: m[0], top: m[3] == m[2], empty: sub(src, m, 2) != ""}
		raiseAt := m[0] + strings.LastIndex(src[m[0]:m[1]], "\n") + 1
		switch shown, known := pyRaised[name]; {
		case name == "" || known && shown == "": // sys.exit("…"), SystemExit("…"): the message alone, exit 1
			n.fail = func(string, []string) ([]Line, int) { return []Line{{3, msg}}, 1 }
		case known:
			n.fail = func(abs string, _ []string) ([]Line, int) {
				return pyTraceback(abs, src, raiseAt, shown+": "+msg), 1
			}
		}
		out = append(out, n)
	}
	for _, m := range pyEnvGetRe.FindAllStringSubmatchIndex(src, -1) {
		start := strings.LastIndexByte(src[:m[0]], '\n') + 1
		stmt := strings.TrimSpace(src[start:m[0]])
		if start != m[0] && (src[start] == ' ' || src[start] == '\t') || pyTestRe.MatchString(stmt) ||
			plainReadRe.MatchString(src[m[1]:lineEnd(src, m[1])]) {
			continue // in a block, a test, or with a fallback
		}
		out = plainNeed(out, firstNonEmpty(sub(src, m, 1), sub(src, m, 2)), m[0])
	}
	slices.SortFunc(out, func(a, b envNeed) int { return a.at - b.at })
	return out
}

// pyEnvGetRe is a read of a variable with no default; pyTestRe a
// statement that tests what it reads (or a comment).
var (
	pyEnvGetRe = lazyregexp.New(pyEnvGet)
	pyTestRe   = lazyregexp.New(`^(?:#|(?:if|elif|while|assert|return|not)\b)`)
)

// pyTraceback is Python's traceback of the module abs (src) failing at
// offset at with last.
func pyTraceback(abs, src string, at int, last string) []Line {
	line, _ := lineCol(src, at)
	text := strings.TrimSpace(strings.Split(src, "\n")[line-1])
	return pyCrash([]pyFrame{{abs, line, text}}, last).crash
}

// balanced is what the bracket at src[open] encloses (to its match) and
// the offset past its match; false when it is not closed. Strings and
// comments are not told apart: enough for the conditions read here.
func balanced(src string, open int) (string, int, bool) {
	closeOf := map[byte]byte{'(': ')', '{': '}', '[': ']'}
	want, depth := closeOf[src[open]], 0
	for i := open; i < len(src) && i < open+4000; i++ {
		switch src[i] {
		case src[open]:
			depth++
		case want:
			depth--
			if depth == 0 {
				return src[open+1 : i], i + 1, true
			}
		}
	}
	return "", 0, false
}

// lineCol is the 1-based line and column of offset at in src.
func lineCol(src string, at int) (int, int) {
	start := strings.LastIndexByte(src[:at], '\n') + 1
	return strings.Count(src[:at], "\n") + 1, at - start + 1
}

// jsString is the text of a JavaScript string literal.
func jsString(lit string) string {
	if len(lit) < 2 {
		return lit
	}
	body := lit[1 : len(lit)-1]
	r := strings.NewReplacer(`\'`, `'`, `\"`, `"`, `\\`, `\`, `\n`, " ")
	return r.Replace(body)
}

// sub is submatch i of m in src ("" when it did not take part).
func sub(src string, m []int, i int) string {
	if 2*i+1 >= len(m) || m[2*i] < 0 {
		return ""
	}
	return src[m[2*i]:m[2*i+1]]
}

// firstNonEmpty is the first of ss that is not empty.
func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// Go's forms: an if testing os.Getenv("X") (or a variable holding it)
// empty, or os.LookupEnv("X")'s ok false, whose block stops the program
// (log.Fatal…, log.Panic…, panic, os.Exit). The key is a string literal
// or a constant naming one (`const DbUrl = "DB_URL"`). A parse of the
// value (`n, err := strconv.Atoi(os.Getenv("X"))`, ParseBool, ParseInt,
// ParseUint, ParseFloat, time.ParseDuration) whose `if err != nil` block
// stops the program stops it when X is unset: "" parses as nothing. What it prints
// (the logger's date, a panic's goroutine trace) the sandbox does not
// write, so the start is unverified, naming the variable.
var (
	goIfEnvRe      = lazyregexp.New(`(?m)^[ \t]*if\s+os\.Getenv\(\s*` + goKeyArg + `\s*\)\s*==\s*""\s*\{`)
	goVarEnvRe     = lazyregexp.New(`(?m)^[ \t]*(?:var\s+)?([A-Za-z_]\w*)\s*:?=\s*os\.Getenv\(\s*` + goKeyArg + `\s*\)`)
	goLookupRe     = lazyregexp.New(`(?m)^[ \t]*(?:[A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s*:?=\s*os\.LookupEnv\(\s*` + goKeyArg + `\s*\)`)
	goIfLookupRe   = lazyregexp.New(`(?m)^[ \t]*if\s+[A-Za-z_]\w*\s*,\s*([A-Za-z_]\w*)\s*:=\s*os\.LookupEnv\(\s*` + goKeyArg + `\s*\)\s*;\s*!\s*([A-Za-z_]\w*)\s*\{`)
	goParseEnvRe   = lazyregexp.New(`(?m)^[ \t]*(?:[A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s*:?=\s*(?:strconv\.(?:Atoi|Parse(?:Bool|Int|Uint|Float))|time\.ParseDuration)\(\s*os\.Getenv\(\s*` + goKeyArg + `\s*\)`)
	goConstRe      = lazyregexp.New(`(?m)^[ \t]*(?:const\s+)?([A-Za-z_]\w*)(?:\s+string)?\s*=\s*"([A-Za-z_]\w*)"[ \t]*(?://.*)?$`)
	goConstBlockRe = lazyregexp.New(`(?m)^[ \t]*const\s*\(`)
	goStopRe       = lazyregexp.New(`\blog\.(?:Fatal|Panic)\w*\(|\bpanic\(|\bos\.Exit\(\s*[1-9]`)
)

// goKeyArg is a variable's key as Go code passes it: a string literal
// (group 1) or an identifier (group 2), a constant naming the key.
const goKeyArg = `(?:"([A-Za-z_]\w*)"|([A-Za-z_]\w*))`

// goConsts are the string constants of src that hold a variable-like
// name: `const X = "Y"`, and the `X = "Y"` lines of a const ( … ) block.
func goConsts(src string) map[string]string {
	out := map[string]string{}
	add := func(text string, single bool) {
		for _, m := range goConstRe.FindAllStringSubmatch(text, -1) {
			if !single || strings.HasPrefix(strings.TrimSpace(m[0]), "const") {
				out[m[1]] = m[2]
			}
		}
	}
	add(src, true)
	for _, m := range goConstBlockRe.FindAllStringSubmatchIndex(src, -1) {
		if body, _, ok := balanced(src, m[1]-1); ok {
			add(body, false)
		}
	}
	return out
}

// goEnvNeeds are the statements of the Go source src that stop the
// program when a variable is unset or empty.
func goEnvNeeds(src string) []envNeed {
	var out []envNeed
	consts := goConsts(src)
	// key is the variable a match's key groups name ("" when an
	// identifier is no constant of src).
	key := func(m []int, lit int) string {
		if k := sub(src, m, lit); k != "" {
			return k
		}
		return consts[sub(src, m, lit+1)]
	}
	stops := func(brace int) bool {
		body, _, ok := balanced(src, brace)
		return ok && goStopRe.MatchString(body)
	}
	// follows is the offset of the first `if TEST {` after from whose
	// block stops the program; -1 when none.
	follows := func(from int, test string) int {
		re := regexp.MustCompile(`(?m)^[ \t]*if\s+` + test + `\s*\{`)
		if t := re.FindStringIndex(src[from:]); t != nil && stops(from+t[1]-1) {
			return from + t[0]
		}
		return -1
	}
	for _, m := range goIfEnvRe.FindAllStringSubmatchIndex(src, -1) {
		if k := key(m, 1); k != "" && stops(m[1]-1) {
			out = append(out, envNeed{keys: []string{k}, at: m[0], empty: true})
		}
	}
	for _, m := range goVarEnvRe.FindAllStringSubmatchIndex(src, -1) {
		name, k := sub(src, m, 1), key(m, 2)
		if k == "" {
			continue
		}
		if at := follows(m[1], regexp.QuoteMeta(name)+`\s*==\s*""`); at >= 0 {
			out = append(out, envNeed{keys: []string{k}, at: at, empty: true})
		}
	}
	for _, m := range goLookupRe.FindAllStringSubmatchIndex(src, -1) {
		ok, k := sub(src, m, 1), key(m, 2)
		if k == "" || ok == "_" {
			continue
		}
		if at := follows(m[1], `!\s*`+regexp.QuoteMeta(ok)); at >= 0 {
			out = append(out, envNeed{keys: []string{k}, at: at})
		}
	}
	for _, m := range goParseEnvRe.FindAllStringSubmatchIndex(src, -1) {
		errName, k := sub(src, m, 1), key(m, 2)
		if k == "" || errName == "_" {
			continue
		}
		if at := follows(m[1], regexp.QuoteMeta(errName)+`\s*!=\s*nil`); at >= 0 {
			out = append(out, envNeed{keys: []string{k}, at: at, empty: true})
		}
	}
	for _, m := range goIfLookupRe.FindAllStringSubmatchIndex(src, -1) {
		if k := key(m, 2); k != "" && sub(src, m, 1) == sub(src, m, 4) && stops(m[1]-1) {
			out = append(out, envNeed{keys: []string{k}, at: m[0]})
		}
	}
	slices.SortFunc(out, func(a, b envNeed) int { return a.at - b.at })
	return out
}

// fallbackKinds are the service types a variable read with a fallback at
// localhost reaches: by the fallback's URL scheme, else by a word of the
// variable's name.
var fallbackKinds = []struct {
	re    *lazyregexp.Regexp
	types []string
}{
	{lazyregexp.New(`^postgres(ql)?://`), []string{"postgresql"}},
	{lazyregexp.New(`^(mysql|mariadb)://`), []string{"mariadb", "mysql"}},
	{lazyregexp.New(`^rediss?://`), []string{"valkey", "keydb"}},
	{lazyregexp.New(`^amqps?://`), []string{"rabbitmq"}},
	{lazyregexp.New(`^nats://`), []string{"nats"}},
	{lazyregexp.New(`(?i)REDIS|VALKEY|KEYDB|CACHE`), []string{"valkey", "keydb"}},
	{lazyregexp.New(`(?i)POSTGRES|PG`), []string{"postgresql"}},
	{lazyregexp.New(`(?i)MYSQL|MARIA`), []string{"mariadb", "mysql"}},
	{lazyregexp.New(`(?i)AMQP|RABBIT`), []string{"rabbitmq"}},
	{lazyregexp.New(`(?i)NATS`), []string{"nats"}},
	{lazyregexp.New(`(?i)KAFKA`), []string{"kafka"}},
	{lazyregexp.New(`(?i)ELASTIC`), []string{"elasticsearch"}},
	{lazyregexp.New(`(?i)MEILI`), []string{"meilisearch"}},
	{lazyregexp.New(`(?i)TYPESENSE`), []string{"typesense"}},
	{lazyregexp.New(`(?i)QDRANT`), []string{"qdrant"}},
	{lazyregexp.New(`(?i)DB|DATABASE`), []string{"postgresql", "mariadb", "mysql", "mongodb"}},
}

// peerOfKind is the hostname of the one service in peers of the kind key
// (read with the fallback def) reaches, or "" when none or several are,
// or the kind is not known.
func peerOfKind(key, def string, peers map[string]string) string {
	for _, k := range fallbackKinds {
		if !k.re.MatchString(def) && !k.re.MatchString(key) {
			continue
		}
		found := ""
		for host, typ := range peers {
			base, _, _ := strings.Cut(typ, "@")
			if slices.Contains(k.types, base) {
				if found != "" {
					return ""
				}
				found = host
			}
		}
		return found
	}
	return ""
}
