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
		})
	}
}
