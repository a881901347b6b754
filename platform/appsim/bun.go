package appsim

import (
	"fmt"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Bun: `bun run X` and `bun X` (a package.json script, else a file), and
// Bun.serve's address.

func bunRecord() *tool {
	return &tool{name: "bun", names: []string{"bun"}, lang: "bun", run: bunTool,
		missingEntry: func(file, _ string) []Line { return []Line{{3, fmt.Sprintf("error: Module not found \"%s\"", file)}} },
		servers:      map[string]ownAddr{"Bun.serve": {host: "0.0.0.0", port: 3000, portVars: []string{"BUN_PORT", "PORT", "NODE_PORT"}}},
		listens:      []listenForm{bunServe, listenOptions, listenCall}, envRead: `Bun\.env\.%[1]s\b`}
}

// bunServeRe is Bun.serve({…}) or a default-exported server ({fetch, …}).
var bunServeRe = lazyregexp.New(`\bBun\.serve\(\s*(\{[^}]*\})?|export\s+default\s*(\{[^}]*\bfetch\b[^}]*\})`)

// bunServe reads Bun.serve's options (port, hostname), else its own: every
// address, the port of BUN_PORT, PORT or NODE_PORT, else 3000.
func bunServe(s *srcListen) (*Addr, bool) { return serveOptions(s, bunServeRe, ownAddrs["Bun.serve"]) }

// bunTool: `bun run X` and `bun X` run package.json's script X before a
// file X.
func bunTool(r *runSim, _ string, args []string, env map[string]string, depth int) (startCmd, bool) {
	rest := args
	if len(rest) > 0 && rest[0] == "run" {
		rest = rest[1:]
	}
	if text, ok := r.projectTask(firstFile(rest), "package.json"); ok && depth < 3 {
		return r.resolveIn(text, env, depth+1), true
	}
	return r.entry("bun", firstFile(rest), args, env), true
}
