package fakeapi

import (
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// prepSetup is what a setup says besides building and starting:
// build.prepareCommands, run.prepareCommands, run.initCommands, the OS of
// the build and run containers and deploy.readinessCheck.
type prepSetup struct {
	buildOS, runOS string // build.os, run.os as written
	buildPrepare   []string
	runPrepare     []string
	init           []string
	ready          *readiness // nil: no readiness check
	toRunPrep      []string   // build.addToRunPrepare: the files run.prepareCommands have
}

// prepHome is where run.prepareCommands run and build.addToRunPrepare puts
// its files.
const prepHome = "/home/zerops"

// runPrepFiles are the files run.prepareCommands find in prepHome: what
// build.addToRunPrepare lists, of the uploaded files (with their content)
// and of the paths the build made (made). files nil, or an entry that is a
// pattern: unknown, no rule that needs them applies.
func runPrepFiles(d *deployedSetup, files *fileSet, produced map[string]bool) (fs *fileSet, made map[string]bool) {
	made = map[string]bool{}
	if files == nil {
		return nil, made
	}
	fs = newFileSet()
	b := &buildSim{produced: produced}
	for _, e := range d.prep.toRunPrep {
		if strings.ContainsAny(e, "*?[{~") {
			return nil, made
		}
		e = cleanRel(strings.TrimPrefix(e, buildSource))
		if e == "" {
			return files, produced // the whole source
		}
		for p := range files.paths {
			if p == e || strings.HasPrefix(p, e+"/") || strings.HasPrefix(e, p+"/") {
				fs.paths[p] = true
				if s, ok := files.text[p]; ok {
					fs.text[p] = s
				}
			}
		}
		if b.madeByBuild(e) {
			made[e] = true
		}
	}
	return fs, made
}

// readinessYml is deploy.readinessCheck as zerops.yml writes it.
type readinessYml struct {
	HTTPGet *struct {
		Port int    `yaml:"port"`
		Path string `yaml:"path"`
	} `yaml:"httpGet"`
	Exec *struct {
		Command string `yaml:"command"`
	} `yaml:"exec"`
}

// readiness is a parsed readiness check: an HTTP GET on port (path) or a
// command.
type readiness struct {
	port int
	path string
	exec string
}

func (y *readinessYml) parse() *readiness {
	switch {
	case y == nil:
		return nil
	case y.HTTPGet != nil && y.HTTPGet.Port > 0:
		return &readiness{port: y.HTTPGet.Port, path: orStr(clip(y.HTTPGet.Path, 100), "/")}
	case y.Exec != nil && strings.TrimSpace(y.Exec.Command) != "":
		return &readiness{exec: clip(y.Exec.Command, 200)}
	}
	return nil
}

// containerOS is the OS of a container: ubuntu when os says so or the base
// is an Ubuntu one (ubuntu@…, ubuntu/…), else Alpine, the platform's default.
func containerOS(os string, bases ...string) string {
	if strings.EqualFold(strings.TrimSpace(os), "ubuntu") {
		return "ubuntu"
	}
	for _, b := range bases {
		if strings.HasPrefix(b, "ubuntu/") || strings.HasPrefix(b, "ubuntu@") {
			return "ubuntu"
		}
	}
	return "alpine"
}

// foreignPM maps an OS to the other OSes' package managers,
// which its image lacks.
var foreignPM = map[string][]string{
	"alpine": {"apt", "apt-get", "dpkg", "yum", "dnf"},
	"ubuntu": {"apk", "yum", "dnf"},
}

// pmRule judges a package manager command in a container of os, where
// commands run as the zerops user: another OS's manager is not found, and
// the OS's own needs sudo to install. handled is false for any other
// command (sudo's command is judged here, the rest by the caller).
func pmRule(os string, words []string) (lines []logEntry, code int, handled bool) {
	sudo := false
	if len(words) > 1 && path.Base(words[0]) == "sudo" {
		sudo, words = true, words[1:]
		for len(words) > 1 && strings.HasPrefix(words[0], "-") {
			words = words[1:]
		}
	}
	name := path.Base(words[0])
	for _, f := range foreignPM[os] {
		if name != f {
			continue
		}
		if sudo {
			return []logEntry{{3, "sudo: " + name + ": command not found"}}, 1, true
		}
		return []logEntry{{3, "/bin/sh: " + name + ": not found"}}, 127, true
	}
	sub := ""
	if rest := nonFlags(words[1:]); len(rest) > 0 {
		sub = rest[0]
	}
	switch {
	case sudo:
		return nil, 0, false
	case os == "alpine" && name == "apk" && (sub == "add" || sub == "del" || sub == "update" || sub == "upgrade"):
		return []logEntry{{3, "ERROR: Unable to lock database: Permission denied"},
			{3, "ERROR: Failed to open apk database: Permission denied"}}, 99, true
	case os == "ubuntu" && (name == "apt-get" || name == "apt") && (sub == "install" || sub == "update" || sub == "upgrade" || sub == "remove"):
		lock := "/var/lib/dpkg/lock-frontend"
		if sub == "update" {
			lock = "/var/lib/apt/lists/lock"
		}
		return []logEntry{{3, "E: Could not open lock file " + lock + " - open (13: Permission denied)"},
			{3, "E: Unable to lock directory " + path.Dir(lock) + "/, are you root?"}}, 100, true
	}
	return nil, 0, false
}

// prepHook is the buildSim hook of a container of os: package managers as
// pmRule judges them; with noDeploy, /var/www does not exist yet (the
// runtime image is prepared before the deploy puts the files there).
func prepHook(os string, noDeploy bool) func(b *buildSim, words []string) (int, bool) {
	return func(b *buildSim, words []string) (int, bool) {
		if lines, code, ok := pmRule(os, words); ok {
			b.out = append(b.out, lines...)
			return code, true
		}
		if !noDeploy {
			return 0, false
		}
		name := path.Base(words[0])
		for _, w := range words {
			if w != runRoot && !strings.HasPrefix(w, runRoot+"/") {
				continue
			}
			if name == "cd" {
				b.err(fmt.Sprintf("/bin/sh: cd: line 1: can't cd to %s: No such file or directory", w))
				return 2, true
			}
			if name == "mkdir" || name == "touch" {
				return 0, false // making it is fine
			}
			b.err(fmt.Sprintf("%s: %s: No such file or directory", name, w))
			return 1, true
		}
		return 0, false
	}
}

// runCommands runs prepare commands in the mind with hook (the files are
// unknown: only the rules that need none apply), stopping at the first
// that fails: the lines, and the failing command and its status.
func runCommands(cmds []string, hook func(*buildSim, []string) (int, bool)) (lines []logEntry, failed string, code int) {
	return runIn(&buildSim{produced: map[string]bool{}, hook: hook}, cmds)
}

// runIn is runCommands in b, which knows the files there.
func runIn(b *buildSim, cmds []string) (lines []logEntry, failed string, code int) {
	for _, c := range cmds {
		b.cwd = ""
		b.out = append(b.out, logEntry{6, "$ " + c})
		if code := b.run(c, 0); code != 0 {
			return b.out, c, code
		}
	}
	return b.out, "", 0
}

// runPrepare is the outcome of preparing the runtime image of d (run
// base runBase) in prepHome, which holds files and made (runPrepFiles):
// its lines and the failure line, "" when it succeeded.
func runPrepare(d *deployedSetup, runBase string, files *fileSet, made map[string]bool) (lines []logEntry, failure string) {
	if len(d.prep.runPrepare) == 0 {
		return nil, ""
	}
	os := containerOS(d.prep.runOS, runBase)
	b := &buildSim{files: files, produced: made, root: prepHome, hook: prepHook(os, true)}
	lines, failed, code := runIn(b, d.prep.runPrepare)
	lines = append([]logEntry{{6, "Preparing the runtime image on " + runBase + ": run.prepareCommands (the deployed files are not in " + runRoot + " yet)"}}, lines...)
	if failed != "" {
		failure = fmt.Sprintf("ERROR: run.prepareCommands failed with exit code %d: %s", code, clip(failed, 120))
	}
	return lines, failure
}

// initFailure is how the start of d's app fails in its initCommands, which
// run in /var/www with the deployed files before run.start: a command that
// exits non-zero, runs a file not deployed or a package manager the
// container refuses. ok is false when every one passes.
func (r *runSim) initFailure() (crash []logEntry, exit int, ok bool) {
	os := containerOS(r.d.prep.runOS, r.base, r.d.runBase)
	for _, c := range r.d.prep.init {
		lines, _, code := runCommands([]string{c}, prepHook(os, false))
		if r.cwd = ""; code == 0 { // each in its own shell, from /var/www
			if cmd := r.resolve(c, 0); cmd.crash != nil {
				lines, code = append(lines, cmd.crash...), max(cmd.exit, 1)
			}
		}
		if code != 0 {
			lines = append(lines, logEntry{3, fmt.Sprintf("ERROR: initCommands: %q exited with code %d; the app is not started", clip(c, 120), code)})
			return lines, code, true
		}
	}
	return nil, 0, false
}

// readyFailure is why av's new containers never pass d's readiness check,
// "" when they pass: an HTTP check needs the app to answer on its port
// from the network, a command check to exit 0.
func readyFailure(d *deployedSetup, run appRun) string {
	rc := d.prep.ready
	switch {
	case rc == nil:
		return ""
	case run.crash != nil && len(run.listens) == 0:
		return "ERROR: readiness check never passed: the app exits at start"
	case rc.port > 0 && !run.answers(rc.port):
		return fmt.Sprintf("ERROR: readiness check never passed: GET http://<container>:%d%s got no answer", rc.port, rc.path)
	case rc.exec != "":
		if _, failed, code := runCommands([]string{rc.exec}, nil); failed != "" {
			return fmt.Sprintf("ERROR: readiness check never passed: %q exited with code %d", rc.exec, code)
		}
		if port, ok := localURLPort(rc.exec); ok && !run.listensOn(port) {
			return fmt.Sprintf("ERROR: readiness check never passed: %q exited with code 7: Failed to connect to localhost port %d: Couldn't connect to server", rc.exec, port)
		}
	}
	return ""
}

// localURLRe is a URL of the container itself in a command (curl, wget).
var localURLRe = regexp.MustCompile(`https?://(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])(?::(\d+))?`)

// localURLPort is the port of the first URL of the container itself in
// cmd (80 when it names none); false when cmd names no such URL.
func localURLPort(cmd string) (int, bool) {
	m := localURLRe.FindStringSubmatch(cmd)
	if m == nil {
		return 0, false
	}
	if m[1] == "" {
		return 80, true
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil
}

// listensOn reports whether the app listens on port on any address: a
// command in its own container reaches a localhost bind too.
func (r appRun) listensOn(port int) bool {
	for _, l := range r.listens {
		if l.port == port {
			return true
		}
	}
	return false
}

// planFailure records a failure after the build: status (PREPARING_RUNTIME_FAILED
// or DEPLOY_FAILED) from buildPath step on, with lines logged before reason.
func (av *appVersion) planFailure(status string, step int, lines []logEntry, reason string) {
	av.failStatus, av.failStep, av.failLines, av.failReason = status, step, lines, reason
}

// failAt is the buildPath step from which a failing version has failed.
func (av *appVersion) failAt() int {
	if av.failStep == 0 {
		return 2
	}
	return av.failStep
}

// failedStatus is the status a failing version ends in.
func (av *appVersion) failedStatus() string {
	return orStr(av.failStatus, platform.AppVersionBuildFailed)
}

// afterBuild plans what follows a build that succeeded: preparing the
// runtime image, then the deploy's readiness check. The version deployed
// before keeps running when either fails.
func (av *appVersion) afterBuild(d *deployedSetup, runBase string, run appRun, prepFiles *fileSet, prepMade map[string]bool) {
	lines, failure := runPrepare(d, runBase, prepFiles, prepMade)
	av.prepLines = lines
	if failure != "" {
		av.planFailure(platform.AppVersionPreparingRuntimeFailed, 3, nil, failure)
		return
	}
	if run.siteConfig != "" {
		words := fmt.Sprintf("nginx: [emerg] open() %q failed (2: No such file or directory)", run.siteConfig)
		if runtimeName(runBase) == "php-apache" {
			words = "httpd: Could not open configuration file " + run.siteConfig + ": No such file or directory"
		}
		av.planFailure(platform.AppVersionDeployFailed, 4, []logEntry{
			{6, fmt.Sprintf("Starting app version %s on %s", av.ID, runBase)}, {3, words},
			{3, fmt.Sprintf("App version %s never became ready; the version deployed before keeps running", av.ID)},
		}, fmt.Sprintf("ERROR: run.siteConfigPath: %q does not exist: the file is missing from deployFiles, so the web server cannot be configured", run.siteConfig))
		return
	}
	if f := readyFailure(d, run); f != "" {
		start := fmt.Sprintf("Starting app version %s on %s: %s", av.ID, runBase, orStr(d.startText(), "(no start command)"))
		out := []logEntry{{6, start}}
		out = append(out, run.crash...)
		out = append(out, run.lines...)
		if run.crash == nil {
			for _, l := range listenLines(run) {
				out = append(out, logEntry{6, l})
			}
		}
		out = append(out, logEntry{3, fmt.Sprintf("App version %s never became ready; the version deployed before keeps running", av.ID)})
		av.planFailure(platform.AppVersionDeployFailed, 4, out, f)
	}
}

// buildPrepare runs d's build.prepareCommands into res, before the build
// commands (the build image is prepared first; the source files are not
// judged); true when one failed, which fails the build.
func buildPrepare(d *deployedSetup, res *buildResult) bool {
	if len(d.prep.buildPrepare) == 0 {
		return false
	}
	lines, failed, code := runCommands(d.prep.buildPrepare, prepHook(containerOS(d.prep.buildOS, d.buildBases...), false))
	res.lines = append([]logEntry{{6, "Preparing the build image: build.prepareCommands"}}, lines...)
	if failed != "" {
		res.failure = fmt.Sprintf("ERROR: build.prepareCommands failed with exit code %d: %s", code, clip(failed, 120))
		return true
	}
	if len(d.buildCommands) > 0 {
		res.lines = append(res.lines, logEntry{6, "Running build commands on " + orStr(d.buildBase, "the build base")})
	}
	return false
}
