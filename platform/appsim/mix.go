package appsim

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// Mix (Elixir): `mix release` assembles the releases mix.exs names in
// _build/<MIX_ENV>/rel/<name>, and no other task writes there. Other
// tasks' outputs are not modelled (any path but a release may be made).

func mixRecord() *tool {
	return &tool{name: "mix", names: []string{"mix"}, build: mixBuild}
}

// mixBuild runs a mix task in the build: a release is produced where
// mix.exs says; any other task's outputs are unknown, but it assembles no
// release unless an alias of mix.exs may run one.
func mixBuild(b *buildSim, _ string, args []string, _ int) (int, bool, bool) {
	b.mayHave(madeByMixTask)
	src, read := b.readFile("mix.exs")
	names, ok := platform.MixReleases(src)
	task := ""
	if len(args) > 0 {
		task = args[0]
	}
	if task != "release" {
		if !read || strings.Contains(src, `"release`) { // an alias may run it
			b.mayHave(madeMixRelease)
		}
		return 0, false, true
	}
	if !ok {
		b.mayHave(madeMixRelease)
		return 0, false, true
	}
	if at := valueAfter(args[1:], "--path"); at != "" {
		b.produce(at)
		return 0, false, true
	}
	if rest := nonFlags(args[1:]); len(rest) > 0 && slices.Contains(names, rest[0]) {
		names = rest[:1]
	}
	env := cmp.Or(b.env["MIX_ENV"], "dev")
	for _, n := range names {
		b.produce(path.Join("_build", env, "rel", n))
	}
	return 0, false, true
}

// notARelease reports whether src, a path of the build's tree, lies in a
// Mix release (_build/<env>/rel/<name>) that no build command may have
// assembled: the build's unknown commands were mix tasks that assemble
// none, and `mix release` made others.
func (r *runSim) notARelease(src string) bool {
	_, _, ok := platform.MixRelease(src)
	return ok && r.releasesKnown
}

// releaseLacks reports whether src lies in a Mix release folder under a
// _build of its own, which no release holds (bin, lib, releases, erts): a
// `_build/prod/rel/app/~` deploy read with a start that kept the folder.
func releaseLacks(src string) bool {
	env, name, ok := platform.MixRelease(src)
	return ok && strings.HasPrefix(strings.TrimPrefix(src, path.Join("_build", env, "rel", name)+"/"), "_build/")
}
