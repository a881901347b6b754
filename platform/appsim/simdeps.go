package appsim

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// The runtime container gets only build.deployFiles: packages the build
// installed (node_modules, pip's site-packages) stay in the build container
// unless the deploy carries them or run.prepareCommands installs them into
// the run image. depsFailure judges that, from the files alone: a start
// that runs a package's command, or an entry file that imports a package,
// fails the way its runtime does when neither holds.

// nodeTools are commands that come from a package's node_modules/.bin: no
// nodejs image has them.
var nodeTools = map[string]bool{"next": true, "nuxt": true, "nuxi": true, "nodemon": true, "ts-node": true,
	"ts-node-dev": true, "tsx": true, "pm2": true, "pm2-runtime": true, "vite": true, "nest": true,
	"react-scripts": true, "remix-serve": true, "react-router-serve": true, "astro": true, "serve": true,
	"http-server": true, "tsc": true, "concurrently": true, "strapi": true, "svelte-kit": true, "ng": true}

// pyTools are commands that come from a pip package: the python image has
// none of them.
var pyTools = map[string]bool{"gunicorn": true, "uvicorn": true, "hypercorn": true, "daphne": true,
	"celery": true, "flask": true, "fastapi": true, "django-admin": true, "streamlit": true, "waitress-serve": true}

// Installs of each ecosystem's packages in a command line.
var (
	nodeInstallRe = lazyregexp.New(`(?:^|[\s;&|(])(?:npm|pnpm|yarn|bun)(?:\s+-\S+)*(?:\s+(?:install|i|ci|add|clean-install)\b|\s*(?:$|[;&|)]))`)
	pyInstallRe   = lazyregexp.New(`\bpip[\d.]*\s+install\b|\bpip\s+install\b|\buv\s+(?:pip\s+install|sync)\b|\b(?:poetry|pipenv)\s+install\b|\bpy3-`)
	pyTargetRe    = lazyregexp.New(`\bpip[\d.]*\s+install\b.*\s(?:--target|-t|--prefix|--user)\b|\bvenv\b|\bvirtualenv\b`)
)

// depsFailure is how the start command words (depth its npm script
// nesting) fails for a package the run container lacks; false when nothing
// is known missing.
func (r *runSim) depsFailure(words []string, depth int) (startCmd, bool) {
	if r.files == nil || len(words) == 0 {
		return startCmd{}, false
	}
	name, args := words[0], words[1:]
	switch lang := r.langOfBase(); {
	case nodeTools[name] && lang == "node" && !r.nodeInstalled(name, ""):
		sh := "sh"
		if depth == 0 {
			sh = "/bin/sh"
		}
		return startCmd{lang: "node", exit: 127, crash: []Line{{3, fmt.Sprintf("%s: %s: not found", sh, name)}}}, true
	case pyTools[name] && lang == "python" && !r.pyInstalled(name):
		return startCmd{lang: "python", exit: 127, crash: []Line{{3, fmt.Sprintf("/bin/sh: %s: not found", name)}}}, true
	case strings.HasPrefix(name, "python") && lang == "python":
		if m := valueAfter(args, "-m"); pyTools[m] && !r.pyInstalled(m) && r.deployed(m) == "" && r.deployed(m+".py") == "" {
			return startCmd{lang: "python", crash: []Line{{3, fmt.Sprintf("/usr/local/bin/python3: No module named %s", m)}}}, true
		}
		if valueAfter(args, "-m") == "" {
			return r.pyImports(firstFile(args, "-X", "-W"))
		}
	case strings.HasPrefix(name, "node") && !strings.HasPrefix(name, "nodemon") && lang == "node":
		return r.nodeEntry(args)
	}
	return startCmd{}, false
}

// prepScriptRe is a command running a script file: `sh X`, `bash X`,
// `source X`, `. X` or `./X`.
var prepScriptRe = lazyregexp.New(`(?:^|[\s;&|(])(?:(?:sh|bash|dash|source|\.)\s+((?:[\w./-]+/)?[\w.-]+\.sh|[\w./-]+/[\w.-]+)|(\./[\w./-]+))`)

