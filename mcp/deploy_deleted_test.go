package mcp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// A deploy whose target is deleted while its build runs ends saying so:
// the target is gone (or going), nothing of the push runs, and the next
// step re-creates it or deploys elsewhere, never a zerops_verify that can
// only answer SERVICE_NOT_FOUND.
func TestDeploy_TargetDeletedDuringBuild(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		process time.Duration // the delete's duration
		gone    bool          // wait until the delete has finished
	}{
		{name: "deleted", process: 40 * time.Millisecond, gone: true},
		{name: "being deleted", process: time.Hour},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true, buildStep: time.Hour, processDuration: tt.process})
			t.Cleanup(func() { h.fake.FinishBuilds() }) // no deploy call left waiting an hour
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			id := h.fake.ServiceID("appstage")

			call := h.deployAsync(t, args, "v1")
			h.awaitProgress(t, "v1", "Deploying appstage")
			res, _ := h.call(t, "zerops_delete", map[string]any{"serviceHostname": "appstage", "confirm": true})
			wantOK(t, res)
			if tt.gone {
				deadline := time.After(10 * time.Second)
				tick := time.NewTicker(20 * time.Millisecond)
				defer tick.Stop()
				for {
					_, err := h.client.GetService(platform.FreshRead(context.Background()), id)
					if platform.ErrorCode(err) == platform.ErrServiceNotFound {
						break
					}
					select {
					case <-tick.C:
					case <-deadline:
						t.Fatalf("appstage not deleted after 10 s: %v", err)
					}
				}
			}
			h.fake.FinishBuilds()
			c := recv(t, call)
			wantError(t, c.res, c.m, platform.ErrServiceNotFound)
			msg, _ := c.m["error"].(string)
			sugg, _ := c.m["suggestion"].(string)
			if c.m["verdict"] != string(platform.VerdictTargetDeleted) || !strings.Contains(msg, "deleted while the deploy ran") ||
				!strings.Contains(msg, "nothing of it runs") || c.m["appVersionId"] == nil {
				t.Errorf("want verdict %s saying appstage was deleted while the deploy ran: %s", string(platform.VerdictTargetDeleted), text(c.res))
			}
			if !strings.Contains(sugg, "zerops_import") || strings.Contains(sugg, "zerops_verify") {
				t.Errorf("suggestion %q: want re-create with zerops_import or deploy elsewhere, no zerops_verify", sugg)
			}
		})
	}
}

// A target deleted after its build went ACTIVE, while the deploy still
// checks that it answers (a service without HTTP ports is asked again until
// they register), ends the same way: the check sees the target gone.
func TestDeploy_TargetDeletedWhileChecked(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{
		"zerops.yml": strings.ReplaceAll(demoZeropsYml, "      ports: [{port: 3000, httpSupport: true}]\n", ""),
	})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	call := h.deployAsync(t, args, "v1")
	h.awaitProgress(t, "v1", "waiting for its HTTP ports to register")
	res, _ := h.call(t, "zerops_delete", map[string]any{"serviceHostname": "appstage", "confirm": true})
	wantOK(t, res)
	c := recv(t, call)
	wantError(t, c.res, c.m, platform.ErrServiceNotFound)
	if sugg, _ := c.m["suggestion"].(string); c.m["verdict"] != string(platform.VerdictTargetDeleted) || strings.Contains(sugg, "zerops_verify") {
		t.Errorf("want verdict %s and no zerops_verify step: %s", string(platform.VerdictTargetDeleted), text(c.res))
	}
}
