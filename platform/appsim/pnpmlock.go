package appsim

import (
	"encoding/json"
	"maps"
	"path"
	"slices"

	"gopkg.in/yaml.v3"
)

// pnpm in frozen-lockfile mode (`--frozen-lockfile` given) installs only
// what pnpm-lock.yaml locks for the project: with no lock file, or one
// whose importer lacks a dependency package.json names, it stops before
// installing anything, in pnpm's words.

// pnpmFrozen reports whether pnpm's install args ask for frozen-lockfile
// mode.
func pnpmFrozen(args []string) bool {
	frozen := false
	for _, a := range args {
		switch a {
		case "--frozen-lockfile", "--frozen-lockfile=true":
			frozen = true
		case "--no-frozen-lockfile", "--frozen-lockfile=false":
			frozen = false
		}
	}
	return frozen
}

// pnpmFrozenFails prints pnpm's refusal and reports true when a frozen
// install in the current directory cannot run: no lock file, or one out
// of step with package.json. A lock file or package.json the sandbox
// cannot read passes.
func (b *buildSim) pnpmFrozenFails() bool {
	if b.files == nil {
		return false
	}
	manifest := path.Join(BuildSource, b.cwd, "package.json")
	if !b.files.Has(path.Join(b.cwd, "pnpm-lock.yaml")) {
		b.err(` ERR_PNPM_NO_LOCKFILE  Cannot install with "frozen-lockfile" because pnpm-lock.yaml is absent`)
		b.err("")
		b.err("Note that in CI environments this setting is true by default. If you still need to run install in such cases, use \"pnpm install --no-frozen-lockfile\"")
		return true
	}
	lock, ok := b.readFile("pnpm-lock.yaml")
	src, pok := b.readFile("package.json")
	if !ok || !pok {
		return false
	}
	locked, known := pnpmLocked(lock)
	if !known {
		return false
	}
	var pkg struct {
		Deps     map[string]string `json:"dependencies"`
		Dev      map[string]string `json:"devDependencies"`
		Optional map[string]string `json:"optionalDependencies"`
	}
	if json.Unmarshal([]byte(src), &pkg) != nil {
		return false
	}
	for _, deps := range []map[string]string{pkg.Deps, pkg.Dev, pkg.Optional} {
		for _, name := range slices.Sorted(maps.Keys(deps)) {
			if !locked[name] {
				b.err(` ERR_PNPM_OUTDATED_LOCKFILE  Cannot install with "frozen-lockfile" because pnpm-lock.yaml is not up to date with ` + manifest)
				b.err("")
				b.err("Note that in CI environments this setting is true by default. If you still need to run install in such cases, use \"pnpm install --no-frozen-lockfile\"")
				return true
			}
		}
	}
	return false
}

// pnpmLocked are the dependencies pnpm-lock.yaml locks for the project at
// its root: its importer "." (lock files of pnpm 7 and later), else its
// top-level lists. known is false when it lists none the sandbox reads.
func pnpmLocked(text string) (map[string]bool, bool) {
	type lists struct {
		Deps     map[string]any `yaml:"dependencies"`
		Dev      map[string]any `yaml:"devDependencies"`
		Optional map[string]any `yaml:"optionalDependencies"`
	}
	var l struct {
		lists     `yaml:",inline"`
		Importers map[string]lists `yaml:"importers"`
	}
	if yaml.Unmarshal([]byte(text), &l) != nil {
		return nil, false
	}
	root := l.lists
	if imp, ok := l.Importers["."]; ok {
		root = imp
	} else if l.Importers != nil {
		return nil, false // a workspace's lock: not read
	}
	locked := map[string]bool{}
	for _, m := range []map[string]any{root.Deps, root.Dev, root.Optional} {
		for k := range m {
			locked[k] = true
		}
	}
	_, hasImp := l.Importers["."]
	return locked, len(locked) > 0 || hasImp
}
