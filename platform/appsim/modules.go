package appsim

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// An entry's modules, followed as its runtime loads them: each module a
// file imports by a relative path (Node's require and import, Deno's
// import, Python's local modules) is looked up in what the deploy put in
// /var/www, and its own imports are followed in turn. One the deploy lacks
// fails the start in the runtime's words; one that is there but cannot be
// read (too large to keep, made by the build from no source the sandbox
// knows) is recorded in runSim.unread: the start is then unverified.

// maxModules bounds the modules one start follows.
const maxModules = 500

// jsImport is a module specifier a JavaScript or TypeScript file names.
type jsImport struct {
	spec   string
	at     int  // the specifier's offset in the source
	viaImp bool // named by an import or export statement (else by require)
}

// exportFromRe is a re-export: export { x } from './x', export * from './x'.
var exportFromRe = lazyregexp.New(`(?m)^\s*export\s+(type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s+from\s+['"]([^'"]+)['"]`)

// jsImports are the modules src names, in the order it names them:
// require('x') outside a // comment, import … from 'x', import 'x' and
// export … from 'x' (type-only ones left out: they are erased).
func jsImports(src string) []jsImport {
	var out []jsImport
	for _, m := range requireRe.FindAllStringSubmatchIndex(src, -1) {
		if commentFree(src, m[0]) {
			out = append(out, jsImport{src[m[2]:m[3]], m[2], false})
		}
	}
	for _, m := range importRe.FindAllStringSubmatchIndex(src, -1) {
		if m[2] >= 0 && strings.HasPrefix(src[m[2]:m[3]], "type ") {
			continue
		}
		out = append(out, jsImport{src[m[4]:m[5]], m[4], true})
	}
	for _, m := range exportFromRe.FindAllStringSubmatchIndex(src, -1) {
		if m[2] < 0 {
			out = append(out, jsImport{src[m[4]:m[5]], m[4], true})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].at < out[j].at })
	return out
}

// relativeSpec reports whether a specifier names a file by a relative path.
func relativeSpec(spec string) bool {
	return spec == "." || spec == ".." || strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../")
}

// isFile reports whether the deploy puts a file (not a directory) at rel.
func (r *runSim) isFile(rel string) bool {
	if _, ok := r.deployedText(rel); ok {
		return true
	}
	return r.deployed(rel) != "" && !r.isDeployedDir(rel)
}

// moduleSource is the source of the module at rel: the deployed file's,
// or for a build output the source it was compiled from (compiled).
func (r *runSim) moduleSource(rel string) (src string, compiled, ok bool) {
	if src, ok := r.deployedText(rel); ok {
		return src, false, true
	}
	if r.deployed(rel) == "" && r.producedAt(rel) {
		src, ok := r.builtFrom(rel)
		return src, true, ok
	}
	return "", false, false
}

// nodeWalk follows a Node entry's modules.
type nodeWalk struct {
	r         *runSim
	typeMod   bool // package.json says "type": "module"
	loader    bool // a loader (--import, -r) may resolve specifiers its own way
	seen      map[string]bool
	installed map[string]bool // nodeInstalled by directory
}

// nodeModules follows the modules of the Node entry at rel: the start's
// failure when one is missing or imports a package with no node_modules to
// find it in.
func (r *runSim) nodeModules(rel string, args []string) (startCmd, bool) {
	pkg, _ := r.deployedText("package.json")
	w := &nodeWalk{r: r, typeMod: typeModule.MatchString(pkg), seen: map[string]bool{}, installed: map[string]bool{},
		loader: hasFlag(args, "--import", "--loader", "--experimental-loader", "-r", "--require")}
	return w.module(rel, nil)
}

// module follows the module at rel, loaded through stack (the files that
// import it, nearest first).
func (w *nodeWalk) module(rel string, stack []string) (startCmd, bool) {
	if w.seen[rel] || len(w.seen) >= maxModules {
		return startCmd{}, false
	}
	w.seen[rel] = true
	if ext := path.Ext(rel); ext == ".json" || ext == ".node" {
		return startCmd{}, false
	}
	src, compiled, ok := w.r.moduleSource(rel)
	if !ok {
		if len(stack) > 0 { // an entry not read: where it listens is unknown, said there
			w.r.unread = append(w.r.unread, rel)
		}
		return startCmd{}, false
	}
	stack = append([]string{path.Join(RunRoot, rel)}, stack...)
	esm := w.esm(rel, src, compiled)
	for _, imp := range jsImports(src) {
		if name := pkgSpec(imp.spec); name != "" {
			if !w.depsAt(path.Dir(rel)) {
				return nodePackageMissing(name, esm || !compiled && imp.viaImp && !requireRe.MatchString(src), stack), true
			}
			continue
		}
		if !relativeSpec(imp.spec) {
			continue // a builtin, node:, a URL, an absolute path
		}
		target, found := w.resolve(path.Dir(rel), imp.spec, esm && imp.viaImp)
		if !found {
			return nodeRelativeMissing(imp.spec, target, esm && imp.viaImp, stack), true
		}
		if c, failed := w.module(target, stack); failed {
			return c, true
		}
	}
	return startCmd{}, false
}

