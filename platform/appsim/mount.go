package appsim

import (
	"fmt"
	"maps"
	"slices"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// mntPath is a path under /mnt/<name>, where a shared storage connected to
// the service is mounted (the docs' shared-storage guide).
var mntPath = lazyregexp.New(`/mnt/([a-z0-9]+)\b`)

// unmountedNotes name each /mnt/<name> the start, run.initCommands or the
// environment points at while no shared storage <name> is connected to
// the service: the path is then a folder of the container's own disk, if
// anything makes it, whose data a deploy discards. Whether the app makes
// it or fails is its own: not judged.
func unmountedNotes(d *Setup, env Env) []string {
	seen := map[string]string{} // name → where it is named
	look := func(where string, texts ...string) {
		for _, t := range texts {
			for _, m := range mntPath.FindAllStringSubmatch(t, -1) {
				if _, ok := seen[m[1]]; !ok && !slices.Contains(env.Mounts, m[1]) {
					seen[m[1]] = where
				}
			}
		}
	}
	look("run.start", d.Start)
	for _, sc := range d.StartCommands {
		look("run.startCommands", sc.Command)
	}
	look("run.initCommands", d.Prep.Init...)
	for _, k := range slices.Sorted(maps.Keys(env.Vars)) {
		look(k, env.Vars[k])
	}
	var out []string
	for _, name := range slices.Sorted(maps.Keys(seen)) {
		out = append(out, fmt.Sprintf("what the app keeps under /mnt/%[1]s (%[2]s): no shared storage is mounted there, the service has no mount of %[1]s, "+
			"so /mnt/%[1]s is at best a folder on the container's own disk, whose data is lost at each deploy and not shared between containers; "+
			"mount it with `mount: [%[1]s]` in the service's import (the import reference connects it with buildFromGit) or by connecting the shared storage to the service in the GUI, then deploy again",
			name, seen[name]))
	}
	return out
}