// ownLines are the commands of d that may install packages into the run
// container: run.prepareCommands (with the lines of a script they run that
// build.addToRunPrepare ships), initCommands and the start commands.
func (r *runSim) ownLines() string {
	lines := append(append([]string{}, r.d.Prep.RunPrepare...), r.prepScripts()...)
	lines = append(lines, r.d.Prep.Init...)
	for _, sc := range r.d.Starts() {
		lines = append(lines, sc.Command)
	}
	return strings.Join(lines, "\n")
}

// prepScripts are the lines of the scripts run.prepareCommands run that
// build.addToRunPrepare puts in prepHome, where they run.
func (r *runSim) prepScripts() []string {
	if r.files == nil {
		return nil
	}
	var out []string
	for _, l := range r.d.Prep.RunPrepare {
		for _, m := range prepScriptRe.FindAllStringSubmatch(l, -1) {
			rel := CleanRel(strings.TrimPrefix(orStr(m[1], m[2]), prepHome))
			if !r.shippedToPrepare(rel) {
				continue
			}
			if src, ok := r.files.Read(rel); ok {
				out = append(out, strings.Split(src, "\n")...)
			}
		}
	}
	return out
}

// shippedToPrepare reports whether build.addToRunPrepare hands the
// uploaded file rel to run.prepareCommands.
func (r *runSim) shippedToPrepare(rel string) bool {
	for _, e := range r.d.Prep.ToRunPrep {
		e = CleanRel(strings.TrimPrefix(e, BuildSource))
		if e == "" || e == rel || strings.HasPrefix(rel, e+"/") {
			return true
		}
	}
	return false
}

// nodeInstalled reports whether Node packages may be in the run container
// for an entry under dir: node_modules deployed (or made by the build and
// deployed) in dir or above it, or an install in run.prepareCommands,
// initCommands or the start; or tool named there. A build that may have
// made any path may have made node_modules.
func (r *runSim) nodeInstalled(tool, dir string) bool {
	if r.unknown || nodeInstallRe.MatchString(r.ownLines()) || (tool != "" && strings.Contains(strings.Join(r.d.Prep.RunPrepare, "\n"), tool)) {
		return true
	}
	for d := dir; ; d = path.Dir(d) {
		if d == "." || d == "/" {
			d = ""
		}
		nm := path.Join(d, "node_modules")
		if r.deployed(nm) != "" || r.builtAt(nm) {
			return true
		}
		if d == "" {
			return false
		}
	}
}

// pyInstalled reports whether pip packages may be in the run container: an
// install in run.prepareCommands, initCommands or the start, tool named in
// run.prepareCommands, a virtualenv or target directory made in the build,
// or PATH/PYTHONPATH/VIRTUAL_ENV set.
func (r *runSim) pyInstalled(tool string) bool {
	if r.unknown || pyInstallRe.MatchString(r.ownLines()) || pyTargetRe.MatchString(strings.Join(r.d.BuildCommands, "\n")) {
		return true
	}
	if tool != "" && strings.Contains(strings.Join(r.d.Prep.RunPrepare, "\n"), tool) {
		return true
	}
	for _, k := range []string{"PATH", "PYTHONPATH", "VIRTUAL_ENV"} {
		if _, ok := r.env.Vars[k]; ok {
			return true
		}
	}
	return r.deployed(".venv") != "" || r.deployed("venv") != "" || r.builtAt(".venv") || r.builtAt("venv")
}

// builtAt reports whether the build made the directory the deploy puts at
// /var/www/rel itself (not merely a directory above it).
func (r *runSim) builtAt(rel string) bool {
	for _, df := range r.d.DeployFiles {
		if src, ok := deploySource(df, rel); ok && r.produced[src] {
			return true
		}
	}
	return false
}

// Imports of a JavaScript or TypeScript file: require('x'), import … from 'x', import 'x'.
var (
	requireRe  = lazyregexp.New(`\brequire\(\s*['"]([^'"]+)['"]\s*\)`)
	importRe   = lazyregexp.New(`(?m)^\s*import\s+(?:([^'";]*?)\s+from\s+)?['"]([^'"]+)['"]`)
	esmRe      = lazyregexp.New(`(?m)^\s*(?:import\s|export\s)`)
	nodeMajRe  = lazyregexp.New(`^nodejs@(\d+)`)
	typeModule = lazyregexp.New(`"type"\s*:\s*"module"`)
)

