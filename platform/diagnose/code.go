package diagnose

import (
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Code is what ZCP read of a deployed app's code when it pushed it: the
// run base, the file run.start starts and, when found there, the line that
// binds a local address. A value; the zero Code knows nothing.
type Code struct {
	Base      string `json:"base,omitempty"`      // the run.base pushed (nodejs@22): what runs the code
	Start     string `json:"start,omitempty"`     // the run.start pushed, clipped
	File      string `json:"file,omitempty"`      // the file run.start starts, relative to the deploy's working directory
	Read      bool   `json:"read,omitempty"`      // File was read (else only its name is known)
	Line      int    `json:"line,omitempty"`      // the line of File binding a local address; 0: none found
	Text      string `json:"text,omitempty"`      // that line, trimmed and clipped
	Literal   string `json:"literal,omitempty"`   // the local address written there: 127.0.0.1, localhost, ::1
	ReadsHost bool   `json:"readsHost,omitempty"` // File reads a HOST variable: the local address may be its fallback
	ReadsPort bool   `json:"readsPort,omitempty"` // File reads a PORT variable
	PortVar   string `json:"portVar,omitempty"`   // the variable File reads its port from (PORT, APP_PORT); "": none read
	PortLine  int    `json:"portLine,omitempty"`  // the first line of File calling listen/bind with a port number written in it; 0: none
	PortText  string `json:"portText,omitempty"`  // that line, trimmed and clipped
	// NoInstall: the build deploys the whole tree (deployFiles ./) and no
	// build command installs Node packages, so no node_modules is deployed.
	NoInstall bool `json:"noInstall,omitempty"`
	// NoComposer: the build deploys the whole tree and no build command
	// runs Composer's install (or update, require), so no vendor is deployed.
	NoComposer bool `json:"noComposer,omitempty"`
	// NoBuild: the setup runs no build command, so it deploys only what
	// was uploaded.
	NoBuild bool `json:"noBuild,omitempty"`
	// Modules: a build command installs Node packages and deployFiles
	// carry node_modules (named, or ./). Packages are the names package.json
	// lists in any of its dependencies, when it was read (PackagesRead).
	Modules      bool     `json:"modules,omitempty"`
	Packages     []string `json:"packages,omitempty"`
	PackagesRead bool     `json:"packagesRead,omitempty"`
	// DevOnly are the packages package.json lists in devDependencies
	// alone; OmitsDev: a build command installs or prunes without them
	// (`npm prune --omit=dev`, `npm ci --omit=dev`, `--production`).
	DevOnly  []string `json:"devOnly,omitempty"`
	OmitsDev bool     `json:"omitsDev,omitempty"`
	// PackageManager is the Node package manager the build uses (npm,
	// pnpm, yarn, bun), from its commands or the lock file; "" unknown.
	PackageManager string `json:"packageManager,omitempty"`
	// PyOwn: the app's own top-level Python modules, as the top of its
	// source holds them (helpers.py, lib/); PyOwnAll: that top was listed
	// whole, so a module not in PyOwn is not the app's own.
	PyOwn    []string `json:"pyOwn,omitempty"`
	PyOwnAll bool     `json:"pyOwnAll,omitempty"`
	// Whole: deployFiles deploys the whole tree (./), so the app's own
	// modules were uploaded with it.
	Whole bool `json:"whole,omitempty"`
	// Nested is the build.deployFiles entry, a folder deployed whole (no
	// `~`), under which the source holds File: the deploy puts File at
	// /var/www/<Nested>/<File>, not where run.start, run in /var/www,
	// names it (for a static or nginx setup without a start: index.html);
	// "" when it is not found so.
	Nested string `json:"nested,omitempty"`
	// Outputs are the files the build commands name as their output
	// (`go build -o bin/server`), DeployFiles the setup's build.deployFiles:
	// where a built executable lands in /var/www.
	Outputs     []string `json:"outputs,omitempty"`
	DeployFiles []string `json:"deployFiles,omitempty"`
	// Built are the folders the build commands' tools write, as ZCP read
	// them from the tools' configs (vite's build.outDir, else dist; tsc's
	// outDir; Next's .next; Angular's dist/<name>/browser), each with the
	// tool that writes it: "dist (vite build)".
	Built []string `json:"built,omitempty"`
	// Unrun is the folder package.json's build script writes, worded as
	// Built's are, when no build command runs the script; UnrunBy the
	// command that runs it with the build's package manager (`pnpm build`).
	Unrun   string `json:"unrun,omitempty"`
	UnrunBy string `json:"unrunBy,omitempty"`
	// RunPrepare is the setup's build.addToRunPrepare (RunPrepareRead:
	// the setup was read), what run.prepareCommands find; PyProject the
	// Python project file at the top of the source (pyproject.toml,
	// setup.py, setup.cfg), "" when none was found or it was not read.
	RunPrepare []string `json:"runPrepare,omitempty"`
	// Prepare are the setup's run.prepareCommands, each as written
	// (clipped): they run in /home/zerops, not /var/www.
	Prepare        []string `json:"prepare,omitempty"`
	RunPrepareRead bool     `json:"runPrepareRead,omitempty"`
	PyProject      string   `json:"pyProject,omitempty"`
	// BuildOnlyEnv are the keys the setup's build.envVariables set and its
	// run.envVariables do not: the running app does not get them.
	BuildOnlyEnv []string `json:"buildOnlyEnv,omitempty"`
	// Scripts are the shell scripts run.start runs by their path
	// (`./start.sh`, `bash -c './init.sh; exec ./start.sh'`) that the
	// upload holds, relative to the deploy's working directory.
	Scripts []string `json:"scripts,omitempty"`
	// Script is the command the package.json script run.start runs comes
	// to (followed through the scripts it runs): what run.start can run
	// in its place; "" when it runs none or package.json was not read.
	Script string `json:"script,omitempty"`
	// StartScript is the name of the package.json script run.start runs
	// (start:prod); "" when it runs none.
	StartScript string `json:"startScript,omitempty"`
	// Releases are the Mix releases mix.exs names (platform.MixReleases),
	// read when run.start runs one from _build; ReleaseBuilt: a build
	// command runs `mix release`.
	Releases     []string `json:"releases,omitempty"`
	ReleaseBuilt bool     `json:"releaseBuilt,omitempty"`
	// Near is the file of the upload's top whose name is the closest to
	// File, one or two letters off (serer.js: server.js), when File is not
	// in the upload; "" when none is that near or two are. For a File in
	// the folder tsc writes, Near is the file tsc writes there of the
	// closest name (dist/main.js) and NearFrom its source (src/main.ts);
	// NearFrom is "" for a Near the upload holds.
	Near     string `json:"near,omitempty"`
	NearFrom string `json:"nearFrom,omitempty"`
	// Top are the names at the top of the upload (folders end in "/"),
	// listed when the setup has init commands: the file near one an init
	// command runs that the deploy lacks (artisn: artisan).
	Top []string `json:"top,omitempty"`
	// ScriptNames are the names of package.json's "scripts", sorted, when
	// it was read (ScriptsRead): what `npm run` can run.
	ScriptNames []string `json:"scriptNames,omitempty"`
	ScriptsRead bool     `json:"scriptsRead,omitempty"`
	// Entry is the file package.json names as the app's entry (the file
	// its start script runs, else main) when the source holds it.
	Entry string `json:"entry,omitempty"`
	// CMS is a CMS the code was seen to be (LocalUploads), Uploads the
	// directory it writes uploaded files to on the container's own disk.
	CMS     string `json:"cms,omitempty"`
	Uploads string `json:"uploads,omitempty"`
	// Imports are the app's own modules File imports by a relative path,
	// directly or through those it imports (as far as ZCP read them), as
	// paths from the working directory (`config/db.ts`); read only when
	// deployFiles name parts of the tree.
	Imports []string `json:"imports,omitempty"`
	// Init are the setup's run.initCommands (and its startCommands'),
	// each clipped: what each new container of the version ran at its
	// start, a migration among them, which a rollback does not undo.
	Init []string `json:"init,omitempty"`
	// DocumentRoot is the setup's run.documentRoot; IndexDir the folder of
	// the source holding index.php, of those PHP apps put it in (www,
	// public, web, htdocs, or "." for the top), when ZCP read one there;
	// for a static or nginx run base, the folder holding index.html (the
	// top, dist, build, public, out, www, site).
	DocumentRoot string `json:"documentRoot,omitempty"`
	IndexDir     string `json:"indexDir,omitempty"`
	// Ports are the setup's run.ports: what the version declares, which
	// the service holds only once a version of it is deployed.
	Ports []int `json:"ports,omitempty"`
	// HealthPort and ReadyPort are the ports the setup's httpGet
	// run.healthCheck and deploy.readinessCheck ask; 0: no such check.
	HealthPort int `json:"healthPort,omitempty"`
	ReadyPort  int `json:"readyPort,omitempty"`
}

// relSpec is a relative module specifier in an import: an ES `from './x'`,
// a bare or dynamic `import('./x')`, `require('./x')`.
var relSpec = lazyregexp.New(`(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["'](\.\.?/[^"'\s]+)["']`)

// RelativeImports are the modules src, the file at file (a path from the
// working directory), imports by a relative path, as paths from the
// working directory; a path leaving it is left out.
func RelativeImports(file, src string) []string {
	var out []string
	for _, line := range strings.Split(src, "\n") {
		if t := strings.TrimSpace(line); strings.HasPrefix(t, "//") || strings.HasPrefix(t, "*") {
			continue
		}
		for _, m := range relSpec.FindAllStringSubmatch(line, -1) {
			p := path.Join(path.Dir(file), m[1])
			if p != ".." && !strings.HasPrefix(p, "../") && !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// undeployed are c's Imports that c's DeployFiles do not cover, other than
// mod; nil when deployFiles deploy the whole tree or name a path in a way
// ZCP does not map (`dist/~`, a glob).
func (c *Code) undeployed(mod string) []string {
	if c == nil || c.Whole || len(c.DeployFiles) == 0 {
		return nil
	}
	var files []string
	for _, f := range c.DeployFiles {
		f = path.Clean(strings.TrimSpace(f))
		if f == "." || f == "/" || strings.ContainsAny(f, "~*?[") {
			return nil
		}
		files = append(files, strings.TrimPrefix(f, "/"))
	}
	covered := func(p string) bool {
		return slices.ContainsFunc(files, func(f string) bool {
			return p == f || strings.HasPrefix(p, f+"/") || strings.HasPrefix(f, p+".") || strings.HasPrefix(f, p+"/")
		})
	}
	var out []string
	for _, p := range c.Imports {
		if p != path.Clean(mod) && !covered(p) {
			out = append(out, p)
		}
	}
	return out
}

// pyIdent is a name Python can import.
var pyIdent = lazyregexp.New(`^[A-Za-z_]\w*$`)

// PythonModules are, of names (a directory's ending in "/"), the modules
// Python can import by name: X.py files and X/ directories.
func PythonModules(names []string) []string {
	var mods []string
	for _, n := range names {
		if m, ok := strings.CutSuffix(n, ".py"); ok && pyIdent.MatchString(m) || strings.HasSuffix(n, "/") && pyIdent.MatchString(strings.TrimSuffix(n, "/")) {
			mods = append(mods, n)
		}
	}
	return mods
}

// pyOwn is the app's own top-level module mod as its source holds it
// (mod.py, mod/); "" when c did not find it there.
func (c *Code) pyOwn(mod string) string {
	if c == nil {
		return ""
	}
	for _, n := range c.PyOwn {
		if n == mod+".py" || n == mod+"/" {
			return n
		}
	}
	return ""
}

// nestedModule is the source path of the Python module mod (main,
// app.main) when it is File, found only under the deployFiles folder
// entry c.Nested; "" otherwise.
func (c *Code) nestedModule(mod string) string {
	if c == nil || c.Nested == "" || strings.ReplaceAll(mod, ".", "/")+".py" != relPath(c.File) {
		return ""
	}
	return path.Join(relPath(c.Nested), relPath(c.File))
}

// pyUnlisted names where the app's own module mod could be although c did
// not find it: the start file's directory when that is below the top ZCP
// listed, or the top when the listing was cut short; "" when c listed the
// top whole with the start file in it, listed nothing, or mod is a known
// package.
func (c *Code) pyUnlisted(mod string) string {
	if c == nil || len(c.PyOwn) == 0 || slices.Contains(pyPackages, mod) {
		return ""
	}
	if dir := path.Dir(strings.TrimPrefix(c.File, "./")); dir != "." && !path.IsAbs(dir) {
		return "`" + dir + "/`, the start file's directory"
	}
	if !c.PyOwnAll {
		return "the source's top (it holds more than ZCP lists)"
	}
	return ""
}

// maxCodeText bounds Code.Text, in bytes.
const maxCodeText = 160

// localLiteral is a local address written as a string literal.
var localLiteral = lazyregexp.New(`["'` + "`" + `](?:https?://)?(127\.0\.0\.1|localhost|::1|\[::1\])(?::\d+)?/?["'` + "`" + `]`)

// bindWord is a word of a line that binds an address: a listen or bind
// call, a server's host option, a variable naming the host.
var bindWord = lazyregexp.New(`(?i)listen|\bbind\b|\.bind\(|serve\b|\.run\(|run_app|hostname|\bhost\b|\bhost\s*[:=]|\baddr(ess)?\b|UseUrls|ListenAndServe|set\s*:bind`)

// bindCall is a call that binds the app's own address, whatever else the
// line names (a URL it logs); Bun serves a default export's options
// (`export default { port: 3000, fetch }`, Hono's form) as Bun.serve's; Go
// frameworks take the address as a string: Gin's r.Run(":8080"), Echo's
// e.Start(…), Fiber's app.Listen(…); Bottle's bare run(app, host=…,
// port=…); Gleam's mist builder sets the port on a line of its own
// (`|> mist.port(3000)`).
var bindCall = lazyregexp.New(`\bmist\.port\(|\.listen\s*\(|\blisten\s*\(|ListenAndServe|\.(?:Run|Start|Listen)(?:TLS)?\(\s*"|\.bind\s*\(|run_app\(|app\.run\(|\b(?:Bun|Deno)\.serve\(|UseUrls\(|set\s*:bind|^export\s+default\s*\{[^}]*\bport\s*:|(?:^|[^.\w])run\(\s*\w+\s*,`)

// clientLine is a line that names another server's host (a database's, a
// cache's, a URL called): no bind of the app's own.
var clientLine = lazyregexp.New(`(?i)redis|postgres|\bpg\b|mysql|maria|mongo|database|\bdb_?|amqp|rabbit|nats|elastic|kafka|smtp|mail|createClient|createConnection|connect\(|fetch\(|axios|request|proxy|upstream`)

// envReadPattern is a read of the variable VAR, in any of the languages.
const envReadPattern = `process\.env\.VAR\b|process\.env\[["']VAR["']\]|Bun\.env\.VAR\b|Deno\.env\.get\(["']VAR["']\)|` +
	`os\.environ(?:\.get)?[\[(]["']VAR["']|os\.getenv\(["']VAR["']|os\.Getenv\("VAR"\)|\bgetenv\(["']VAR["']\)|\$_(?:ENV|SERVER)\[["']VAR["']\]|` +
	`ENV(?:\.fetch\(|\[)["']VAR["']|System\.getenv\("VAR"\)|GetEnvironmentVariable\("VAR"\)|env::var\("VAR"\)|System\.get_env\("VAR"\)`

// hostRead and portVarRead are reads of a HOST and a PORT variable.
var (
	hostRead    = lazyregexp.New(strings.ReplaceAll(envReadPattern, "VAR", "HOST"))
	portVarRead = lazyregexp.New(strings.ReplaceAll(envReadPattern, "VAR", "PORT"))
)

// portVarAny is a read of a variable whose name ends in PORT (PORT,
// APP_PORT, SERVER_PORT); portVarClient one that names another server's
// port (DB_PORT, REDIS_PORT), not the app's own.
var (
	portVarAny    = lazyregexp.New(strings.ReplaceAll(envReadPattern, "VAR", `([A-Z][A-Z0-9_]*_)?PORT`))
	portVarClient = lazyregexp.New(`(?i)^(DB|DATABASE|PG|POSTGRES\w*|MYSQL|MARIA\w*|MONGO\w*|REDIS|VALKEY|KEYDB|CACHE|AMQP|RABBIT\w*|NATS|ELASTIC\w*|KAFKA|SMTP|MAIL\w*|S3|MINIO|MEILI\w*|TYPESENSE|QDRANT|CLICKHOUSE|PROXY|UPSTREAM|API|BACKEND)_`)
	portVarName   = lazyregexp.New(`[A-Z][A-Z0-9_]*PORT\b|\bPORT\b`)
)

// portNumber is a port number written in a line: 2 to 5 digits standing alone.
var portNumber = lazyregexp.New(`\b\d{2,5}\b`)

// ScanCode reads content, the source of file that run.start starts, for
// the first line binding a local address written in it, the first listen
// or bind call with a port number in it, and for reads of HOST and PORT
// variables; comment lines are skipped.
func ScanCode(file, content string) Code {
	c := Code{File: file, Read: true}
	lines := strings.Split(content, "\n")
	for n, line := range lines {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "//") || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "*") || strings.HasPrefix(t, "/*") {
			continue
		}
		if hostRead.MatchString(t) {
			c.ReadsHost = true
		}
		if portVarRead.MatchString(t) {
			c.ReadsPort = true
			c.PortVar = "PORT"
		}
		if c.PortVar == "" && portVarAny.MatchString(t) && !clientLine.MatchString(t) {
			if v := portVarName.FindString(portVarAny.FindString(t)); v != "" && !portVarClient.MatchString(v) {
				c.PortVar = v
			}
		}
		if c.PortLine == 0 && bindCall.MatchString(t) && portNumber.MatchString(t) {
			c.PortLine, c.PortText = n+1, clipTo(t, maxCodeText)
		}
		if c.PortLine == 0 && bindCall.MatchString(t) && !portNumber.MatchString(t) {
			// listen(port): the port a constant of the file holds.
			if m := listenIdent.FindStringSubmatch(t); m != nil {
				if at, text := numberAssignment(lines, m[1]+m[2]); at > 0 {
					c.PortLine, c.PortText = at, clipTo(text, maxCodeText)
				}
			}
		}
		if c.Line == 0 && (bindCall.MatchString(t) || bindWord.MatchString(t) && !clientLine.MatchString(t)) {
			if m := localLiteral.FindStringSubmatch(t); m != nil {
				c.Line, c.Text, c.Literal = n+1, clipTo(t, maxCodeText), strings.Trim(m[1], "[]")
			}
		}
	}
	return c
}

// listenIdent is a listen call whose port is a name: `app.listen(port,
// …)` (group 1), Go's `http.ListenAndServe(addr, …)` or
// `http.ListenAndServe(":"+port, …)` (group 2).
var listenIdent = lazyregexp.New(`\blisten\s*\(\s*([A-Za-z_$][\w$]*)\s*[,)]|ListenAndServe(?:TLS)?\(\s*(?:":"\s*\+\s*)?([A-Za-z_]\w*)\s*[,)]`)

// numberAssignment is the line (1-based, and its text trimmed) of lines
// that gives name a port number literally (`const port = 3000;`, `PORT =
// 8000`, `port := 8080`, Go's `addr := ":8080"`, `const port = "8080"`)
// and is the only assignment to name; 0 when none or more than one does.
func numberAssignment(lines []string, name string) (int, string) {
	re, err := regexp.Compile(`^(?:(?:export\s+)?(?:const|let|var)\s+)?` + regexp.QuoteMeta(name) + `\s*(?::=|=)\s*(\d{2,5}|"(?:0\.0\.0\.0)?:?\d{2,5}"|'(?:0\.0\.0\.0)?:?\d{2,5}')\s*;?\s*$`)
	any, err2 := regexp.Compile(`(?:^|[^\w$.])` + regexp.QuoteMeta(name) + `\s*(?::=|=[^=>])`)
	if err != nil || err2 != nil {
		return 0, ""
	}
	at, text, n := 0, "", 0
	for i, line := range lines {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "//") || strings.HasPrefix(t, "#") {
			continue
		}
		if any.MatchString(t) {
			n++
		}
		if re.MatchString(t) && at == 0 {
			at, text = i+1, t
		}
	}
	if n != 1 {
		return 0, ""
	}
	return at, text
}

// clipTo trims s to at most n bytes on a rune boundary, marking the cut.
func clipTo(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}

// where says where the code binds the local address, as far as c knows;
// start-relative wording when only the file's name is known.
func (c *Code) where() string {
	switch {
	case c == nil || c.File == "":
		return "in the app's code (ZCP did not read it)"
	case c.Line > 0:
		return "in " + c.File + ", line " + strconv.Itoa(c.Line) + ": `" + c.Text + "`"
	case c.Read:
		return "in the code: ZCP read " + c.File + ", the file `run.start` starts, and found no line there binding a local address, so look in the modules it loads"
	}
	return "in the app's code, in the file `run.start` starts (" + c.File + ") or a module it loads (ZCP did not read them)"
}

// literal reports whether c shows the local address written in the code,
// with no HOST variable read that could replace it.
func (c *Code) literal() bool { return c != nil && c.Line > 0 && !c.ReadsHost }

// readsHost reports whether c shows the code reading a HOST variable.
func (c *Code) readsHost() bool { return c != nil && c.Read && c.ReadsHost }

// target names, for a fix, the code to change, as far as c knows.
func (c *Code) target() string {
	switch {
	case c == nil || c.File == "":
		return "the code"
	case c.Line > 0:
		return c.File + ", line " + strconv.Itoa(c.Line)
	case c.Read:
		return "the module " + c.File + " loads"
	}
	return "the code (" + c.File + ", the file `run.start` starts, or a module it loads)"
}

// hostKeyword rewrites c's Python call binding a port (read, with a
// `port=` keyword and no host one) to bind every address, as a fix shows
// it (": `…`"), with where it is; "" when there is none.
func (c *Code) hostKeyword() (how, where string) {
	if c == nil || !c.Read || c.PortLine == 0 || strings.HasSuffix(c.PortText, "…") ||
		!strings.Contains(c.PortText, "port=") || strings.Contains(c.PortText, "host") {
		return "", ""
	}
	return ": `" + strings.Replace(c.PortText, "port=", "host=\"0.0.0.0\", port=", 1) + "`", c.File + ", line " + strconv.Itoa(c.PortLine)
}

// LocalBind is, when c read a line binding a local address with no HOST
// variable read, that line, where it is and how to write it: for a log
// that shows no bind (Spring Boot's does not); "" otherwise.
func (c *Code) LocalBind() string {
	if !c.literal() {
		return ""
	}
	s := "`" + c.Text + "` (" + c.target() + ") binds " + c.Literal + ", which nothing outside the container reaches"
	if r := c.rewritten(); r != "" {
		return s + ": change it to " + strings.TrimPrefix(r, ": ")
	}
	return s + ": bind 0.0.0.0 there"
}

// servesWithoutHost reports whether c has a call hostKeyword rewrites.
func (c *Code) servesWithoutHost() bool {
	how, _ := c.hostKeyword()
	return how != ""
}

// rewritten is, when c read the bind's line, the line with its local
// address 0.0.0.0, as a fix shows it (": `…`"); else "".
func (c *Code) rewritten() string {
	if c == nil || c.Line == 0 || c.Literal == "" || strings.HasSuffix(c.Text, "…") {
		return ""
	}
	return ": `" + strings.ReplaceAll(c.Text, c.Literal, "0.0.0.0") + "`"
}

// runBase is the runtime of the run.base pushed (static, nodejs), "" when
// unknown.
func (c *Code) runBase() string {
	if c == nil {
		return ""
	}
	name, _, _ := strings.Cut(strings.ToLower(c.Base), "@")
	return name
}
