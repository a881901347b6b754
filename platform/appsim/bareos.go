package appsim

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// The alpine and ubuntu runtimes are a bare OS (the docs: "no language
// preinstalled"), and so are static's and nginx's (Nginx on one): a start that runs a language's command by its bare name
// on such a run base finds nothing, unless run.prepareCommands installs
// the language (its package name in a line), or does what the sandbox
// cannot read (a script, a download). Bun is on no other runtime's image.

// bareOSRuntimes are the language commands, by their bare name, with the
// words of an install line that brings each (`sudo apk add nodejs npm`,
// `apt-get install -y python3`).
var bareOSRuntimes = map[string][]string{
	"node": {"node"}, "npm": {"node", "npm"}, "npx": {"node", "npm"}, "yarn": {"node", "yarn"}, "pnpm": {"node", "pnpm"},
	"python": {"python"}, "python3": {"python"}, "pip": {"python", "pip"}, "pip3": {"python", "pip"},
	"php":  {"php"},
	"ruby": {"ruby"}, "bundle": {"ruby", "bundle"},
	"java": {"java", "jdk", "jre", "temurin", "zulu"},
	"mix":  {"elixir"}, "elixir": {"elixir"}, "iex": {"elixir"},
	"bun": {"bun"}, "deno": {"deno"}, "dotnet": {"dotnet"},
}

// noImageTools are the commands, by their bare name, no run image brings
// on any base (the catalog has no Scala runtime: sbt comes from sbt's own
// apt repository, as the official scala recipe installs it), with the
// words of an install line that brings each.
var noImageTools = map[string][]string{"sbt": {"sbt"}}

// unreadInstall are the words of a run.prepareCommands line whose result
// the sandbox does not read: it may install anything.
var unreadInstall = []string{"curl", "wget", ".sh", "zsc add", "nix", "asdf", "mise", "brew", "sdk "}

// bareOSMissing is the crash of name, a language command run by its bare
// name on a run base that is a bare OS (or a command of noImageTools, on
// any base) and that no run.prepareCommands line installs; false
// otherwise.
func (r *runSim) bareOSMissing(name string) (startCmd, bool) {
	words, ok := noImageTools[name]
	if !ok {
		words, ok = bareOSRuntimes[name]
		// Bun is on bun's images alone (the docs' lists of the others).
		noBun := name == "bun" && slices.Contains(platform.NoBunBases, r.base)
		// Static and nginx are Nginx on a bare OS: no language either
		// (walk 85: npm ran an init command on static).
		bare := r.base == "alpine" || r.base == "ubuntu" || r.base == "static" || r.base == "nginx"
		if !ok || (!bare && !noBun) {
			return startCmd{}, false
		}
	}
	for _, c := range r.d.Prep.RunPrepare {
		c = strings.ToLower(c)
		for _, w := range append(words, unreadInstall...) {
			if strings.Contains(c, w) {
				return startCmd{}, false
			}
		}
	}
	return startCmd{exit: 127, crash: []Line{{3, fmt.Sprintf("/bin/sh: %s: not found", name)}}}, true
}
