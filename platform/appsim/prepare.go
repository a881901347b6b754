package appsim

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// prepHome is where run.prepareCommands run and build.addToRunPrepare puts
// its files.
const prepHome = "/home/zerops"

// RunPrepFiles are the files run.prepareCommands find in prepHome: what
// build.addToRunPrepare lists, of the uploaded files (with their content)
// and of the paths the build made (made). files nil, or an entry that is a
// pattern: unknown, no rule that needs them applies.
func RunPrepFiles(d *Setup, files *Files, produced map[string]bool) (fs *Files, made map[string]bool) {
	made = map[string]bool{}
	if files == nil {
		return nil, made
	}
	fs = NewFiles()
	b := &buildSim{produced: produced}
	for _, e := range d.Prep.ToRunPrep {
		if strings.ContainsAny(e, "*?[{~") {
			return nil, made
		}
		e = CleanRel(strings.TrimPrefix(e, BuildSource))
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

// pmRule judges a package manager command in a container of os: another
// OS's manager is not found, and the OS's own stops at a package named as
// the other OS names it. handled is false for any other command (sudo's
// command is judged here, the rest by the caller). unsudo is the OS's own
// install run without sudo ("apk add"): commands run as the zerops user,
// yet official recipes (ghost, wordpress) install so and run on the
// platform, so it is not failed here but noted as unchecked.
func pmRule(os string, words []string) (lines []Line, code int, handled bool, unsudo string) {
	sudo := false
	if len(words) > 1 && path.Base(words[0]) == "sudo" {
		sudo, words = true, sudoCommand(words)
	}
	name := path.Base(words[0])
	for _, f := range foreignPM[os] {
		if name != f {
			continue
		}
		if sudo {
			return []Line{{3, "sudo: " + name + ": command not found"}}, 1, true, ""
		}
		return []Line{{3, "/bin/sh: " + name + ": not found"}}, 127, true, ""
	}
	sub := ""
	if rest := nonFlags(words[1:]); len(rest) > 0 {
		sub = rest[0]
	}
	if lines, code, ok := absentPackages(os, name, sub, words[1:]); ok {
		return lines, code, true, "" // no such package, as root or not
	}
	if own := ownPMCommand(os, name, words[1:]); own && !sudo {
		return nil, 0, true, name + " " + sub
	}
	return nil, 0, false, ""
}

// sudoCommand is the command sudo (words[0]) runs: the words after its
// options (an option's value, as -u's, is taken for the command).
func sudoCommand(words []string) []string {
	words = words[1:]
	for len(words) > 1 && strings.HasPrefix(words[0], "-") {
		words = words[1:]
	}
	return words
}

// ownPMCommand reports whether name with args is the OS's own package
// manager installing, removing or refreshing packages (apk add, apt-get
// install), which pmRule judges.
func ownPMCommand(os, name string, args []string) bool {
	sub := ""
	if rest := nonFlags(args); len(rest) > 0 {
		sub = rest[0]
	}
	return os == "alpine" && name == "apk" && (sub == "add" || sub == "del" || sub == "update" || sub == "upgrade") ||
		os == "ubuntu" && (name == "apt-get" || name == "apt") && (sub == "install" || sub == "update" || sub == "upgrade" || sub == "remove")
}

// absentPackages judges an install by the OS's own manager: a package
// named as the other OS names it (libvips-dev on Alpine, build-base on
// Ubuntu) is not in the index, and the manager stops with its own lines.
// handled is false for any other command.
func absentPackages(os, name, sub string, args []string) (lines []Line, code int, handled bool) {
	alpine := os == "alpine" && name == "apk" && sub == "add"
	ubuntu := os == "ubuntu" && (name == "apt-get" || name == "apt") && sub == "install"
	if !alpine && !ubuntu {
		return nil, 0, false
	}
	var absent []string
	for _, a := range nonFlags(args)[1:] {
		if _, ok := platform.OSPackageName(os, a); ok {
			absent = append(absent, a)
		}
	}
	if len(absent) == 0 {
		return nil, 0, false
	}
	if alpine {
		lines = []Line{{3, "ERROR: unable to select packages:"}}
		for _, a := range absent {
			lines = append(lines, Line{3, "  " + a + " (no such package):"}, Line{3, "    required by: world[" + a + "]"})
		}
		return lines, 1, true
	}
	lines = []Line{{6, "Reading package lists..."}, {6, "Building dependency tree..."}, {6, "Reading state information..."}}
	for _, a := range absent {
		lines = append(lines, Line{3, "E: Unable to locate package " + a})
	}
	return lines, 100, true
}

// prepHook is the buildSim hook of a container of os: package managers as
// pmRule judges them; with noDeploy, nothing is in /var/www yet (the
// runtime image is prepared before the deploy puts the files there), though
// the directory itself is, and what a command writes there (curl -o, as
// recipe-metabase does) is there for the commands after it.
func prepHook(os string, noDeploy bool) func(b *buildSim, words []string) (int, bool) {
	written := map[string]bool{}
	return func(b *buildSim, words []string) (int, bool) {
		if lines, code, ok, unsudo := pmRule(os, words); ok {
			b.out = append(b.out, lines...)
			if unsudo != "" && !slices.Contains(b.unsudo, unsudo) {
				b.unsudo = append(b.unsudo, unsudo)
			}
			return code, true
		}
		if lines, code, ok := systemctlRule(os, words); ok { // systemctl.go
			b.out = append(b.out, lines...)
			return code, true
		}
		if !noDeploy {
			return 0, false
		}
		name := path.Base(words[0])
		for j, w := range words {
			if !strings.HasPrefix(w, RunRoot+"/") || strings.TrimRight(w, "/") == RunRoot {
				continue // /var/www itself is there, empty: the official recipes unpack into it (prometheus-grafana) or make a venv there (airflow)
			}
			if j > 0 && outputFlags[words[j-1]] {
				written[w] = true
			}
			if madeIn(written, w) {
				continue
			}
			if name == "cd" {
				b.err(cdFailed(b.lineNo, w))
				return 2, true
			}
			if name == "mkdir" || name == "touch" {
				written[w] = true // there for the commands after it (recipe-github-runner unpacks into it)
				continue
			}
			b.err(fmt.Sprintf("%s: %s: No such file or directory", name, w))
			return 1, true
		}
		return 0, false
	}
}

// madeIn reports whether p, or a directory holding it, was written by an
// earlier command: what is inside a directory made is not known.
func madeIn(written map[string]bool, p string) bool {
	for p = strings.TrimRight(p, "/"); p != RunRoot && p != "/" && p != "."; p = path.Dir(p) {
		if written[p] {
			return true
		}
	}
	return false
}

// outputFlags name the file a download or a shell writes: curl -o,
// wget -O, a redirect.
var outputFlags = map[string]bool{"-o": true, "--output": true, "-O": true, "--output-document": true, ">": true, ">>": true}

// runCommands runs prepare commands in the mind with hook (the files are
// unknown: only the rules that need none apply), stopping at the first
// that fails: the lines, and the failing command and its status.
func runCommands(cmds []string, hook func(*buildSim, []string) (int, bool)) (lines []Line, failed string, code int) {
	return runIn(&buildSim{produced: map[string]bool{}, hook: hook}, cmds)
}

// runIn is runCommands in b, which knows the files there.
func runIn(b *buildSim, cmds []string) (lines []Line, failed string, code int) {
	for _, c := range cmds {
		if code := b.runLine(c); code != 0 {
			return b.out, c, code
		}
	}
	return b.out, "", 0
}

// runPrepare is the outcome of preparing the runtime image of d (run
// base runBase) in prepHome, which holds files and made (RunPrepFiles):
// its lines and the failure line, "" when it succeeded.
func RunPrepare(d *Setup, runBase string, files *Files, made map[string]bool) (lines []Line, failure string) {
	if len(d.Prep.RunPrepare) == 0 {
		return nil, ""
	}
	os := containerOS(d.Prep.RunOS, runBase)
	b := &buildSim{files: files, produced: made, root: prepHome, hook: prepHook(os, true), os: os}
	lines, failed, code := runIn(b, d.Prep.RunPrepare)
	lines = append([]Line{{6, "Preparing the runtime image on " + runBase + ": run.prepareCommands (the deployed files are not in " + RunRoot + " yet)"}}, lines...)
	if failed != "" {
		failure = fmt.Sprintf("ERROR: run.prepareCommands failed with exit code %d: %s", code, clip(failed, 120))
	}
	return lines, failure
}

// initFailure is how the start of d's app fails in its initCommands, which
// run in /var/www with the deployed files before run.start: a command that
// exits non-zero, runs a file not deployed or a package manager the
// container refuses. It logs the platform's line for it; cmd is the
// command that failed, "" when every one passes.
func (r *runSim) initFailure() (crash []Line, exit int, cmd string) {
	os := containerOS(r.d.Prep.RunOS, r.base, r.d.RunBase)
	judged := true // no line before may have written under /var/www
	for _, c := range r.d.Prep.Init {
		lines, _, code := runCommands([]string{c}, prepHook(os, false))
		if r.cwd = ""; code == 0 { // each in its own shell, from /var/www
			if cmd := r.resolve(c, 0); cmd.crash != nil && cmd.exit >= 0 { // exit -1: it ended with 0, as an init command does
				lines, code = append(lines, cmd.crash...), max(cmd.exit, 1)
			}
		}
		if code == 0 && judged {
			if l, missing := r.initMissingSource(c, os); missing { // initcmds.go
				lines, code = append(lines, l), 1
			}
		}
		judged = judged && r.initLeavesWwwAlone(c)
		if code != 0 {
			lines = append(lines, Line{3, "RUN.INIT COMMANDS FINISHED WITH ERROR"})
			return lines, code, c
		}
	}
	return nil, 0, ""
}

// ReadyFailure is why av's new containers never pass d's readiness check,
// "" when they pass: an HTTP check needs the app to answer on its port
// inside the container (the platform asks http://127.0.0.1:port, so an app
// bound to the loopback address passes it and is still unreachable from
// the balancer), a command check to exit 0.
func ReadyFailure(d *Setup, run RunResult) string {
	rc := d.Prep.Ready
	switch {
	case rc == nil:
		return ""
	case run.Crash != nil && len(run.Listens) == 0:
		return "ERROR: readiness check never passed: the app exits at start"
	case rc.Port > 0 && !run.AnswersInside(rc.Port): // the check runs in the container, against 127.0.0.1
		return fmt.Sprintf("ERROR: readiness check never passed: GET http://127.0.0.1:%d%s got no answer", rc.Port, rc.Path)
	case rc.Exec != "":
		if _, failed, code := runCommands([]string{rc.Exec}, nil); failed != "" {
			return fmt.Sprintf("ERROR: readiness check never passed: %q exited with code %d", rc.Exec, code)
		}
		if port, ok := localURLPort(rc.Exec); ok && !run.listensOn(port) {
			return fmt.Sprintf("ERROR: readiness check never passed: %q exited with code 7: Failed to connect to localhost port %d: Couldn't connect to server", rc.Exec, port)
		}
	}
	return ""
}

// localURLRe is a URL of the container itself in a command (curl, wget).
var localURLRe = lazyregexp.New(`https?://(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])(?::(\d+))?`)

// localURLPath is the path of the first URL of the container itself in
// cmd when it names one other than the root; "" otherwise.
func localURLPath(cmd string) string {
	loc := localURLRe.FindStringIndex(cmd)
	if loc == nil {
		return ""
	}
	rest := cmd[loc[1]:]
	end := strings.IndexAny(rest, " \t'\"`;|&)")
	if end < 0 {
		end = len(rest)
	}
	if p := rest[:end]; strings.Trim(p, "/") != "" && strings.HasPrefix(p, "/") {
		return p
	}
	return ""
}

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
func (r RunResult) listensOn(port int) bool {
	for _, l := range r.Listens {
		if l.port == port {
			return true
		}
	}
	return false
}

// buildPrepare runs d's build.prepareCommands into res, before the build
// commands (the build image is prepared first; the source files are not
// judged); true when one failed, which fails the build.
func buildPrepare(d *Setup, res *BuildResult) bool {
	if len(d.Prep.BuildPrepare) == 0 {
		return false
	}
	b := &buildSim{produced: map[string]bool{}, hook: prepHook(containerOS(d.Prep.BuildOS, d.BuildBases...), false)}
	lines, failed, code := runIn(b, d.Prep.BuildPrepare)
	res.Unsudo = unsudoIn(res.Unsudo, b.unsudo, "build.prepareCommands")
	res.Lines = append([]Line{{6, "Preparing the build image: build.prepareCommands"}}, lines...)
	if failed != "" {
		res.Failure = fmt.Sprintf("ERROR: build.prepareCommands failed with exit code %d: %s", code, clip(failed, 120))
		return true
	}
	if len(d.BuildCommands) > 0 {
		res.Lines = append(res.Lines, Line{6, "Running build commands on " + orStr(d.BuildBase, "the build base")})
	}
	return false
}

// unsudoIn adds to notes each install of installs (pmRule's unsudo), run
// without sudo in the command list where: "`apk add` (build.buildCommands)".
func unsudoIn(notes, installs []string, where string) []string {
	for _, i := range installs {
		if n := "`" + i + "` (" + where + ")"; !slices.Contains(notes, n) {
			notes = append(notes, n)
		}
	}
	return notes
}

// unsudoNote is what the sandbox did not check of the OS's own installs
// run without sudo (notes as unsudoIn makes them): whether they pass, as
// they do in official recipes; "" when there are none.
func unsudoNote(notes []string) string {
	if len(notes) == 0 {
		return ""
	}
	return fmt.Sprintf("whether %s run without sudo: official recipes install without it; if the log shows Permission denied or \"are you root?\", prefix sudo",
		platform.JoinClipped(notes, ", ", 200))
}

// commandNotes are what the sandbox did not check of d's command lists
// (built its build, on run base runBase): the OS's installs run without
// sudo, the build's notes, then the run.prepareCommands lines it does not
// model.
func commandNotes(d *Setup, built *BuildResult, runBase string) []string {
	var out, unsudo []string
	if built != nil {
		unsudo = built.Unsudo
	}
	os := containerOS(d.Prep.RunOS, runBase, d.RunBase)
	if note := unsudoNote(runUnsudo(d, os, slices.Clone(unsudo))); note != "" {
		out = append(out, note)
	}
	out = append(out, built.notes()...) // buildsim.go
	if note := unrunNote("run.prepareCommands", runPrepUnrun(d, os)); note != "" {
		out = append(out, note)
	}
	return out
}

// runPrepUnrun is what run.prepareCommands of d, in a container of os,
// run that the sandbox does not model (unrunShown's), up to one that
// fails (the files are not needed to tell).
func runPrepUnrun(d *Setup, os string) []string {
	b := &buildSim{produced: map[string]bool{}, root: prepHome, hook: prepHook(os, true), os: os}
	runIn(b, d.Prep.RunPrepare)
	return b.unruns
}

// runUnsudo is unsudoIn of d's run.prepareCommands and run.initCommands
// in a container of os (the files are not needed to tell an install).
func runUnsudo(d *Setup, os string, notes []string) []string {
	for _, l := range []struct {
		cmds  []string
		where string
	}{{d.Prep.RunPrepare, "run.prepareCommands"}, {d.Prep.Init, "run.initCommands"}} {
		for _, c := range l.cmds {
			b := &buildSim{produced: map[string]bool{}, hook: prepHook(os, false)}
			runIn(b, []string{c})
			notes = unsudoIn(notes, b.unsudo, l.where)
		}
	}
	return notes
}
