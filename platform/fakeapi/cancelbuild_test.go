package fakeapi_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/types"

	"github.com/zeropsio/zcp/platform"
)

// A build can be cancelled until its app version reaches the deploy stage:
// waiting, building or preparing the runtime it ends CANCELLED; once
// DEPLOYING the cancel is refused with processCanNoLongerBeCanceled, and the
// build goes on to ACTIVE.
func TestCancelBuild_RefusedOnceDeploying(t *testing.T) {
	t.Parallel()
	tests := []struct {
		stage    platform.AppVersionStatus // the app version's status when the cancel comes
		refused  bool
		wantLast platform.AppVersionStatus // the app version's final status
	}{
		{platform.AppVersionWaitingToBuild, false, platform.AppVersionCancelled},
		{platform.AppVersionBuilding, false, platform.AppVersionCancelled},
		{platform.AppVersionPreparingRuntime, false, platform.AppVersionCancelled},
		{platform.AppVersionDeploying, true, platform.AppVersionActive},
	}
	for _, tt := range tests {
		t.Run(string(tt.stage), func(t *testing.T) {
			t.Parallel()
			opts := fastOpts
			opts.BuildStepDuration = time.Hour
			srv, h := newSDK(t, opts)
			t.Cleanup(func() { srv.FinishBuilds() })
			ctx := context.Background()
			stage := srv.ServiceID("appstage")
			files := nodeApp(nodeYml("[npm ci]", "./"), nil)
			cr, err := h.PostServiceStackAppVersion(ctx, sid(stage), body.PostAppVersion{})
			av := out(t, cr.Output, err)
			ur, err := h.PutAppVersionUpload(ctx, path.AppVersionId{Id: av.Id}, bytes.NewReader(tarGz(t, files)))
			out(t, ur.Output, err)
			br, err := h.PutAppVersionBuildAndDeploy(ctx, path.AppVersionId{Id: av.Id}, body.PutAppVersionBuildAndDeploy{
				ZeropsYaml: types.MediumText(files["zerops.yml"]), ZeropsYamlSetup: types.NewStringNull("appstage")})
			p := out(t, br.Output, err)
			srv.AdvanceBuildsTo(tt.stage)
			if st := appVersions(t, h, stage)[string(av.Id)].Status; string(st) != string(tt.stage) {
				t.Fatalf("app version before the cancel = %s, want %s", st, tt.stage)
			}
			xr, err := h.PutProcessCancel(ctx, path.ProcessId{Id: p.Id})
			if tt.refused {
				if code := apiCode(outErr(t, xr.Output, err)); code != "processCanNoLongerBeCanceled" {
					t.Fatalf("cancel while %s: code %q, want processCanNoLongerBeCanceled", tt.stage, code)
				}
				srv.FinishBuilds()
			} else {
				out(t, xr.Output, err)
			}
			done := waitProcess(t, h, string(p.Id))
			if want := map[bool]string{true: "FINISHED", false: "CANCELED"}[tt.refused]; string(done.Status) != want {
				t.Errorf("build process ends %s, want %s", done.Status, want)
			}
			if st := appVersions(t, h, stage)[string(av.Id)].Status; string(st) != string(tt.wantLast) {
				t.Errorf("app version ends %s, want %s", st, tt.wantLast)
			}
		})
	}
}
