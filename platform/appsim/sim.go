package appsim

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// RunRoot is where deployed files land in a runtime container.
const RunRoot = "/var/www"

// RunResult is what a deployed app version does once its containers start.
type RunResult struct {
	Listens []Addr // where the app listens
	// Assumed: nothing the sandbox read tells where the app listens, so
	// Listens are the ports run.ports declares, taken on trust.
	Assumed   bool
	Banner    string   // the server's own "listening" line: a format of host and port; "" for the plain one
	Lines     []Line   // what it prints once started (besides where it listens)
	Crash     []Line   // non-nil: the app exits at start with these lines, and is started again
	Exit      int      // its exit status then (0: 1; negative: 0)
	Lang      string   // what the start command runs: how its errors read
	WebServer bool     // the runtime serves HTTP itself and survives its app's errors
	Web       *WebRoot // what such a runtime serves; nil: any path answers
	OOM       bool     // the crash is the app's heap exhausted (its memory runs full first)
	// Init names the run.initCommands command that failed and its exit
	// code ("" when none did): the platform fails the deploy then, and the
	// start command never runs.
	Init string
	// SiteConfig is the absolute path of a run.siteConfigPath the deploy
	// does not put in /var/www: the web server cannot be configured.
	SiteConfig string
	// Unchecked names what decides whether the app answers that the
	// simulator could not read (where a start command listens): the app
	// is taken to listen on its declared ports, unverified.
	Unchecked []string
	// HealthFail is the line the platform logs when run.healthCheck fails
	// on the running app (an httpGet port where it does not listen): the
	// balancer disconnects each container and it is restarted, again and
	// again; "" when the check passes or is not judged.
	HealthFail string
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

// AnswersInside tells whether the app answers on port from inside its own
// container, as the platform's readiness and health checks ask
// (http://127.0.0.1:port): bound to every address or to the loopback one.
func (r RunResult) AnswersInside(port int) bool {
	for _, l := range r.Listens {
		if h := normHost(l.host); l.port == port && (h == "0.0.0.0" || h == "127.0.0.1") {
			return true
		}
	}
	return false
}

// Declared is an app of d (run base runBase) that listens on every port
// its setup declares: what a version runs before anything is known of it.
func Declared(d *Setup, runBase string) RunResult {
	return RunResult{Listens: declared(d), Assumed: true, Lang: baseLang(RuntimeName(runBase))}
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
	files     *Files            // nil: unknown, no rule that needs them applies
	produced  map[string]bool   // what the build made
	known     map[string]bool   // of produced, what holds only what produced lists (BuildResult's Known)
	copies    map[string]string // of produced, the copies of uploaded files (BuildResult's Copies)
	noDev     map[string]bool   // node_modules the build left without devDependencies (BuildResult's)
	unknown   bool              // the build may have made any path (BuildResult's)
	unknownBy string            // the build command that may have (BuildResult's UnknownBy)
	// releasesKnown: no build command may have assembled a Mix release it
	// was not seen to (BuildResult's ReleasesKnown).
	releasesKnown bool
	env           Env               // the containers' environment at this start
	base          string            // the run base's runtime name (nodejs, python, php-nginx…)
	baseFull      string            // the run base as given (java@17)
	seed          string            // makes an ephemeral port stable
	cwd           string            // the start command's directory, relative to /var/www
	unread        []string          // modules the start imports that could not be read (modules.go)
	atRequest     []string          // what fails only once the app is asked (django.go): its answers are not judged
	pyUnsure      []string          // packages the start imports that an install may or may not have put there (pypkgs.go)
	py            *pyPkgs           // the run container's Python packages, once read (pypkgs.go)
	unsure        []string          // what else may fail the start, unread (envneeds.go)
	dotenv        *string           // a module loads a .env file, given these arguments (envneeds.go)
	printed       []Line            // what the modules the start loads print at their top level (consoleout.go)
	cmdEnv        map[string]string // the environment of the command being judged
	read          map[string]string // the files read judging the start command, by path (missinghost.go)
}

// Run is what the app of d does when started with env. The files
// it reads are the same whatever env holds, so a set that recorded them at
// one start answers every later one.
func Run(d *Setup, files *Files, built *BuildResult, runBase string, env Env, seed string) RunResult {
	out := run(d, files, built, runBase, env, seed)
	out.Crash = nodeVersionOf(out.Crash, runBase)
	ready := -1 // out.Unchecked's note of the readiness check's path
	if rc := d.Prep.Ready; out.Crash == nil && !out.WebServer && rc != nil {
		// The app answers every path here: its routes are in its code.
		switch path := localURLPath(rc.Exec); {
		case rc.Port > 0 && strings.Trim(rc.Path, "/") != "":
			ready = len(out.Unchecked)
			out.Unchecked = append(out.Unchecked, fmt.Sprintf("whether the app answers 2xx at %s on port %d, which deploy.readinessCheck asks before the new version gets traffic (%s)",
				clip(rc.Path, 80), rc.Port, routesRead(files, out.Lang, rc.Path)))
		case path != "":
			out.Unchecked = append(out.Unchecked, fmt.Sprintf("whether the app answers %s, which the deploy.readinessCheck command `%s` asks before the new version gets traffic (the sandbox does not read the app's routes)",
				clip(path, 80), clip(rc.Exec, 80)))
		}
	}
	out.Unchecked = append(out.Unchecked, webCheckNotes(d, out)...) // webroot.go
	if hc := d.Prep.Health; out.Crash == nil && !out.WebServer && hc != nil {
		// Asked while the app runs: a failing answer is the platform's
		// to act on, and the app's routes are in its code.
		switch path := localURLPath(hc.Exec); {
		case hc.Port > 0 && out.Assumed && !slices.ContainsFunc(out.Listens, func(a Addr) bool { return a.port == hc.Port }):
			// Where the app listens was not read: run.ports is what is
			// known, not where it listens.
			out.Unchecked = append(out.Unchecked, fmt.Sprintf("whether the app listens on port %d, which run.healthCheck asks (run.ports declares %s): "+
				"if it does not, the check fails there and each container is restarted after its failureTimeout; set run.healthCheck.httpGet.port to the port it listens on",
				hc.Port, listenPorts(out.Listens)))
		case hc.Port > 0 && len(out.Listens) > 0 && !slices.ContainsFunc(out.Listens, func(a Addr) bool { return a.port == hc.Port }):
			// Known to fail: nothing listens where the check asks.
			out.HealthFail = fmt.Sprintf("ERROR: health check failed: GET http://127.0.0.1:%d%s got no answer; the container is disconnected from the balancer and restarted after its failureTimeout",
				hc.Port, cmp.Or(hc.Path, "/"))
		case hc.Port > 0 && strings.Trim(hc.Path, "/") != "":
			if rc := d.Prep.Ready; ready >= 0 && rc.Port == hc.Port && rc.Path == hc.Path {
				// Walk 82: the same path and port said twice, once per check.
				out.Unchecked[ready] = fmt.Sprintf("whether the app answers 2xx at %s on port %d, which deploy.readinessCheck asks before the new version gets traffic and run.healthCheck while it runs (%s)",
					clip(hc.Path, 80), hc.Port, routesRead(files, out.Lang, hc.Path))
				break
			}
			out.Unchecked = append(out.Unchecked, fmt.Sprintf("whether the app answers 2xx at %s on port %d, which run.healthCheck asks while it runs (%s)",
				clip(hc.Path, 80), hc.Port, routesRead(files, out.Lang, hc.Path)))
		case path != "":
			out.Unchecked = append(out.Unchecked, fmt.Sprintf("whether the app answers %s, which the run.healthCheck command `%s` asks while it runs (the sandbox does not read the app's routes)",
				clip(path, 80), clip(hc.Exec, 80)))
		}
	}
	if out.Crash == nil {
		out.Unchecked = append(out.Unchecked, commandNotes(d, built, runBase)...) // prepare.go
	}
	if out.Crash == nil {
		out.Unchecked = append(out.Unchecked, unmountedNotes(d, env)...) // mount.go
	}
	if out.Crash == nil && len(env.Unresolved) > 0 {
		// The app gets the reference's text for a value: whether it
		// needs the value (at its start, or at a request) is in its code.
		out.Unchecked = append(out.Unchecked, fmt.Sprintf("whether the app needs what %s (a reference nothing in the project resolves, left as written)",
			platform.JoinClipped(env.Unresolved, ", ", 200)))
	}
	if out.Crash == nil && len(env.Braceless) > 0 {
		// Neither broken nor known to resolve: say what is known.
		out.Unchecked = append(out.Unchecked, fmt.Sprintf("whether the platform expands a reference written without braces (%s): zeropsio/docs document only ${hostname_key}, official recipes write the bare form; the sandbox expanded it, and the braced form is the documented one",
			platform.JoinClipped(env.Braceless, ", ", 200)))
	}
	if out.Crash == nil && len(env.ProjectPrefixed) > 0 {
		out.Unchecked = append(out.Unchecked, fmt.Sprintf("whether the platform expands a reference with the PROJECT_ prefix (%s) to the variable without it: zeropsio/docs describe no PROJECT_ prefix (a project variable reaches every service as it is, KEY, no reference needed), official recipes write it; the sandbox expanded it",
			platform.JoinClipped(env.ProjectPrefixed, ", ", 200)))
	}
	return out
}

// run is Run before the environment's unresolved references are weighed.
func run(d *Setup, files *Files, built *BuildResult, runBase string, env Env, seed string) RunResult {
	r := &runSim{d: d, files: files, env: env, base: RuntimeName(runBase), baseFull: runBase, seed: seed}
	if built != nil {
		r.produced, r.known, r.copies, r.unknown, r.unknownBy = built.Produced, built.Known, built.Copies, built.Unknown, built.UnknownBy
		r.noDev, r.releasesKnown = built.NoDev, built.ReleasesKnown
	}
	out := RunResult{Lang: r.langOfBase()}
	if files == nil {
		out.Unchecked = []string{"the app's files (the upload was no tar archive)"}
	}
	if crash, exit, cmd := r.initFailure(); cmd != "" {
		out.Crash, out.Exit = crash, exit
		out.Init = fmt.Sprintf("%q exited with code %d", clip(cmd, 120), exit)
		return out
	}
	if note := initNote(r.initUnrun()); note != "" { // initcmds.go
		out.Unchecked = append(out.Unchecked, note)
	}
	r.cwd = ""
	missing := env.MissingHost
	if WebServer(r.base) {
		// The record whose web server serves the base says how its
		// errors read: PHP's behind php-nginx, none for a static site.
		t := webServers[r.base]
		out.Listens, out.Lang, out.WebServer = []Addr{{"0.0.0.0", 80}}, cmp.Or(t.lang, r.base), true
		out.Web = r.WebRoot()
		if c := r.d.SiteConfig; c != "" && r.files != nil && r.deployed(c) == "" && !r.producedAt(c) {
			out.SiteConfig = path.Join(RunRoot, c)
		}
		if missing != "" && t.hostNotFound != nil {
			out.Lines = []Line{{3, t.hostNotFound(cmp.Or(env.MissingLookup, missing))}}
		}
		out.Unchecked = append(out.Unchecked, r.siteListenOff80()...)
		out.Unchecked = append(out.Unchecked, r.phpDBFallbacks()...)
		out.Unchecked = append(out.Unchecked, r.phpNeonEnv()...)
		out.Unchecked = append(out.Unchecked, r.laravelAppKey()...)
		out.Unchecked = append(out.Unchecked, r.besideWebServer()...)
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
		r.cwd, r.unread, r.atRequest, r.pyUnsure, r.unsure, r.dotenv, r.printed = r.path(orStr(sc.WorkingDir, RunRoot)), nil, nil, nil, nil, nil, nil
		r.read = map[string]string{}
		cmd := r.resolve(sc.Command, 0)
		if cmd.crash == nil && len(r.unread) > 0 {
			out.Unchecked = append(out.Unchecked, fmt.Sprintf("the modules `%s` imports (%s: not read)",
				clip(shownCommand(sc.Command), 80), platform.JoinClipped(r.unread, ", ", 200)))
		}
		if cmd.crash == nil && len(r.pyUnsure) > 0 {
			out.Unchecked = append(out.Unchecked, fmt.Sprintf("whether the run container has the Python modules `%s` imports (%s: no install the sandbox read names them)",
				clip(shownCommand(sc.Command), 80), platform.JoinClipped(r.pyUnsure, ", ", 160)))
		}
		if cmd.crash == nil {
			out.Unchecked = append(append(out.Unchecked, r.atRequest...), r.unsure...)
			out.Lines = append(out.Lines, r.printed...)
		}
		if i == 0 {
			out.Lang = orStr(cmd.lang, out.Lang)
		}
		if cmd.crash == nil && missing != "" {
			cmd = r.missingHostStart(cmd, env, &out) // missinghost.go
		}
		switch {
		case cmd.crash != nil:
			if out.Crash == nil {
				out.Crash, out.Exit, out.Lang, out.OOM = cmd.crash, cmd.exit, orStr(cmd.lang, out.Lang), cmd.oom
			}
		case cmd.listen != nil:
			out.Listens = append(append(out.Listens, *cmd.listen), cmd.also...)
			out.Banner = orStr(out.Banner, cmd.banner)
		case cmd.idle: // runs and listens nowhere: nothing to assume
		default:
			unknown = true
			if note := unreadStart(d, sc.Command, cmd, r.cmdEnv); note != "" {
				out.Unchecked = append(out.Unchecked, note)
			}
		}
	}
	if len(out.Listens) == 0 && unknown {
		out.Listens, out.Assumed = declared(d), len(d.Ports) > 0 // nothing tells where it listens
	}
	if len(out.Listens) > 1 {
		out.Banner = "" // servers of their own: the plain line for each
	}
	return out
}

// besideWebServer is what the sandbox could not check of the start
// commands that run beside a web server base's own (a queue worker on
// php-nginx): one that exits at once is said with the line it prints
// (walk 87, own: `php artisn queue:work` went unmentioned); the others are
// not followed, so whether they keep running is unknown.
func (r *runSim) besideWebServer() []string {
	var out []string
	for _, sc := range r.d.Starts() {
		r.cwd, r.read = r.path(orStr(sc.WorkingDir, RunRoot)), map[string]string{}
		shown := clip(shownCommand(sc.Command), 80)
		if cmd := r.resolve(sc.Command, 0); cmd.crash != nil {
			first := cmd.crash[len(cmd.crash)-1].Msg
			out = append(out, fmt.Sprintf("the process beside the web server: run.start `%s` exits at once here (%q), so it is started again and again while the web server answers",
				shown, clip(first, 120)))
			continue
		}
		out = append(out, fmt.Sprintf("whether run.start `%s`, beside the web server, keeps running: the sandbox does not follow it (on Zerops its lines are in the runtime log)", shown))
	}
	return out
}

// unreadStart is what the sandbox could not check of a start command
// (line) that runs and tells no address: where it listens when d declares
// ports (a worker with none need not listen), whether it keeps running
// when no record models it ("" when there is nothing to say).
func unreadStart(d *Setup, line string, cmd startCmd, env map[string]string) string {
	switch {
	case len(declared(d)) > 0 && cmd.startedBy != "":
		return fmt.Sprintf("what %s starts and where it listens (run.start `%s` only keeps the container up)", cmd.startedBy, clip(shownCommand(line), 80))
	case len(declared(d)) > 0 && !cmd.named:
		// walk 78: a start whose entry the build makes was said to read
		// no address, while the recipe sets PORT for it.
		return fmt.Sprintf("where `%s` listens (%s)%s", clip(shownCommand(line), 80), cmp.Or(cmd.unread, "it reads no port or address for it"), portGiven(d, env))
	case len(declared(d)) == 0 && cmd.unmodelled != "":
		return fmt.Sprintf("whether `%s` keeps running (the sandbox does not model it and read nothing of what it runs)", cmd.unmodelled)
	case len(declared(d)) == 0 && cmd.unread != "":
		return fmt.Sprintf("whether `%s` keeps running (%s)", clip(shownCommand(line), 80), cmd.unread)
	}
	return ""
}

// portGiven says, when env sets PORT to a port d declares, that the app
// listens there if it reads PORT ("" otherwise): what the sandbox could
// not read, the agent can check in the code.
func portGiven(d *Setup, env map[string]string) string {
	p, err := strconv.Atoi(strings.TrimSpace(env["PORT"]))
	if err != nil || !slices.ContainsFunc(d.Ports, func(dp Port) bool { return dp.Port == p }) {
		return ""
	}
	return fmt.Sprintf("; PORT=%d, which run.ports declares, is set for it: it listens there if the app reads PORT", p)
}

// hostNotFoundLine is how a start of lang reports host not resolving: in
// the words of the client the app installs for it (Python, Ruby), of the
// call the variable's value is for (Deno), else its runtime's.
func (r *runSim) hostNotFoundLine(lang, host string) string {
	line := hostNotFound(lang, host)
	switch lang {
	case "python":
		return r.pyHostNotFound(host, line)
	case "ruby":
		return r.rubyHostNotFound(host, line)
	case "deno":
		return r.denoHostNotFound(host, line)
	}
	return line
}

// startCmd is what a start command amounts to: the language of what it
// starts, where that listens (nil: not known), or how it fails.
type startCmd struct {
	lang   string
	listen *Addr
	also   []Addr // where else it listens, beside listen
	banner string // as RunResult's
	crash  []Line
	exit   int
	oom    bool // the crash is an exhausted heap
	// named: where it listens is unknown and r.unsure already says what
	// the sandbox could not read of it, more precisely than "where it
	// listens".
	named bool
	// unmodelled is the command when no record models it: nothing of the
	// process was read, so a worker running it is not known to run.
	unmodelled string
	// unread is why the sandbox read nothing of what the command runs (an
	// entry the build makes, a script or binary it does not run): a worker
	// running it is not known to run either.
	unread string
	// idle: it runs and listens nowhere (`zsc noop`, `sleep infinity`,
	// nothing else of the setup starting a server).
	idle bool
	// startedBy is what the setup runs besides its start that may start a
	// server (`zsc noop`, `sleep infinity` start none themselves): "`cmd` (run.initCommands)".
	startedBy string
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
	if platform.IdleStart(line) {
		return r.idleStart() // zsc.go
	}
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
		if r.files != nil && rel != "" && r.deployed(rel) == "" && !r.producedAt(rel) && !r.preparedAt(rel) {
			if steps[i+1].op != "&&" {
				continue // `cd x; node y`: the shell goes on where it was
			}
			return startCmd{lang: r.langOfBase(), exit: 2,
				crash: []Line{{3, cdFailed(st.line, dir)}}}
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

// timeoutArgs are coreutils timeout's duration and the command it runs,
// past its options (-s SIGNAL, -k DURATION and the flags); no command when
// the words do not read so.
func timeoutArgs(words []string) (limit string, cmd []string) {
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "-s" || w == "-k" || w == "--signal" || w == "--kill-after":
			i++
		case strings.HasPrefix(w, "-"):
		default:
			return w, words[i+1:]
		}
	}
	return "", nil
}

// command judges the server a start command's last simple command runs.
func (r *runSim) command(words []string, env map[string]string, depth int) startCmd {
	r.cmdEnv = env
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
	case "echo", "printf", "true", ":", "pwd", "date", "whoami", "ls", "mkdir", "touch", "cp", "mv", "rm", "chmod", "chown", "ln", "printenv":
		// A command that does its work and returns: the start ends at
		// once, and the platform starts it again (walk 75b: `echo started`
		// was "could not check where it listens").
		return startCmd{lang: r.langOfBase(), crash: []Line{}, exit: -1}
	case "timeout":
		if limit, cmd := timeoutArgs(words[1:]); len(cmd) > 0 {
			r.noteUnsure("whether the app keeps running: the start runs it under `timeout " + clip(limit, 20) + "`, which stops it once that time is up (the sandbox judged only the start); the platform then starts it again, each time")
			return r.command(cmd, env, depth)
		}
	case "sh", "bash", "dash":
		if c := valueAfter(words[1:], "-c"); c != "" && depth < 3 {
			return r.resolveIn(c, env, depth+1)
		}
	}
	if wraps := runners[path.Base(words[0])]; wraps != nil {
		if cmd, c, failed := wraps(r, words[1:], env); failed {
			return c
		} else if len(cmd) > 0 {
			return r.command(cmd, env, depth) // tools.go
		}
	}
	if c, failed := r.depsFailure(words, depth); failed {
		return c // simdeps.go
	}
	name, args := path.Base(words[0]), words[1:]
	if name == "cross-env" && len(args) > 0 {
		// cross-env sets the variables it is given, then runs the rest.
		return r.command(args, env, depth)
	}
	if c, ok := r.ownServer(name, args, env); ok {
		return c
	}
	if c, ok := r.bareOSMissing(name); ok {
		return c // bareos.go
	}
	if tool := runTools[toolName(name)]; tool != nil {
		if c, ok := tool(r, name, args, env, depth); ok {
			return c // tools.go
		}
	}
	if strings.HasPrefix(words[0], "./") || strings.HasPrefix(words[0], RunRoot+"/") {
		c := r.builtBinary(r.entry("binary", words[0], args, env), args, env)
		if c.lang == "binary" && c.crash == nil && c.listen == nil && c.unread == "" {
			// A script or a program no record reads: what it runs is
			// not followed.
			c.unread = "the sandbox does not run it and read nothing of what it runs"
		}
		return c
	}
	if c, ok := r.missingPath(words[0]); ok {
		return c
	}
	return r.unmodelled(name, args, env)
}

