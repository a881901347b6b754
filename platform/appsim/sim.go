package appsim

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// RunRoot is where deployed files land in a runtime container.
const RunRoot = "/var/www"

// RunResult is what a deployed app version does once its containers start.
type RunResult struct {
	Listens   []Addr   // where the app listens
	Banner    string   // the server's own "listening" line: a format of host and port; "" for the plain one
	Lines     []Line   // what it prints once started (besides where it listens)
	Crash     []Line   // non-nil: the app exits at start with these lines, and is started again
	Exit      int      // its exit status then (0: 1; negative: 0)
	Lang      string   // what the start command runs: how its errors read
	WebServer bool     // the runtime serves HTTP itself and survives its app's errors
	Web       *WebRoot // what such a runtime serves; nil: any path answers
	// SiteConfig is the absolute path of a run.siteConfigPath the deploy
	// does not put in /var/www: the web server cannot be configured.
	SiteConfig string
	// Unchecked names what decides whether the app answers that the
	// simulator could not read (where a start command listens): the app
	// is taken to listen on its declared ports, unverified.
	Unchecked []string
}

// Addr is an address the app listens on.
type Addr struct {
	host string
	port int
}

// Answers reports whether the app accepts connections from the project's
// network on port: it listens there on every interface.
func (r RunResult) Answers(port int) bool {
	for _, l := range r.Listens {
		if l.port == port && normHost(l.host) == "0.0.0.0" {
			return true
		}
	}
	return false
}

// Declared is an app of d (run base runBase) that listens on every port
// its setup declares: what a version runs before anything is known of it.
func Declared(d *Setup, runBase string) RunResult {
	return RunResult{Listens: declared(d), Lang: baseLang(RuntimeName(runBase))}
}

// declared is an app listening on every port its setup declares.
func declared(d *Setup) []Addr {
	var out []Addr
	for _, p := range d.Ports {
		out = append(out, Addr{host: "0.0.0.0", port: p.Port})
	}
	return out
}

// runSim decides, without running anything, what an app does when started:
// from its setup (run.start, run.ports), the files the deploy put into
// /var/www and the environment its containers start with.
type runSim struct {
	d         *Setup
	files     *Files          // nil: unknown, no rule that needs them applies
	produced  map[string]bool // what the build made
	unknown   bool            // the build may have made any path (BuildResult's)
	env       Env             // the containers' environment at this start
	base      string          // the run base's runtime name (nodejs, python, php-nginx…)
	seed      string          // makes an ephemeral port stable
	cwd       string          // the start command's directory, relative to /var/www
	unread    []string        // modules the start imports that could not be read (modules.go)
	atRequest []string        // what fails only once the app is asked (django.go): its answers are not judged
}

// Run is what the app of d does when started with env. The files
// it reads are the same whatever env holds, so a set that recorded them at
// one start answers every later one.
func Run(d *Setup, files *Files, built *BuildResult, runBase string, env Env, seed string) RunResult {
	r := &runSim{d: d, files: files, env: env, base: RuntimeName(runBase), seed: seed}
	if built != nil {
		r.produced, r.unknown = built.Produced, built.Unknown
	}
	out := RunResult{Lang: r.langOfBase()}
	if files == nil {
		out.Unchecked = []string{"the app's files (the upload was no tar archive)"}
	}
	if crash, exit, failed := r.initFailure(); failed {
		out.Crash, out.Exit = crash, exit
		return out
	}
	missing := env.MissingHost
	if WebServer(r.base) {
		out.Listens, out.Lang, out.WebServer = []Addr{{"0.0.0.0", 80}}, "php", true
		out.Web = r.WebRoot()
		if c := r.d.SiteConfig; c != "" && r.files != nil && r.deployed(c) == "" && !r.producedAt(c) {
			out.SiteConfig = path.Join(RunRoot, c)
		}
		if missing != "" {
			out.Lines = []Line{{3, hostNotFound("php", missing)}}
		}
		return out
	}
	// Each start command (run.start, each of run.startCommands) is a
	// process of its own, judged alike: one that fails crash-loops while
	// the others run; where none that runs tells where it listens (or
	// nothing is started), the app listens on the declared ports.
	unknown := len(d.Starts()) == 0
	if unknown {
		out.Unchecked = append(out.Unchecked, "what the container runs (the setup has no run.start)")
	}
	for i, sc := range d.Starts() {
		r.cwd, r.unread, r.atRequest = r.path(orStr(sc.WorkingDir, RunRoot)), nil, nil
		cmd := r.resolve(sc.Command, 0)
		if cmd.crash == nil && len(r.unread) > 0 {
			out.Unchecked = append(out.Unchecked, fmt.Sprintf("the modules `%s` imports (%s: not read)",
				clip(sc.Command, 80), clip(strings.Join(r.unread, ", "), 200)))
		}
		if cmd.crash == nil {
			out.Unchecked = append(out.Unchecked, r.atRequest...)
		}
		if i == 0 {
			out.Lang = orStr(cmd.lang, out.Lang)
		}
		if cmd.crash == nil && missing != "" {
			cmd.crash, cmd.exit = []Line{{3, hostNotFound(cmd.lang, missing)}}, 0
		}
		switch {
		case cmd.crash != nil:
			if out.Crash == nil {
				out.Crash, out.Exit, out.Lang = cmd.crash, cmd.exit, orStr(cmd.lang, out.Lang)
			}
		case cmd.listen != nil:
			out.Listens = append(out.Listens, *cmd.listen)
			out.Banner = orStr(out.Banner, cmd.banner)
		default:
			unknown = true
			out.Unchecked = append(out.Unchecked, fmt.Sprintf("where `%s` listens (it reads no port or address for it)", clip(sc.Command, 80)))
		}
	}
	if len(out.Listens) == 0 && unknown {
		out.Listens = declared(d) // nothing tells where it listens
	}
	if len(out.Listens) > 1 {
		out.Banner = "" // servers of their own: the plain line for each
	}
	return out
}

