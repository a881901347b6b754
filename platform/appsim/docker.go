package appsim

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Docker on a docker service's VM: `docker run` and `docker compose up`.
// What runs inside a container is not read; its network is.

func dockerRecord() *tool {
	return &tool{name: "docker", names: []string{"docker", "docker-compose"}, run: dockerTool}
}

// composeHostNet is a compose service's host network mode.
var composeHostNet = lazyregexp.New(`(?m)^\s*network_mode:\s*["']?host["']?\s*(#.*)?$`)

// dockerTool: a container started without the host's network. The Zerops
// docs run every docker service's container with `--network=host` (compose:
// `network_mode: host`), the ports zerops.yml declares being the VM's own;
// published ports (`-p`) go through Docker's bridge instead, which is the
// likely reason such a service does not answer. The sandbox cannot look
// inside the container, so it says so (unverified) rather than judge.
func dockerTool(r *runSim, name string, args []string, _ map[string]string, _ int) (startCmd, bool) {
	if name == "docker" && len(args) > 0 && args[0] == "compose" {
		name, args = "docker-compose", args[1:]
	}
	var note string
	switch {
	case name == "docker" && len(args) > 0 && args[0] == "run" && !dockerHostNet(args[1:]):
		note = "whether the container answers: `docker run` lacks `--network=host`, which the Zerops docs give every docker service " +
			"(likely why it would not answer: add `--network=host` to run.start and drop `-p`)"
	case name == "docker-compose" && slices.Contains(args, "up"):
		file := valueAfter(args, "-f", "--file")
		for _, f := range []string{file, "compose.yaml", "compose.yml", "docker-compose.yaml", "docker-compose.yml"} {
			if f == "" {
				continue
			}
			if src, ok := r.deployedText(r.path(f)); ok {
				if !composeHostNet.MatchString(src) {
					note = fmt.Sprintf("whether the containers answer: %s gives no service `network_mode: host`, which the Zerops docs give every compose service "+
						"(likely why they would not answer: add `network_mode: host` to each service there)", clip(f, 60))
				}
				break
			}
		}
	}
	if note == "" {
		return startCmd{}, true
	}
	if !slices.Contains(r.unsure, note) {
		r.unsure = append(r.unsure, note)
	}
	return startCmd{named: true}, true
}

// dockerHostNet reports whether `docker run` options (args after run) put
// the container on the host's network; the image name ends the options.
func dockerHostNet(args []string) bool {
	for i, a := range args {
		switch {
		case a == "--network=host" || a == "--net=host":
			return true
		case (a == "--network" || a == "--net") && i+1 < len(args) && args[i+1] == "host":
			return true
		case !strings.HasPrefix(a, "-") && (i == 0 || !dockerTakesValue(args[i-1])):
			return false // the image: what follows is its command
		}
	}
	return false
}

// dockerTakesValue reports whether a `docker run` option written alone
// takes the next word as its value.
func dockerTakesValue(opt string) bool {
	if !strings.HasPrefix(opt, "-") || strings.Contains(opt, "=") {
		return false
	}
	return !slices.Contains([]string{"-d", "--detach", "-i", "--interactive", "-t", "-it", "-ti", "--rm", "--init", "--privileged", "-P", "--publish-all", "--read-only", "--tty"}, opt)
}