// missingPath is the crash of a command named by a relative path with a
// folder in it (`_build/prod/rel/app/bin/app start`), which the shell runs
// from the working directory without a PATH lookup, when the deploy puts
// nothing there and the build cannot have made it; false otherwise.
func (r *runSim) missingPath(word string) (startCmd, bool) {
	if r.files == nil || !strings.Contains(word, "/") || path.IsAbs(word) || strings.ContainsAny(word, "$*?[") {
		return startCmd{}, false
	}
	rel := r.path(word)
	if rel == "" || r.deployed(rel) != "" || r.producedAt(rel) || r.preparedAt(rel) {
		return startCmd{}, false
	}
	crash, exit := missingEntry("binary", word, rel)
	return startCmd{lang: "binary", crash: crash, exit: exit}, true
}

// unmodelled is a command no record models, started with args: how it
// takes an address is its own, so flags that look like one (--host,
// --port, --bind HOST:PORT) are not taken as where it listens. The app is
// taken to listen on its declared ports, unverified, naming the command
// and what its flags seem to say (a loopback host or a port run.ports does
// not declare is the likely reason it would not answer).
func (r *runSim) unmodelled(name string, args []string, env map[string]string) startCmd {
	l := flagListen(args, env, "", 0)
	if l == nil {
		return startCmd{lang: r.langOfBase(), unmodelled: clip(strings.Join(append([]string{name}, args...), " "), 80)}
	}
	cmd := clip(strings.Join(append([]string{name}, args...), " "), 80)
	note := fmt.Sprintf("where `%s` listens (the sandbox does not model `%s`: read as most servers take them, its flags say %s:%d",
		cmd, name, l.host, l.port)
	switch {
	case l.host == "127.0.0.1":
		note += ", which answers only inside the container: bind 0.0.0.0"
	case !slices.ContainsFunc(r.d.Ports, func(p Port) bool { return p.Port == l.port }) && len(r.d.Ports) > 0:
		note += fmt.Sprintf(", a port run.ports does not declare (it declares %d)", r.d.Ports[0].Port)
	}
	r.unsure = append(r.unsure, note+")")
	return startCmd{lang: r.langOfBase(), named: true}
}

