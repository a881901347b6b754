package appsim

import (
	"fmt"
	"path"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// A Node module that reads a file with fs.readFileSync as it loads (a
// statement at module level, column 0, outside a function or a try) throws
// ENOENT, uncaught, when the file is not in /var/www: the deploy did not
// bring it, the build did not make it, and no init or prepare command names
// it. Anything else (another folder, a path built from variables, a build
// that may have made any path) is not judged.

// jsReadFileRe is such a read of a literal path: as written (absolute, or
// relative to the process's directory) or joined to __dirname.
var jsReadFileRe = lazyregexp.New(`(?m)^[^\s/*}][^\n]*?\breadFileSync\(\s*(?:(?:'([^'\n]+)'|"([^"\n]+)")|path\.(?:join|resolve)\(\s*__dirname\s*,\s*(?:'([^'\n]+)'|"([^"\n]+)")\s*\)|__dirname\s*\+\s*(?:'([^'\n]+)'|"([^"\n]+)"))`)

// fileReadAtLoad is the crash of the module rel (src, ES module or not)
// reading a file at load that is not there, and whether there is one.
func (r *runSim) fileReadAtLoad(rel, src string, esm bool) (startCmd, bool) {
	if r.unknown || r.files == nil {
		return startCmd{}, false
	}
	for _, m := range jsReadFileRe.FindAllStringSubmatchIndex(src, -1) {
		before := src[m[0]:m[1]]
		if inlineFunc(".js", before) || strings.Contains(before, "try") || strings.Contains(before, "existsSync") {
			continue // a function's body, a read that is caught or tested first
		}
		lit, joined := firstNonEmpty(sub(src, m, 1), sub(src, m, 2)), firstNonEmpty(sub(src, m, 3), sub(src, m, 4), sub(src, m, 5), sub(src, m, 6))
		var file string
		switch {
		case joined != "" && !esm: // ES modules have no __dirname
			file = CleanRel(path.Join(path.Dir(rel), joined))
		case strings.HasPrefix(lit, RunRoot+"/"):
			file = r.path(lit)
		case lit != "" && !strings.HasPrefix(lit, "/") && !strings.ContainsAny(lit, "$`"):
			file = r.path(lit)
		}
		if file == "" || file == "." || r.deployed(file) != "" || r.producedAt(file) || r.isFile(file) || r.prepNames(path.Base(file)) {
			continue
		}
		abs := path.Join(RunRoot, file)
		line, col := lineCol(src, m[0]+strings.Index(src[m[0]:m[1]], "readFileSync"))
		return startCmd{lang: "nodejs", exit: 1, crash: []Line{{3, "node:fs:573"}, {3, "  return binding.open("}, {3, "                 ^"}, {3, ""},
			{3, fmt.Sprintf("Error: ENOENT: no such file or directory, open '%s'", abs)},
			{3, "    at Object.openSync (node:fs:573:18)"}, {3, "    at Object.readFileSync (node:fs:452:35)"},
			{3, fmt.Sprintf("    at %s", jsFrame(path.Join(RunRoot, rel), line, col, esm))},
			{3, "  errno: -2,"}, {3, "  code: 'ENOENT',"}, {3, "  syscall: 'open',"}, {3, fmt.Sprintf("  path: '%s'", abs)}, {3, "}"}, {3, ""},
			{3, "Node.js " + nodeVersion}}}, true
	}
	return startCmd{}, false
}

// prepNames reports whether a prepare or init command of the setup names
// base: it may make the file.
func (r *runSim) prepNames(base string) bool {
	p := r.d.Prep
	return strings.Contains(strings.Join(append(append(append([]string{}, p.RunPrepare...), p.Init...), p.BuildPrepare...), "\n"), base)
}
