package mcp_test

import (
	"strings"
	"testing"
)

// agentwalk28Node is a Node app of server.js alone, deployed whole and
// started with node server.js on port 3000.
func agentwalk28Node(server string) map[string]string {
	return map[string]string{"server.js": server,
		"zerops.yml": setupYml{base: "nodejs@22", deploy: "./", port: 3000, start: "node server.js"}.String()}
}

// A Node entry that crashes as it loads (agent walk 28, goal "a crash at
// start with an exit code"): a top-level `throw new Error(…)` was answered
// live ("nothing to fix"), since the file reads PORT and the sandbox took
// that for where it listens; a top-level process.exit(3) after a printed
// line was read as "threw an unhandled error … read the stack trace's first
// frame", when there is no trace. Each now crash-loops as Node does, and
// the fix is said once: the trace's frame for the throw, the printed line
// for the exit. A throw inside a condition or a handler is not at load.
func TestDeploy_CrashAtLoadAgentwalk28(t *testing.T) {
	t.Parallel()
	head := "const http = require('node:http')\nconst port = Number(process.env.PORT || 3000)\n"
	serve := "http.createServer((req, res) => res.end('ok')).listen(port, '0.0.0.0')\n"
	runDeployCases(t, []deployCase{
		{name: "top-level throw", files: agentwalk28Node(head + "throw new Error('database schema version mismatch')\n" + serve),
			verdict: "not-answering", signal: "app-crash",
			says:  []string{"Error: database schema version mismatch", "/var/www/server.js:3:7"},
			once:  []string{"stack trace's first frame"},
			lacks: []string{"nothing to fix"}},
		{name: "top-level exit after a printed line", files: agentwalk28Node(head + "console.error('fatal: config missing');\nprocess.exit(3);\n" + serve),
			verdict: "not-answering", signal: "app-crash",
			says:  []string{"exited with code 3"},
			once:  []string{"printed `fatal: config missing` and exited with code 3"},
			lacks: []string{"nothing to fix", "stack trace's first frame", "threw an unhandled error"}},
		{name: "throw under a condition", files: agentwalk28Node(head + "if (Number.isNaN(port))\n  throw new Error('bad port')\n" + serve),
			verdict: "live"},
		{name: "throw in a handler", files: agentwalk28Node(head + "http.createServer((req, res) => {\n  throw new Error('per request')\n}).listen(port, '0.0.0.0')\n"),
			verdict: "live"},
	})
}

// A variable whose value holds a reference to a missing service among other
// text (agent walk 28, goal "env"): the warning named the service to
// reference, but the next step elided the value ("REDIS_URL=…" "with a
// reference the warning names"), leaving the agent to splice it. The step
// now carries the value with only the reference changed, stated once (the
// warning keeps the problem); two bad references stay the elided form.
func TestEnv_EmbeddedBadReferenceAgentwalk28(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, value string
		once        []string // in the answer exactly once
		lacks       []string
	}{
		{"one reference in a URL", "redis://${redis_hostname}:6379",
			[]string{`variables=[\"REDIS_URL=redis://${cache_hostname}:6379\"] restart=true (cache is valkey@7.2)`, "${cache_hostname}"},
			[]string{"REDIS_URL=…", "keeping the key"}},
		{"two references stay elided", "redis://${redis_hostname}:${valkey_port}",
			[]string{"REDIS_URL=…"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			res, _ := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"REDIS_URL=" + tt.value}})
			wantOK(t, res)
			answer := text(res)
			for _, w := range tt.once {
				if n := strings.Count(answer, w); n != 1 {
					t.Errorf("%q appears %d times, want once: %s", w, n, answer)
				}
			}
			for _, l := range tt.lacks {
				if strings.Contains(answer, l) {
					t.Errorf("the answer has %q: %s", l, answer)
				}
			}
		})
	}
}
