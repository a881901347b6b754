package mcp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// A deploy to a stopped runtime: the platform builds and activates the new
// version, the service stays STOPPED and its app does not start (ZCP's
// chosen reading, the safe one). The followed deploy says so up front with
// the call to start it, without waiting a minute for an answer that cannot
// come; once started, the new version runs and answers.
func TestDeploy_StoppedTargetSaysStartIt(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true}) // the default minute to answer
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "first")
	wantOK(t, res)
	if m["verdict"] != string(platform.VerdictLive) {
		t.Fatalf("first deploy: %s", text(res))
	}
	res, _ = h.call(t, "zerops_manage", map[string]any{"action": "stop", "serviceHostname": "appstage"})
	wantOK(t, res)
	h.fake.EndProcesses()

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second) // far below the minute a deploy waits
	defer cancel()
	began := time.Now()
	res, m = h.callWith(t, ctx, "zerops_deploy", args, "stopped")
	wantOK(t, res)
	msg, _ := m["message"].(string)
	next, _ := m["next"].(string)
	if m["verdict"] != string(platform.VerdictStopped) || !strings.HasPrefix(msg, "appstage is STOPPED") ||
		!strings.Contains(next, "zerops_manage action=start serviceHostname=appstage") || strings.Contains(msg, "ACTIVE") {
		t.Fatalf("verdict %v, message %q, next %q; want %s saying STOPPED first and the start call: %s",
			m["verdict"], msg, next, string(platform.VerdictStopped), text(res))
	}
	if took := time.Since(began); took > 10*time.Second {
		t.Errorf("the deploy to a stopped service took %s: it waited for an answer", took)
	}
	build, _ := m["build"].(map[string]any)
	newID, _ := build["appVersionId"].(string)
	if newID == "" {
		t.Fatalf("no app version in %s", text(res))
	}
	res, _ = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
	if logs := text(res); strings.Contains(logs, newID) {
		t.Errorf("the stopped service logs its new version running: %s", logs)
	}

	res, _ = h.call(t, "zerops_manage", map[string]any{"action": "start", "serviceHostname": "appstage"})
	wantOK(t, res)
	h.fake.EndProcesses()
	res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	if m["verdict"] != string(platform.VerdictHealthy) {
		t.Fatalf("after the start: %s", text(res))
	}
	res, _ = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
	if logs := text(res); !strings.Contains(logs, "Starting app version "+newID) {
		t.Errorf("the start did not run the new version: %s", logs)
	}
}

// TestVerify_StoppedServiceSaysStartIt: a stopped runtime with two
// deployed versions is started, not rolled back: nothing of either runs.
func TestVerify_StoppedServiceSaysStartIt(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	for _, token := range []string{"v1", "v2"} {
		if res, m := h.callWith(t, context.Background(), "zerops_deploy", args, token); m["verdict"] != string(platform.VerdictLive) {
			t.Fatalf("%s is not live: %s", token, text(res))
		}
	}
	res, _ := h.call(t, "zerops_manage", map[string]any{"action": "stop", "serviceHostname": "appstage"})
	wantOK(t, res)
	h.fake.EndProcesses()

	res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	next, _ := m["next"].(string)
	if !strings.Contains(next, "zerops_manage action=start serviceHostname=appstage") || strings.Contains(next, "rollback") {
		t.Errorf("verify of a stopped service: want the start call and no rollback: %s", text(res))
	}
}