// depsAt reports whether packages can be found from a module in dir.
func (w *nodeWalk) depsAt(dir string) bool {
	ok, known := w.installed[dir]
	if !known {
		ok = w.r.nodeInstalled("", dir)
		w.installed[dir] = ok
	}
	return ok
}

// esm reports whether Node loads the module at rel as an ES module: by its
// extension, package.json's "type", or (a file run as written) its syntax.
func (w *nodeWalk) esm(rel, src string, compiled bool) bool {
	switch path.Ext(rel) {
	case ".mjs", ".mts":
		return true
	case ".cjs", ".cts":
		return false
	}
	return w.typeMod || !compiled && esmRe.MatchString(src) && !requireRe.MatchString(src)
}

// resolve is the file a relative specifier names from dir: for require
// (and under a loader) the path, then with .js, .json, .node, then as a
// directory's index; for an ES import the path as written. found is false
// when nothing the deploy or the build puts there answers; target is then
// what Node names (the path for an import, the closest candidate's form
// otherwise).
func (w *nodeWalk) resolve(dir, spec string, esmImport bool) (target string, found bool) {
	base := CleanRel(path.Join(dir, spec))
	if esmImport && !w.loader {
		if w.r.isFile(base) || w.r.producedAt(base) && path.Ext(base) != "" {
			return base, true
		}
		return base, false
	}
	exts := []string{"", ".js", ".json", ".node", "/index.js", "/index.json", "/index.node"}
	if w.loader {
		exts = append(exts, ".ts", ".tsx", ".mts", "/index.ts")
	}
	for _, e := range exts {
		if c := base + e; w.r.isFile(c) {
			return c, true
		}
	}
	// What the build made: a file it compiled (its source read), else any
	// file it may have put there (read as unknown).
	for _, e := range []string{".js", "/index.js", ""} {
		if c := base + e; (e != "" || path.Ext(base) != "") && w.r.producedAt(c) {
			return c, true
		}
	}
	return base, false
}

// nodeRelativeMissing is how Node fails on a relative module that is not
// there: require's MODULE_NOT_FOUND with its require stack, or an ES
// import's ERR_MODULE_NOT_FOUND (suggesting the file with an extension).
func nodeRelativeMissing(spec, target string, esmImport bool, stack []string) startCmd {
	if esmImport {
		abs := path.Join(RunRoot, target)
		msg := fmt.Sprintf("Error [ERR_MODULE_NOT_FOUND]: Cannot find module '%s' imported from %s", abs, stack[0])
		lines := []Line{{3, "node:internal/modules/esm/resolve:275"}, {3, "    throw new ERR_MODULE_NOT_FOUND("}, {3, "          ^"}, {3, ""}, {3, msg}}
		if path.Ext(spec) == "" {
			lines = append(lines, Line{3, fmt.Sprintf("Did you mean to import %q?", spec+".js")})
		}
		return startCmd{lang: "node", crash: append(lines, Line{3, "    at finalizeResolution (node:internal/modules/esm/resolve:275:11)"},
			Line{3, "  code: 'ERR_MODULE_NOT_FOUND',"}, Line{3, fmt.Sprintf("  url: 'file://%s'", abs)}, Line{3, "}"}, Line{3, ""},
			Line{3, "Node.js " + nodeVersion})}
	}
	return cjsNotFound(spec, stack)
}

// nodePackageMissing is how Node fails on a package with no node_modules
// to find it in, imported by stack[0].
func nodePackageMissing(name string, esm bool, stack []string) startCmd {
	if esm {
		return startCmd{lang: "node", crash: []Line{{3, "node:internal/modules/esm/resolve:838"},
			{3, "  throw new ERR_MODULE_NOT_FOUND(packageName, fileURLToPath(base), null);"}, {3, "        ^"}, {3, ""},
			{3, fmt.Sprintf("Error [ERR_MODULE_NOT_FOUND]: Cannot find package '%s' imported from %s", name, stack[0])},
			{3, "    at packageResolve (node:internal/modules/esm/resolve:838:9)"},
			{3, "  code: 'ERR_MODULE_NOT_FOUND'"}, {3, "}"}, {3, ""}, {3, "Node.js " + nodeVersion}}}
	}
	return cjsNotFound(name, stack)
}

