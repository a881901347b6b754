package appsim

import (
	"fmt"
	"path"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Bun: `bun run X` and `bun X` (a package.json script, else a file), and
// Bun.serve's address.

func bunRecord() *tool {
	return &tool{name: "bun", names: []string{"bun"}, lang: "bun", run: bunTool, build: bunBuild,
		missingEntry: func(file, _ string) []Line { return []Line{{3, fmt.Sprintf("error: Module not found \"%s\"", file)}} },
		// Bun's resolver names its own exception, not Node's Error (as
		// Bun 1.3 prints it for a host the DNS does not know).
		hostNotFound: func(host string) string { return "DNSException: getaddrinfo ENOTFOUND " + host },
		servers:      map[string]ownAddr{"Bun.serve": {host: "0.0.0.0", port: 3000, portVars: []string{"BUN_PORT", "PORT", "NODE_PORT"}}},
		listens:      []listenForm{bunServe, listenOptions, listenCall}, envRead: `Bun\.env\.%[1]s\b`, readsAtLoad: true, connects: jsConnects}
}

// bunServeRe is Bun.serve({…}) or a default-exported server ({fetch, …}).
var bunServeRe = lazyregexp.New(`\bBun\.serve\(\s*(\{[^}]*\})?|export\s+default\s*(\{[^}]*\bfetch\b[^}]*\})`)

// bunServe reads Bun.serve's options (port, hostname), else its own: every
// address, the port of BUN_PORT, PORT or NODE_PORT, else 3000.
func bunServe(s *srcListen) (*Addr, bool) { return serveOptions(s, bunServeRe, ownAddrs["Bun.serve"]) }

// bunTool: `bun run X` and `bun X` run package.json's script X before a
// file X.
func bunTool(r *runSim, _ string, args []string, env map[string]string, depth int) (startCmd, bool) {
	rest := args
	if len(rest) > 0 && rest[0] == "run" {
		rest = rest[1:]
	}
	if text, ok := r.projectTask(firstFile(rest), "package.json"); ok && depth < 3 {
		return r.resolveIn(text, env, depth+1), true
	}
	file := firstFile(rest)
	if r.files != nil && file != "" && !strings.Contains(file, "/") && path.Ext(file) == "" && !r.isFile(r.path(file)) && !r.producedAt(r.path(file)) {
		// A name with no path or extension is a script's to Bun: none
		// in package.json (or no package.json deployed), no file.
		return startCmd{lang: "bun", exit: 1, crash: []Line{{3, fmt.Sprintf("error: Script not found \"%s\"", file)}}}, true
	}
	c := r.entry("bun", file, args, env)
	if c.crash == nil && r.files != nil && file != "" {
		if crash, failed := r.bunModules(r.path(file)); failed {
			return crash, true
		}
	}
	return c, true
}

// bunExts are the extensions Bun tries, in order, for a specifier written
// without one, and for a directory's index.
var bunExts = []string{".tsx", ".jsx", ".ts", ".mjs", ".js", ".cjs", ".json"}

// bunResolve is the file a relative specifier names from dir as Bun
// resolves it: as written, with each of bunExts, as a directory's index;
// a `.js` one may name its TypeScript source. found is false when nothing
// the deploy or the build puts there answers.
func (r *runSim) bunResolve(dir, spec string) (string, bool) {
	base := CleanRel(path.Join(dir, spec))
	cands := []string{base}
	for _, e := range bunExts {
		cands = append(cands, base+e)
	}
	for _, e := range bunExts {
		cands = append(cands, base+"/index"+e)
	}
	if stem, ok := strings.CutSuffix(base, ".js"); ok {
		cands = append(cands, stem+".ts", stem+".tsx")
	}
	for _, c := range cands {
		if r.isFile(c) {
			return c, true
		}
	}
	if path.Ext(base) != "" && r.producedAt(base) {
		return base, true
	}
	return base, false
}

// bunModules follows the relative imports (and requires) of the Bun entry
// at rel: one that resolves to nothing deployed fails the start with
// Bun's "Cannot find module" naming the specifier and the importer. A
// package is judged where node_modules is deployed, as Node's are: one the
// install did not put there fails with Bun's "Cannot find package"; with
// no node_modules Bun installs a missing one itself. JSON and native
// addons import nothing.
func (r *runSim) bunModules(rel string) (startCmd, bool) {
	return r.followImports(rel, "bun", func(from, _ string, imp jsImport) (string, []Line) {
		if name := pkgSpec(imp.spec); name != "" && name != "bun" && r.nodeInstalled("", path.Dir(from)) {
			switch held, known := r.nodePackageHeld(path.Dir(from), name); {
			case !held && known:
				return "", []Line{{3, fmt.Sprintf("error: Cannot find package '%s' from '%s'", name, path.Join(RunRoot, from))}}
			case !held:
				r.unsureHeld(name, from)
			}
		}
		if !relativeSpec(imp.spec) {
			return "", nil // a package, bun:, node:, a URL, an absolute path
		}
		target, found := r.bunResolve(path.Dir(from), imp.spec)
		if !found {
			return "", []Line{{3, fmt.Sprintf("error: Cannot find module %q from %q", imp.spec, path.Join(RunRoot, from))}}
		}
		if ext := path.Ext(target); ext == ".json" || ext == ".node" {
			return "", nil
		}
		return target, nil
	})
}