// projectTask is the command the first of files (in the working
// directory) that names it gives the script or task name: package.json
// "scripts", deno.json(c) "tasks" (a string, or an object's "command").
func (r *runSim) projectTask(name string, files ...string) (string, bool) {
	if r.files == nil || name == "" {
		return "", false
	}
	for _, f := range files {
		table, ok := r.taskTable(r.path(f), strings.HasPrefix(f, "deno."))
		if !ok {
			continue
		}
		if text, has := taskCommand(table, name); has {
			return text, true
		}
	}
	return "", false
}

// taskTable is the task table of the file the deploy puts at /var/www/rel:
// a Deno config's "tasks" (deno), else package.json's "scripts", by name;
// false when it is not deployed, not read, or no JSON(C).
func (r *runSim) taskTable(rel string, deno bool) (map[string]json.RawMessage, bool) {
	src, ok := r.deployedText(rel)
	if !ok {
		return nil, false
	}
	var cfg struct {
		Scripts map[string]json.RawMessage `json:"scripts"`
		Tasks   map[string]json.RawMessage `json:"tasks"`
	}
	if json.Unmarshal([]byte(stripJSONComments(src)), &cfg) != nil {
		return nil, false
	}
	if deno {
		return cfg.Tasks, true
	}
	return cfg.Scripts, true
}

