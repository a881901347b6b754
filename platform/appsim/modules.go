package appsim

// An entry's modules, followed as its runtime loads them: each module a
// file imports by a relative path (Node's require and import, Deno's
// import, Python's local modules) is looked up in what the deploy put in
// /var/www, and its own imports are followed in turn. One the deploy lacks
// fails the start in the runtime's words; one that is there but cannot be
// read (too large to keep, made by the build from no source the sandbox
// knows) is recorded in runSim.unread: the start is then unverified.

// maxModules bounds the modules one start follows.
const maxModules = 500

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

// followImports walks the modules the entry at rel imports, depth first,
// as far as maxModules: resolve tells, for each import imp of the module
// from (its source src), the module it loads ("" to follow none) or the
// lines of the start it fails, which end the walk as lang's crash. A
// module that cannot be read (not the entry) is one the start was not
// checked through (r.unread).
func (r *runSim) followImports(rel, lang string, resolve func(from, src string, imp jsImport) (string, []Line)) (startCmd, bool) {
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
		r.noteLocalFallback(src, rel, r.env.Vars)
		// A variable the module cannot load without, that nothing sets:
		// what the runtime prints of it is not read, so it is unsure.
		needs := nodeEnvNeeds(src, true)
		for i := range needs {
			needs[i].fail = nil
		}
		r.envCheck(src, rel, needs, r.env.Vars)
		for _, imp := range jsImports(src) {
			target, crash := resolve(rel, src, imp)
			if crash != nil {
				return startCmd{lang: lang, exit: 1, crash: crash}, true
			}
			if target == "" {
				continue
			}
			if c, failed := walk(target, false); failed {
				return c, true
			}
		}
		return startCmd{}, false
	}
	return walk(rel, true)
}
