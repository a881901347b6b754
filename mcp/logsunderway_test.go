package mcp_test

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// zerops_logs asked while a deploy is under way (the fix on its way) reads
// the version it replaces: its next step waits for that deploy's verdict
// and does not send the agent to apply the fix and deploy again (walk 7),
// both while the zerops_deploy call runs (its version not yet listed by
// the search) and after a call without progress returned.
func TestLogs_WhileADeployIsUnderWay(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true, buildStep: time.Hour}) // builds stand still until FinishBuilds
	wd := h.workDir(t)
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	broken := map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node server.js")}
	deploy := func(token string) deployCall {
		t.Helper()
		done := h.deployAsync(t, args, token)
		h.awaitProgress(t, token, "Deploying appstage")
		h.fake.FinishBuilds()
		return recv(t, done)
	}
	logsNext := func() string {
		t.Helper()
		res, m := h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
		wantOK(t, res)
		if len(firstDiagnosis(m["diagnoses"])) == 0 {
			t.Fatalf("logs diagnose nothing of the broken version: %s", text(res))
		}
		return str(m["next"])
	}

	writeApp(t, wd, broken)
	if c := deploy("v1"); c.m["verdict"] != "not-answering" {
		t.Fatalf("broken deploy: %s", text(c.res))
	}
	writeApp(t, wd, demoApp)
	fixed := h.deployAsync(t, args, "v2")
	h.awaitProgress(t, "v2", "Deploying appstage")
	if next := logsNext(); !strings.Contains(next, "zerops_deploy to appstage is still running") || strings.Contains(next, "zerops_deploy again") {
		t.Errorf("logs next during the deploy call %q, want to wait for its answer, not to deploy again", next)
	}
	h.fake.FinishBuilds()
	if c := recv(t, fixed); c.m["verdict"] != "live" {
		t.Fatalf("fixed deploy: %s", text(c.res))
	}

	writeApp(t, wd, broken)
	if c := deploy("v3"); c.m["verdict"] != "not-answering" {
		t.Fatalf("broken deploy again: %s", text(c.res))
	}
	writeApp(t, wd, demoApp)
	res, _ := h.call(t, "zerops_deploy", args) // no progress token: answers once pushed
	created := regexp.MustCompile(`app version (\S+) created`).FindStringSubmatch(text(res))
	if created == nil {
		t.Fatalf("the deploy names no app version: %s", text(res))
	}
	id := created[1]
	for deadline := time.Now().Add(20 * time.Second); ; { // the search lists a new version about a second late
		if ev, _ := h.call(t, "zerops_events", map[string]any{"serviceHostname": "appstage", "limit": 3}); strings.Contains(text(ev), id) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("app version %s never listed", id)
		}
	}
	if next := logsNext(); !strings.Contains(next, "zerops_deploy follow="+id) || strings.Contains(next, "zerops_deploy again") {
		t.Errorf("logs next after the push %q, want to wait on %s, not to deploy again", next, id)
	}
	h.fake.FinishBuilds()
}