// nodeBuiltins are the modules Node has without node_modules.
var nodeBuiltins = map[string]bool{}

func init() {
	for _, m := range strings.Fields("assert async_hooks buffer child_process cluster console constants crypto dgram " +
		"diagnostics_channel dns domain events fs http http2 https inspector module net os path perf_hooks process " +
		"punycode querystring readline repl stream string_decoder sys timers tls trace_events tty url util v8 vm wasi " +
		"worker_threads zlib") {
		nodeBuiltins[m] = true
	}
}

// nodeEntry judges `node [flags] FILE`: a .ts file Node (before 23) cannot
// load, or a package the entry imports with no node_modules to find it in.
func (r *runSim) nodeEntry(args []string) (startCmd, bool) {
	file := firstFile(args, "-r", "--require", "--import", "--loader", "--env-file")
	rel := r.nodeDirEntry(r.path(file))
	if file == "" || (r.deployed(rel) == "" && !r.producedAt(rel)) || r.envFiles(args, map[string]string{}) != "" {
		return startCmd{}, false // no entry, a missing one or a missing --env-file: the command's own rules
	}
	abs := path.Join(RunRoot, rel)
	src, readable := r.deployedText(rel)
	pkg, _ := r.deployedText("package.json")
	esm := typeModule.MatchString(pkg) || strings.HasSuffix(rel, ".mjs") || strings.HasSuffix(rel, ".mts")
	if ext := path.Ext(rel); (ext == ".ts" || ext == ".mts" || ext == ".cts") && readable && r.nodeMajor() < 23 &&
		!hasFlag(args, "--experimental-strip-types", "--experimental-transform-types", "--import", "--loader", "-r", "--require") &&
		(esm || esmRe.MatchString(src)) {
		// Node before 23.6 strips no types: an ES module (by package.json or
		// by its syntax) with a .ts extension has no loader.
		return startCmd{lang: "node", crash: []Line{{3, "node:internal/modules/esm/get_format:218"},
			{3, "  throw new ERR_UNKNOWN_FILE_EXTENSION(ext, filepath);"}, {3, "        ^"}, {3, ""},
			{3, fmt.Sprintf("TypeError [ERR_UNKNOWN_FILE_EXTENSION]: Unknown file extension %q for %s", ext, abs)},
			{3, "    at Object.getFileProtocolModuleFormat [as file:] (node:internal/modules/esm/get_format:218:9)"},
			{3, "  code: 'ERR_UNKNOWN_FILE_EXTENSION'"}, {3, "}"}, {3, ""}, {3, "Node.js " + nodeVersion}}}, true
	}
	return r.nodeModules(rel, args)
}

// nodeVersion is the Node.js the simulated nodejs@22 runtime reports.
const nodeVersion = "v22.12.0"

// nodeMajor is the run base's Node.js major version (22 when unknown).
func (r *runSim) nodeMajor() int {
	if m := nodeMajRe.FindStringSubmatch(r.d.RunBase); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil {
			return n
		}
	}
	return 22
}

// builtFrom is the source of a build output whose content is unknown: for
// dist/x.js that tsc compiled, the uploaded src/x.ts (or x.ts). A bundling
// build (its output carries the packages) has none.
func (r *runSim) builtFrom(rel string) (string, bool) {
	pkg, _ := r.files.Read("package.json")
	if bundlerRe.MatchString(strings.Join(r.d.BuildCommands, "\n") + "\n" + pkg) {
		return "", false
	}
	_, rest, ok := strings.Cut(rel, "/")
	if !ok {
		return "", false
	}
	stem := strings.TrimSuffix(rest, path.Ext(rest))
	for _, c := range []string{"src/" + stem + ".ts", stem + ".ts", "src/" + stem + ".js"} {
		if s, ok := r.files.Read(c); ok {
			return s, true
		}
	}
	return "", false
}

var bundlerRe = lazyregexp.New(`\b(?:esbuild|webpack|rollup|ncc|tsup|bun build|vite build|parcel|rspack|next build|nuxt|nuxi)\b`)

