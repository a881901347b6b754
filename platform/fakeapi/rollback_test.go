package fakeapi_test

import (
	"context"
	"testing"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/sdk"

	"github.com/zeropsio/zcp/platform"
)

func versionStatus(t *testing.T, h sdk.Handler, id string) platform.AppVersionStatus {
	t.Helper()
	r, err := h.PostAppVersionSearch(context.Background(), filter([2]string{"id", id}))
	items := out(t, r.Output, err).Items
	if len(items) != 1 {
		t.Fatalf("app version %s: %d found", id, len(items))
	}
	return platform.AppVersionStatus(items[0].Status.Native())
}

// TestDeployAppVersion_RedeploysAnEarlierBuild deploys v1, v2, then v1 again:
// v1 is ACTIVE and v2 BACKUP; a failed build is refused.
func TestDeployAppVersion_RedeploysAnEarlierBuild(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	app := srv.ServiceID("appdev")
	v1, _ := push(t, h, app)
	v2, _ := push(t, h, app)
	if got := versionStatus(t, h, string(v1.Id)); got != platform.AppVersionBackup {
		t.Fatalf("v1 after v2 = %s, want BACKUP", got)
	}
	r, err := h.PutAppVersionDeploy(ctx, path.AppVersionId{Id: v1.Id}, body.PutAppVersionDeploy{})
	waitProcess(t, h, string(out(t, r.Output, err).Id))
	if a, b := versionStatus(t, h, string(v1.Id)), versionStatus(t, h, string(v2.Id)); a != platform.AppVersionActive || b != platform.AppVersionBackup {
		t.Fatalf("after the rollback v1 = %s, v2 = %s; want ACTIVE, BACKUP", a, b)
	}

	bad, _ := pushYAML(t, h, app, "zerops:\n  - setup: app\n    build:\n      buildCommands: ['false']\n", "app")
	if got := versionStatus(t, h, string(bad.Id)); got != platform.AppVersionBuildFailed {
		t.Fatalf("failed build = %s", got)
	}
	r, err = h.PutAppVersionDeploy(ctx, path.AppVersionId{Id: bad.Id}, body.PutAppVersionDeploy{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Output(); err == nil || r.StatusCode() != 400 {
		t.Fatalf("deploy of a failed build: status %d, err %v; want 400", r.StatusCode(), err)
	}
}
