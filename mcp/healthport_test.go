package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// run.healthCheck on a port other than the app's: where the sandbox read
// where the app listens, the reason names that port; where it did not (a
// start it cannot follow, taken to listen on run.ports), the reason says
// what it knows, run.ports, never both "could not check where it listens"
// and "it listens on 3000" (walk 14).
func TestDeploy_HealthCheckPortReasonIsOneClaim(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, start, says, not string }{
		{"where it listens read", "node index.js", "it listens on 3000", "run.ports declares"},
		{"where it listens not read", "pm2-runtime start ecosystem.config.js", "run.ports declares 3000", "it listens on 3000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			yml := strings.Replace(demoZeropsYml, "      start: node index.js\n",
				"      start: "+tt.start+"\n      healthCheck:\n        httpGet:\n          port: 8080\n          path: /\n", 1)
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml, "ecosystem.config.js": "module.exports = { apps: [{ script: 'index.js' }] };\n"})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "health")
			check, _ := m["check"].(map[string]any)
			reason := str(check["reason"])
			if m["verdict"] != "unverified" || !strings.Contains(reason, "port 8080") || !strings.Contains(reason, tt.says) || strings.Contains(reason, tt.not) {
				t.Errorf("verdict %v, reason %q: want unverified naming port 8080 and %q, not %q: %s", m["verdict"], reason, tt.says, tt.not, text(res))
			}
		})
	}
}
