package appsim

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// zscRecord is zsc, the Zerops container's own helper: `zsc execOnce KEY
// [--retryUntilSuccessful] -- command` runs command once per KEY (across
// the service's containers), the form the docs give for migrations in
// run.initCommands. The sandbox has one container: the command runs, and
// is judged as a command of its own.
func zscRecord() *tool {
	return &tool{name: "zsc", names: []string{"zsc"}, runner: zscRunner}
}

// zscRunner is the command `zsc execOnce` runs: what follows `--`, else
// what follows the key and its options. `zsc noop` (the docs' start for a
// container that only has to stay up) idles: judged whole, as running and
// listening nowhere, unless a command the setup runs before it may start a
// server (elk's `sudo systemctl start kibana` in run.initCommands): then
// where anything listens is not known.
// Another zsc command runs nothing the sandbox judges.
func zscRunner(r *runSim, args []string, _ map[string]string) ([]string, startCmd, bool) {
	if len(args) > 0 && args[0] == "noop" {
		return nil, r.idleStart(), true
	}
	cmd, _ := execOnceCommand(args)
	return cmd, startCmd{}, false
}

// idleStart is a start that only keeps the container up (platform.IdleStart:
// `zsc noop`, `sleep infinity`, a loop that sleeps): it runs and listens
// nowhere, unless a command the setup runs before it may start a server.
func (r *runSim) idleStart() startCmd {
	for _, l := range []struct {
		cmds  []string
		where string
	}{{r.d.Prep.Init, "run.initCommands"}, {r.d.Prep.RunPrepare, "run.prepareCommands"}} {
		if i := slices.IndexFunc(l.cmds, platform.StartsService); i >= 0 {
			return startCmd{lang: r.langOfBase(), startedBy: fmt.Sprintf("`%s` (%s)", clip(strings.TrimSpace(l.cmds[i]), 80), l.where)}
		}
	}
	return startCmd{lang: r.langOfBase(), idle: true}
}

// execOnceCommand is the command `zsc execOnce KEY [options] [--] CMD…`
// runs, given zsc's arguments; ok is false for any other zsc command.
func execOnceCommand(args []string) (cmd []string, ok bool) {
	if len(args) < 2 || args[0] != "execOnce" {
		return nil, false
	}
	if i := slices.Index(args, "--"); i >= 0 {
		return args[i+1:], true
	}
	rest := args[2:] // the key, then its options
	for len(rest) > 0 && strings.HasPrefix(rest[0], "-") {
		rest = rest[1:]
	}
	return rest, true
}
