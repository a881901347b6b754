package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// zerops_events after a failed build and a later good deploy does not say
// that nothing failed: the failure is in the list it answers, older than
// the live version (walk9b: a Symfony init command failed, the next deploy
// went live, and the timeline's next said "no build or process is running
// or failed" under a FAILED stack.build).
func TestEvents_OlderFailureNotDenied(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	good := demoApp["zerops.yml"]
	writeApp(t, h.workDir(t), noBuildScript)
	if res, _ := h.callWith(t, ctx, "zerops_deploy", args, "bad"); !res.IsError {
		t.Fatalf("the build without its script passed: %s", text(res))
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": good})
	if res, m := h.callWith(t, ctx, "zerops_deploy", args, "good"); m["verdict"] != "live" {
		t.Fatalf("the fixed deploy is not live: %s", text(res))
	}
	res, m := h.call(t, "zerops_events", map[string]any{"serviceHostname": "appstage", "since": "15m"})
	wantOK(t, res)
	if !strings.Contains(text(res), "BUILD_FAILED") {
		t.Fatalf("the timeline lacks the failed build: %s", text(res))
	}
	next := str(m["next"])
	if strings.Contains(next, "running or failed") {
		t.Errorf("next denies the failure the list shows: %s", next)
	}
	if !strings.Contains(next, "older") {
		t.Errorf("next does not say the listed failure is older than what runs: %s", next)
	}
}

// TestEvents_BuildsDatedByTheirStart: a build row carries its version
// number and the time its build began, so versions read in the order they
// were made (walk 85: two builds shared the time a later deploy touched
// them, and no row named the #N rollback answers speak of).
func TestEvents_BuildsDatedByTheirStart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	good := demoApp["zerops.yml"]
	writeApp(t, h.workDir(t), noBuildScript)
	if res, _ := h.callWith(t, ctx, "zerops_deploy", args, "bad"); !res.IsError {
		t.Fatalf("the build without its script passed: %s", text(res))
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": good})
	for _, tok := range []string{"good1", "good2"} {
		if res, m := h.callWith(t, ctx, "zerops_deploy", args, tok); m["verdict"] != "live" {
			t.Fatalf("the fixed deploy is not live: %s", text(res))
		}
	}
	res, m := h.call(t, "zerops_events", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	var versions []float64
	var times []string
	for _, e := range m["events"].([]any) {
		if ev := e.(map[string]any); ev["kind"] == "build" {
			v, _ := ev["version"].(float64)
			versions, times = append(versions, v), append(times, str(ev["time"]))
		}
	}
	if len(versions) != 3 || versions[0] != 3 || versions[1] != 2 || versions[2] != 1 {
		t.Fatalf("build rows' versions %v, want 3, 2, 1 newest first: %s", versions, text(res))
	}
	if times[0] == times[1] || times[1] == times[2] {
		t.Errorf("two builds share one time %v: %s", times, text(res))
	}
}
