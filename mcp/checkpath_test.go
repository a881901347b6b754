package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A readiness check on a path the sandbox cannot judge (the app's routes
// are in its code) leaves the verdict unverified, naming the path, never
// live: on the platform a 404 there fails the deploy (walk 7: an actix
// app serving only / with readinessCheck on /healthz was answered live).
func TestDeploy_ReadinessPathIsUnverified(t *testing.T) {
	t.Parallel()
	tests := []struct{ path, verdict, reason string }{
		{"/healthz", "unverified", "answers 2xx at /healthz on port 3000"},
		{"/", "live", ""},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
				"start: node index.js\n    deploy:\n      readinessCheck:\n        httpGet:\n          port: 3000\n          path: "+tt.path)})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "ready")
			check, _ := m["check"].(map[string]any)
			if m["verdict"] != tt.verdict || !strings.Contains(str(check["reason"]), tt.reason) {
				t.Errorf("verdict %v (reason %q), want %s naming %q: %s", m["verdict"], check["reason"], tt.verdict, tt.reason, text(res))
			}
		})
	}
}

// run.healthCheck asks the app a path while it runs; the sandbox's app
// answers every path (its routes are in its code), so a check on a path
// other than / makes the verdict unverified, naming it, as a readiness
// check does (walk 9: a Hono app checked at /healthz, which it does not
// serve, was answered live).
func TestDeploy_HealthCheckPathIsUnverified(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, check, verdict string }{
		{"a path of its own", "      healthCheck:\n        httpGet:\n          port: 3000\n          path: /healthz\n", "unverified"},
		{"the root", "      healthCheck:\n        httpGet:\n          port: 3000\n          path: /\n", "live"},
		{"a command asking a path", "      healthCheck:\n        exec:\n          command: curl -fsS http://localhost:3000/up\n", "unverified"},
		// Walk 82: a readiness check on the same path and port was said
		// apart, the same clause twice in one reason.
		{"the readiness check's path", "      healthCheck:\n        httpGet:\n          port: 3000\n          path: /healthz\n    deploy:\n      readinessCheck:\n        httpGet:\n          port: 3000\n          path: /healthz\n", "unverified"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.Replace(demoZeropsYml, "      start: node index.js\n", "      start: node index.js\n"+tt.check, 1)})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "health")
			answer := text(res)
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, answer)
			}
			if tt.verdict == "unverified" && !strings.Contains(answer, "run.healthCheck") {
				t.Errorf("the reason does not name run.healthCheck: %s", answer)
			}
			if strings.Count(answer, "2xx at /healthz") > 1 {
				t.Errorf("the path is said more than once: %s", answer)
			}
		})
	}
}

// A check on a path no file of the app's code names is said to likely get
// a 404 (walk 79: a Python app checked at /health and /healthz, which it
// does not serve, was only "not checked"); a path the code names is not
// (the sandbox still does not judge the route).
func TestDeploy_CheckPathTheCodeNeverNames(t *testing.T) {
	t.Parallel()
	const unnamed = "no code file uploaded names the route /health: unless a framework or a catch-all route serves it, the app answers 404 there"
	for _, tt := range []struct {
		name, route string
		said        bool
	}{{"no such route", "/", true}, {"the route served", "/health", false}} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			yml := strings.Replace(nodeLoadYml, "      start: node index.js\n", "      start: node index.js\n      healthCheck:\n        httpGet:\n          port: 3000\n          path: /health\n", 1)
			code := "const http = require('node:http');\nhttp.createServer((q, s) => { if (q.url === '" + tt.route + "') { s.end('ok'); return; } s.statusCode = 404; s.end(); }).listen(3000, '0.0.0.0');\n"
			wd := h.ownApp(t, map[string]string{"zerops.yml": yml, "index.js": code})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": wd, "targetService": "appstage"}, "health")
			if m["verdict"] != "unverified" || strings.Contains(text(res), unnamed) != tt.said {
				t.Errorf("verdict %v, want unverified, saying the route is unnamed: %v: %s", m["verdict"], tt.said, text(res))
			}
		})
	}
}
