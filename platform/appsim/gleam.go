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
		// What its build commands write: `gleam export erlang-shipment`
		// the shipment (entrypoint.sh and each package's ebin), compiled
		// in build/prod; `gleam build` compiles in build/dev and writes
		// no shipment; both fetch the packages into build/packages.
		outputs: []toolOutput{{cmd: " gleam export erlang-shipment ", out: "build/erlang-shipment"},
			{cmd: " gleam export erlang-shipment ", out: "build/prod"}, {cmd: " gleam export erlang-shipment ", out: "build/packages"},
			{cmd: " gleam build ", out: "build/dev"}, {cmd: " gleam build ", out: "build/packages"},
			{cmd: " gleam deps download ", out: "build/packages"}},
		servers: map[string]ownAddr{"mist": {lang: "gleam", host: "127.0.0.1", port: 4000, uses: mistUseRe,
			// mist.port(8000) / mist.port(builder, 8000); mist.bind("0.0.0.0")
			setPort: lazyregexp.New(`\bmist\.port\(\s*(?:\w+\s*,\s*)?([^,()]+?)\s*\)`),
			setHost: lazyregexp.New(`\bmist\.bind\(\s*(?:\w+\s*,\s*)?("[^"]*"|\w+)\s*\)`),
			banner:  "Listening on http://%s:%d"}},
		binaryFrom: gleamShipment,
		envRead:    `\b(?:env\.get_(?:string|int|float|bool)|envoy\.get|os\.get_env)\(\s*"%[1]s"\s*\)`,
		mainFunc:   lazyregexp.New(`(?m)^pub fn main\(\)[^\n{]*\{[ \t]*$`),
		// a TCP connect (mug); a database pool connects when used.
		connects: lazyregexp.New(`\bmug\.connect\b`),
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
	if crash, ok := r.gleamNoProject(); ok {
		return crash, true
	}
	return r.gleamMain(nil, env)
}

// gleamNoProject is `gleam run` finding no gleam.toml in its directory
// or above in the run container: the deploy left the project out (the
// Erlang shipment's contents, `build/erlang-shipment/~`, hold none), and
// Gleam stops in its own words; false when one is there or may be.
func (r *runSim) gleamNoProject() (startCmd, bool) {
	if r.files == nil {
		return startCmd{}, false
	}
	for dir := r.path("."); ; dir = path.Dir(dir) {
		at := path.Join(dir, "gleam.toml")
		if r.deployed(at) != "" || r.producedAt(at) && !r.inShipment(at) || r.preparedAt(at) {
			return startCmd{}, false
		}
		if dir == "." || dir == "" {
			break
		}
	}
	return startCmd{lang: "gleam", exit: 1, crash: []Line{{3, "error: Project not found"}, {3, ""}, {3, "We were unable to find gleam.toml."}, {3, ""},
		{3, "We searched in " + path.Join(RunRoot, r.path(".")) + " and all parent directories."}}}, true
}

// inShipment reports whether each deployFiles entry that puts something
// at /var/www/rel takes it from the Erlang shipment, which holds only
// entrypoint.sh and the packages' compiled code, never the project's files.
func (r *runSim) inShipment(rel string) bool {
	from := false
	for _, df := range r.d.DeployFiles {
		if src, ok := deploySource(df, rel); ok {
			if !strings.HasPrefix(src, "build/erlang-shipment/") {
				return false
			}
			from = true
		}
	}
	return from
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
	r.gleamEnvCheck(env)
	if !ownAddrs["mist"].setHost.MatchString(src) {
		// The default is mist's own (localhost in its current versions):
		// said, not judged.
		r.unsure = append(r.unsure, fmt.Sprintf("where the mist server of %s listens: it calls no `mist.bind`, and mist binds localhost unless told, which answers only inside the container (add `|> mist.bind(\"0.0.0.0\")` to its builder)", file))
		return startCmd{lang: "gleam", named: true}, true
	}
	return codeServer("gleam", src, args, env)
}