// startCmd is what a start command amounts to: the language of what it
// starts, where that listens (nil: not known), or how it fails.
type startCmd struct {
	lang   string
	listen *Addr
	banner string // as RunResult's
	crash  []Line
	exit   int
}

// resolve reads a start command as sh runs it from the working directory
// (r.cwd, relative to /var/www): a cd before the server moves it, export
// and assignments set its environment, $VAR expands (unset: to nothing),
// and the last command is the server, judged through the wrappers that run
// it (exec, env, sh -c); npm scripts are followed (depth bounds scripts
// that run scripts).
func (r *runSim) resolve(line string, depth int) startCmd {
	return r.resolveIn(line, r.env.Vars, depth)
}

// resolveIn is resolve in the environment parent (a wrapper's or an npm
// script's caller's: what it set is seen inside).
func (r *runSim) resolveIn(line string, parent map[string]string, depth int) startCmd {
	steps := parseShell(line)
	if len(steps) == 0 {
		return startCmd{}
	}
	env := make(map[string]string, len(parent))
	for k, v := range parent {
		env[k] = v
	}
	for i, st := range steps {
		words := expandWords(st.words, env)
		if i == len(steps)-1 {
			if st.bg {
				// The server runs in the background: the start command
				// itself ends at once, and the platform starts it again.
				return startCmd{lang: r.langOfBase(), crash: []Line{}, exit: -1}
			}
			return r.command(words, env, depth)
		}
		if len(words) > 0 && words[0] == "export" {
			words = words[1:]
		}
		for len(words) > 0 && isAssignment(words[0]) {
			k, v, _ := strings.Cut(words[0], "=")
			env[k] = v
			words = words[1:]
		}
		if len(words) == 0 || words[0] != "cd" {
			continue
		}
		dir := RunRoot
		if len(words) > 1 {
			dir = words[1]
		}
		rel := r.path(dir)
		if r.files != nil && rel != "" && r.deployed(rel) == "" && !r.producedAt(rel) {
			if steps[i+1].op != "&&" {
				continue // `cd x; node y`: the shell goes on where it was
			}
			return startCmd{lang: r.langOfBase(), exit: 2,
				crash: []Line{{3, fmt.Sprintf("/bin/sh: cd: line 1: can't cd to %s: No such file or directory", dir)}}}
		}
		r.cwd = rel
	}
	return startCmd{}
}

// path is where p, a path a command names, is under /var/www, relative to
// it: from the working directory unless absolute.
func (r *runSim) path(p string) string {
	if p == RunRoot || strings.HasPrefix(p, RunRoot+"/") {
		return CleanRel(strings.TrimPrefix(p, RunRoot))
	}
	return CleanRel(path.Join(r.cwd, p))
}

// expandWords expands $VAR, ${VAR} and ${VAR:-default} in words from env;
// a word that was only a variable, unset or empty, is gone (as unquoted in
// sh).
func expandWords(words []string, env map[string]string) []string {
	out := make([]string, 0, len(words))
	for _, w := range words {
		v := expand(w, env)
		if v == "" && strings.HasPrefix(w, "$") {
			continue
		}
		out = append(out, v)
	}
	return out
}

