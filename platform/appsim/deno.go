package appsim

import (
	"cmp"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Deno: `deno task`, `deno run` (with the permission to listen) and `deno
// serve`, the modules an entry imports, and Deno.serve's address.

func denoRecord() *tool {
	return &tool{name: "deno", names: []string{"deno"}, lang: "deno", run: denoTool,
		missingEntry: func(_, abs string) []Line {
			return []Line{{3, fmt.Sprintf("error: Module not found \"file://%s\".", abs)}}
		},
		// Deno's fetch (its HTTP client's resolver), uncaught at start.
		hostNotFound: func(host string) string {
			return fmt.Sprintf("error: Uncaught (in promise) TypeError: error sending request for url (http://%s/): client error (Connect): dns error: failed to lookup address information: Name or service not known", host)
		},
		servers: map[string]ownAddr{"Deno.serve": {host: "0.0.0.0", port: 8000}},
		listens: []listenForm{denoServe, denoListen, listenCall}, envRead: `Deno\.env\.get\(['"]%[1]s['"]\)`, readsAtLoad: true,
		// Deno.connect, Deno.connectTls, a client's connect(), fetch.
		connects: lazyregexp.New(`\b(?:connect|connectTls|fetch)\(`)}
}

// denoHTTPRe is an HTTP URL, its scheme, at the start of a variable.
var denoHTTPRe = lazyregexp.New(`^(https?)://`)

// denoHostNotFound is how a Deno app reports host not resolving: where
// the variable naming it holds an HTTP URL, its fetch's error for that URL
// (fetch, the record's line, for http://host/); else Deno.connect's, as a
// database client connects, which names no URL.
func (r *runSim) denoHostNotFound(host, fetch string) string {
	v := r.env.Vars[r.env.MissingIn]
	m := denoHTTPRe.FindStringSubmatch(v)
	if m == nil {
		return "error: Uncaught (in promise) Error: failed to lookup address information: Name or service not known"
	}
	at := host
	if p := urlPortRe.FindStringSubmatch(v[len(m[0]):]); p != nil {
		at += ":" + p[1]
	}
	return strings.Replace(fetch, "http://"+host+"/", m[1]+"://"+at+"/", 1)
}

// denoRemoteRe is a module specifier Deno fetches rather than a file.
var denoRemoteRe = lazyregexp.New(`^(?:jsr|npm|https?):`)

// denoServeRe is Deno.serve({…}).
var denoServeRe = lazyregexp.New(`\bDeno\.serve\(\s*(\{[^}]*\})?`)

// denoServe reads Deno.serve's options (port, hostname), else its own:
// every address, port 8000.
func denoServe(s *srcListen) (*Addr, bool) {
	return serveOptions(s, denoServeRe, ownAddrs["Deno.serve"])
}

// denoHostRe is a listen object's hostname (Oak's key; host as fastify's).
var denoHostRe = lazyregexp.New(`\bhost(?:name)?\s*:\s*([^,}\n]+)`)

// denoListen reads a Deno server's listen({port, hostname}), Oak's:
// without a hostname it binds every address, as Oak's docs and Deno's own
// listeners do; fastify (npm:fastify) keeps its localhost.
func denoListen(s *srcListen) (*Addr, bool) {
	if strings.Contains(s.src, "fastify") {
		return listenOptions(s)
	}
	return listenObject(s, denoHostRe, "0.0.0.0")
}

// denoModules follows the relative imports of the Deno entry at rel (Deno
// resolves a specifier as written): one not deployed fails the start with
// Deno's "Module not found" and where it is imported.
func (r *runSim) denoModules(rel string, srcs map[string]string) (startCmd, bool) {
	return r.followImports(rel, "deno", func(from, src string, imp jsImport) (string, []Line) {
		srcs[from] = src
		if !imp.viaImp || !relativeSpec(imp.spec) {
			return "", nil // jsr:, npm:, https:, a mapped name
		}
		target := CleanRel(path.Join(path.Dir(from), imp.spec))
		if !r.isFile(target) && !r.producedAt(target) {
			line := strings.Count(src[:imp.at], "\n") + 1
			col := imp.at - strings.LastIndexByte(src[:imp.at], '\n')
			return "", []Line{
				{3, fmt.Sprintf("error: Module not found \"file://%s\".", path.Join(RunRoot, target))},
				{3, fmt.Sprintf("    at file://%s:%d:%d", path.Join(RunRoot, from), line, col-1)}}
		}
		return target, nil
	})
}

// denoPermitted judges `deno run`'s permissions: without a terminal it
// cannot ask, so an app that listens without --allow-net (-N, -A,
// --allow-all) before its script dies at the listen. flags are what
// precedes the script.
func denoPermitted(c startCmd, flags []string) startCmd {
	if c.crash != nil || c.listen == nil {
		return c
	}
	for _, f := range flags {
		if f == "-A" || f == "--allow-all" || f == "-N" || f == "--allow-net" || strings.HasPrefix(f, "--allow-net=") ||
			f == "-P" || strings.HasPrefix(f, "--permission-set") {
			return c
		}
	}
	return startCmd{lang: "deno", exit: 1, crash: []Line{
		{3, fmt.Sprintf("error: Uncaught (in promise) NotCapable: Requires net access to \"%s:%d\", run again with the --allow-net flag", c.listen.host, c.listen.port)}}}
}

// denoEnvRead is a read of a variable through Deno.env, indent its
// line's indentation.
var denoEnvRead = lazyregexp.New(`(?m)^([ \t]*)[^\n]*?\bDeno\.env\.(?:get\(\s*['"](\w+)['"]|toObject\(\))`)

// denoEnvPermitted judges `deno run`'s permission to read variables
// (flags: what precedes the script) for the modules it loads (srcs, by
// path): without --allow-env (-E, -A, --allow-all, -P) it cannot ask, so a
// Deno.env read at a module's top level dies as the module loads; one
// indented (in a function, or an expression the sandbox does not follow)
// is unverified, naming the variable and the flag.
func (r *runSim) denoEnvPermitted(srcs map[string]string, flags []string) (startCmd, bool) {
	for _, f := range flags {
		if f == "-A" || f == "--allow-all" || f == "-E" || f == "--allow-env" || strings.HasPrefix(f, "--allow-env=") ||
			f == "-P" || strings.HasPrefix(f, "--permission-set") {
			return startCmd{}, false
		}
	}
	for _, rel := range slices.Sorted(maps.Keys(srcs)) {
		src := srcs[rel]
		for _, m := range denoEnvRead.FindAllStringSubmatchIndex(src, -1) {
			if !commentFree(src, m[0]) {
				continue
			}
			key, line := sub(src, m, 2), strings.Count(src[:m[0]], "\n")+1
			what := "env access"
			if key != "" {
				what = fmt.Sprintf("env access to \"%s\"", key)
			}
			if m[3] == m[2] { // at the module's top: it runs as the module loads
				uncaught := "error: Uncaught (in promise) NotCapable: "
				if strings.HasPrefix(r.baseFull, "deno@1") {
					uncaught = "error: Uncaught PermissionDenied: "
				}
				return startCmd{lang: "deno", exit: 1, crash: []Line{
					{3, uncaught + "Requires " + what + ", run again with the --allow-env flag"},
					{3, fmt.Sprintf("    at file://%s:%d", path.Join(RunRoot, rel), line)}}}, true
			}
			note := fmt.Sprintf("whether the app reads %s as it starts: `deno run` has no --allow-env, and %s:%d reads it (Deno cannot ask for the permission without a terminal: the read dies `Requires env access`)",
				cmp.Or(key, "its variables"), rel, line)
			if !slices.Contains(r.unsure, note) {
				r.unsure = append(r.unsure, note)
			}
			return startCmd{}, false
		}
	}
	return startCmd{}, false
}

// denoTool: `deno task X` runs deno.json(c)'s task X (or package.json's
// script X); `deno run` and `deno serve` a file and the modules it
// imports, `deno run` only with the permission to listen.
func denoTool(r *runSim, _ string, args []string, env map[string]string, depth int) (startCmd, bool) {
	if len(args) > 0 && args[0] == "task" {
		flags := args[1:]
		task := firstFile(flags, "--config", "-c", "--cwd")
		if slices.ContainsFunc(flags, denoConfigElsewhere) {
			return r.denoTaskElsewhere(flags, task, env, depth), true
		}
		if text, ok := r.projectTask(task, "deno.json", "deno.jsonc", "package.json"); ok && depth < 3 {
			return r.resolveIn(text, env, depth+1), true
		}
		if r.denoNoConfig(flags) {
			return startCmd{lang: "deno", exit: 1, crash: []Line{
				{3, "error: deno task couldn't find deno.json(c) or package.json. See https://docs.deno.com/go/config"}}}, true
		}
		if task != "" {
			if tasks, read := r.denoTasks(); read && !slices.Contains(tasks, task) {
				return denoTaskNotFound(task, tasks), true
			}
		}
		return startCmd{lang: "deno"}, true
	}
	rest := args
	if len(rest) > 0 && (rest[0] == "run" || rest[0] == "serve") {
		rest = rest[1:]
	}
	file := firstFile(rest, "--config", "-c", "--import-map", "--port", "--host")
	if denoRemoteRe.MatchString(file) {
		// A module Deno fetches (jsr:, npm:, a URL), not a deployed file:
		// what it serves and where is in its code, not read here.
		return startCmd{lang: "deno"}, true
	}
	c := r.entry("deno", file, args, env)
	srcs := map[string]string{}
	if c.crash == nil && r.files != nil && file != "" {
		if crash, failed := r.denoModules(r.path(file), srcs); failed {
			return crash, true
		}
		if src, _, ok := r.moduleSource(r.path(file)); ok {
			srcs[r.path(file)] = src
		}
	}
	if c.crash == nil && (len(args) == 0 || args[0] != "serve") {
		if crash, failed := r.denoEnvPermitted(srcs, rest[:max(slices.Index(rest, file), 0)]); failed {
			return crash, true
		}
	}
	if len(args) > 0 && args[0] == "serve" {
		if c.crash == nil {
			// deno serve listens on --host (0.0.0.0) and --port (8000).
			c.listen = flagListen(rest, env, "0.0.0.0", 8000)
		}
		return c, true
	}
	return denoPermitted(c, rest[:max(slices.Index(rest, file), 0)]), true
}

// denoNoConfig reports whether `deno task` (args: what follows task)
// finds no config where it starts: none of deno.json, deno.jsonc and
// package.json deployed (nor made by the build) in its directory or one
// above it under /var/www, and no --config or --cwd naming another.
func (r *runSim) denoNoConfig(args []string) bool {
	if r.files == nil || slices.ContainsFunc(args, denoConfigElsewhere) {
		return false
	}
	for dir := r.path("."); ; dir = path.Dir(dir) {
		for _, f := range []string{"deno.json", "deno.jsonc", "package.json"} {
			if p := CleanRel(path.Join(dir, f)); r.deployed(p) != "" || r.producedAt(p) {
				return false
			}
		}
		if dir == "." || dir == "" || dir == "/" {
			return true
		}
	}
}

// denoTasks are the tasks `deno task` finds where it starts: deno.json's
// or deno.jsonc's tasks and package.json's scripts, sorted; read is false
// when none of them is deployed and read.
func (r *runSim) denoTasks() (tasks []string, read bool) {
	if r.files == nil {
		return nil, false
	}
	for _, f := range []string{"deno.json", "deno.jsonc", "package.json"} {
		table, ok := r.taskTable(r.path(f), strings.HasPrefix(f, "deno."))
		if !ok {
			if r.deployed(r.path(f)) != "" || r.producedAt(r.path(f)) {
				return nil, false // there, not read
			}
			continue
		}
		read = true
		for k := range table {
			if !slices.Contains(tasks, k) {
				tasks = append(tasks, k)
			}
		}
	}
	slices.Sort(tasks)
	return tasks, read
}

// denoConfigElsewhere reports whether a, an argument of `deno task`, is
// --config (-c) or --cwd, with its value or before it: the task's config
// is then not the one found where it starts.
func denoConfigElsewhere(a string) bool {
	for _, f := range []string{"--config", "-c", "--cwd"} {
		if a == f || strings.HasPrefix(a, f+"=") {
			return true
		}
	}
	return false
}

// denoFlagValue is the value of the first of names in flags, given as
// `name value` or `name=value`; "" when none is.
func denoFlagValue(flags []string, names ...string) string {
	for i, a := range flags {
		for _, n := range names {
			if v, ok := strings.CutPrefix(a, n+"="); ok {
				return v
			}
			if a == n && i+1 < len(flags) {
				return flags[i+1]
			}
		}
	}
	return ""
}

// denoTaskNotFound is Deno's answer to a task its config lacks: it lists
// the tasks it has (sorted), and stops.
func denoTaskNotFound(task string, tasks []string) startCmd {
	lines := []Line{{3, "Task not found: " + task}, {3, "Available tasks:"}}
	for _, t := range tasks {
		lines = append(lines, Line{3, "- " + t})
	}
	return startCmd{lang: "deno", exit: 1, crash: lines}
}

// denoTaskElsewhere judges `deno task` (flags: what follows task; task
// its name) with --config (-c) or --cwd: Deno reads the config --config
// names and runs the task in that config's directory. What the sandbox
// does not follow (--cwd, a config it cannot read, package.json scripts
// beside it) leaves the start unverified, saying why.
func (r *runSim) denoTaskElsewhere(flags []string, task string, env map[string]string, depth int) startCmd {
	if r.files == nil || task == "" || depth >= 3 {
		return startCmd{lang: "deno"}
	}
	shown := clip(strings.Join(append([]string{"deno", "task"}, flags...), " "), 80)
	unsure := func(why string) startCmd {
		note := fmt.Sprintf("which task `%s` runs and where it listens (%s)", shown, why)
		if !slices.Contains(r.unsure, note) {
			r.unsure = append(r.unsure, note)
		}
		return startCmd{lang: "deno", named: true}
	}
	if slices.ContainsFunc(flags, func(a string) bool { return a == "--cwd" || strings.HasPrefix(a, "--cwd=") }) {
		return unsure("--cwd moves where Deno looks for its config and runs the task; the sandbox does not follow it")
	}
	cfg := denoFlagValue(flags, "--config", "-c")
	if cfg == "" {
		return startCmd{lang: "deno"}
	}
	rel := r.path(cfg)
	table, ok := r.taskTable(rel, true)
	switch {
	case !ok && r.deployed(rel) == "" && !r.producedAt(rel):
		return unsure(fmt.Sprintf("the deploy puts no %s at %s, the config --config names", cfg, path.Join(RunRoot, rel)))
	case !ok:
		return unsure(fmt.Sprintf("the sandbox could not read %s, the config --config names", cfg))
	}
	dir := CleanRel(path.Dir(rel))
	if text, has := taskCommand(table, task); has {
		r.cwd = dir // Deno runs a task in its config's directory
		return r.resolveIn(text, env, depth+1)
	}
	if p := CleanRel(path.Join(dir, "package.json")); r.deployed(p) != "" || r.producedAt(p) {
		return unsure(fmt.Sprintf("%s has no task %q; whether Deno also reads the scripts of %s beside it is not checked", cfg, task, p))
	}
	return denoTaskNotFound(task, slices.Sorted(maps.Keys(table)))
}
