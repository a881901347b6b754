package deploy_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/deploy/sshdtest"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// TestDeploySSH_PushReachesFakeAPI runs the whole chain: ssh into the real
// sshd, zcli login with the deployer's token, the fake zcli's push through
// the fake API's push endpoints, and a new CLI app version for the target,
// read back through the real SDK client. The fake zcli sends the working
// directory's zerops.yml and says only what has happened when it returns.
func TestDeploySSH_PushReachesFakeAPI(t *testing.T) {
	t.Parallel()
	api := fakeapi.StartTB(t, fakeapi.Options{ProcessDuration: 20 * time.Millisecond, BuildStepDuration: 10 * time.Millisecond})
	s := sshdtest.Start(t, sshdtest.Options{APIURL: api.URL()})
	target := api.ServiceID("appstage")
	if target == "" {
		t.Fatal("fake API has no appstage")
	}
	client, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: api.URL(), Token: api.Token()})
	if err != nil {
		t.Fatal(err)
	}
	ctx := testContext(t)
	before, err := client.SearchAppVersions(ctx, platform.AppVersionFilter{ProjectID: api.ProjectID(), ServiceID: target})
	if err != nil {
		t.Fatal(err)
	}

	d := deploy.New(deploy.Config{SSHConfigPath: s.ConfigPath(), Token: api.Token()})
	wd := t.TempDir()
	_, err = d.Deploy(ctx, deploy.Request{SourceService: "appdev", TargetServiceID: target, Setup: "prod", WorkingDir: wd})
	if pe := wantCode(t, err, platform.ErrDeployFailed); !strings.Contains(pe.Message, "zerops.yml not found") {
		t.Errorf("a push without zerops.yml: %v", err)
	}
	writeFile(t, filepath.Join(wd, "zerops.yml"), strings.Replace(pythonYml, "setup: appstage", "setup: prod", 1))
	res, err := d.Deploy(ctx, deploy.Request{SourceService: "appdev", TargetServiceID: target, Setup: "prod", WorkingDir: wd})
	if err != nil {
		t.Fatalf("Deploy: %v (output %q)", err, res.Output)
	}
	out := strings.Join(res.Output, "\n")
	if !strings.Contains(out, "zerops.yml found") || !strings.Contains(out, "the build runs on Zerops") ||
		strings.Contains(out, "ARTEFACTS") || strings.Contains(out, "READY") {
		t.Errorf("push output claims more than happened, or hides what did:\n%s", out)
	}
	// The search index trails the push by about a second.
	var after []platform.AppVersion
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		after, err = client.SearchAppVersions(ctx, platform.AppVersionFilter{ProjectID: api.ProjectID(), ServiceID: target})
		if err != nil {
			t.Fatal(err)
		}
		if len(after) > len(before) || time.Now().After(deadline) {
			break
		}
	}
	if len(after) != len(before)+1 {
		t.Fatalf("app versions of %s: %d before, %d after (output %q)", target, len(before), len(after), res.Output)
	}
	var found bool
	for _, av := range after {
		if av.Source == platform.SourceCLI && av.ServiceStackID == target && !av.Created.Before(res.Started.Add(-time.Second)) {
			found = true
		}
	}
	if !found {
		t.Errorf("no new CLI app version for %s in %+v", target, after)
	}
	if n := api.CountRequests("PUT", "/app-version/"); n != 2 {
		t.Errorf("PUT /app-version/ requests = %d, want upload + build-and-deploy", n)
	}
	av := awaitBuild(t, client, target)
	if app := logLines(t, client, api.ProjectID(), platform.LogFetchParams{ServiceID: target, Facility: 16}); av.Status != platform.AppVersionActive ||
		!strings.Contains(app, "python@3.12: gunicorn app:app") {
		t.Errorf("build %s; the runtime does not run the pushed zerops.yml:\n%s", av.Status, app)
	}
}
