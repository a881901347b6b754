package appsim

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Gleam: `gleam run`, and the Erlang shipment's entrypoint.sh a `gleam
// export erlang-shipment` makes, both running the project's main module;
// a mist server started there listens where its builder says.

func gleamRecord() *tool {
	return &tool{name: "gleam", names: []string{"gleam"}, lang: "gleam", run: gleamTool, runBases: []string{"gleam"},
		servers: map[string]ownAddr{"mist": {lang: "gleam", host: "127.0.0.1", port: 4000, uses: mistUseRe,
			// mist.port(8000) / mist.port(builder, 8000); mist.bind("0.0.0.0")
			setPort: lazyregexp.New(`\bmist\.port\(\s*(?:\w+\s*,\s*)?([^,()]+?)\s*\)`),
			setHost: lazyregexp.New(`\bmist\.bind\(\s*(?:\w+\s*,\s*)?("[^"]*"|\w+)\s*\)`),
			banner:  "Listening on http://%s:%d"}},
		binaryFrom: gleamShipment,
		// Erlang's resolver answers nxdomain, and a `let assert` on the
		// connection crashes the main process with a report that names no
		// host.
		hostNotFound: func(string) string {
			return `exception error: #{function => <<"main">>,gleam_error => let_assert,message => <<"Pattern match failed, no pattern matched the value.">>,module => <<"app">>,value => {error,nxdomain}}`
		}}
}

// mistUseRe is a Gleam module that starts a mist server.
var mistUseRe = lazyregexp.New(`\bmist\.(?:new|start_http|start_http_server|start)\b`)

// gleamNameRe is gleam.toml's project name: its main module is src/NAME.gleam.
var gleamNameRe = lazyregexp.New(`(?m)^name\s*=\s*"([\w]+)"`)

// gleamTool is `gleam run` (the main module, without -m another).
func gleamTool(r *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	if len(args) == 0 || args[0] != "run" || slices.ContainsFunc(args, func(a string) bool { return a == "-m" || strings.HasPrefix(a, "--module") }) {
		return startCmd{}, false
	}
	return r.gleamMain(nil, env)
}

// gleamShipment reads the shipment's entrypoint.sh as the Gleam project
// uploaded beside it.
func gleamShipment(r *runSim, _ startCmd, args []string, env map[string]string) (startCmd, bool) {
	if len(args) == 0 || args[0] != "run" || !r.files.Has("gleam.toml") {
		return startCmd{}, false
	}
	return r.gleamMain(nil, env)
}

// gleamMain is where the project's mist server listens, read from the
// uploaded module that starts it (the main module, else the first other
// under src/ that does): the bind and port its builder sets. mist binds
// localhost unless mist.bind says otherwise; a project that starts no
// mist server, or sets them in a way not read, is left unknown.
func (r *runSim) gleamMain(args []string, env map[string]string) (startCmd, bool) {
	toml, _ := r.files.Read("gleam.toml")
	m := gleamNameRe.FindStringSubmatch(toml)
	if m == nil {
		return startCmd{}, false
	}
	file := "src/" + m[1] + ".gleam"
	src, ok := r.files.Read(file)
	if !ok || !mistUseRe.MatchString(src) {
		var others []string
		for p := range r.files.paths {
			if strings.HasPrefix(p, "src/") && path.Ext(p) == ".gleam" && p != file {
				others = append(others, p)
			}
		}
		slices.Sort(others)
		file, src = "", ""
		for _, p := range others {
			if s, ok := r.files.Read(p); ok && mistUseRe.MatchString(s) {
				file, src = p, s
				break
			}
		}
	}
	if file == "" {
		return startCmd{}, false
	}
	if !ownAddrs["mist"].setHost.MatchString(src) {
		// The default is mist's own (localhost in its current versions):
		// said, not judged.
		r.unsure = append(r.unsure, fmt.Sprintf("where the mist server of %s listens: it calls no `mist.bind`, and mist binds localhost unless told, which answers only inside the container (add `|> mist.bind(\"0.0.0.0\")` to its builder)", file))
		return startCmd{lang: "gleam", named: true}, true
	}
	return codeServer("gleam", src, args, env)
}