// taskCommand is the command of table's task name: a string, or an
// object's "command" (Deno's long form).
func taskCommand(table map[string]json.RawMessage, name string) (string, bool) {
	raw, has := table[name]
	if !has {
		return "", false
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

// entry judges an interpreter's entry file: missing from the deploy, the
// runtime fails as it does; present and readable, it listens where the
// file says.
func (r *runSim) entry(lang, file string, args []string, env map[string]string) startCmd {
	if file == "" {
		return startCmd{lang: lang}
	}
	rel, t := r.path(file), byLang[lang]
	if t != nil && t.entryAt != nil {
		rel = t.entryAt(r, rel)
	}
	if r.files != nil && r.deployed(rel) == "" && !r.producedAt(rel) && !r.preparedAt(rel) {
		crash, exit := missingEntry(lang, file, rel)
		return startCmd{lang: lang, crash: crash, exit: exit}
	}
	if src, ok := r.deployedText(rel); ok {
		if crash, broken := r.nodeSyntax(lang, rel, src); broken {
			return startCmd{lang: lang, exit: 1, crash: crash} // jssyntax.go
		}
		if c, ends := r.loadEnd(lang, rel, src); ends {
			return c // loadend.go
		}
		if end := laterEnd(lang, file, src); end != "" {
			r.unsure = append(r.unsure, end) // latercrash.go
		}
		if c, ok := codeServer(lang, src, args, env); ok {
			if s, _ := codeServerOf(lang, src); s.unread != "" && c.listen != nil {
				r.noteUnsure(s.unread)
			}
			return c // a server of its own reads its flags itself
		}
	}
	out := startCmd{lang: lang, listen: flagListen(args, env, "", 0)}
	if out.listen != nil && !argsUnread[lang] {
		return out
	}
	src, ok := r.entrySource(lang, file, rel, t)
	if out.listen != nil && (!ok || readsArgs(src)) {
		return out
	}
	out.listen = nil // walk 83: `--listen=:8080` to a Go app reading PORT alone changed nothing
	if ok {
		if c, dies := heapExhaustion(lang, src); dies {
			return c // oom.go
		}
		out.listen, out.banner = sourceListen(lang, src, env, r.seed)
	} else if r.files != nil {
		out.unread = r.unreadEntry(rel)
	}
	return out
}

// entrySource is the source the entry rel listens by: the deployed file,
// or for a file the build makes, the source it is compiled from (t's
// builtSource) or the entry of the bundle Bun or Deno makes of it.
func (r *runSim) entrySource(lang, file, rel string, t *tool) (string, bool) {
	src, ok := r.deployedText(rel)
	made := r.files != nil && r.deployed(rel) == "" && r.producedAt(rel)
	if !ok && t != nil && t.builtSource != nil && made {
		src, ok = t.builtSource(r, rel) // a compiled file listens where its source does
		if note := r.unrunCompile(file); ok && note != "" {
			r.unsure = append(r.unsure, note)
		}
	}
	if !ok && (lang == "bun" || lang == "deno") && made {
		if from, bsrc, found := r.bunBundleEntry(rel); found { // bunbundle.go
			src, ok = bsrc, true
			r.noteUnsure("what the bundle the build makes of " + from + " does beyond where it listens (the sandbox read its address from " + from + ", not the bundle)")
		}
	}
	return src, ok
}

// unreadEntry says why the sandbox read nothing of the entry rel.
func (r *runSim) unreadEntry(rel string) string {
	switch {
	case r.deployed(rel) == "" && r.preparedAt(rel):
		return fmt.Sprintf("run.prepareCommands put %s there, which the sandbox does not run, so it read nothing of it", clip(path.Join(RunRoot, rel), 80))
	case r.deployed(rel) == "" && r.unknownBy != "":
		if b := bundleUnread(r.bundleText()); b != "" { // bunbundle.go
			return fmt.Sprintf("whether the build makes %s: the sandbox could not tell what %s names its bundles", clip(rel, 80), b)
		}
		return fmt.Sprintf("whether the build makes %s: `%s` may, and the sandbox does not run it, so it read nothing of it", clip(rel, 80), clip(shownCommand(r.unknownBy), 80))
	default:
		return "the sandbox could not read " + clip(rel, 80)
	}
}

// afterFile is what args hold after file, the entry they name: a
// script's own arguments (manage.py's runserver).
func afterFile(args []string, file string) []string {
	for i, a := range args {
		if a == file {
			return args[i+1:]
		}
	}
	return nil
}

// argsUnread are the languages whose code the sandbox reads for whether
// it reads its command line at all (readsArgs): a flag given to code that
// reads none is not where it listens.
var argsUnread = map[string]bool{"go": true, "python": true, "node": true}

// readsArgs reports whether src reads its command line: Go's os.Args or a
// flag package, Python's sys.argv or a parser, Node's process.argv or a
// parser, each parser by its import (a word alone would match firebase or
// cache). When it may, a flag is taken as said.
func readsArgs(src string) bool {
	for _, w := range []string{"os.Args", `"flag"`, "sys.argv", "argparse", "process.argv", "parseArgs"} {
		if strings.Contains(src, w) {
			return true
		}
	}
	return argParserImport.MatchString(src)
}

// argParserImport finds the import of a command-line parser: Go's by its
// path, Python's by import or from, Node's by require or from.
var argParserImport = lazyregexp.New(`"[^"\s]*/(?:cobra|pflag|urfave/cli(?:/v\d+)?|kingpin(?:\.v\d+)?|kong)"|` +
	`(?m)^\s*(?:from|import)\s+(?:click|typer|docopt|fire)\b|` +
	`(?:require\(\s*|from\s+)['"](?:commander|yargs|minimist|meow|cac)(?:/[^'"]*)?['"]`)

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

// deployed is the source path (relative to the working directory) of the
// file or directory the deploy puts at /var/www/rel, or "" when none does,
// nor surely does: a path through a symlink whose target the deploy leaves
// out (whether the platform deploys a link as a link, then dangling, or
// copies what it leads to is not documented: see producedAt).
func (r *runSim) deployed(rel string) string {
	if src := r.deployedSource(rel); src == "" || !r.danglingLink(src) {
		return src
	}
	return ""
}

// danglingLink reports whether src shows through an uploaded symlink whose
// target no deployFiles entry deploys.
func (r *runSim) danglingLink(src string) bool {
	if r.files == nil || len(r.d.DeployFiles) == 0 {
		return false
	}
	t, ok := r.files.linkedFrom(src)
	return ok && len(deployedAt(r.d.DeployFiles, t)) == 0
}

// deployedSource is deployed without the doubt of a dangling link.
func (r *runSim) deployedSource(rel string) string {
	rel = CleanRel(rel)
	if len(r.d.DeployFiles) == 0 {
		if r.files.Has(rel) {
			return rel
		}
		return r.copyOf(rel)
	}
	for _, df := range r.d.DeployFiles {
		if src, ok := deploySource(df, rel); ok && r.files.Has(src) {
			return src
		}
	}
	for _, df := range r.d.DeployFiles {
		if src, ok := deploySource(df, rel); ok && r.copyOf(src) != "" {
			return r.copyOf(src)
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

// copyOf is the uploaded file a build command copied to src (a path the
// build made), "" when none: the deploy holds that file's content there.
func (r *runSim) copyOf(src string) string {
	if c := r.copies[src]; c != "" && r.files.kept(c) {
		return c
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
	text, ok := r.files.Read(src)
	if ok {
		r.readCode(rel, text)
	}
	return text, ok
}

// producedAt reports whether the build may have made what the deploy puts
// at /var/www/rel (its content is then unknown): a build whose outputs are
// unknown may have made anything a deployFiles entry names.
func (r *runSim) producedAt(rel string) bool {
	if r.files != nil && len(r.files.links) > 0 { // only an upload with symlinks deploys through one
		if src := r.deployedSource(rel); src != "" && r.danglingLink(src) {
			// Deployed through a link whose target stays behind: unknown.
			t, _ := r.files.linkedFrom(src)
			if note := fmt.Sprintf("whether `%s` is there: it is deployed through a symlink to `%s`, which deployFiles leaves out (the docs do not say whether the platform deploys the link itself, then leading nowhere, or what it leads to; deploy the target too)", src, t); !slices.Contains(r.unsure, note) {
				r.unsure = append(r.unsure, note)
			}
			return true
		}
	}
	if len(r.produced) == 0 && !r.unknown {
		return false
	}
	b := &buildSim{produced: r.produced, known: r.known}
	for _, df := range r.d.DeployFiles {
		src, ok := deploySource(df, rel)
		if !ok {
			continue
		}
		if b.madeByBuild(src) && !releaseLacks(src) || r.unknown && !strippedTwice(df, src) && !r.notARelease(src) {
			return true
		}
	}
	return false
}

// strippedTwice reports whether src, the source a "D/~" entry (df) would
// deploy at a path that itself starts with D, starts with D twice
// (`_build/rel/app/~` and a start naming `_build/rel/app/bin/app`): a build
// whose outputs are unknown is not taken to make that path, whose only
// likely reading is a start written as if the entry kept D.
func strippedTwice(df, src string) bool {
	e := parseDeployEntry(df)
	return e.strip != "" && e.wild == nil && strings.HasPrefix(src, e.strip+"/"+e.strip+"/")
}

// shownCommand is a start command as one line: a multi-line block
// (recipe-airflow's `start: |` sourcing a venv, then the server) with its
// lines joined by "; ", as the shell runs them.
func shownCommand(c string) string {
	var lines []string
	for _, l := range strings.Split(c, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "; ")
}

// preparedAt reports whether run.prepareCommands may have put something at
// /var/www/rel: a command of theirs writes into /var/www (the official
// prometheus-grafana recipe unpacks its binaries there, airflow makes its
// venv there), and what it writes is unknown. The runtime image keeps it
// under the deployed files.
func (r *runSim) preparedAt(rel string) bool {
	for _, c := range r.d.Prep.RunPrepare {
		for _, w := range strings.Fields(c) {
			w = strings.Trim(w, `"';`)
			if strings.TrimRight(w, "/") == RunRoot {
				return true
			}
			if at, ok := strings.CutPrefix(w, RunRoot+"/"); ok && (rel == CleanRel(at) || strings.HasPrefix(rel, CleanRel(at)+"/")) {
				return true
			}
		}
	}
	return false
}

// langOfBase is the language the run base runs.
func (r *runSim) langOfBase() string { return baseLang(r.base) }

// baseLang is the language a runtime (a base's name) runs: that of the
// tool record whose runBases name it, else the name.
func baseLang(name string) string {
	for _, t := range tools {
		for _, b := range t.runBases {
			if b == name || strings.HasSuffix(b, "*") && strings.HasPrefix(name, strings.TrimSuffix(b, "*")) {
				return t.lang
			}
		}
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

// listenPorts names the ports of ls, joined.
func listenPorts(ls []Addr) string {
	var ps []string
	for _, a := range ls {
		if p := strconv.Itoa(a.port); !slices.Contains(ps, p) {
			ps = append(ps, p)
		}
	}
	return strings.Join(ps, ", ")
}
