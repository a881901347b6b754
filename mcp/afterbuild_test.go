package mcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
)

// A version that fails after its build (PREPARING_RUNTIME_FAILED,
// DEPLOY_FAILED) while the one before keeps running: deploy, verify, logs
// and events each name its true cause first. A DEPLOY_FAILED version's log
// is its new containers' start, read as a runtime's.
func TestSandbox_FailureAfterBuildNamesCause(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		broken map[string]string
		status string
		signal string
		// fix is a part of the first fix each of the three answers gives.
		fix string
	}{
		{"ReadinessNeverPasses", map[string]string{
			"zerops.yml": strings.Replace(demoZeropsYml, "    run: &run\n", "    deploy:\n      readinessCheck: {httpGet: {port: 3001, path: /}}\n    run: &run\n", 1)},
			"DEPLOY_FAILED", "readiness-check-failed", ""},
		// The check asks the declared port; the app listens on another:
		// the app is moved, not the check; moving run.ports moves the check
		// too (walk 5: verify and logs gave the check's own fix).
		{"ReadinessAppOnOtherPort", map[string]string{
			"zerops.yml": strings.Replace(demoZeropsYml, "    run: &run\n", "    deploy:\n      readinessCheck: {httpGet: {port: 3000, path: /}}\n    run: &run\n", 1),
			"index.js": "const http = require('node:http');\nconst port = process.env.PORT || 8080;\n" +
				"http.createServer((req, res) => res.end('ok')).listen(port, () => console.log(`listening on ${port}`));\n"},
			"DEPLOY_FAILED", "wrong-port", "change `run.ports` and `deploy.readinessCheck.httpGet.port` to 8080"},
		// The app exits at start: its cause is the one fix, not the check's.
		{"ReadinessAppExits", map[string]string{
			"zerops.yml": strings.Replace(strings.Replace(demoZeropsYml, "    run: &run\n", "    deploy:\n      readinessCheck: {httpGet: {port: 3000, path: /}}\n    run: &run\n", 1),
				"start: node index.js", "start: node dist/server.js", 1)},
			"DEPLOY_FAILED", "start-file-missing", ""},
		{"RunPrepareReadsVarWww", map[string]string{
			"zerops.yml": strings.Replace(demoZeropsYml, "    run: &run\n", "    run: &run\n      prepareCommands: ['cd /var/www && npm ci']\n", 1)},
			"PREPARING_RUNTIME_FAILED", "prepare-reads-deploy-files", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true, deps: func(d *mcp.Deps) { d.ReadyWait = 3 * time.Second }})
			wd := h.workDir(t)
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			if res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "good"); m["verdict"] != string(platform.VerdictLive) {
				t.Fatalf("the good app's verdict = %v: %s", m["verdict"], text(res))
			}
			writeApp(t, wd, tt.broken)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
			// The build passed when the deploy failed: the verdict says which
			// (walk 11: build-failed for a readiness check that never passed).
			verdict := map[string]platform.Verdict{"DEPLOY_FAILED": platform.VerdictDeployFailed}[tt.status]
			if verdict == "" {
				verdict = platform.VerdictBuildFailed
			}
			if m["verdict"] != string(verdict) || m["status"] != tt.status || firstSignal(m["diagnoses"]) != tt.signal ||
				!strings.Contains(text(res), "the version deployed before stays ACTIVE") {
				t.Fatalf("deploy: want %s %s with %s first, the version before ACTIVE: %s", verdict, tt.status, tt.signal, text(res))
			}
			// The build passed when the deploy failed: the code says which.
			if code := map[string]string{"DEPLOY_FAILED": platform.ErrDeployFailed}[tt.status]; code != "" && m["code"] != code || code == "" && m["code"] != platform.ErrBuildFailed {
				t.Errorf("deploy: code %v for a version ended %s: %s", m["code"], tt.status, text(res))
			}
			if tt.status == "DEPLOY_FAILED" && tt.signal != "readiness-check-failed" && (strings.Contains(text(res), "make the check match the app") || strings.Count(text(res), "\"signal\"") != 1) ||
				!strings.Contains(str(m["suggestion"]), tt.fix) {
				t.Errorf("deploy: the readiness check's own fix (or a second diagnosis) beside %s, or not %q: %s", tt.signal, tt.fix, text(res))
			}
			id := m["appVersionId"]
			res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
			svcs, _ := m["services"].([]any)
			if len(svcs) != 1 {
				t.Fatalf("verify: %s", text(res))
			}
			sv, _ := svcs[0].(map[string]any)
			if sv["verdict"] != "degraded" || firstSignal(sv["diagnoses"]) != tt.signal || !strings.Contains(text(res), tt.fix) {
				t.Errorf("verify: want degraded (the version before answers) with %s first, %q: %s", tt.signal, tt.fix, text(res))
			}
			res, m = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage", "buildId": id})
			if firstSignal(m["diagnoses"]) != tt.signal || !strings.Contains(text(res), tt.fix) {
				t.Errorf("logs of the build: want %s first, %q: %s", tt.signal, tt.fix, text(res))
			}
		})
	}
}

// firstSignal is the signal of the first of a list of diagnoses.
func firstSignal(v any) string {
	b, _ := json.Marshal(v)
	var ds []struct{ Signal string }
	_ = json.Unmarshal(b, &ds)
	if len(ds) == 0 {
		return ""
	}
	return ds[0].Signal
}
