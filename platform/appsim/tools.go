package appsim

import (
	"fmt"
	"path"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// runTool judges a start command that runs one tool (args: what follows
// its name; depth as command's): where its entry is, where it listens, how
// it fails. false: the tool does not take these arguments as a start the
// sandbox reads, and the command is judged as any other.
type runTool func(r *runSim, name string, args []string, env map[string]string, depth int) (startCmd, bool)

// depsTool judges what a start (name, args; depth as command's) needs of
// the packages the build installed, on a run base of its tool's language:
// false when nothing is known missing.
type depsTool func(r *runSim, name string, args []string, depth int) (startCmd, bool)

// tool is everything the sandbox knows of one tool, in one record: the
// commands that run it, the language its errors read as, what it does as
// a start and as a build command, what it prints when its entry file is
// not deployed or a host does not resolve, the servers it starts with an
// address of their own and the lines they print. Each record lives in the
// tool's own file (node.go, npm.go, python.go, gunicorn.go, ruby.go, …) with
// the functions it names; the generic code reads the records only through
// the tables init fills from tools.
type tool struct {
	name         string                        // its line in docs/sandbox.md's Tools section ("": the shell's own)
	names        []string                      // command names (a word's base name; node and python by family, toolName)
	lang         string                        // the language of what it runs: startCmd.lang, the key of entry and host lines
	run          runTool                       // nil: a start running it is judged as any command
	build        buildTool                     // nil: a build command running it is otherBuildTool
	deps         depsTool                      // on a run base of its lang: what a start needs of the packages the build installed (simdeps.go)
	missingEntry func(file, abs string) []Line // what it prints when the entry file it is given is not deployed
	entryExit    int                           // its exit status then (0: 1)
	hostNotFound func(host string) string      // its error when a host it connects to does not resolve
	servers      map[string]ownAddr            // servers it starts with an address of their own, by their docs name
	banners      map[string]string             // the line a command of its prints once listening, by command
	webServer    []string                      // run bases whose web server serves it (port 80)
	listens      []listenForm                  // how its entry files' code says where they listen, in order (simlisten.go)
	envRead      string                        // how its code reads the variable %[1]s: a regular expression
	// readsAtLoad: a read of a variable on a top-level line of its code
	// runs as the start loads the file (a script; C#'s top-level
	// statements), one in indented code when a function or block runs.
	readsAtLoad bool
	// connects are the calls of its code that connect as they run (a
	// database client's connect, an HTTP request): a line that runs at
	// start, reads a variable naming a missing service and makes one fails
	// the start (missinghost.go); nil: none is known to.
	connects *lazyregexp.Regexp
	// mainFunc opens its entry function (Go's func main): a read on a
	// line of its body's own depth runs as the program starts.
	mainFunc *lazyregexp.Regexp
	// How it finds its entry: the file it runs for the path (relative to
	// /var/www) a start names (nil: that path), and the source of an entry
	// the build compiled, read for where it listens (nil: none is read).
	entryAt     func(r *runSim, rel string) string
	builtSource func(r *runSim, rel string) (string, bool)
	// outOfMemory is how it dies when the entry file's code src grows
	// without bound: what it prints and its exit status (nil: it does not).
	outOfMemory func(src string) ([]Line, int)
	// runner is what a start running it with args runs in turn (bundle exec
	// X: X), judged as a start of its own; failed: how it fails first.
	runner  func(r *runSim, args []string, env map[string]string) (cmd []string, c startCmd, failed bool)
	outputs []toolOutput // what its build commands make by default (buildsim.go's conventionalOutputs)
	// unwrap is the command (name, args) a start running it begins in its
	// place, read for a server of its own (npx X, python -m django): false
	// for none.
	unwrap func(name string, args []string) (string, []string, bool)
	// serverStart reads a start running it (name, args) that begins a
	// server of its own its records' runs do not name (manage.py
	// runserver, php -S); false for any other.
	serverStart func(r *runSim, name string, args []string, env map[string]string) (startCmd, bool)
	// family takes the command names that run it besides names (node22,
	// python3.12); runBases are the run bases whose starts read as its
	// language (a trailing *: by prefix).
	family   func(name string) bool
	runBases []string
	// binaryFrom judges a built executable started by its path (./app) by
	// the program it builds it from, when that program is uploaded: false
	// when it is not this tool's.
	binaryFrom func(r *runSim, c startCmd, args []string, env map[string]string) (startCmd, bool)
}

// tools are the records. Filled in init: a tool that follows a script goes
// back through command, which reads the tables built from them.
var tools []*tool

// The tables the generic code reads, built from tools: by command name
// (byName, runTools, runners, buildTools, serverBanners), by language (byLang), by server
// (ownAddrs), by run base (webServers); what build commands make
// (toolOutputs).
var (
	runTools      map[string]runTool
	runners       map[string]func(r *runSim, args []string, env map[string]string) ([]string, startCmd, bool)
	buildTools    map[string]buildTool
	serverBanners map[string]string
	byLang        map[string]*tool
	byName        map[string]*tool
	ownAddrs      map[string]ownAddr
	webServers    map[string]*tool // by run base: the record whose web server serves it
	toolOutputs   []toolOutput
)

func init() {
	tools = append(shellRecords(), binaryRecord(), nodeRecord(), npmRecord(), yarnRecord(), npxRecord(),
		bunRecord(), denoRecord(), pythonRecord(), pipRecord(), flaskRecord(), gunicornRecord(), pserveRecord(), djangoRecord(),
		phpRecord(), composerRecord(), rubyRecord(), bundlerRecord(), javaRecord(), mavenRecord(), gradleRecord(), goRecord(),
		dotnetRecord(), rustRecord(), gleamRecord(), mixRecord(), meiliRecord(), directusRecord(), redwoodRecord(), prerenderRecord(), staticRecord(), bundlersRecord(), tscRecord(), hugoRecord(), zscRecord(), dockerRecord())
	runTools, buildTools, serverBanners, toolOutputs = map[string]runTool{}, map[string]buildTool{}, map[string]string{}, nil
	runners = map[string]func(*runSim, []string, map[string]string) ([]string, startCmd, bool){}
	byLang, byName, ownAddrs, webServers = map[string]*tool{}, map[string]*tool{}, map[string]ownAddr{}, map[string]*tool{}
	for _, t := range tools {
		for _, n := range t.names {
			byName[n] = t
			if t.run != nil {
				runTools[n] = t.run
			}
			if t.build != nil {
				buildTools[n] = t.build
			}
			if t.runner != nil {
				runners[n] = t.runner
			}
		}
		if t.lang != "" && byLang[t.lang] == nil {
			byLang[t.lang] = t
		}
		for k, v := range t.servers {
			ownAddrs[k] = v
		}
		for k, v := range t.banners {
			serverBanners[k] = v
		}
		toolOutputs = append(toolOutputs, t.outputs...)
		for _, b := range t.webServer {
			webServers[b] = t
		}
	}
	portEnvRe, hostEnvRe = lazyregexp.New(fmt.Sprintf(envReads(), "PORT")), lazyregexp.New(fmt.Sprintf(envReads(), "HOST"))
}

// missingEntry is what the tool of lang prints when its entry file (rel
// under /var/www, named file) is not deployed, and its exit status.
func missingEntry(lang, file, rel string) ([]Line, int) {
	if t := byLang[lang]; t != nil && t.missingEntry != nil {
		return t.missingEntry(file, path.Join(RunRoot, rel)), t.entryExit
	}
	return []Line{{3, fmt.Sprintf("/bin/sh: %s: not found", file)}}, 0
}

// hostNotFound is how the runtime of lang reports a hostname that does
// not resolve: its record's words; Elixir's database client's (DBConnection)
// on the BEAM; else the system resolver's, which names no runtime.
func hostNotFound(lang, host string) string {
	if t := byLang[lang]; t != nil && t.hostNotFound != nil {
		return t.hostNotFound(host)
	}
	if lang == "elixir" {
		return fmt.Sprintf("** (DBConnection.ConnectionError) tcp connect (%s:5432): non-existing domain - :nxdomain", host)
	}
	return fmt.Sprintf("%s: Name or service not known", host)
}

// WebServer reports whether a runtime serves HTTP itself (port 80).
func WebServer(name string) bool { return webServers[name] != nil }

// binaryRecord is a built executable started by its path (./app).
func binaryRecord() *tool {
	return &tool{name: "binary", lang: "binary", entryExit: 127,
		missingEntry: func(file, _ string) []Line { return []Line{{3, fmt.Sprintf("/bin/sh: %s: not found", file)}} },
		hostNotFound: func(host string) string { return fmt.Sprintf("dial tcp: lookup %s: no such host", host) }}
}

// staticRecord is the static and nginx runtimes: nginx serves the deployed
// files on port 80 (webroot.go).
func staticRecord() *tool { return &tool{name: "static", webServer: []string{"nginx", "static"}} }

// toolName is the tool a command's name runs: the first name of the
// record whose family takes it (node22, nodemon, tsx: node; python3.12:
// python), else the name.
func toolName(name string) string {
	for _, t := range tools {
		if t.family != nil && t.family(name) {
			return t.names[0]
		}
	}
	return name
}
