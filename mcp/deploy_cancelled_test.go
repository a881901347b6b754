package mcp_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// deployBuilt deploys args with a progress token while builds stand still
// (harnessOpts.buildStep of an hour), ends the build and returns the answer.
func (h *harness) deployBuilt(t *testing.T, args map[string]any, token string) deployCall {
	t.Helper()
	call := h.deployAsync(t, args, token)
	h.awaitProgress(t, token, "Deploying appstage")
	h.fake.FinishBuilds()
	return recv(t, call)
}

// cancelOldestBuild cancels the oldest of the builds (want of them) under
// way on appstage with zerops_process, as an agent or the Zerops UI would.
// The process search trails the push (SearchLag): it is asked until it
// lists them.
func (h *harness) cancelOldestBuild(t *testing.T, want int) {
	t.Helper()
	oldest := h.oldestBuild(t, want)
	res, _ := h.call(t, "zerops_process", map[string]any{"processId": oldest.ID, "action": "cancel"})
	wantOK(t, res)
}

// oldestBuild is the oldest of the builds (want of them) under way on
// appstage, asked until the process search lists them.
func (h *harness) oldestBuild(t *testing.T, want int) platform.Process {
	t.Helper()
	deadline := time.After(10 * time.Second)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	var procs []platform.Process
	for {
		found, err := h.client.SearchProcesses(context.Background(),
			platform.ProcessFilter{ProjectID: h.fake.ProjectID(), ServiceID: h.fake.ServiceID("appstage")})
		must(t, err)
		procs = slices.DeleteFunc(found, func(p platform.Process) bool { return p.ActionName != "stack.build" || p.IsTerminal() })
		if len(procs) >= want {
			break
		}
		select {
		case <-tick.C:
		case <-deadline:
			t.Fatalf("%d builds under way after 10 s, want %d", len(procs), want)
		}
	}
	return slices.MinFunc(procs, func(a, b platform.Process) int { return a.Created.Compare(b.Created) })
}

// A build whose version is already deploying can no longer be cancelled:
// zerops_process says it runs on and will finish, how to follow it and how
// to undo the deploy, and the deploy ends live.
func TestProcessCancel_DeployingBuildRunsOn(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true, buildStep: time.Hour})
	t.Cleanup(func() { h.fake.FinishBuilds() })
	call := h.deployAsync(t, map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
	h.awaitProgress(t, "v1", "Deploying appstage")
	build := h.oldestBuild(t, 1)
	if n := h.fake.AdvanceBuildsTo(platform.AppVersionDeploying); n != 1 {
		t.Fatalf("%d builds moved to DEPLOYING, want 1", n)
	}
	res, m := h.call(t, "zerops_process", map[string]any{"processId": build.ID, "action": "cancel"})
	wantError(t, res, m, platform.ErrProcessNoCancel)
	sugg, _ := m["suggestion"].(string)
	for _, w := range []string{"still running", "finish on its own", "zerops_process", "zerops_deploy rollback=true"} {
		if !strings.Contains(sugg, w) {
			t.Errorf("suggestion %q lacks %q", sugg, w)
		}
	}
	h.fake.FinishBuilds()
	if c := recv(t, call); c.m["verdict"] != string(platform.VerdictLive) {
		t.Errorf("the deploy whose cancel was refused: %s", text(c.res))
	}
}

// A build cancelled while it runs is no failed build: the deploy answers
// BUILD_CANCELLED (not BUILD_FAILED with a made-up cause), says why when it
// knows (a newer version pushed after it) and names a step that ends:
// follow the newer version, or deploy again. zerops_verify judges the
// version that runs and says the cancelled one's code is not deployed.
func TestDeploy_CancelledBuildIsNoFailure(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name       string
		first      bool     // the cancelled build is the service's first
		newer      bool     // a second push follows the first before it is cancelled
		wantNext   []string // in the cancelled deploy's suggestion
		wantVerify string   // zerops_verify's verdict after it
	}{
		{name: "cancelled", wantNext: []string{"zerops_deploy again"}, wantVerify: string(platform.VerdictHealthy)},
		{name: "first build cancelled", first: true, wantNext: []string{"zerops_deploy again"}, wantVerify: string(platform.VerdictFailing)},
		{name: "superseded by a newer push", newer: true,
			wantNext: []string{"zerops_events serviceHostname=appstage", "zerops_verify serviceHostname=appstage"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true, buildStep: time.Hour})
			t.Cleanup(func() { h.fake.FinishBuilds() }) // no deploy call left waiting an hour
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			if !tt.first {
				if c := h.deployBuilt(t, args, "v1"); c.m["verdict"] != string(platform.VerdictLive) {
					t.Fatalf("v1 is not live: %s", text(c.res))
				}
			}

			first := h.deployAsync(t, args, "v2")
			h.awaitProgress(t, "v2", "Deploying appstage")
			var second <-chan deployCall
			builds := 1
			if tt.newer {
				second = h.deployAsync(t, args, "v3")
				h.awaitProgress(t, "v3", "Deploying appstage")
				builds = 2
			}
			h.cancelOldestBuild(t, builds)
			c := recv(t, first)
			wantError(t, c.res, c.m, platform.ErrBuildCancelled)
			msg, _ := c.m["error"].(string)
			sugg, _ := c.m["suggestion"].(string)
			if c.m["verdict"] != string(platform.VerdictCancelled) || !strings.Contains(msg, "cancelled") ||
				strings.Contains(sugg, "buildId=") || strings.Contains(sugg, "fix") || tt.first && strings.Contains(msg, "stays ACTIVE") {
				t.Errorf("want verdict %s saying cancelled, no build log to fix: %s", string(platform.VerdictCancelled), text(c.res))
			}
			for _, w := range tt.wantNext {
				if !strings.Contains(sugg, w) {
					t.Errorf("suggestion %q lacks %q", sugg, w)
				}
			}
			if tt.newer {
				h.fake.FinishBuilds()
				b := recv(t, second)
				build, _ := b.m["build"].(map[string]any)
				newer, _ := build["appVersionId"].(string)
				if newer == "" || !strings.Contains(msg, newer) {
					t.Errorf("the cancelled deploy does not name the newer version %q: %s", newer, text(c.res))
				}
				return
			}

			res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
			s := service0(t, m)
			reason, _ := s["reason"].(string)
			next, _ := m["next"].(string)
			if m["verdict"] != tt.wantVerify || !strings.Contains(reason, "cancelled") ||
				!strings.Contains(next, "zerops_deploy") || strings.Contains(next, "buildId=") {
				t.Errorf("verify after a cancelled build: want %s, the cancel named, zerops_deploy next: %s", tt.wantVerify, text(res))
			}
		})
	}
}
