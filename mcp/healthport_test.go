package mcp_test

import (
	"context"
	"maps"
	"strings"
	"testing"
)

// run.healthCheck on a port other than the app's: where the sandbox read
// where the app listens, the check is known to fail (not-answering), and
// the diagnosis names that port; where it did not (a start it cannot
// follow, taken to listen on run.ports), the reason says what it knows,
// run.ports, never both "could not check where it listens" and "it listens
// on 3000" (walk 14).
func TestDeploy_HealthCheckPortReasonIsOneClaim(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, start, verdict, says, not string }{
		{"where it listens read", "node index.js", "not-answering", "the app listens on 3000", "run.ports declares"},
		{"where it listens not read", "pm2-runtime start ecosystem.config.js", "unverified", "run.ports declares 3000", "it listens on 3000"},
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
			reason := str(check["reason"]) // what was not checked, or for a known failure, its diagnosis
			if d := firstDiagnosis(check["diagnoses"]); tt.verdict == "not-answering" {
				reason = d["cause"]
			}
			if m["verdict"] != tt.verdict || !strings.Contains(reason, "port 8080") || !strings.Contains(reason, tt.says) || strings.Contains(reason, tt.not) {
				t.Errorf("verdict %v, reason %q: want %s naming port 8080 and %q, not %q: %s", m["verdict"], reason, tt.verdict, tt.says, tt.not, text(res))
			}
		})
	}
}

// healthPortApp is zeropsio/recipe-nodejs as a blind sandbox walk had it:
// the code listens on 8080, written in index.js; zerops.yml declares
// ports and asks run.healthCheck on the given ports at path.
func healthPortApp(declared, checked, path string) map[string]string {
	yml := strings.NewReplacer("port: 3000", "port: "+declared,
		"start: node index.js", "start: node index.js\n      healthCheck: {httpGet: {port: "+checked+", path: "+path+"}}").Replace(demoZeropsYml)
	files := maps.Clone(demoApp)
	files["zerops.yml"] = yml
	files["index.js"] = "require('http').createServer((q, s) => s.end('ok')).listen(8080, '0.0.0.0');\n"
	return files
}

// TestDeploy_HealthCheckPortWalk: the wrong-port fix offered "change
// `run.ports` to 8080" alone, and applied, the next deploy was unverified
// ("could not check whether the containers survive run.healthCheck…")
// with the check's fix in its reason and "act on what the reason names"
// as its step. The fix moves the check with run.ports; a check left on a
// port where the app does not listen is known to fail (each container
// restarted), so the deploy is not-answering, its step the check's port.
func TestDeploy_HealthCheckPortWalk(t *testing.T) {
	t.Parallel()
	runDeployCases(t, []deployCase{
		{name: "code on 8080, run.ports and the check on 3000", files: healthPortApp("3000", "3000", "/status"), verdict: "not-answering", signal: "wrong-port",
			next: []string{"`run.ports` and `run.healthCheck.httpGet.port` to 8080"}, lacks: []string{"change `run.ports` to 8080"},
			then: []deployCase{
				{name: "run.ports moved alone", files: healthPortApp("8080", "3000", "/status"), verdict: "not-answering", signal: "health-check-failed",
					next:  []string{"Set `run.healthCheck.httpGet.port` to 8080"},
					lacks: []string{"could not check", "whether the containers survive", "act on what the reason names", "knowingly accept", "does not declare"},
					once:  []string{"httpGet.port` to 8080"}},
				{name: "the check moved too", files: healthPortApp("8080", "8080", "/"), verdict: "live"},
			}},
	})
}