// command judges the server a start command's last simple command runs.
func (r *runSim) command(words []string, env map[string]string, depth int) startCmd {
	for len(words) > 0 && isAssignment(words[0]) {
		k, v, _ := strings.Cut(words[0], "=")
		env[k] = v
		words = words[1:]
	}
	if len(words) == 0 {
		return startCmd{}
	}
	switch path.Base(words[0]) {
	case "exec", "env", "nohup":
		return r.command(slices.DeleteFunc(words[1:], func(w string) bool { return w == "-i" || w == "--" }), env, depth)
	case "bundle":
		if len(words) > 2 && words[1] == "exec" { // runs the command with the bundle's gems
			if c, failed := r.bundleExec(env); failed {
				return c // bundler.go
			}
			return r.command(words[2:], env, depth)
		}
	case "sh", "bash", "dash":
		if c := valueAfter(words[1:], "-c"); c != "" && depth < 3 {
			return r.resolveIn(c, env, depth+1)
		}
	}
	if c, failed := r.depsFailure(words, depth); failed {
		return c // simdeps.go
	}
	name, args := path.Base(words[0]), words[1:]
	if c, ok := r.ownServer(name, args, env); ok {
		return c
	}
	if tool := runTools[toolName(name)]; tool != nil {
		if c, ok := tool(r, name, args, env, depth); ok {
			return c // tools.go
		}
	}
	if strings.HasPrefix(words[0], "./") || strings.HasPrefix(words[0], RunRoot+"/") {
		return r.builtBinary(r.entry("binary", words[0], args, env), args, env)
	}
	return startCmd{lang: r.langOfBase(), listen: flagListen(args, env, "", 0)}
}

// npmStart follows `npm start` / `npm run X` into package.json's script.
func (r *runSim) npmStart(args []string, env map[string]string, depth int) startCmd {
	rest := nonFlags(args)
	if len(rest) == 0 {
		return startCmd{lang: "node"}
	}
	script := rest[0]
	if (script == "run" || script == "run-script") && len(rest) > 1 {
		script = rest[1]
	} else if script != "start" && script != "test" {
		return startCmd{lang: "node"}
	}
	if r.files == nil {
		return startCmd{lang: "node"}
	}
	src, ok := r.deployedText(r.path("package.json"))
	if !ok {
		if r.deployed(r.path("package.json")) != "" {
			return startCmd{lang: "node"} // too large to read
		}
		p := path.Join(RunRoot, r.path("package.json"))
		return startCmd{lang: "node", crash: npmRuntimeErr("code ENOENT", "syscall open", "path "+p, "errno -2",
			fmt.Sprintf("enoent Could not read package.json: Error: ENOENT: no such file or directory, open '%s'", p),
			"enoent This is related to npm not being able to find a file.")}
	}
	var pkg packageJSON
	if json.Unmarshal([]byte(src), &pkg) != nil {
		return startCmd{lang: "node"}
	}
	text, has := pkg.Scripts[script]
	if !has && script == "start" && r.deployed(r.path("server.js")) != "" {
		text, has = "node server.js", true // npm's default start
	}
	if !has {
		return startCmd{lang: "node", crash: npmRuntimeErr(fmt.Sprintf("Missing script: %q", script), "",
			"To see a list of scripts, run:", "  npm run")}
	}
	return r.resolveIn(text, env, depth+1)
}

// projectTask is the command the first of files (in the working
// directory) that names it gives the script or task name: package.json
// "scripts", deno.json(c) "tasks" (a string, or an object's "command").
func (r *runSim) projectTask(name string, files ...string) (string, bool) {
	if r.files == nil || name == "" {
		return "", false
	}
	for _, f := range files {
		src, ok := r.deployedText(r.path(f))
		if !ok {
			continue
		}
		var cfg struct {
			Scripts map[string]json.RawMessage `json:"scripts"`
			Tasks   map[string]json.RawMessage `json:"tasks"`
		}
		if json.Unmarshal([]byte(stripJSONComments(src)), &cfg) != nil {
			continue
		}
		raw, has := cfg.Scripts[name]
		if strings.HasPrefix(f, "deno.") {
			raw, has = cfg.Tasks[name]
		}
		if !has {
			continue
		}
		var text string
		if json.Unmarshal(raw, &text) == nil {
			return text, true
		}
		var obj struct {
			Command string `json:"command"`
		}
		if json.Unmarshal(raw, &obj) == nil && obj.Command != "" {
			return obj.Command, true
		}
	}
	return "", false
}

// stripJSONComments removes // and /* */ comments outside strings (JSONC).
func stripJSONComments(src string) string {
	var b strings.Builder
	inStr := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case inStr:
			b.WriteByte(c)
			if c == '\\' && i+1 < len(src) {
				i++
				b.WriteByte(src[i])
			} else if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
			b.WriteByte(c)
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			b.WriteByte('\n')
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return b.String()
			}
			i += end + 3
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func npmRuntimeErr(lines ...string) []Line {
	out := make([]Line, 0, len(lines))
	for _, l := range lines {
		out = append(out, Line{3, strings.TrimRight("npm error "+l, " ")})
	}
	return out
}