// gleamNote is the sandbox's line when deployFiles entry df, missing, is
// in the Erlang shipment, which only `gleam export erlang-shipment` writes:
// "" otherwise.
func gleamNote(df string) string {
	if p := CleanRel(strings.ReplaceAll(df, "~", "")); p != "build/erlang-shipment" && !strings.HasPrefix(p, "build/erlang-shipment/") {
		return ""
	}
	return "[sandbox] build/erlang-shipment (with its entrypoint.sh) is what `gleam export erlang-shipment` writes; `gleam build` compiles into build/dev and writes no shipment"
}

var (
	// gleamEnvReadRe is a Gleam read of a variable: glenvy's
	// env.get_string/get_int/get_float/get_bool, envoy.get, and
	// gleam_erlang's os.get_env, each returning an Error when it is unset.
	gleamEnvReadRe = lazyregexp.New(`\b(?:env\.get_(?:string|int|float|bool)|envoy\.get|os\.get_env)\(\s*"(\w+)"\s*\)`)
	// gleamAssertRe ends `let assert Ok(x) =` before a read: unset, it
	// panics.
	gleamAssertRe = lazyregexp.New(`\blet\s+assert\s+Ok\([^()]*\)\s*=\s*$`)
	// gleamTryRe ends `use x <- result.try(` before a read: unset, the
	// function returns its Error.
	gleamTryRe = lazyregexp.New(`\buse\b[^\n=]*<-\s*result\.try\(\s*$`)
	// gleamCaseRe ends `case ` before a read.
	gleamCaseRe = lazyregexp.New(`\bcase\s+$`)
	// gleamErrArmRe is a case's arm for the Error, and what it gives: an
	// Error again or a panic fails the function.
	gleamErrArmRe  = lazyregexp.New(`\bError\(\s*\w*\s*\)\s*->`)
	gleamErrBackRe = lazyregexp.New(`\bError\(|\bpanic\b`)
	gleamDotenvRe  = lazyregexp.New(`\bdotenv\.load\(\s*\)`)
)

// gleamEnvNeeds are the reads of the Gleam module src whose unset
// variable fails the function reading it: under `let assert Ok(…)`, as
// `use … <- result.try(…)`, or as a case whose Error arm gives an Error
// or panics. A read given a default (result.unwrap, an arm with a value)
// is none. Whether the failure stops the app is in its callers: named,
// not run.
func gleamEnvNeeds(src string) []envNeed {
	var out []envNeed
	for _, m := range gleamEnvReadRe.FindAllStringSubmatchIndex(src, -1) {
		before := src[max(0, m[0]-200):m[0]]
		need := gleamAssertRe.MatchString(before) || gleamTryRe.MatchString(before)
		if !need && gleamCaseRe.MatchString(before) {
			if open := strings.IndexByte(src[m[1]:], '{'); open >= 0 {
				if body, _, ok := balanced(src, m[1]+open); ok {
					if arm := gleamErrArmRe.FindStringIndex(body); arm != nil {
						need = gleamErrBackRe.MatchString(body[arm[1]:])
					}
				}
			}
		}
		if need {
			out = append(out, envNeed{keys: []string{src[m[2]:m[3]]}, at: m[0]})
		}
	}
	return out
}

// gleamEnvCheck names, for the Gleam modules under src/, each variable a
// read needs (gleamEnvNeeds) that no variable sets (nor the .env file
// glenvy's dotenv.load reads): the start is unverified.
func (r *runSim) gleamEnvCheck(env map[string]string) {
	var mods []string
	for p := range r.files.paths {
		if strings.HasPrefix(p, "src/") && path.Ext(p) == ".gleam" {
			mods = append(mods, p)
		}
	}
	slices.Sort(mods)
	for _, p := range mods {
		src, ok := r.files.Read(p)
		if !ok {
			continue
		}
		if gleamDotenvRe.MatchString(src) && r.dotenv == nil {
			none := ""
			r.dotenv = &none
		}
	}
	for _, p := range mods {
		if src, ok := r.files.Read(p); ok {
			r.readCode(p, src)
			r.envCheck(src, p, gleamEnvNeeds(src), env)
		}
	}
}
