package appsim

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// A start script that ends at once: one whose whole text is statements
// that run and return (prints, file and path calls, arithmetic), importing
// only standard modules that start nothing, with no loop, timer, server,
// thread, process, wait or read of its input. The platform starts such a
// command again and again (exit 0, "restarting"). Anything else may keep
// running, and is not judged (a package's run is in code the sandbox does
// not read).

// pyImportRe is an import line of Python: the top module it names.
var pyImportRe = lazyregexp.New(`(?m)^\s*(?:from\s+([A-Za-z_][\w]*)[\w.]*\s+import|import\s+([^#\n]+))`)

// nodeImportRe is a require or import of Node: the module named.
var nodeImportRe = lazyregexp.New(`(?:require\(\s*|\bfrom\s+|^\s*import\s+)['"]([^'"]+)['"]`)

// pyQuiet are standard Python modules whose use runs and returns.
var pyQuiet = map[string]bool{"os": true, "sys": true, "datetime": true, "json": true, "logging": true, "pathlib": true,
	"math": true, "random": true, "re": true, "csv": true, "shutil": true, "glob": true, "uuid": true, "hashlib": true,
	"collections": true, "itertools": true, "functools": true, "typing": true, "base64": true, "string": true,
	"textwrap": true, "decimal": true, "tempfile": true, "platform": true, "__future__": true}

// nodeQuiet are Node core modules whose use runs and returns.
var nodeQuiet = map[string]bool{"fs": true, "path": true, "os": true, "util": true, "crypto": true, "url": true}

// keepsRunning are words of code that may keep a process up: loops,
// timers, servers, threads, children, waits, input.
var keepsRunning = lazyregexp.New(`\b(?:while|for|async|await|setInterval|setTimeout|setImmediate|listen|createServer|serve|serve_forever|run|start|join|wait|sleep|input|stdin|pause|forever|loop|Thread|Process|spawn|exec|fork|subprocess|signal|on|once|then|Promise|schedule|Worker|readline|select|poll)\b`)

// nodeKeepsRunning is keepsRunning for Node, less the promise words (a
// pending promise holds no handle: Node exits when only promises are left,
// so an fs.promises chain ends with its last step) and join (Node has no
// thread to join: path.join, an array's).
var nodeKeepsRunning = lazyregexp.New(`\b(?:while|for|setInterval|setTimeout|setImmediate|listen|createServer|serve|run|start|wait|sleep|input|stdin|pause|forever|loop|Process|spawn|exec|fork|signal|on|once|schedule|Worker|readline|select|poll)\b`)

// endsAtOnce reports whether src, the entry of a lang start command,
// ends at once (see above); when its own code does but it imports modules
// this does not know to start nothing, those modules, and false.
func endsAtOnce(lang, src string) (bool, []string) {
	code := stripComments(lang, src)
	running := keepsRunning
	if lang == "node" {
		running = nodeKeepsRunning
	}
	if strings.TrimSpace(code) == "" || running.MatchString(code) {
		return false, nil
	}
	var unread []string
	note := func(mod string) {
		if !slices.Contains(unread, mod) {
			unread = append(unread, mod)
		}
	}
	switch lang {
	case "python":
		for _, m := range pyImportRe.FindAllStringSubmatch(code, -1) {
			mods := []string{m[1]}
			if m[1] == "" {
				mods = nil
				for _, part := range strings.Split(m[2], ",") {
					if f := strings.Fields(part); len(f) > 0 {
						mods = append(mods, strings.SplitN(f[0], ".", 2)[0])
					}
				}
			}
			for _, mod := range mods {
				if !pyQuiet[mod] {
					note(mod)
				}
			}
		}
	case "node":
		for _, m := range nodeImportRe.FindAllStringSubmatch(code, -1) {
			if !nodeQuiet[strings.TrimPrefix(m[1], "node:")] {
				note(m[1])
			}
		}
	default:
		return false, nil
	}
	return len(unread) == 0, unread
}

// stripComments drops whole-line comments, which may name anything.
func stripComments(lang, src string) string {
	prefix := "//"
	if lang == "python" {
		prefix = "#"
	}
	var b strings.Builder
	for _, l := range strings.Split(src, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), prefix) {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// scriptRun is a script's start, c the entry's: a script without arguments
// of its own that ends at once (endsAtOnce) ends with status 0 and is
// started again. One whose own code would, but which imports modules not
// read, is unsure: the note says it may run and exit, and the fix.
func (r *runSim) scriptRun(lang, file string, args []string, c startCmd) startCmd {
	if c.crash != nil || c.listen != nil || file == "" || len(afterFile(args, file)) > 0 {
		return c
	}
	src, ok := r.deployedText(r.path(file))
	if !ok {
		return c
	}
	ends, unread := endsAtOnce(lang, src)
	switch {
	case ends:
		return startCmd{lang: lang, crash: []Line{}, exit: -1}
	case len(unread) > 0:
		r.noteUnsure(r.exitsNote(file, unread))
		c.named = true
	}
	return c
}

// exitsNote is what the sandbox could not check of a script whose own code
// runs and returns but imports unread: whether they keep it running, and
// what to do when they do not.
func (r *runSim) exitsNote(file string, unread []string) string {
	note := fmt.Sprintf("whether `%s` keeps running: its own code starts no server, timer or loop and listens nowhere, and it imports %s, which the sandbox does not read; "+
		"if they start nothing, it does its work and exits, and the platform starts it again and again: ", clip(file, 60), clip("`"+strings.Join(unread, "`, `")+"`", 120))
	if ports := declared(r.d); len(ports) > 0 {
		return note + fmt.Sprintf("nothing serves port %d. Move work done once per deploy to build.buildCommands (deploying the files it writes) or run.initCommands, "+
			"and make run.start a command that keeps serving (a server in the foreground; for files only, a static service)", ports[0].port)
	}
	return note + "nothing of it keeps running. Move work done once per deploy to build.buildCommands or run.initCommands (a scheduled job to run.crontab, " +
		"run.start then `zsc noop --silent`), and make run.start a command that keeps running"
}