// entry judges an interpreter's entry file: missing from the deploy, the
// runtime fails as it does; present and readable, it listens where the
// file says.
func (r *runSim) entry(lang, file string, args []string, env map[string]string) startCmd {
	if file == "" {
		return startCmd{lang: lang}
	}
	rel := r.path(file)
	if lang == "node" {
		rel = r.nodeDirEntry(rel)
	}
	if r.files != nil && r.deployed(rel) == "" && !r.producedAt(rel) {
		exit := map[string]int{"python": 2, "binary": 127}[lang]
		return startCmd{lang: lang, crash: missingEntry(lang, file, rel), exit: exit}
	}
	if src, ok := r.deployedText(rel); ok {
		if c, ok := codeServer(lang, src, args, env); ok {
			return c // a server of its own reads its flags itself
		}
	}
	out := startCmd{lang: lang, listen: flagListen(args, env, "", 0)}
	if out.listen != nil {
		return out
	}
	src, ok := r.deployedText(rel)
	if !ok && lang == "node" && r.files != nil && r.deployed(rel) == "" && r.producedAt(rel) {
		src, ok = r.builtFrom(rel) // a compiled file listens where its source does
	}
	if ok {
		if oom := heapExhaustion(lang, src); oom != nil {
			return startCmd{lang: lang, crash: oom, exit: 134}
		}
		out.listen, out.banner = sourceListen(lang, src, env, r.seed), sourceBanner(lang, src)
	}
	return out
}

// nodeDirEntry is the file Node runs for rel, the path `node X` names
// under /var/www: a directory is loaded as a package, from package.json
// "main" (tried as a file, with .js/.json/.node, then as a directory's
// index) or else its index.js. Node's loader reads no "exports" for a
// path. A file named without its extension is found with .js, .json or
// .node. rel itself when it is a file or nothing in it is deployed; the
// "main" file when neither it nor index.js is there.
func (r *runSim) nodeDirEntry(rel string) string {
	if r.files == nil {
		return rel
	}
	if _, file := r.deployedText(rel); file || r.deployed(rel) != "" && !r.isDeployedDir(rel) {
		return rel
	}
	if rel != "" && !r.isDeployedDir(rel) {
		// A file named without its extension: Node tries .js, .json, .node.
		for _, ext := range []string{".js", ".json", ".node"} {
			if r.deployed(rel+ext) != "" || r.producedAt(rel+ext) && !r.producedAt(rel) {
				return rel + ext
			}
		}
		return rel
	}
	found := func(base string) (string, bool) {
		for _, c := range []string{base, base + ".js", base + ".json", base + ".node",
			path.Join(base, "index.js"), path.Join(base, "index.json"), path.Join(base, "index.node")} {
			c = CleanRel(c)
			if _, file := r.deployedText(c); file {
				return c, true
			}
		}
		return "", false
	}
	missing := rel
	if src, ok := r.deployedText(path.Join(rel, "package.json")); ok {
		var pkg struct {
			Main string `json:"main"`
		}
		if json.Unmarshal([]byte(src), &pkg) == nil && pkg.Main != "" {
			if f, ok := found(path.Join(rel, pkg.Main)); ok {
				return f
			}
			missing = CleanRel(path.Join(rel, pkg.Main)) // what Node names when index.js is absent too
			if r.producedAt(missing) {
				return missing // the build may have made it
			}
		}
	}
	for _, c := range []string{"index.js", "index.json", "index.node"} {
		if c = CleanRel(path.Join(rel, c)); r.deployed(c) != "" || r.producedAt(c) {
			return c
		}
	}
	return missing
}

// isDeployedDir reports whether the deploy puts a directory of uploaded
// files at /var/www/rel (what a build made there is unknown).
func (r *runSim) isDeployedDir(rel string) bool {
	src := r.deployed(rel)
	if src == "" {
		return false
	}
	if _, file := r.files.Read(src); file {
		return false
	}
	for p := range r.files.paths {
		if strings.HasPrefix(p, src+"/") {
			return r.files.Has(p) // recorded: a later start finds it again
		}
	}
	return false
}

// envFiles loads into env the files node's --env-file options name (a
// variable already set wins), and answers the first that is not deployed.
func (r *runSim) envFiles(args []string, env map[string]string) string {
	for i, a := range args {
		f, ok := strings.CutPrefix(a, "--env-file=")
		if !ok && a == "--env-file" && i+1 < len(args) {
			f, ok = args[i+1], true
		}
		if !ok || r.files == nil {
			continue
		}
		if r.deployed(r.path(f)) == "" && !r.producedAt(r.path(f)) {
			return f
		}
		src, _ := r.deployedText(r.path(f))
		for _, l := range strings.Split(src, "\n") {
			k, v, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(l, "export ")), "=")
			if _, set := env[k]; ok && !set && envKeyRe.MatchString(k) {
				env[k] = strings.Trim(strings.TrimSpace(v), `"'`)
			}
		}
	}
	return ""
}

