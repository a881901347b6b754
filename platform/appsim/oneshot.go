package appsim

import (
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

// endsAtOnce reports whether src, the entry of a lang start command,
// ends at once (see above).
func endsAtOnce(lang, src string) bool {
	code := stripComments(lang, src)
	if strings.TrimSpace(code) == "" || keepsRunning.MatchString(code) {
		return false
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
					return false
				}
			}
		}
		return true
	case "node":
		for _, m := range nodeImportRe.FindAllStringSubmatch(code, -1) {
			if !nodeQuiet[strings.TrimPrefix(m[1], "node:")] {
				return false
			}
		}
		return true
	}
	return false
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
// started again.
func (r *runSim) scriptRun(lang, file string, args []string, c startCmd) startCmd {
	if c.crash != nil || c.listen != nil || file == "" || len(afterFile(args, file)) > 0 {
		return c
	}
	if src, ok := r.deployedText(r.path(file)); ok && endsAtOnce(lang, src) {
		return startCmd{lang: lang, crash: []Line{}, exit: -1}
	}
	return c
}
