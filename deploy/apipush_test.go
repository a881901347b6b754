package deploy_test

import (
	"context"
	"testing"
	"time"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

func TestAPIPusher_CreatesBuild(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{ProcessDuration: 20e6, BuildStepDuration: 20e6})
	c, err := platform.NewZeropsClient(platform.ClientConfig{APIURL: fake.URL(), Token: fake.Token()})
	if err != nil {
		t.Fatal(err)
	}
	stage := fake.ServiceID("appstage")
	res, err := deploy.NewAPIPusher(c).Deploy(context.Background(), deploy.Request{SourceService: "appdev", TargetServiceID: stage})
	if err != nil {
		t.Fatal(err)
	}
	if res.Mode != deploy.ModeSSH || res.TargetServiceID != stage {
		t.Errorf("result = %+v", res)
	}
	// The search index trails the push by about a second.
	var versions []platform.AppVersion
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if versions, err = c.SearchAppVersions(context.Background(), platform.AppVersionFilter{ServiceID: stage}); err != nil || len(versions) > 0 {
			break
		}
	}
	if err != nil || len(versions) == 0 || versions[0].Source != platform.SourceCLI {
		t.Fatalf("no CLI app version on the target: %+v, %v", versions, err)
	}
}

func TestAPIPusher_ValidatesLikeARealDeploy(t *testing.T) {
	t.Parallel()
	p := deploy.NewAPIPusher(nil) // never reached: validation fails first
	for _, req := range []deploy.Request{
		{},
		{SourceService: "app;rm -rf /", TargetServiceID: "abc"},
		{SourceService: "appdev", TargetServiceID: "$(id)"},
	} {
		if _, err := p.Deploy(context.Background(), req); platform.ErrorCode(err) == "" {
			t.Errorf("Deploy(%+v) err = %v, want a PlatformError", req, err)
		}
	}
}