// missingEntry is what each runtime prints when its entry file is absent.
func missingEntry(lang, file, rel string) []Line {
	abs := path.Join(RunRoot, rel)
	switch lang {
	case "node":
		return []Line{{3, "node:internal/modules/cjs/loader:1228"}, {3, "  throw err;"}, {3, "  ^"}, {3, ""},
			{3, fmt.Sprintf("Error: Cannot find module '%s'", abs)},
			{3, "    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)"},
			{3, "    at Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:170:5)"},
			{3, "  code: 'MODULE_NOT_FOUND',"}, {3, "  requireStack: []"}, {3, "}"}, {3, ""}, {3, "Node.js v22.12.0"}}
	case "python":
		return []Line{{3, fmt.Sprintf("python3: can't open file '%s': [Errno 2] No such file or directory", abs)}}
	case "php":
		return []Line{{3, "Could not open input file: " + file}}
	case "bun":
		return []Line{{3, fmt.Sprintf("error: Module not found \"%s\"", file)}}
	case "deno":
		return []Line{{3, fmt.Sprintf("error: Module not found \"file://%s\".", abs)}}
	case "java":
		return []Line{{3, "Error: Unable to access jarfile " + file}}
	case "go":
		return []Line{{3, fmt.Sprintf("stat %s: no such file or directory", abs)}}
	case "ruby":
		return []Line{{3, fmt.Sprintf("ruby: No such file or directory -- %s (LoadError)", file)}}
	case "dotnet":
		return []Line{{3, fmt.Sprintf("The application '%s' does not exist.", file)}}
	}
	return []Line{{3, fmt.Sprintf("/bin/sh: %s: not found", file)}}
}

// pyModule judges `python -m X ARGS` (args: what follows X): http.server
// listens on 0.0.0.0:8000 unless told; a server module is judged like its
// command.
func (r *runSim) pyModule(mod string, args []string, env map[string]string) startCmd {
	switch mod {
	case "http.server":
		port := 8000
		if rest := nonFlags(args); len(rest) > 0 {
			if n, err := strconv.Atoi(rest[0]); err == nil {
				port = n
			}
		}
		return startCmd{lang: "python", listen: &Addr{orStr(valueAfter(args, "--bind", "-b"), "0.0.0.0"), port}}
	case "gunicorn", "uvicorn", "hypercorn":
		return r.pyServer(mod, args, env)
	case "flask":
		return flaskRun(args, env)
	}
	return startCmd{lang: "python", listen: flagListen(args, env, "", 0)}
}

// flaskRun judges `flask run` and `python -m flask run`: Flask's development
// server listens on 127.0.0.1:5000 unless --host/-h and --port/-p (or
// FLASK_RUN_HOST and FLASK_RUN_PORT) say otherwise.
func flaskRun(args []string, env map[string]string) startCmd {
	if !slices.Contains(nonFlags(args), "run") {
		return startCmd{lang: "python", listen: flagListen(args, env, "", 0)} // flask db, flask shell, …
	}
	host, port := orStr(env["FLASK_RUN_HOST"], "127.0.0.1"), 5000
	if n, err := strconv.Atoi(env["FLASK_RUN_PORT"]); err == nil {
		port = n
	}
	if v := valueAfter(args, "-h"); v != "" {
		host = expand(v, env)
	}
	return startCmd{lang: "python", listen: flagListen(args, env, host, port), banner: serverBanners["flask"]}
}

