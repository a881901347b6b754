package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestDeploy_InitCommandFileMissing: a migration in run.initCommands, as the
// docs wrap it (zsc execOnce … --), that runs a file the deploy lacks
// fails the deploy, as on the platform (DEPLOY_FAILED, the start never
// runs): the verdict says so and next gives the one fix, the file
// deployed, once; not the advice for every other way an init command
// fails. With the file, the deploy is unverified, naming the command: the
// sandbox does not run the script (issue 34 walk; F7).
func TestDeploy_InitCommandFileMissing(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
		"initCommands: ['zsc execOnce ${appVersionId} -- node migrate.js']\n      start: node index.js")})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
	next := str(m["suggestion"]) // a failed build's one step
	if m["verdict"] != "deploy-failed" || m["status"] != "DEPLOY_FAILED" || firstSignal(m["diagnoses"]) != "init-command-failed" {
		t.Fatalf("verdict %v %v, first diagnosis %v: want deploy-failed DEPLOY_FAILED, init-command-failed: %s", m["verdict"], m["status"], firstSignal(m["diagnoses"]), text(res))
	}
	for _, w := range []string{"Deploy `migrate.js`", "`build.deployFiles`", "zerops_deploy"} {
		if !strings.Contains(next, w) {
			t.Errorf("next %q lacks %q", next, w)
		}
	}
	for _, n := range []string{"prepareCommands", "retryUntilSuccessful", "package install"} {
		if strings.Contains(next, n) {
			t.Errorf("next %q has another failure's %q", next, n)
		}
	}
	// The fake logs the command as the platform's failReason names it
	// (`init command failed: "…" exited with code N`): the cause and the
	// fix quote it, never "the init command" twice.
	if cause := str(m["error"]); !strings.Contains(cause, "`zsc execOnce ${appVersionId} -- node migrate.js` runs") ||
		strings.Contains(text(res), "the init command the init command") {
		t.Errorf("the cause does not quote the failing init command: %q", cause)
	}
	if n := strings.Count(text(res), "Deploy `migrate.js`"); n != 1 {
		t.Errorf("the fix is said %d times, want once: %s", n, text(res))
	}
	writeApp(t, h.workDir(t), map[string]string{"migrate.js": "console.log('migrated');\n"})
	res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "fixed")
	if check, _ := m["check"].(map[string]any); m["verdict"] != "unverified" || !strings.Contains(str(check["reason"]), "does not run `zsc execOnce ${appVersionId} -- node migrate.js`") {
		t.Fatalf("with migrate.js deployed the verdict is %v, want unverified naming the init command: %s", m["verdict"], text(res))
	}
}

// TestLogs_FailedDeployPointsAtItsLog: a log read that finds nothing after
// a deploy failed in its init command names that deploy's own log, where
// its lines are, and that log holds them (a walk: severity=error found
// nothing and said only to widen the search).
func TestLogs_FailedDeployPointsAtItsLog(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
		"initCommands: ['node migrate.js']\n      start: node index.js")})
	_, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "broken")
	if m["status"] != "DEPLOY_FAILED" {
		t.Fatalf("deploy: %v", m)
	}
	id := str(m["appVersionId"])
	res, m := h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage", "severity": "error"})
	wantOK(t, res)
	if next := str(m["next"]); m["count"] != float64(0) || !strings.Contains(next, "ended DEPLOY_FAILED") || !strings.Contains(next, "zerops_logs serviceHostname=appstage buildId="+id) {
		t.Fatalf("an empty read after a failed deploy: %s", text(res))
	}
	res, _ = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage", "buildId": id})
	wantOK(t, res)
	if !strings.Contains(text(res), "init-command-failed") {
		t.Errorf("the failed deploy's log lacks its init failure: %s", text(res))
	}
}
