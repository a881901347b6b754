package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// Correct configurations review 6 found refused (G1, G3, G4) deploy live
// through zerops_deploy: a healthCheck with its own timeouts and execPeriod,
// deployFiles ./src/~server (src/server lands at /var/www/server), and
// deno@2 without os: ubuntu.
func TestDeploy_SpecValidConfigsGoLive(t *testing.T) {
	t.Parallel()
	checks := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n"+
		"      healthCheck:\n        httpGet: {port: 3000, path: /}\n        failureTimeout: 60\n        disconnectTimeout: 30\n        recoveryTimeout: 30\n        execPeriod: 10")
	prefixStrip := strings.NewReplacer("buildCommands: [npm ci]", "buildCommands: []", "deployFiles: ./", "deployFiles: [./src/~server, package.json]",
		"start: node index.js", "start: node server/index.js").Replace(demoZeropsYml)
	tests := []struct {
		name  string
		files map[string]string
	}{
		{"HealthCheckKeys", map[string]string{"zerops.yml": checks, "index.js": demoApp["index.js"]}},
		{"DeployFilesTildeBeforeAName", map[string]string{"zerops.yml": prefixStrip, "src/server/index.js": demoApp["index.js"], "package.json": "{}\n"}},
		{"DenoWithoutOS", map[string]string{"zerops.yml": "zerops:\n  - setup: appstage\n    build:\n      base: deno@2\n      deployFiles: ./\n" +
			"    run:\n      base: deno@2\n      ports: [{port: 8000, httpSupport: true}]\n      start: deno run --allow-net main.ts\n",
			"main.ts": "Deno.serve({ port: 8000 }, () => new Response('ok'))\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), tt.files)
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "deploy")
			if m["verdict"] != "live" {
				t.Fatalf("verdict %v, want live: %s", m["verdict"], text(res))
			}
		})
	}
}