// pyServer judges gunicorn/uvicorn: the app module must be deployed, and
// they listen on 127.0.0.1:8000 unless told otherwise.
func (r *runSim) pyServer(name string, args []string, env map[string]string) startCmd {
	if crash, exit := portArgError(name, args); crash != nil {
		return startCmd{lang: "python", crash: crash, exit: exit}
	}
	if bad := gunicornUnknown(name, args); bad != "" {
		// gunicorn parses its options with argparse, which stops at one it
		// does not know: the usage line, the error, exit status 2.
		return startCmd{lang: "python", exit: 2, crash: []Line{{3, "usage: gunicorn [OPTIONS] [APP_MODULE]"},
			{3, "gunicorn: error: unrecognized arguments: " + bad}}}
	}
	if app := firstFile(args, pyServerValued...); app != "" && r.files != nil {
		mod, _, _ := strings.Cut(app, ":")
		rel := path.Join(r.path(valueAfter(args, "--chdir", "--app-dir")), strings.ReplaceAll(mod, ".", "/"))
		if r.deployed(rel+".py") == "" && r.deployed(rel+"/__init__.py") == "" && !r.producedAt(rel+".py") {
			// Python names the first part of the dotted name it cannot find.
			missing, parts := mod, strings.Split(mod, ".")
			for i := 1; i < len(parts); i++ {
				if r.deployed(path.Join(r.path(valueAfter(args, "--chdir", "--app-dir")), strings.Join(parts[:i], "/"))) == "" {
					missing = strings.Join(parts[:i], ".")
					break
				}
			}
			return startCmd{lang: "python", crash: []Line{{3, fmt.Sprintf("ModuleNotFoundError: No module named '%s'", missing)}}}
		}
		file := rel + ".py"
		if !r.isFile(file) {
			file = rel + "/__init__.py"
		}
		if c, failed := r.pyModules(r.path(valueAfter(args, "--chdir", "--app-dir")), file, mod); failed {
			return c
		}
		if c, failed := r.djangoApp(r.path(valueAfter(args, "--chdir", "--app-dir")), file, env); failed {
			return c // django.go
		}
	}
	def := &Addr{"127.0.0.1", 8000}
	if name == "uvicorn" {
		// uvicorn's click options read UVICORN_<OPTION> when not given.
		def.host = orStr(env["UVICORN_HOST"], def.host)
		if n, err := strconv.Atoi(env["UVICORN_PORT"]); err == nil {
			def.port = n
		}
	}
	if name == "gunicorn" {
		var crash []Line
		if def, crash = r.gunicornConfig(args, env); crash != nil {
			return startCmd{lang: "python", crash: crash, exit: 1}
		}
		// GUNICORN_CMD_ARGS is read as options the command line overrides.
		args = append(args[:len(args):len(args)], strings.Fields(env["GUNICORN_CMD_ARGS"])...)
	}
	if def == nil { // a config whose bind is not read here: where told, else as declared
		return startCmd{lang: "python", listen: flagListen(args, env, "", 0), banner: serverBanners[name]}
	}
	return startCmd{lang: "python", listen: flagListen(args, env, def.host, def.port), banner: serverBanners[name]}
}

// portArgError is how gunicorn, uvicorn or hypercorn stops when its bind or
// port option has no usable value (an unset $PORT expanded to nothing), in
// its own words; nil when the options are well formed.
func portArgError(name string, args []string) ([]Line, int) {
	clickUsage := []Line{{3, "Usage: uvicorn [OPTIONS] APP"}, {3, "Try 'uvicorn --help' for help."}, {3, ""}}
	for i, a := range args {
		flag, v, inline := strings.Cut(a, "=")
		last := !inline && i+1 == len(args)
		if !inline && !last {
			v = args[i+1]
		}
		switch {
		case name == "uvicorn" && (flag == "--port" || flag == "--host") && last:
			return append(clickUsage, Line{3, fmt.Sprintf("Error: Option '%s' requires an argument.", flag)}), 2
		case name == "uvicorn" && flag == "--port" && !isDigits(v):
			return append(clickUsage, Line{3, fmt.Sprintf("Error: Invalid value for '--port': '%s' is not a valid integer.", v)}), 2
		case name != "uvicorn" && (flag == "-b" || flag == "--bind") && last:
			// argparse: the usage line, the error, exit status 2.
			return []Line{{3, fmt.Sprintf("usage: %s [OPTIONS] [APP_MODULE]", name)},
				{3, fmt.Sprintf("%s: error: argument -b/--bind: expected one argument", name)}}, 2
		case name != "uvicorn" && (flag == "-b" || flag == "--bind") && strings.Contains(v, ":") && !strings.HasPrefix(v, "unix:") &&
			!isDigits(v[strings.LastIndex(v, ":")+1:]):
			port := v[strings.LastIndex(v, ":")+1:]
			if name == "hypercorn" {
				return []Line{{3, "Traceback (most recent call last):"},
					{3, fmt.Sprintf("ValueError: invalid literal for int() with base 10: '%s'", port)}}, 1
			}
			return []Line{{3, ""}, {3, fmt.Sprintf("Error: '%s' is not a valid port number.", port)}, {3, ""}}, 1
		}
	}
	return nil, 0
}

// isDigits reports whether s is a number of decimal digits.
func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// pyServerValued are the options of gunicorn, uvicorn and hypercorn that
// take a value: what follows one is not the app module.
var pyServerValued = []string{"-b", "--bind", "--host", "--port", "-w", "--workers", "-k", "--worker-class",
	"--log-level", "--chdir", "--app-dir", "-c", "--config", "-t", "--timeout", "--threads", "--graceful-timeout",
	"--keep-alive", "--max-requests", "--max-requests-jitter", "--access-logfile", "--access-logformat",
	"--error-logfile", "--log-file", "--log-config", "-e", "--env", "-p", "--pid", "--pythonpath", "-n", "--name",
	"-u", "--user", "-g", "--group", "--worker-connections", "--backlog", "--forwarded-allow-ips", "--env-file",
	"--root-path", "--uds", "--fd", "--loop", "--http", "--ws", "--lifespan", "--limit-concurrency",
	"--timeout-keep-alive", "--reload-dir", "--worker-tmp-dir", "--certfile", "--keyfile", "--ssl-keyfile",
	"--ssl-certfile", "--proxy-protocol"}

