package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// A Node app whose code binds a local address is answered with the bind in
// Node's words where the code writes it, read from the code ZCP pushed: no
// HOST variable where the address is literal, no
// Flask, gunicorn or uvicorn form for a Node app (issue 34).
func TestDeploy_LocalhostBindFixIsTheAppsOwnCode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		files map[string]string
		want  []string
		not   []string
		// hostLast: the code was not read (npm start names no file), so a
		// HOST variable is offered, only after the bind in Node's words.
		hostLast bool
	}{
		{"literal in the started file",
			map[string]string{"index.js": "const http = require('node:http');\n" +
				"http.createServer((req, res) => res.end('ok')).listen(3000, '127.0.0.1');\n"},
			[]string{"index.js, line 2", "listen(3000, '0.0.0.0')"},
			[]string{"HOST", "zerops_env", "Flask", "gunicorn", "uvicorn", "ListenAndServe"}, false},
		// The platform's readiness check asks 127.0.0.1 inside the
		// container: it passes, the version goes live, the balancer gets 502.
		{"literal, with a readiness check",
			map[string]string{"zerops.yml": strings.Replace(demoZeropsYml, "    run: &run\n", "    deploy:\n      readinessCheck: {httpGet: {port: 3000, path: /}}\n    run: &run\n", 1),
				"index.js": "const http = require('node:http');\n" +
					"http.createServer((req, res) => res.end('ok')).listen(3000, '127.0.0.1');\n"},
			[]string{"index.js, line 2", "listen(3000, '0.0.0.0')"},
			[]string{"HOST", "readinessCheck"}, false},
		{"localhost in a constant the listen call takes",
			map[string]string{"index.js": "const http = require('node:http');\nconst HOST = 'localhost';\n" +
				"http.createServer((req, res) => res.end('ok')).listen(3000, HOST);\n"},
			[]string{"index.js, line 2", "`const HOST = '0.0.0.0';`"},
			[]string{"HOST=0.0.0.0", "zerops_env", "Flask", "gunicorn", "uvicorn", "ListenAndServe"}, false},
		// npm start runs package.json's script, whose file ZCP reads.
		{"started through an npm script",
			map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: npm start"),
				"index.js": "const http = require('node:http');\n" +
					"http.createServer((req, res) => res.end('ok')).listen(3000, '127.0.0.1');\n"},
			[]string{"index.js, line 2", "listen(3000, '0.0.0.0')"},
			[]string{"HOST", "zerops_env", "Flask", "gunicorn", "uvicorn", "ListenAndServe"}, false},
		{"started through an npm script naming no file, code not read",
			map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: npm start"),
				"package.json": `{"name": "demo", "version": "1.0.0", "main": "index.js", "scripts": {"start": "node ."}}` + "\n",
				"index.js": "const http = require('node:http');\n" +
					"http.createServer((req, res) => res.end('ok')).listen(3000, '127.0.0.1');\n"},
			[]string{"server.listen(3000, '0.0.0.0')", "Only if the code reads a HOST variable (`process.env.HOST`)"},
			[]string{"Flask", "gunicorn", "uvicorn", "ListenAndServe"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), tt.files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			check, _ := m["check"].(map[string]any)
			first := firstDiagnosis(check["diagnoses"])
			if m["verdict"] != string(platform.VerdictNotAnswering) || first["signal"] != "listening-on-localhost" {
				t.Fatalf("verdict %v, first diagnosis %v; want not-answering, listening-on-localhost: %s", m["verdict"], first, text(res))
			}
			said := first["cause"] + " " + first["fix"] + " " + str(m["next"])
			for _, w := range tt.want {
				if !strings.Contains(said, w) {
					t.Errorf("the answer lacks %q: %s", w, said)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(said, n) {
					t.Errorf("the answer has %q: %s", n, said)
				}
			}
			if host, bind := strings.Index(said, "HOST=0.0.0.0"), strings.Index(said, "'0.0.0.0'"); tt.hostLast && (bind < 0 || host < bind) {
				t.Errorf("the answer offers the HOST variable before the code's bind: %s", said)
			}
		})
	}
}
