package appsim

import (
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Node.js: `node FILE` (node22, nodemon, tsx, ts-node by family), the
// modules its entry imports followed file by file, the packages it needs
// from node_modules, and the servers of Node frameworks that bind an
// address of their own (next, vite, http-server).

const (
	viteLocal  = "  ➜  Local:   http://localhost:%[2]d/\n  ➜  Network: use --host to expose"
	viteAll    = "  ➜  Local:   http://localhost:%[2]d/\n  ➜  Network: http://%[1]s:%[2]d/"
	nextBanner = "ready - started server on %[1]s:%[2]d, url: http://localhost:%[2]d"
)

// jsConnects are the calls of Node's and Bun's code that connect as they
// run: a client's connect (mongoose, MongoClient, amqplib, a redis client's
// connect()), mysql2's createConnection, fetch; pg's Client and Pool,
// node-redis's createClient and Prisma connect when used.
var jsConnects = lazyregexp.New(`\b(?:connect|createConnection|fetch)\(|\bnew\s+(?:Redis|IORedis)\(`) // ioredis connects as it is made

func nodeRecord() *tool {
	return &tool{name: "node", names: []string{"node"}, lang: "node", run: nodeTool, deps: nodeDeps,
		family:   func(n string) bool { return strings.HasPrefix(n, "node") || n == "tsx" || n == "ts-node" },
		runBases: []string{"nodejs*", "bun", "deno"}, // bun's and deno's packages are read as node's
		entryAt:  (*runSim).nodeDirEntry, builtSource: (*runSim).builtFrom, outOfMemory: nodeHeapExhaustion,
		listens: []listenForm{listenOptions, listenCall}, envRead: `process\.env\.%[1]s\b|process\.env\[['"]%[1]s['"]\]`, readsAtLoad: true, connects: jsConnects,
		missingEntry: func(_, abs string) []Line {
			return []Line{{3, "node:internal/modules/cjs/loader:1228"}, {3, "  throw err;"}, {3, "  ^"}, {3, ""},
				{3, "Error: Cannot find module '" + abs + "'"},
				{3, "    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)"},
				{3, "    at Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:170:5)"},
				{3, "  code: 'MODULE_NOT_FOUND',"}, {3, "  requireStack: []"}, {3, "}"}, {3, ""}, {3, "Node.js v22.12.0"}}
		},
		hostNotFound: func(host string) string { return "Error: getaddrinfo ENOTFOUND " + host },
		servers: map[string]ownAddr{
			"next start": {lang: "node", runs: []string{"next start"}, host: "0.0.0.0", port: 3000, hostFlags: []string{"-H", "--hostname"},
				portFlags: []string{"-p", "--port"}, portVars: []string{"PORT"}, banner: nextBanner, missing: nextBuildMissing},
			"next dev": {lang: "node", runs: []string{"next dev"}, host: "0.0.0.0", port: 3000, hostFlags: []string{"-H", "--hostname"},
				portFlags: []string{"-p", "--port"}, portVars: []string{"PORT"}, banner: nextBanner},
			"vite preview": {lang: "node", runs: []string{"vite preview"}, host: "127.0.0.1", port: 4173, hostFlags: []string{"--host"},
				portFlags: []string{"--port"}, banner: viteAll, local: viteLocal,
				config: func(r *runSim, def Addr) (Addr, bool) { return r.viteConfig(true, def) }},
			"vite": {lang: "node", runs: []string{"vite", "vite dev", "vite serve", "react-router dev", "remix vite:dev"}, host: "127.0.0.1", port: 5173, hostFlags: []string{"--host"},
				portFlags: []string{"--port"}, banner: viteAll, local: viteLocal,
				config: func(r *runSim, def Addr) (Addr, bool) { return r.viteConfig(false, def) }},
			"http-server": {lang: "node", runs: []string{"http-server *"}, host: "0.0.0.0", port: 8080, hostFlags: []string{"-a"},
				portFlags: []string{"-p", "--port"}, portVars: []string{"PORT"},
				banner: "Starting up http-server, serving ./\nAvailable on:\n  http://%s:%d"},
		}}
}

// nextBuildMissing is what `next start` prints when the directory it
// serves (its argument, else the working directory) holds no production
// build: the BUILD_ID `next build` writes into .next (or next.config's
// distDir), neither uploaded nor made by the build where the deploy puts
// it. nil when it is there, or when next.config sets distDir in a way this
// does not read.
func nextBuildMissing(r *runSim, args []string) []Line {
	if len(args) > 0 && args[0] == "start" {
		args = args[1:]
	}
	dir := r.path(orStr(firstFile(args, "-p", "--port", "-H", "--hostname", "--keepAliveTimeout"), "."))
	dist := ".next"
	for _, name := range []string{"next.config.js", "next.config.mjs", "next.config.cjs", "next.config.ts"} {
		at := path.Join(dir, name)
		if r.deployed(at) == "" {
			if r.producedAt(at) {
				return nil // a config the build made: unread
			}
			continue
		}
		src, ok := r.deployedText(at)
		if !ok {
			return nil
		}
		if strings.Contains(src, "distDir") {
			m := nextDistDirRe.FindStringSubmatch(src)
			if m == nil {
				return nil
			}
			dist = m[1]
		}
		break
	}
	if id := path.Join(dir, dist, "BUILD_ID"); r.deployed(id) != "" || r.producedAt(id) {
		return nil
	}
	return []Line{{6, " ✓ Starting..."},
		{3, fmt.Sprintf("Error: Could not find a production build in the '%s' directory. Try building your app with 'next build' before starting the production server. https://nextjs.org/docs/messages/production-start-no-build-id", dist)},
		{3, "    at setupFsCheck (" + RunRoot + "/node_modules/next/dist/server/lib/router-utils/filesystem.js:151:19)"}}
}

// nextDistDirRe reads next.config's distDir written as a literal.
var nextDistDirRe = lazyregexp.New(`\bdistDir\s*:\s*['"]([^'"]+)['"]`)

// listenOptions reads fastify's listen({port, host}): the host by
// default localhost, the port by default PORT's.
func listenOptions(s *srcListen) (*Addr, bool) {
	return listenObject(s, hostExprRe, "127.0.0.1")
}

// listenObject reads listen({…}): the host its key hostRe reads (by
// default def), the port by default PORT's.
func listenObject(s *srcListen, hostRe *lazyregexp.Regexp, def string) (*Addr, bool) {
	m := listenObjRe.FindStringSubmatch(s.src)
	if m == nil {
		return nil, false
	}
	obj := m[1]
	h := def
	if hm := hostRe.FindStringSubmatch(obj); hm != nil {
		if v, ok := stringValue(s.src, hm[1], s.env); ok {
			h = v
		}
	}
	if pm := objPortRe.FindStringSubmatch(obj); pm != nil {
		n, _ := strconv.Atoi(pm[1])
		return &Addr{normHost(h), n}, true
	}
	return &Addr{normHost(h), s.envPort(s.defPort)}, true
}

// listen({…}) and the options' literal port.
var (
	listenObjRe = lazyregexp.New(`\.listen\(\s*\{([^}]*)\}`)
	objPortRe   = lazyregexp.New(`port\s*:\s*(\d{2,5})`)
)

// unboundedGrowth matches a Node entry file that keeps allocating forever:
// a `while (true)` or `setInterval` loop pushing into an array or allocating buffers.
var unboundedGrowth = lazyregexp.New(`(?s)(while\s*\(\s*true\s*\)|setInterval\s*\().*(\.push\(|Buffer\.alloc)`)

// nodeHeapExhaustion is how Node dies running src that grows without
// bound: out of heap, aborted (exit 134).
func nodeHeapExhaustion(src string) ([]Line, int) {
	if !unboundedGrowth.MatchString(src) {
		return nil, 0
	}
	return []Line{
		{6, "<--- Last few GCs --->"},
		{3, "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory"},
		{3, " 1: 0xb7a940 node::Abort() [node]"},
	}, 134
}

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

// nodeWalk follows a Node entry's modules.
type nodeWalk struct {
	r         *runSim
	typeMod   bool // package.json says "type": "module"
	loader    bool // a loader (--import, -r) may resolve specifiers its own way
	seen      map[string]bool
	installed map[string]bool   // nodeInstalled by directory
	env       map[string]string // the start's environment, with the files --env-file loads
	via       string            // the stack frame of the require that loads the module followed
}

// nodeModules follows the modules of the Node entry at rel: the start's
// failure when one is missing or imports a package with no node_modules to
// find it in.
func (r *runSim) nodeModules(rel string, args []string) (startCmd, bool) {
	pkg, _ := r.deployedText("package.json")
	var env map[string]string
	if r.cmdEnv != nil {
		env = maps.Clone(r.cmdEnv)
		r.envFiles(args, env)
	}
	w := &nodeWalk{r: r, typeMod: typeModule.MatchString(pkg), seen: map[string]bool{}, installed: map[string]bool{}, env: env,
		loader: hasFlag(args, "--import", "--loader", "--experimental-loader", "-r", "--require")}
	return w.module(rel, nil)
}

// envNeedsOf are the variables the module at rel (src) needs as it loads,
// and the file their lines are in: a compiled module's are its source's,
// whose failures are not known (unverified only).
func (w *nodeWalk) envNeedsOf(rel, src string, esm, compiled bool) ([]envNeed, string) {
	needs := nodeEnvNeeds(src, esm)
	if !compiled {
		return needs, rel
	}
	for i := range needs {
		needs[i].fail = nil
	}
	if from, _, ok := w.r.builtSource(rel); ok {
		return needs, from
	}
	return needs, rel
}

// module follows the module at rel, loaded through stack (the files that
// import it, nearest first).
func (w *nodeWalk) module(rel string, stack []string) (startCmd, bool) {
	src, compiled, ok := w.load(rel, stack)
	if !ok {
		return startCmd{}, false
	}
	stack = append([]string{path.Join(RunRoot, rel)}, stack...)
	esm := w.esm(rel, src, compiled)
	if crash, broken := syntaxCrash(rel, src, esm, w.via); broken && !compiled { // jssyntax.go
		return startCmd{lang: "node", exit: 1, crash: crash}, true
	}
	w.r.noteDotenv(src)
	if w.env != nil {
		w.r.noteLocalFallback(src, rel, w.env)
	}
	needs, needIn := w.envNeedsOf(rel, src, esm, compiled)
	// CommonJS runs a module's statements in order; ES imports are
	// loaded before the module's code runs.
	envBefore := func(at int) (startCmd, bool) {
		var now []envNeed
		for len(needs) > 0 && needs[0].at < at {
			now, needs = append(now, needs[0]), needs[1:]
		}
		return w.r.envCheck(src, needIn, now, w.env)
	}
	for _, imp := range jsImports(src) {
		if !esm || !imp.viaImp {
			if c, failed := envBefore(imp.at); failed {
				return c, true
			}
		}
		if name := pkgSpec(imp.spec); name != "" {
			esmPkg := esm || !compiled && imp.viaImp && !requireRe.MatchString(src)
			if !w.depsAt(path.Dir(rel)) {
				return nodePackageMissing(name, esmPkg, stack), true
			}
			switch held, known := w.r.nodePackageHeld(path.Dir(rel), name); {
			case !held && known:
				return nodePackageMissing(name, esmPkg, stack), true
			case !held:
				w.r.unsureHeld(name, rel)
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
		line, col := lineCol(src, max(strings.LastIndex(src[:imp.at], "require("), 0))
		w.via = jsFrame(path.Join(RunRoot, rel), line, col, false)
		if c, failed := w.module(target, stack); failed {
			return c, true
		}
	}
	w.dynamicImports(rel, src, esm)
	if c, failed := envBefore(len(src)); failed || compiled {
		return c, failed
	}
	if c, failed := w.r.fileReadAtLoad(rel, src, esm); failed { // fileread.go
		return c, true
	}
	w.r.printed = append(w.r.printed, topConsole(src)...) // consoleout.go
	w.r.noteFailingHandler(rel, src)
	return startCmd{}, false
}

// load is the source of the module at rel, not followed before (ok
// false for one seen, JSON, a native addon or one not read, which, not the
// entry, is noted unread).
func (w *nodeWalk) load(rel string, stack []string) (src string, compiled, ok bool) {
	if w.seen[rel] || len(w.seen) >= maxModules {
		return "", false, false
	}
	w.seen[rel] = true
	if ext := path.Ext(rel); ext == ".json" || ext == ".node" {
		return "", false, false
	}
	src, compiled, ok = w.r.moduleSource(rel)
	if !ok && len(stack) > 0 { // an entry not read: where it listens is unknown, said there
		w.r.unread = append(w.r.unread, rel)
	}
	return src, compiled, ok
}

// dynamicImports notes, of the files src loads with import("./…") (often
// under a condition: the built app in production, a dev server else), the
// ones not in the run container: whether that line runs is the code's to
// say, which the sandbox does not run.
func (w *nodeWalk) dynamicImports(rel, src string, esm bool) {
	for _, m := range dynamicImportRe.FindAllStringSubmatchIndex(src, -1) {
		spec := src[m[2]:m[3]]
		if !commentFree(src, m[0]) {
			continue
		}
		if _, found := w.resolve(path.Dir(rel), spec, esm); !found {
			w.r.noteUnsure(fmt.Sprintf("whether %s runs its `import(%q)`: that file is not in the run container (not in `build.deployFiles`, or not built), and where the code reaches that line it fails with ERR_MODULE_NOT_FOUND", rel, spec))
		}
	}
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
	return nodeESM(rel, src, w.typeMod, compiled)
}

// nodeESM reports whether Node loads the module rel (src) as an ES module:
// by its extension, else by package.json's "type": "module" (typeMod),
// else, for a file not compiled, by its own syntax.
func nodeESM(rel, src string, typeMod, compiled bool) bool {
	switch path.Ext(rel) {
	case ".mjs", ".mts":
		return true
	case ".cjs", ".cts":
		return false
	}
	return typeMod || !compiled && esmRe.MatchString(src) && !requireRe.MatchString(src)
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

// nodeDirEntry is the file Node runs for rel, the path `node X` names
// under /var/www: a directory is loaded as a package, from package.json
// "main" (tried as a file, with .js/.json/.node, then as a directory's
// index) or else its index.js. Node's loader reads no "exports" for a
// path. A file named without its extension is found with .js, .json or
// .node. rel itself when it is a file or nothing in it is deployed; the
// "main" file when neither it nor index.js is there.
func (r *runSim) nodeDirEntry(rel string) string {
	if r.files == nil {
		return rel
	}
	if _, file := r.deployedText(rel); file || r.deployed(rel) != "" && !r.isDeployedDir(rel) {
		return rel
	}
	if rel != "" && !r.isDeployedDir(rel) {
		// A file named without its extension: Node tries .js, .json, .node.
		for _, ext := range []string{".js", ".json", ".node"} {
			if r.deployed(rel+ext) != "" || r.producedAt(rel+ext) && !r.producedAt(rel) {
				return rel + ext
			}
		}
		return rel
	}
	found := func(base string) (string, bool) {
		for _, c := range []string{base, base + ".js", base + ".json", base + ".node",
			path.Join(base, "index.js"), path.Join(base, "index.json"), path.Join(base, "index.node")} {
			c = CleanRel(c)
			if _, file := r.deployedText(c); file {
				return c, true
			}
		}
		return "", false
	}
	missing := rel
	if src, ok := r.deployedText(path.Join(rel, "package.json")); ok {
		var pkg struct {
			Main string `json:"main"`
		}
		if json.Unmarshal([]byte(src), &pkg) == nil && pkg.Main != "" {
			if f, ok := found(path.Join(rel, pkg.Main)); ok {
				return f
			}
			missing = CleanRel(path.Join(rel, pkg.Main)) // what Node names when index.js is absent too
			if r.producedAt(missing) {
				return missing // the build may have made it
			}
		}
	}
	for _, c := range []string{"index.js", "index.json", "index.node"} {
		if c = CleanRel(path.Join(rel, c)); r.deployed(c) != "" || r.producedAt(c) {
			return c
		}
	}
	return missing
}

// isDeployedDir reports whether the deploy puts a directory of uploaded
// files at /var/www/rel (what a build made there is unknown).
func (r *runSim) isDeployedDir(rel string) bool {
	src := r.deployed(rel)
	if src == "" {
		return false
	}
	if _, file := r.files.Read(src); file {
		return false
	}
	for p := range r.files.paths {
		if strings.HasPrefix(p, src+"/") {
			return r.files.Has(p) // recorded: a later start finds it again
		}
	}
	return false
}

// envFiles loads into env the files node's --env-file options name (a
// variable already set wins), and answers the first that is not deployed.
func (r *runSim) envFiles(args []string, env map[string]string) string {
	for i, a := range args {
		f, ok := strings.CutPrefix(a, "--env-file=")
		if !ok && a == "--env-file" && i+1 < len(args) {
			f, ok = args[i+1], true
		}
		if !ok || r.files == nil {
			continue
		}
		if r.deployed(r.path(f)) == "" && !r.producedAt(r.path(f)) {
			return f
		}
		src, _ := r.deployedText(r.path(f))
		for _, l := range strings.Split(src, "\n") {
			k, v, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(l, "export ")), "=")
			if _, set := env[k]; ok && !set && envKeyRe.MatchString(k) {
				env[k] = strings.Trim(strings.TrimSpace(v), `"'`)
			}
		}
	}
	return ""
}

// nodeTools are commands that come from a package's node_modules/.bin: no
// nodejs image has them.
var nodeTools = map[string]bool{"next": true, "nuxt": true, "nuxi": true, "nodemon": true, "ts-node": true,
	"ts-node-dev": true, "tsx": true, "pm2": true, "pm2-runtime": true, "vite": true, "nest": true,
	"react-scripts": true, "remix-serve": true, "react-router-serve": true, "react-router": true, "remix": true, "astro": true, "serve": true,
	"http-server": true, "tsc": true, "concurrently": true, "cross-env": true, "strapi": true, "svelte-kit": true, "ng": true}

// nodeInstalled reports whether Node packages may be in the run container
// for an entry under dir: node_modules deployed (or made by the build and
// deployed) in dir or above it, or an install in run.prepareCommands,
// initCommands or the start; or tool named there. A node_modules only a
// build command the sandbox does not follow may have made counts, and what
// it holds is unverified (noted in r.unsure).
func (r *runSim) nodeInstalled(tool, dir string) bool {
	if installsPackages("node", r.ownLines()) || (tool != "" && strings.Contains(strings.Join(r.d.Prep.RunPrepare, "\n"), tool)) {
		return true
	}
	for d := dir; ; d = path.Dir(d) {
		if d == "." || d == "/" {
			d = ""
		}
		nm := path.Join(d, "node_modules")
		if r.deployed(nm) != "" || r.builtAt(nm) {
			return true
		}
		if r.unknownModules(d) {
			r.noteUnsure(fmt.Sprintf("what the deployed %s holds: no install the sandbox read made it, and the build command `%s`, which it does not follow, may have",
				path.Join(RunRoot, nm), clip(orStr(r.unknownBy, "?"), 80)))
			return true
		}
		if d == "" {
			return false
		}
	}
}

// unknownModules reports whether a build command the sandbox does not
// follow may have made the node_modules the deploy puts in /var/www/dir:
// a deployFiles entry covers it, and the package.json an install there
// reads was uploaded beside it (an install puts node_modules beside its
// manifest).
func (r *runSim) unknownModules(dir string) bool {
	manifest := path.Join(dir, "package.json")
	return r.unknown && r.producedAt(path.Join(dir, "node_modules")) && r.files.Has(orStr(r.deployed(manifest), manifest))
}

// viteHosts notes, for a Vite server bound to every address, that it
// answers only the Host headers it allows: localhost and IP addresses
// unless its config's allowedHosts (or the variable adding to it) lists
// more (Vite 6.0.9, 5.4.12, 4.5.6 and later), so a request for the
// service's hostname or subdomain may get 403. Not judged: which Vite the
// install brings and what the config's list holds are not read here.
func (r *runSim) viteHosts(env map[string]string) {
	if env["__VITE_ADDITIONAL_SERVER_ALLOWED_HOSTS"] != "" {
		return
	}
	for _, name := range []string{"vite.config.js", "vite.config.ts", "vite.config.mjs", "vite.config.mts", "vite.config.cjs"} {
		if src, ok := r.deployedText(r.path(name)); ok && strings.Contains(src, "allowedHosts") {
			return
		}
	}
	r.noteUnsure("whether Vite answers requests for the service's hostname and subdomain (its dev and preview servers refuse other Host headers than localhost and IP addresses with 403 \"Blocked request. This host is not allowed\" unless `allowedHosts` under `server`/`preview` in vite.config lists them)")
}

// noteUnsure adds what may fail the start, unread, to r.unsure once.
func (r *runSim) noteUnsure(s string) {
	if !slices.Contains(r.unsure, s) {
		r.unsure = append(r.unsure, s)
	}
}

// Imports of a JavaScript or TypeScript file: require('x'), import … from 'x', import 'x'.
var (
	requireRe = lazyregexp.New(`\brequire\(\s*['"]([^'"]+)['"]\s*\)`)
	// dynamicImportRe is import("./x") of a relative file.
	dynamicImportRe = lazyregexp.New(`\bimport\(\s*['"](\.{1,2}/[^'"]+)['"]\s*\)`)
	importRe        = lazyregexp.New(`(?m)^\s*import\s+(?:([^'";]*?)\s+from\s+)?['"]([^'"]+)['"]`)
	esmRe           = lazyregexp.New(`(?m)^\s*(?:import\s|export\s)`)
	nodeMajRe       = lazyregexp.New(`^nodejs@(\d+)`)
	typeModule      = lazyregexp.New(`"type"\s*:\s*"module"`)
)

// nodeBuiltins are the modules Node has without node_modules.
var nodeBuiltins = map[string]bool{}

func init() {
	for _, m := range strings.Fields("assert async_hooks buffer child_process cluster console constants crypto dgram " +
		"diagnostics_channel dns domain events fs http http2 https inspector module net os path perf_hooks process " +
		"punycode querystring readline repl stream string_decoder sys timers tls trace_events tty url util v8 vm wasi " +
		"worker_threads zlib") {
		nodeBuiltins[m] = true
	}
}

// nodeEntry judges `node [flags] FILE`: a .ts file Node (before 23) cannot
// load, or a package the entry imports with no node_modules to find it in.
func (r *runSim) nodeEntry(args []string) (startCmd, bool) {
	file := firstFile(args, "-r", "--require", "--import", "--loader", "--env-file")
	rel := r.nodeDirEntry(r.path(file))
	if file == "" || (r.deployed(rel) == "" && !r.producedAt(rel)) || r.envFiles(args, map[string]string{}) != "" {
		return startCmd{}, false // no entry, a missing one or a missing --env-file: the command's own rules
	}
	abs := path.Join(RunRoot, rel)
	src, readable := r.deployedText(rel)
	pkg, _ := r.deployedText("package.json")
	esm := typeModule.MatchString(pkg) || strings.HasSuffix(rel, ".mjs") || strings.HasSuffix(rel, ".mts")
	if ext := path.Ext(rel); (ext == ".ts" || ext == ".mts" || ext == ".cts") && readable && r.nodeMajor() < 23 &&
		!hasFlag(args, "--experimental-strip-types", "--experimental-transform-types", "--import", "--loader", "-r", "--require") &&
		(esm || esmRe.MatchString(src)) {
		// Node before 23.6 strips no types: an ES module (by package.json or
		// by its syntax) with a .ts extension has no loader.
		return startCmd{lang: "node", crash: []Line{{3, "node:internal/modules/esm/get_format:218"},
			{3, "  throw new ERR_UNKNOWN_FILE_EXTENSION(ext, filepath);"}, {3, "        ^"}, {3, ""},
			{3, fmt.Sprintf("TypeError [ERR_UNKNOWN_FILE_EXTENSION]: Unknown file extension %q for %s", ext, abs)},
			{3, "    at Object.getFileProtocolModuleFormat [as file:] (node:internal/modules/esm/get_format:218:9)"},
			{3, "  code: 'ERR_UNKNOWN_FILE_EXTENSION'"}, {3, "}"}, {3, ""}, {3, "Node.js " + nodeVersion}}}, true
	}
	return r.nodeModules(rel, args)
}

// nodeVersion is the Node.js the simulated nodejs@22 runtime reports.
const nodeVersion = "v22.12.0"

// nodeVersions are the Node.js releases the simulated nodejs@<major>
// runtimes report (a release of that line; which patch the platform's
// image holds is not known here).
var nodeVersions = map[string]string{"18": "v18.20.5", "20": "v20.18.1", "22": nodeVersion, "24": "v24.11.1"}

// nodeVersionOf is lines with the Node.js version a crash prints as the
// run base's major line reports it: a nodejs@20 app does not crash on
// Node 22.
func nodeVersionOf(lines []Line, runBase string) []Line {
	m := nodeMajRe.FindStringSubmatch(runBase)
	if m == nil || nodeVersions[m[1]] == "" || nodeVersions[m[1]] == nodeVersion {
		return lines
	}
	out := slices.Clone(lines)
	for i, l := range out {
		if l.Msg == "Node.js "+nodeVersion {
			out[i].Msg = "Node.js " + nodeVersions[m[1]]
		}
	}
	return out
}

// nodeMajor is the run base's Node.js major version (22 when unknown).
func (r *runSim) nodeMajor() int {
	if m := nodeMajRe.FindStringSubmatch(r.d.RunBase); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil {
			return n
		}
	}
	return 22
}

// builtFrom is the source of a build output whose content is unknown: for
// dist/x.js that tsc compiled, the uploaded src/x.ts (or x.ts). A bundling
// build (its output carries the packages) has none.
func (r *runSim) builtFrom(rel string) (string, bool) {
	_, src, ok := r.builtSource(rel)
	return src, ok
}

// builtSource is builtFrom's source file, relative to the upload, and its
// text.
func (r *runSim) builtSource(rel string) (from, src string, ok bool) {
	pkg, _ := r.files.Read("package.json")
	if bundlerRe.MatchString(strings.Join(r.d.BuildCommands, "\n") + "\n" + pkg) {
		return "", "", false
	}
	_, rest, ok := strings.Cut(rel, "/")
	if !ok {
		return "", "", false
	}
	stem := strings.TrimSuffix(rest, path.Ext(rest))
	for _, c := range []string{"src/" + stem + ".ts", stem + ".ts", "src/" + stem + ".js"} {
		if s, ok := r.files.Read(c); ok {
			return c, s, true
		}
	}
	return "", "", false
}

var bundlerRe = lazyregexp.New(`\b(?:esbuild|webpack|rollup|ncc|tsup|bun build|vite build|parcel|rspack|next build|nuxt|nuxi)\b`)

// commentFree reports whether the line holding offset at is no // comment.
func commentFree(src string, at int) bool {
	start := strings.LastIndexByte(src[:at], '\n') + 1
	t := strings.TrimSpace(src[start:at])
	return !strings.HasPrefix(t, "//") && !strings.HasPrefix(t, "*") && !strings.HasPrefix(t, "/*")
}

// pkgSpec is the package a module specifier names, "" for a relative or
// absolute path, a URL or a builtin.
func pkgSpec(spec string) string {
	if spec == "" || strings.HasPrefix(spec, ".") || strings.HasPrefix(spec, "/") || strings.Contains(spec, ":") {
		return ""
	}
	parts := strings.Split(spec, "/")
	if strings.HasPrefix(spec, "@") {
		if len(parts) < 2 {
			return ""
		}
		return parts[0] + "/" + parts[1]
	}
	if nodeBuiltins[parts[0]] {
		return ""
	}
	return parts[0]
}

var (
	viteBlockRe = lazyregexp.New(`\b(preview|server)\s*:\s*\{([^}]*)\}`)
	vitePortRe  = lazyregexp.New(`\bport\s*:\s*([^,}\n]+)`)
	viteHostRe  = lazyregexp.New(`\bhost\s*:\s*([^,}\n]+)`)
)

// viteConfig is where a vite config sets the server (preview: the preview
// server, whose host defaults to the dev server's) over def; false when it
// sets it in a way this does not read.
func (r *runSim) viteConfig(preview bool, def Addr) (Addr, bool) {
	for _, name := range []string{"vite.config.js", "vite.config.ts", "vite.config.mjs", "vite.config.mts", "vite.config.cjs"} {
		src, ok := r.deployedText(r.path(name))
		if !ok {
			if r.files != nil && r.deployed(r.path(name)) != "" {
				return def, false // too large to read
			}
			continue
		}
		out := def
		blocks := viteBlockRe.FindAllStringSubmatch(src, -1)
		slices.SortStableFunc(blocks, func(a, b []string) int { return strings.Compare(b[1], a[1]) }) // server, then preview
		for _, m := range blocks {
			if m[1] == "server" && preview {
				m[2] = vitePortRe.ReplaceAllString(m[2], "") // preview has its own port
			} else if m[1] == "preview" && !preview {
				continue
			}
			if pm := vitePortRe.FindStringSubmatch(m[2]); pm != nil {
				n, err := strconv.Atoi(strings.TrimSpace(pm[1]))
				if err != nil {
					return def, false
				}
				out.port = n
			}
			if hm := viteHostRe.FindStringSubmatch(m[2]); hm != nil {
				switch v := strings.TrimSpace(hm[1]); v {
				case "true":
					out.host = "0.0.0.0"
				case "false":
				default:
					h, ok := stringValue(src, v, nil)
					if !ok {
						return def, false
					}
					out.host = h
				}
			}
		}
		return out, true
	}
	return def, true
}

// nodeTool runs a file: Node 22 refuses to start without the file
// --env-file names.
func nodeTool(r *runSim, name string, args []string, env map[string]string, _ int) (startCmd, bool) {
	if bad := r.envFiles(args, env); bad != "" {
		return startCmd{lang: "node", exit: 9, crash: []Line{{3, "node: " + bad + ": not found"}}}, true
	}
	file := firstFile(args, "-r", "--require", "--import", "--loader", "--experimental-loader",
		"--env-file", "--title", "-C", "--conditions")
	if strings.HasPrefix(name, "nodemon") {
		file = nodemonFile(args) // its options take values node's do not
	}
	c := r.entry("node", file, args, env)
	if c.crash == nil && c.listen == nil && file != "" {
		if a, ok := r.astroServer(r.path(file), env); ok {
			c = a // astro.go
		} else if s, ok := r.svelteServer(r.path(file), env); ok {
			c = s // svelte.go
		} else if n, ok := r.nitroServer(r.path(file), env); ok {
			c = n // nitro.go
		}
	}
	return r.scriptRun("node", file, args, c), true
}

// nodeDeps judges what a start on a Node run base needs from node_modules
// (depth: its npm script nesting): a command of nodeTools not installed is
// sh's "not found" (exit 127); `node FILE` follows the packages FILE
// imports (nodeEntry).
func nodeDeps(r *runSim, name string, args []string, depth int) (startCmd, bool) {
	switch {
	case nodeTools[name] && !r.nodeInstalled(name, ""):
		sh := "sh"
		if depth == 0 {
			sh = "/bin/sh"
		}
		return startCmd{lang: "node", exit: 127, crash: []Line{{3, fmt.Sprintf("%s: %s: not found", sh, name)}}}, true
	case strings.HasPrefix(name, "nodemon"):
		return r.nodemonEntry(args)
	case strings.HasPrefix(name, "node"):
		return r.nodeEntry(args)
	}
	return startCmd{}, false
}

// nodemonValued are nodemon's options that take a value.
var nodemonValued = []string{"--watch", "-w", "--ext", "-e", "--ignore", "-i", "--delay", "-d", "--signal", "-s", "--config"}

// nodemonEntry follows `nodemon FILE` as `node FILE` (walk 80: a require of
// a file not deployed was live under nodemon): what fails as the module
// loads fails alike, and nodemon then says it waits for a change rather
// than exiting.
func (r *runSim) nodemonEntry(args []string) (startCmd, bool) {
	file := nodemonFile(args)
	if file == "" {
		return startCmd{}, false
	}
	c, ok := r.nodeEntry([]string{file})
	if ok && c.crash != nil {
		c.crash = append(c.crash, Line{3, "[nodemon] app crashed - waiting for file changes before starting..."})
	}
	return c, ok
}

// nodemonFile is the script `nodemon ARGS` runs with node: its first
// argument that is no option or an option's value; "" when there is none
// or the start names its own command (--exec), which is not followed.
func nodemonFile(args []string) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--exec" || a == "-x" || strings.HasPrefix(a, "--exec="):
			return ""
		case slices.Contains(nodemonValued, a):
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return a
		}
	}
	return ""
}
