package appsim

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Python: `python FILE` and `python -m MODULE` (python3, python3.12 by
// family), the local modules a program imports, pip's installs, flask's
// development server, fastapi's servers.

const (
	flaskBanner   = " * Running on http://%s:%d"
	uvicornBanner = "INFO:     Uvicorn running on http://%s:%d (Press CTRL+C to quit)"
	bottleBanner  = "Bottle v0.13.2 server starting up (using WSGIRefServer())...\nListening on http://%s:%d/\nHit Ctrl-C to quit."
)

func pythonRecord() *tool {
	return &tool{name: "python", names: []string{"python", "python3"}, lang: "python", run: pythonTool, build: pythonBuild, deps: pyDeps,
		unwrap: pyDjangoModule, serverStart: (*runSim).djangoServer, banners: map[string]string{"bottle": bottleBanner},
		family: func(n string) bool { return strings.HasPrefix(n, "python") }, runBases: []string{"python"},
		entryExit: 2,
		missingEntry: func(_, abs string) []Line {
			return []Line{{3, fmt.Sprintf("python3: can't open file '%s': [Errno 2] No such file or directory", abs)}}
		},
		hostNotFound: func(host string) string {
			return fmt.Sprintf("psycopg.OperationalError: could not translate host name %q to address: Name or service not known", host)
		},
		servers: map[string]ownAddr{
			"fastapi dev": {lang: "python", runs: []string{"fastapi dev"}, host: "127.0.0.1", port: 8000, hostFlags: []string{"--host"},
				portFlags: []string{"--port"}, banner: uvicornBanner},
			"fastapi run": {lang: "python", runs: []string{"fastapi run"}, host: "0.0.0.0", port: 8000, hostFlags: []string{"--host"},
				portFlags: []string{"--port"}, banner: uvicornBanner},
		},
		listens: []listenForm{listenCall, pyAddrTuple, pyRun},
		// os.environ, os.getenv, django-environ's env()/env.db(), decouple's
		// config(), dj-database-url's env= (walk 75b: settings.py's
		// dj_database_url.config(env="DATABASE_URL") was said not to read it).
		envRead: `os\.environ(?:\.get)?[\[(]['"]%[1]s['"]|os\.getenv\(['"]%[1]s['"]|\benv(?:\.\w+)?\(\s*['"]%[1]s['"]|\bconfig\(\s*['"]%[1]s['"]|dj_database_url\.(?:config|parse)\([^)]*\benv\s*=\s*['"]%[1]s['"]`, readsAtLoad: true,
		// DB-API connects (psycopg2, psycopg, PyMySQL, mysql.connector,
		// MySQLdb, asyncpg), urllib's urlopen, requests' and httpx's calls;
		// pymongo's MongoClient, redis-py's Redis and SQLAlchemy's
		// create_engine connect later, when used (a ping is a use).
		connects: lazyregexp.New(`\b(?:connect|urlopen|ping)\(|\b(?:requests|httpx)\.(?:get|post|put|patch|delete|head|request)\(`)}
}

// Where a Python program listens: a server's (HOST, PORT) tuple
// (socketserver, http.server), Flask's app.run and uvicorn.run with their
// keywords.
var (
	pyTupleRe    = lazyregexp.New(`\(\s*\(\s*['"]([^'"]*)['"]\s*,\s*(\d{2,5})\s*\)`)
	flaskRunRe   = lazyregexp.New(`\b(?:app|application)\.run\(([^)]*)\)`)
	uvicornRunRe = lazyregexp.New(`uvicorn\.run\(([^)]*)\)`)
	// bottleRunRe is Bottle's run: bottle.run(…), run(…) imported from
	// bottle, or the app's own app.run(…).
	bottleRunRe = lazyregexp.New(`(?:\bbottle\.|(?:^|[^.\w])|\b(?:app|application)\.)run\(([^)]*)\)`)
	bottleImpRe = lazyregexp.New(`(?m)^\s*(?:from\s+bottle\s+import\b|import\s+bottle\b)`)
	hostKwRe    = lazyregexp.New(`\bhost(?:name)?\s*[=:]\s*['"]([^'"]*)['"]`)
)

// pyAddrTuple reads HTTPServer(("HOST", PORT), …).
var pyAddrTuple = addrLiteral(pyTupleRe)

// pyRun reads Flask's app.run (127.0.0.1:5000 unless told), uvicorn.run
// (127.0.0.1:8000) and, in a file importing bottle, Bottle's run
// (127.0.0.1:8080), with their listening lines.
func pyRun(s *srcListen) (*Addr, bool) {
	forms := []*lazyregexp.Regexp{flaskRunRe, uvicornRunRe}
	if bottleImpRe.MatchString(s.src) {
		forms = []*lazyregexp.Regexp{bottleRunRe, uvicornRunRe}
	}
	for _, re := range forms {
		m := re.FindStringSubmatch(s.src)
		if m == nil {
			continue
		}
		port := 5000
		s.banner = serverBanners["flask"]
		switch re {
		case uvicornRunRe:
			port, s.banner = 8000, serverBanners["uvicorn"]
		case bottleRunRe:
			port, s.banner = 8080, serverBanners["bottle"]
		}
		h := "127.0.0.1"
		if hm := hostKwRe.FindStringSubmatch(m[1]); hm != nil {
			h = hm[1]
		}
		if pm := portKwRe.FindStringSubmatch(m[1]); pm != nil {
			port, _ = strconv.Atoi(pm[1])
		} else if portEnvRe.MatchString(m[1]) || strings.Contains(m[1], "port=port") {
			port = s.envPort(s.defPort)
		}
		return &Addr{normHost(h), port}, true
	}
	return nil, false
}

func pipRecord() *tool {
	return &tool{name: "pip", names: []string{"pip", "pip3"}, lang: "python", build: pipBuild}
}

func flaskRecord() *tool {
	return &tool{name: "flask", names: []string{"flask"}, lang: "python", run: flaskTool, banners: map[string]string{"flask": flaskBanner}}
}

// pyDjangoModule is python -m django: django-admin.
func pyDjangoModule(_ string, args []string) (string, []string, bool) {
	if len(args) > 1 && args[0] == "-m" && args[1] == "django" {
		return "django-admin", args[2:], true
	}
	return "", nil, false
}

// pip fails as pip does on a requirements or constraints file that was
// not uploaded; one given as a URL (Airflow's constraints) pip downloads.
func (b *buildSim) pip(args []string) int {
	if len(args) == 0 || args[0] != "install" || b.files == nil {
		return 0
	}
	for _, f := range []string{valueAfter(args, "-r", "--requirement"), valueAfter(args, "-c", "--constraint")} {
		if f != "" && !strings.Contains(f, "://") && !b.exists(b.rel(f)) {
			b.err(fmt.Sprintf("ERROR: Could not open requirements file: [Errno 2] No such file or directory: '%s'", f))
			return 1
		}
	}
	if t := valueAfter(args, "--target", "-t"); t != "" {
		b.produce(t)
	}
	return 0
}

func pipBuild(b *buildSim, _ string, args []string, _ int) (int, bool, bool) {
	return b.pip(args), false, false
}

// pythonBuild is `python -m pip …`, or a script whose outputs are unknown
// (manage.py collectstatic, …).
func pythonBuild(b *buildSim, name string, args []string, _ int) (int, bool, bool) {
	if len(args) > 2 && args[0] == "-m" && args[1] == "pip" {
		return b.pip(args[2:]), false, false
	}
	if !b.knownCommand(name, args) {
		b.mayHave(madeAny)
	}
	return 0, false, false
}

// pyImportLineRe is a module-level import statement (at the start of its
// line: one inside a block, a try or an if, may be guarded): from X import
// NAMES, or import X, Y.
var pyImportLineRe = lazyregexp.New(`(?m)^(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+\(?([\w, \t]*)|import[ \t]+([\w.]+(?:[ \t]*,[ \t]*[\w.]+)*))`)

// pyFrame is one line of a Python traceback: the file, the line, its text.
type pyFrame struct {
	file string
	line int
	text string
}

// pyWalk follows a Python program's local modules: those under its root
// (sys.path[0]: the script's directory, or where a server imports its app
// module from) or uploaded there.
type pyWalk struct {
	r       *runSim
	root    string // relative to /var/www
	upRoot  string // the same directory in the upload
	seen    map[string]bool
	pathSet bool // a module adds to sys.path: a package may come from anywhere (pkg)
}

// pyModules follows the imports of the Python module mod (file rel; mod
// "__main__" for a script) imported from root.
func (r *runSim) pyModules(root, rel, mod string) (startCmd, bool) {
	return r.pyWalker(root, rel).module(rel, mod, nil)
}

// pyWalker is a walk of the modules imported from root by the program
// whose first module is rel.
func (r *runSim) pyWalker(root, rel string) *pyWalk {
	w := &pyWalk{r: r, root: root, seen: map[string]bool{}}
	if src := r.deployed(rel); src != "" {
		w.upRoot = CleanRel(strings.TrimSuffix(path.Dir(src), strings.TrimPrefix(path.Dir(rel), root)))
	}
	return w
}

// module follows the module mod at rel, imported through frames.
func (w *pyWalk) module(rel, mod string, frames []pyFrame) (startCmd, bool) {
	if w.seen[rel] || len(w.seen) >= maxModules {
		return startCmd{}, false
	}
	w.seen[rel] = true
	src, ok := w.r.deployedText(rel)
	if !ok {
		if len(frames) > 0 {
			w.r.unread = append(w.r.unread, rel)
		}
		return startCmd{}, false
	}
	w.pathSet = w.pathSet || pyPathSetRe.MatchString(src)
	w.r.noteDotenv(src)
	w.r.noteLocalFallback(src, rel, w.r.cmdEnv) // as a Node module's
	needs := pyEnvNeeds(src)
	envBefore := func(at int) (startCmd, bool) { // a module's statements run in order
		var now []envNeed
		for len(needs) > 0 && needs[0].at < at {
			now, needs = append(now, needs[0]), needs[1:]
		}
		return w.r.envCheck(src, rel, now, w.r.cmdEnv)
	}
	pkg := mod // the package its relative imports start from
	if path.Base(rel) != "__init__.py" {
		pkg = mod[:max(strings.LastIndex(mod, "."), 0)]
	}
	for _, m := range pyImportLineRe.FindAllStringSubmatchIndex(src, -1) {
		if c, failed := envBefore(m[0]); failed {
			return c, true
		}
		frame := pyFrame{path.Join(RunRoot, rel), strings.Count(src[:m[0]], "\n") + 1,
			strings.TrimSpace(src[m[0] : m[0]+strings.IndexByte(src[m[0]:]+"\n", '\n')])}
		var names []string // the modules the statement imports
		if m[2] >= 0 {
			from := src[m[2]:m[3]]
			level := len(from) - len(strings.TrimLeft(from, "."))
			if level > 0 {
				if mod == "__main__" {
					return pyCrash(append(frames, frame), "ImportError: attempted relative import with no known parent package"), true
				}
				base := pkg
				for range level - 1 {
					base = base[:max(strings.LastIndex(base, "."), 0)]
				}
				rest := from[level:]
				if rest == "" { // from . import a, b: submodules, or names of the package
					for _, n := range strings.Split(src[m[4]:m[5]], ",") {
						if n = strings.TrimSpace(n); n != "" && w.exists(joinMod(base, n)) {
							names = append(names, joinMod(base, n))
						}
					}
				} else {
					names = append(names, joinMod(base, rest))
				}
			} else {
				names = append(names, from)
				// from pkg import a, b: each that is a submodule of the
				// project's own package loads too (the discord-py recipe's
				// `from src import config`)
				for _, n := range strings.Split(src[m[4]:m[5]], ",") {
					n, _, _ = strings.Cut(strings.Trim(strings.TrimSpace(n), "()"), " as ")
					if n = strings.TrimSpace(n); n != "" && w.local(strings.Split(from, ".")[0]) && w.exists(joinMod(from, n)) {
						names = append(names, joinMod(from, n))
					}
				}
			}
		} else {
			for _, n := range strings.Split(src[m[6]:m[7]], ",") {
				names = append(names, strings.TrimSpace(n))
			}
		}
		for _, name := range names {
			if c, failed := w.imports(name, append(frames, frame)); failed {
				return c, true
			}
		}
	}
	return envBefore(len(src))
}

// joinMod is package base's module name.
func joinMod(base, name string) string {
	if base == "" {
		return name
	}
	return base + "." + name
}

// imports follows `import name` (dotted: each package on the way) from
// frames: a local module the deploy lacks fails the start, as does a
// package nothing installs (pkg).
func (w *pyWalk) imports(name string, frames []pyFrame) (startCmd, bool) {
	parts := strings.Split(name, ".")
	if !w.local(parts[0]) {
		return w.pkg(parts[0], frames)
	}
	for i := range parts {
		sub := strings.Join(parts[:i+1], ".")
		p := path.Join(w.root, strings.Join(parts[:i+1], "/"))
		switch {
		case w.r.isFile(p + ".py"):
			if c, failed := w.module(p+".py", sub, frames); failed {
				return c, true
			}
		case w.r.isFile(p + "/__init__.py"):
			if c, failed := w.module(p+"/__init__.py", sub, frames); failed {
				return c, true
			}
		case w.r.deployed(p) != "", w.r.producedAt(p + ".py"):
			// a namespace package, or what the build made
		default:
			return pyCrash(frames, fmt.Sprintf("ModuleNotFoundError: No module named '%s'", sub)), true
		}
	}
	return startCmd{}, false
}

// exists reports whether the deploy has the module name under root.
func (w *pyWalk) exists(name string) bool {
	p := path.Join(w.root, strings.ReplaceAll(name, ".", "/"))
	return w.r.isFile(p+".py") || w.r.isFile(p+"/__init__.py")
}

// local reports whether a top-level module is the app's own: deployed
// under root, or uploaded in the directory that root is.
func (w *pyWalk) local(top string) bool {
	p := path.Join(w.root, top)
	if w.r.deployed(p+".py") != "" || w.r.deployed(p) != "" {
		return true
	}
	up := path.Join(w.upRoot, top)
	return w.r.files.Has(up+".py") || w.r.files.Has(path.Join(up, "__init__.py"))
}

// pyCrash is Python's traceback through frames ending in last.
func pyCrash(frames []pyFrame, last string) startCmd {
	lines := []Line{{3, "Traceback (most recent call last):"}}
	for _, f := range frames {
		lines = append(lines, Line{3, fmt.Sprintf("  File %q, line %d, in <module>", f.file, f.line)}, Line{3, "    " + f.text})
	}
	return startCmd{lang: "python", crash: append(lines, Line{3, last})}
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
	case "gunicorn", "uvicorn", "hypercorn", "daphne", "sanic":
		return r.pyServer(mod, args, env)
	case "flask":
		return flaskRun(args, env)
	}
	return r.unmodelled("python -m "+mod, args, env)
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

// pyTools are commands that come from a pip package: the python image has
// none of them.
var pyTools = map[string]bool{"gunicorn": true, "uvicorn": true, "hypercorn": true, "daphne": true,
	"celery": true, "flask": true, "fastapi": true, "django-admin": true, "streamlit": true, "waitress-serve": true,
	"litestar": true, "granian": true, "sanic": true, "pserve": true}

// pyInstalled reports whether pip packages may be in the run container: an
// install in run.prepareCommands, initCommands or the start, tool named in
// run.prepareCommands, a virtualenv or target directory made in the build,
// or PATH/PYTHONPATH/VIRTUAL_ENV set.
func (r *runSim) pyInstalled(tool string) bool {
	if r.unknown || installsPackages("python", r.ownLines()) || pySystemPkgRe.MatchString(r.ownLines()) || pyTargetRe.MatchString(strings.Join(r.d.BuildCommands, "\n")) {
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

// pyTargetOnlyRe is a pip install into a folder of its own (--target, -t).
var pyTargetOnlyRe = lazyregexp.New(`\bpip[\d.]*\s+install\b[^;&|\n]*\s(?:--target|-t)\b`)

// pyToolInTarget reports whether the build's pip --target install is the
// only one that could bring a pyTools command: nothing installs in the run
// container, no virtualenv is deployed and PATH is not set.
func (r *runSim) pyToolInTarget() bool {
	if r.unknown || !pyTargetOnlyRe.MatchString(strings.Join(r.d.BuildCommands, "\n")) ||
		installsPackages("python", r.ownLines()) || pySystemPkgRe.MatchString(r.ownLines()) {
		return false
	}
	if _, ok := r.env.Vars["PATH"]; ok {
		return false
	}
	return r.deployed(".venv") == "" && r.deployed("venv") == "" && !r.builtAt(".venv") && !r.builtAt("venv")
}

// pyToolPkgs are the modules of the packages that bring the commands of
// pyTools named otherwise.
var pyToolPkgs = map[string]string{"django-admin": "django", "waitress-serve": "waitress", "pserve": "pyramid"}

// pyToolNamed reports whether an install the sandbox reads names the
// package of the pyTools command name (or one bringing it), or the
// installs are unknown.
func (r *runSim) pyToolNamed(name string) bool {
	p := r.pyPackages()
	return r.unknown || p.named[orStr(pyToolPkgs[name], name)]
}

// pyAliases are pip packages whose module is named otherwise.
var pyAliases = map[string]string{"python_dotenv": "dotenv", "pyyaml": "yaml", "beautifulsoup4": "bs4",
	"pillow": "pil", "scikit_learn": "sklearn", "psycopg2_binary": "psycopg2", "psycopg_binary": "psycopg",
	"opencv_python": "cv2", "python_jose": "jose", "pyjwt": "jwt", "djangorestframework": "rest_framework",
	"discord_py": "discord", "python_telegram_bot": "telegram"}

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

// pythonTool runs a file, or a module (-m) with its own arguments.
func pythonTool(r *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	if i := slices.Index(args, "-m"); i >= 0 && i+1 < len(args) {
		return r.pyModule(args[i+1], args[i+2:], env), true
	}
	file := firstFile(args, "-X", "-W")
	return r.scriptRun("python", file, args, r.entry("python", file, args, env)), true
}

// flaskTool is the flask command.
func flaskTool(_ *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	return flaskRun(args, env), true
}

// Python packages from Alpine's (pip's and the others': pkgmanagers.go),
// and installs into a directory of their own.
var (
	pySystemPkgRe = lazyregexp.New(`\bpy3-`) // an Alpine package of Python's (apk add py3-…)
	pyTargetRe    = lazyregexp.New(`\bpip[\d.]*\s+install\b.*\s(?:--target|-t|--prefix|--user)\b|\bvenv\b|\bvirtualenv\b`)
)

// pyDeps judges what a start on a Python run base needs from pip: a command
// of pyTools not installed is sh's "not found" (exit 127), `python -m` of
// one Python's "No module named"; `python FILE` follows the modules FILE
// imports (pyImports).
func pyDeps(r *runSim, name string, args []string, _ int) (startCmd, bool) {
	switch {
	case pyTools[name] && !r.pyInstalled(name):
		return startCmd{lang: "python", exit: 127, crash: []Line{{3, fmt.Sprintf("/bin/sh: %s: not found", name)}}}, true
	case pyTools[name] && r.pyToolInTarget() && r.pyToolNamed(name):
		// pip --target puts a package's scripts in TARGET/bin, which PATH
		// may lack: whether the command is found there is not known here.
		note := fmt.Sprintf("whether `%s` is on PATH (the build installs with pip --target, which puts the command in that folder's bin; `python -m %s` with PYTHONPATH set to the folder runs it either way)", name, orStr(pyToolPkgs[name], name))
		if !slices.Contains(r.unsure, note) {
			r.unsure = append(r.unsure, note)
		}
	case pyTools[name] && !r.pyToolNamed(name):
		// Installs there are, but none the sandbox read names the
		// command's package: it may come with one of them, or be missing.
		if !slices.Contains(r.pyUnsure, name) {
			r.pyUnsure = append(r.pyUnsure, name)
		}
	case strings.HasPrefix(name, "python"):
		if m := valueAfter(args, "-m"); pyTools[m] && !r.pyInstalled(m) && r.deployed(m) == "" && r.deployed(m+".py") == "" {
			return startCmd{lang: "python", crash: []Line{{3, fmt.Sprintf("/usr/local/bin/python3: No module named %s", m)}}}, true
		}
		if valueAfter(args, "-m") == "" {
			return r.pyImports(firstFile(args, "-X", "-W"))
		}
	}
	return startCmd{}, false
}

// pyHostClients are the Python clients whose own words report a host that
// does not resolve, by the module their package installs, with the kinds
// of service a hostname names for them.
var pyHostClients = []struct {
	mod, kinds, line string
}{
	{"pymysql", "mysql mariadb maria", `pymysql.err.OperationalError: (2003, "Can't connect to MySQL server on '%s' ([Errno -2] Name or service not known)")`},
	{"psycopg2", "postgres postgresql pg psql db", `psycopg2.OperationalError: could not translate host name "%s" to address: Name or service not known`},
	{"psycopg", "postgres postgresql pg psql db", `psycopg.OperationalError: could not translate host name "%s" to address: Name or service not known`},
	{"redis", "redis valkey keydb cache", `redis.exceptions.ConnectionError: Error -2 connecting to %s:6379. Name or service not known.`},
	{"requests", "meili elastic opensearch typesense qdrant", httpNotFound},
}

// httpNotFound is requests' (urllib3's) report of a host of an HTTP API
// (Meilisearch, Elasticsearch, Typesense, Qdrant) that does not resolve.
const httpNotFound = `requests.exceptions.ConnectionError: HTTPConnectionPool(host='%[1]s', port=%[2]d): Max retries exceeded with url: / ` +
	`(Caused by NameResolutionError("<urllib3.connection.HTTPConnection object at 0x7f3a2c1b9d50>: Failed to resolve '%[1]s' ([Errno -2] Name or service not known)"))`

// httpPorts are the ports of the HTTP APIs httpNotFound names, by a word
// of their hostname.
var httpPorts = []struct {
	word string
	port int
}{{"meili", 7700}, {"elastic", 9200}, {"opensearch", 9200}, {"typesense", 8108}, {"qdrant", 6333}}

// urlPortRe is the port of a URL.
var urlPortRe = lazyregexp.New(`:(\d{2,5})\b`)

// pyHostLine is c's line for host: an HTTP API's with the port its
// variable's URL gives, else the port of its kind, else 80.
func (r *runSim) pyHostLine(line, host string) string {
	if line != httpNotFound {
		return fmt.Sprintf(line, host)
	}
	port := 80
	for _, p := range httpPorts { // the hostname's kind, or its variable's (QDRANT_URL)
		if strings.Contains(strings.ToLower(host+" "+r.env.MissingIn), p.word) {
			port = p.port
		}
	}
	if m := urlPortRe.FindStringSubmatch(r.env.Vars[r.env.MissingIn]); m != nil {
		port, _ = strconv.Atoi(m[1])
	}
	return fmt.Sprintf(line, host, port)
}

// pyHostNotFound is how a Python app reports host not resolving: in the
// words of the client its installs bring for the kind of service the
// hostname names, else of the client for that kind, else of the only
// such client they bring, else def.
func (r *runSim) pyHostNotFound(host, def string) string {
	named := r.pyPackages().named
	var have []int
	for i, c := range pyHostClients {
		if named[c.mod] {
			have = append(have, i)
		}
	}
	for _, i := range have {
		for _, k := range strings.Fields(pyHostClients[i].kinds) {
			if strings.Contains(strings.ToLower(host), k) {
				return r.pyHostLine(pyHostClients[i].line, host)
			}
		}
	}
	for _, c := range pyHostClients { // a kind the hostname names: its client's words
		for _, k := range strings.Fields(c.kinds) {
			if strings.Contains(strings.ToLower(host), k) {
				return r.pyHostLine(c.line, host)
			}
		}
	}
	// A kind the variable holding the reference names (QDRANT_URL): the
	// client it feeds, not another the installs bring.
	if key := strings.ToLower(r.env.MissingIn); key != "" {
		for _, c := range pyHostClients {
			for _, k := range strings.Fields(c.kinds) {
				if k != "db" && k != "pg" && strings.Contains(key, k) {
					return r.pyHostLine(c.line, host)
				}
			}
		}
	}
	if len(have) == 1 {
		return r.pyHostLine(pyHostClients[have[0]].line, host)
	}
	return def
}
