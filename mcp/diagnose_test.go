package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestDiagnosis_FailedBuildInEventsAndLogs: after a build fails, zerops_events
// carries the build log's diagnosis on that build and zerops_logs for the
// build lists it, both with a Next that names the fix rather than a redeploy.
func TestDiagnosis_FailedBuildInEventsAndLogs(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	h.fake.FailNextBuild(h.fake.ServiceID("appstage"), `npm error Missing script: "biuld"`)
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "diag")
	wantError(t, res, m, platform.ErrBuildFailed)
	buildID, _ := m["appVersionId"].(string)
	if buildID == "" {
		t.Fatalf("failed deploy without appVersionId: %s", text(res))
	}

	res, m = h.call(t, "zerops_events", map[string]any{"serviceHostname": "appstage"})
	if res.IsError {
		t.Fatalf("zerops_events: %s", text(res))
	}
	var diag map[string]any
	for _, e := range m["events"].([]any) {
		ev := e.(map[string]any)
		if ev["id"] == buildID {
			diag, _ = ev["diagnosis"].(map[string]any)
		}
	}
	next, _ := m["next"].(string)
	if diag == nil || diag["signal"] != "npm-missing-script" || !strings.Contains(next, "build.buildCommands") {
		t.Errorf("events: build diagnosis %v, next %q; want npm-missing-script naming build.buildCommands", diag, next)
	}

	res, m = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage", "buildId": buildID})
	if res.IsError {
		t.Fatalf("zerops_logs: %s", text(res))
	}
	diags, _ := m["diagnoses"].([]any)
	next, _ = m["next"].(string)
	if len(diags) == 0 || diags[0].(map[string]any)["signal"] != "npm-missing-script" ||
		!strings.Contains(next, "npm-missing-script") || strings.Contains(next, "redeploy") {
		t.Errorf("logs: diagnoses %v, next %q; want npm-missing-script first and its fix as next", diags, next)
	}
}