// cjsNotFound is require's MODULE_NOT_FOUND for spec with its require stack.
func cjsNotFound(spec string, stack []string) startCmd {
	lines := []Line{{3, "node:internal/modules/cjs/loader:1228"}, {3, "  throw err;"}, {3, "  ^"}, {3, ""},
		{3, fmt.Sprintf("Error: Cannot find module '%s'", spec)}, {3, "Require stack:"}}
	quoted := make([]string, 0, len(stack))
	for _, s := range stack {
		lines = append(lines, Line{3, "- " + s})
		quoted = append(quoted, "'"+s+"'")
	}
	lines = append(lines, Line{3, "    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)"},
		Line{3, "    at Module._load (node:internal/modules/cjs/loader:1051:27)"},
		Line{3, "    at Module.require (node:internal/modules/cjs/loader:1311:19)"},
		Line{3, "  code: 'MODULE_NOT_FOUND',"}, Line{3, fmt.Sprintf("  requireStack: [ %s ]", strings.Join(quoted, ", "))}, Line{3, "}"}, Line{3, ""},
		Line{3, "Node.js " + nodeVersion})
	return startCmd{lang: "node", crash: lines}
}

// denoModules follows the relative imports of the Deno entry at rel (Deno
// resolves a specifier as written): one not deployed fails the start with
// Deno's "Module not found" and where it is imported.
func (r *runSim) denoModules(rel string) (startCmd, bool) {
	seen := map[string]bool{}
	var walk func(rel string, entry bool) (startCmd, bool)
	walk = func(rel string, entry bool) (startCmd, bool) {
		if seen[rel] || len(seen) >= maxModules {
			return startCmd{}, false
		}
		seen[rel] = true
		src, _, ok := r.moduleSource(rel)
		if !ok {
			if !entry {
				r.unread = append(r.unread, rel)
			}
			return startCmd{}, false
		}
		for _, imp := range jsImports(src) {
			if !imp.viaImp || !relativeSpec(imp.spec) {
				continue // jsr:, npm:, https:, a mapped name
			}
			target := CleanRel(path.Join(path.Dir(rel), imp.spec))
			if !r.isFile(target) && !r.producedAt(target) {
				line := strings.Count(src[:imp.at], "\n") + 1
				col := imp.at - strings.LastIndexByte(src[:imp.at], '\n')
				return startCmd{lang: "deno", exit: 1, crash: []Line{
					{3, fmt.Sprintf("error: Module not found \"file://%s\".", path.Join(RunRoot, target))},
					{3, fmt.Sprintf("    at file://%s:%d:%d", path.Join(RunRoot, rel), line, col-1)}}}, true
			}
			if c, failed := walk(target, false); failed {
				return c, true
			}
		}
		return startCmd{}, false
	}
	return walk(rel, true)
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
	r      *runSim
	root   string          // relative to /var/www
	upRoot string          // the same directory in the upload
	listed map[string]bool // modules requirements.txt lists, when nothing installs them
	seen   map[string]bool
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
	if reqs, ok := r.files.Read("requirements.txt"); ok && !r.pyInstalled("") {
		w.listed = requirementsModules(reqs)
	}
	return w
}

// requirementsModules are the module names a requirements.txt's packages
// give (lower case).
func requirementsModules(reqs string) map[string]bool {
	listed := map[string]bool{}
	for _, l := range strings.Split(reqs, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "-") {
			continue
		}
		n := strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(pyNameRe.FindString(l), "-", "_"), ".", "_"))
		listed[n] = true
		if a := pyAliases[n]; a != "" {
			listed[a] = true
		}
	}
	return listed
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
	pkg := mod // the package its relative imports start from
	if path.Base(rel) != "__init__.py" {
		pkg = mod[:max(strings.LastIndex(mod, "."), 0)]
	}
	for _, m := range pyImportLineRe.FindAllStringSubmatchIndex(src, -1) {
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
	return startCmd{}, false
}

// joinMod is package base's module name.
func joinMod(base, name string) string {
	if base == "" {
		return name
	}
	return base + "." + name
}

// imports follows `import name` (dotted: each package on the way) from
// frames: a local module the deploy lacks, or a package requirements.txt
// lists with nothing installing it, fails the start.
func (w *pyWalk) imports(name string, frames []pyFrame) (startCmd, bool) {
	parts := strings.Split(name, ".")
	if !w.local(parts[0]) {
		if w.listed[strings.ToLower(parts[0])] {
			return pyCrash(frames, fmt.Sprintf("ModuleNotFoundError: No module named '%s'", parts[0])), true
		}
		return startCmd{}, false
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
