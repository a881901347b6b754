package appsim

import (
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// RedwoodJS: `rw serve` (its CLI, run as `yarn rw serve`) serves the web
// side on redwood.toml's [web] port, 8910 when it sets none, and the API
// side on its [api] port, 8911 when it sets none, REDWOOD_WEB_PORT and
// REDWOOD_API_PORT over them, on every address. What the API does (its
// functions, its database) is not read: a start that answers is
// unverified.

func redwoodRecord() *tool {
	return &tool{name: "redwood", servers: map[string]ownAddr{"rw serve": {lang: "node", host: "0.0.0.0", port: 8910,
		runs: []string{"rw serve", "redwood serve"}, portVars: []string{"REDWOOD_WEB_PORT"},
		config: func(r *runSim, def Addr) (Addr, bool) {
			port, ok := r.redwoodPort("web", def.port)
			return Addr{def.host, port}, ok
		},
		also: func(r *runSim, env map[string]string) []Addr {
			port, _ := r.redwoodPort("api", 8911)
			if n, err := strconv.Atoi(env["REDWOOD_API_PORT"]); err == nil {
				port = n
			}
			return []Addr{{"0.0.0.0", port}}
		},
		unread: "what RedwoodJS serves beyond its addresses (its API functions and database are not simulated; the sandbox reads only redwood.toml's [web] and [api] ports)"}}}
}

// redwoodPortRe reads a table's port.
var redwoodPortRe = lazyregexp.New(`(?m)^\s*port\s*=\s*(\S+)`)

// redwoodPort is the port redwood.toml, where the start runs, gives the
// side table, else def. false when it sets one that is not a number (a
// variable the sandbox does not read), or the file cannot be read.
func (r *runSim) redwoodPort(table string, def int) (int, bool) {
	at := r.path("redwood.toml")
	src, ok := r.deployedText(at)
	if !ok {
		return def, r.files == nil || r.deployed(at) == ""
	}
	if m := redwoodPortRe.FindStringSubmatch(tomlSection(src, table)); m != nil {
		n, err := strconv.Atoi(strings.Trim(m[1], `"'`))
		if err != nil {
			return def, false
		}
		return n, true
	}
	return def, true
}
