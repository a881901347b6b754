package appsim

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"
)

// nodePackageHeld reports whether the node_modules a module in dir finds
// holds the package name, as far as the files tell (known): one uploaded
// with the code holds what it has; one the build's install made holds what
// package.json lists, and the packages beside them that its lock file
// lists (npm ci installs the lock exactly). Without a lock file the sandbox
// can read, a package package.json does not list may come with another
// one: not known; nor is anything else after a build command the sandbox
// does not follow, which may have installed more. One only such a command
// may have made holds anything (nodeInstalled notes it unverified).
func (r *runSim) nodePackageHeld(dir, name string) (held, known bool) {
	if installsPackages("node", r.ownLines()) {
		return true, true
	}
	for d := dir; ; d = path.Dir(d) {
		if d == "." || d == "/" {
			d = ""
		}
		nm := path.Join(d, "node_modules")
		switch {
		case r.builtAt(nm):
			held, known := r.manifestHolds(d, name)
			return held, known && (held || !r.unknown)
		case r.deployed(nm) != "": // uploaded with the code: what it has
			return r.deployed(path.Join(nm, name)) != "", true
		case r.unknownModules(d):
			return true, true
		}
		if d == "" {
			return true, true // no node_modules found here: depsAt judged it
		}
	}
}

// unsureHeld notes that whether node_modules holds the package name, which
// the module from imports, is not known.
func (r *runSim) unsureHeld(name, from string) {
	why := "package.json does not list it, and no lock file the sandbox read says whether an install brings it"
	if r.unknown {
		why = fmt.Sprintf("no install the sandbox read brings it, and the build command `%s`, which it does not follow, may have installed it",
			clip(orStr(r.unknownBy, "?"), 80))
	}
	r.noteUnsure(fmt.Sprintf("whether node_modules holds `%s`, which %s imports: %s", clip(name, 60), from, why))
}

// manifestHolds reports whether the install the build ran for the package
// deployed at /var/www/dir puts name in its node_modules: package.json's
// dependencies (of any kind; workspaces: anything), then its lock file;
// a manifest listing none installs nothing.
func (r *runSim) manifestHolds(dir, name string) (held, known bool) {
	rel := path.Join(dir, "package.json")
	src := orStr(r.deployed(rel), rel) // the uploaded manifest the install read
	text, ok := r.files.Read(src)
	if !ok {
		return true, true
	}
	var pkg struct {
		Workspaces json.RawMessage            `json:"workspaces"`
		Deps       map[string]json.RawMessage `json:"dependencies"`
		Dev        map[string]json.RawMessage `json:"devDependencies"`
		Optional   map[string]json.RawMessage `json:"optionalDependencies"`
		Peer       map[string]json.RawMessage `json:"peerDependencies"`
	}
	if json.Unmarshal([]byte(text), &pkg) != nil || pkg.Workspaces != nil {
		return true, true
	}
	listed := 0
	noDev := r.builtWithoutDev(path.Join(dir, "node_modules"))
	for i, deps := range []map[string]json.RawMessage{pkg.Deps, pkg.Dev, pkg.Optional, pkg.Peer} {
		if _, ok := deps[name]; ok && (i != 1 || !noDev) { // 1: devDependencies
			return true, true
		}
		listed += len(deps)
	}
	if _, dev := pkg.Dev[name]; dev && noDev { // pruned, or never installed
		return false, true
	}
	if listed == 0 { // an install of nothing brings nothing with it
		return false, true
	}
	srcDir := path.Dir(src)
	for _, lock := range []string{"package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "bun.lock", "bun.lockb"} {
		at := path.Join(srcDir, lock)
		if !r.files.Has(at) {
			continue
		}
		text, ok := r.files.Read(at)
		if !ok {
			return false, false // too large to keep: unread
		}
		held, known := lockLists(lock, text, name)
		if held && noDev && lockDevOnly(lock, text, name) {
			return false, true
		}
		return held, known
	}
	return false, false
}

// builtWithoutDev reports whether the deploy puts at /var/www/rel a
// node_modules the build left without devDependencies.
func (r *runSim) builtWithoutDev(rel string) bool {
	for _, df := range r.d.DeployFiles {
		if src, ok := deploySource(df, rel); ok && r.noDev[src] {
			return true
		}
	}
	return false
}

// lockDevOnly reports whether package-lock.json (text) marks name as
// installed for development only ("dev": true), which an install or prune
// omitting dev leaves out.
func lockDevOnly(lock, text, name string) bool {
	if lock != "package-lock.json" && lock != "npm-shrinkwrap.json" {
		return false
	}
	var l struct {
		Packages map[string]struct {
			Dev bool `json:"dev"`
		} `json:"packages"`
	}
	if json.Unmarshal([]byte(text), &l) != nil {
		return false
	}
	return l.Packages["node_modules/"+name].Dev
}

// lockLists reports whether the lock file lock (its content text) lists
// name among the packages an install puts where the app finds them
// (known: the sandbox reads that lock's form).
func lockLists(lock, text, name string) (held, known bool) {
	switch lock {
	case "package-lock.json", "npm-shrinkwrap.json":
		var l struct {
			Packages     map[string]json.RawMessage `json:"packages"`
			Dependencies map[string]json.RawMessage `json:"dependencies"`
		}
		if json.Unmarshal([]byte(text), &l) != nil || l.Packages == nil && l.Dependencies == nil {
			return false, false
		}
		_, inPackages := l.Packages["node_modules/"+name]
		_, inDeps := l.Dependencies[name]
		return inPackages || inDeps, true
	case "yarn.lock":
		for _, line := range strings.Split(text, "\n") {
			for _, entry := range strings.Split(strings.TrimSuffix(line, ":"), ", ") {
				if e := strings.Trim(entry, `"`); strings.HasPrefix(e, name+"@") {
					return true, true
				}
			}
		}
		return false, true
	}
	return false, false // pnpm's and bun's: not read
}