// gunicornBindRe is a config file's bind written as a literal (or a list
// of one); gunicornAnyBindRe any assignment of bind.
var (
	gunicornBindRe    = lazyregexp.New(`(?m)^bind\s*=\s*\[?\s*['"]([^'"{}]+)['"]\s*,?\s*\]?\s*(?:#.*)?$`)
	gunicornAnyBindRe = lazyregexp.New(`(?m)^bind\s*=`)
)

// gunicornConfig is where gunicorn listens before its command line and
// GUNICORN_CMD_ARGS: the bind of its config file (-c/--config FILE, else
// ./gunicorn.conf.py when deployed), else its default: 0.0.0.0:$PORT when
// PORT is in the environment, 127.0.0.1:8000 when not. nil when the file
// sets bind in a way not read here; crash when the file named is not
// deployed (gunicorn stops: exit status 1).
func (r *runSim) gunicornConfig(args []string, env map[string]string) (*Addr, []Line) {
	def := &Addr{"127.0.0.1", 8000}
	if n, err := strconv.Atoi(env["PORT"]); err == nil {
		def = &Addr{"0.0.0.0", n}
	}
	file := valueAfter(args, "-c", "--config")
	if strings.HasPrefix(file, "python:") || r.files == nil {
		return def, nil
	}
	rel := r.path(orStr(file, "gunicorn.conf.py"))
	src, ok := r.deployedText(rel)
	if !ok {
		if file != "" && r.deployed(rel) == "" && !r.producedAt(rel) {
			return nil, []Line{{3, ""}, {3, fmt.Sprintf("Error: '%s' doesn't exist", file)}}
		}
		if r.deployed(rel) != "" || r.producedAt(rel) {
			return nil, nil // there, its bind unknown
		}
		return def, nil
	}
	if m := gunicornBindRe.FindStringSubmatch(src); m != nil {
		if l := flagListen([]string{"--bind", m[1]}, nil, "", 0); l != nil {
			return l, nil
		}
	}
	if gunicornAnyBindRe.MatchString(src) {
		return nil, nil
	}
	return def, nil
}

// serverBanners are the lines servers print once they listen, in their own
// words (a format of host and port): the log reads as the platform's would.
var serverBanners = map[string]string{
	"gunicorn":  "[1] [INFO] Listening at: http://%s:%d (1)",
	"uvicorn":   "INFO:     Uvicorn running on http://%s:%d (Press CTRL+C to quit)",
	"hypercorn": "[INFO] Running on http://%s:%d (CTRL + C to quit)",
	"flask":     " * Running on http://%s:%d",
	"artisan":   "   INFO  Server running on [http://%s:%d].",
}

// gunicornUnknown is the first of the options gunicorn does not have that
// a gunicorn command passes (it binds with --bind HOST:PORT; --host and
// --port belong to uvicorn and others), or "".
func gunicornUnknown(name string, args []string) string {
	if name != "gunicorn" {
		return ""
	}
	for _, a := range args {
		if flag, _, _ := strings.Cut(a, "="); flag == "--host" || flag == "--port" {
			return a
		}
	}
	return ""
}

// flagListen reads where a command is told to listen: --port/-p, --host/-H,
// --bind/-b HOST:PORT; defHost/defPort fill in what is not told (a zero
// defPort: nil unless a port is told).
func flagListen(args []string, env map[string]string, defHost string, defPort int) *Addr {
	host, port := defHost, defPort
	if b := valueAfter(args, "--bind", "-b", "--listen", "-l"); b != "" {
		// HOST:PORT ([::]:PORT, :PORT: every interface) or PORT alone.
		b = strings.TrimPrefix(expand(b, env), "tcp://")
		i := strings.LastIndex(b, ":")
		if n, err := strconv.Atoi(b[i+1:]); err == nil {
			port = n
			if i >= 0 {
				host = orStr(b[:i], "0.0.0.0")
			}
		}
	}
	if v := valueAfter(args, "--port", "-p", "--http-port"); v != "" {
		if n, err := strconv.Atoi(expand(v, env)); err == nil {
			port = n
		}
	}
	if v := valueAfter(args, "--host", "-H", "--hostname"); v != "" {
		host = expand(v, env)
	}
	if port == 0 {
		return nil
	}
	if host == "::" || host == "[::]" {
		return &Addr{"[::]", port} // every interface, as the server prints it
	}
	return &Addr{normHost(orStr(host, "0.0.0.0")), port}
}