// commentFree reports whether the line holding offset at is no // comment.
func commentFree(src string, at int) bool {
	start := strings.LastIndexByte(src[:at], '\n') + 1
	t := strings.TrimSpace(src[start:at])
	return !strings.HasPrefix(t, "//") && !strings.HasPrefix(t, "*") && !strings.HasPrefix(t, "/*")
}

// pkgSpec is the package a module specifier names, "" for a relative or
// absolute path, a URL or a builtin.
func pkgSpec(spec string) string {
	if spec == "" || strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") || strings.Contains(spec, ":") {
		return ""
	}
	parts := strings.Split(spec, "/")
	if strings.HasPrefix(spec, "@") {
		if len(parts) < 2 {
			return ""
		}
		return parts[0] + "/" + parts[1]
	}
	if nodeBuiltins[parts[0]] {
		return ""
	}
	return parts[0]
}

func hasFlag(args []string, flags ...string) bool {
	for _, a := range args {
		for _, f := range flags {
			if a == f || strings.HasPrefix(a, f+"=") {
				return true
			}
		}
	}
	return false
}

// pyAliases are pip packages whose module is named otherwise.
var pyAliases = map[string]string{"python_dotenv": "dotenv", "pyyaml": "yaml", "beautifulsoup4": "bs4",
	"pillow": "pil", "scikit_learn": "sklearn", "psycopg2_binary": "psycopg2", "psycopg_binary": "psycopg",
	"opencv_python": "cv2", "python_jose": "jose", "pyjwt": "jwt", "djangorestframework": "rest_framework"}

// pyImports judges `python FILE`: the modules it imports, followed from
// its directory (modules.go).
func (r *runSim) pyImports(file string) (startCmd, bool) {
	rel := r.path(file)
	if _, ok := r.deployedText(rel); file == "" || !ok {
		return startCmd{}, false
	}
	return r.pyModules(CleanRel(path.Dir(rel)), rel, "__main__")
}

var pyNameRe = lazyregexp.New(`^[A-Za-z0-9][A-Za-z0-9._-]*`)

// phpRequireRe is a PHP file's require of a file by its path:
// require __DIR__ . '/../vendor/autoload.php', require_once 'x.php'.
var phpRequireRe = lazyregexp.New(`(?m)^\s*(?:require|include)(?:_once)?\s*\(?\s*(__DIR__\s*\.\s*)?['"]([^'"]+\.php)['"]`)

// phpRequireMissing is what PHP logs when the front controller at rel
// (relative to /var/www) requires a file the deploy does not carry (composer's
// vendor/autoload.php left out of deployFiles); nil when it runs.
func (r *runSim) phpRequireMissing(rel string) []Line {
	src, ok := r.deployedText(rel)
	if !ok {
		return nil
	}
	for _, m := range phpRequireRe.FindAllStringSubmatchIndex(src, -1) {
		req := src[m[4]:m[5]]
		shown, target := req, CleanRel(req)
		if m[2] >= 0 { // __DIR__ . '…'
			shown = path.Join(RunRoot, path.Dir(rel)) + req
			target = CleanRel(path.Join(path.Dir(rel), req))
		} else if !strings.HasPrefix(req, "/") {
			target = CleanRel(path.Join(path.Dir(rel), req))
		}
		if strings.HasPrefix(target, "../") || r.deployed(target) != "" || r.producedAt(target) {
			continue
		}
		line := strings.Count(src[:m[4]], "\n") + 1
		at := fmt.Sprintf("in %s on line %d", path.Join(RunRoot, rel), line)
		return []Line{{4, fmt.Sprintf("PHP Warning:  require(%s): Failed to open stream: No such file or directory %s", shown, at)},
			{3, fmt.Sprintf("PHP Fatal error:  Uncaught Error: Failed opening required '%s' (include_path='.:/usr/share/php') %s", shown, at)}}
	}
	return nil
}

// RunsPHP reports whether GET p reaches PHP: any path but a deployed file
// that is no PHP script.
func (w *WebRoot) RunsPHP(p string) bool {
	p, _, _ = strings.Cut(p, "?")
	rel := CleanRel(p)
	return rel == "" || strings.HasSuffix(rel, ".php") || !w.files[rel]
}