// expand replaces $VAR, ${VAR} and ${VAR:-default} with env's values.
func expand(s string, env map[string]string) string {
	return os.Expand(s, func(k string) string {
		if k, def, ok := strings.Cut(k, ":-"); ok {
			return orStr(env[k], def)
		}
		return env[k]
	})
}

// valueAfter is the value of the first of flags in args: "--flag v" or "--flag=v".
func valueAfter(args []string, flags ...string) string {
	for i, a := range args {
		for _, f := range flags {
			if a == f && i+1 < len(args) {
				return args[i+1]
			}
			if v, ok := strings.CutPrefix(a, f+"="); ok {
				return v
			}
		}
	}
	return ""
}

// firstFile is the first argument that is no flag and no value of one of
// the flags that take a value.
func firstFile(args []string, valued ...string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "-") {
			for _, v := range valued {
				if a == v {
					i++
				}
			}
			continue
		}
		return a
	}
	return ""
}

// hostNotFound is how each runtime reports a hostname that does not resolve.
func hostNotFound(lang, host string) string {
	switch lang {
	case "python":
		return fmt.Sprintf("psycopg.OperationalError: could not translate host name %q to address: Name or service not known", host)
	case "php":
		return fmt.Sprintf("PHP Warning:  php_network_getaddresses: getaddrinfo for %s failed: Name or service not known", host)
	case "binary", "go":
		return fmt.Sprintf("dial tcp: lookup %s: no such host", host)
	case "java":
		return "java.net.UnknownHostException: " + host
	case "ruby":
		return fmt.Sprintf("PG::ConnectionBad: could not translate host name %q to address: Name or service not known", host)
	case "rust":
		return "Error: failed to lookup address information: Name or service not known"
	}
	return fmt.Sprintf("Error: getaddrinfo ENOTFOUND %s", host)
}

// deployed is the source path (relative to the working directory) of the
// file or directory the deploy puts at /var/www/rel, or "" when none does.
func (r *runSim) deployed(rel string) string {
	rel = CleanRel(rel)
	if len(r.d.DeployFiles) == 0 {
		if r.files.Has(rel) {
			return rel
		}
		return ""
	}
	for _, df := range r.d.DeployFiles {
		if src, ok := deploySource(df, rel); ok && r.files.Has(src) {
			return src
		}
	}
	for _, df := range r.d.DeployFiles {
		e := parseDeployEntry(df)
		if e.wild == nil {
			continue
		}
		for src := range r.files.paths {
			if at, ok := e.wildLanding(src); ok && at == rel && r.files.Has(src) {
				return src
			}
		}
	}
	return ""
}

// deploySource is the source path the deployFiles entry df puts at
// /var/www/rel; false when df does not cover rel.
func deploySource(df, rel string) (string, bool) {
	return parseDeployEntry(df).source(rel)
}

// deployedText is the content of the small file deployed at /var/www/rel.
func (r *runSim) deployedText(rel string) (string, bool) {
	if r.files == nil {
		return "", false
	}
	src := r.deployed(rel)
	if src == "" {
		return "", false
	}
	return r.files.Read(src)
}

// producedAt reports whether the build may have made what the deploy puts
// at /var/www/rel (its content is then unknown): a build whose outputs are
// unknown may have made anything a deployFiles entry names.
func (r *runSim) producedAt(rel string) bool {
	if len(r.produced) == 0 && !r.unknown {
		return false
	}
	b := &buildSim{produced: r.produced}
	for _, df := range r.d.DeployFiles {
		if src, ok := deploySource(df, rel); ok && (r.unknown || b.madeByBuild(src)) {
			return true
		}
	}
	return false
}

// langOfBase is the language the run base runs.
func (r *runSim) langOfBase() string { return baseLang(r.base) }

// baseLang is the language a runtime (a base's name) runs.
func baseLang(name string) string {
	switch {
	case strings.HasPrefix(name, "nodejs"), name == "bun", name == "deno":
		return "node"
	case name == "python":
		return "python"
	case name == "go":
		return "go"
	case name == "java":
		return "java"
	case strings.HasPrefix(name, "php"):
		return "php"
	}
	return name
}

// RuntimeName is a base's runtime without OS prefix and version.
func RuntimeName(base string) string {
	name, _, _ := strings.Cut(base, "@")
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	return name
}

// webServer reports whether a runtime serves HTTP itself (port 80).
func WebServer(name string) bool {
	switch name {
	case "php-nginx", "php-apache", "nginx", "static":
		return true
	}
	return false
}

// ExitCode is the status the app exits with when it crashes at start.
func (r RunResult) ExitCode() int {
	if r.Exit < 0 {
		return 0
	}
	if r.Exit != 0 {
		return r.Exit
	}
	return 1
}
