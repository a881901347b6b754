package deploy_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// pythonYml is a zerops.yml unlike any built-in one: what the fake builds
// and starts shows that this file, and no other, reached the platform.
const pythonYml = `zerops:
  - setup: appstage
    build:
      base: python@3.12
      buildCommands: [pip install -r requirements.txt]
      addToRunPrepare: [requirements.txt]
      deployFiles: ./
    run:
      base: python@3.12
      prepareCommands: [python3 -m pip install -r requirements.txt]
      ports: [{port: 8000, httpSupport: true}]
      start: gunicorn app:app --bind 0.0.0.0:8000
`

func startFake(t *testing.T, step time.Duration) (*fakeapi.Server, platform.Client) {
	t.Helper()
	fake := fakeapi.StartTB(t, fakeapi.Options{ProcessDuration: 20 * time.Millisecond, BuildStepDuration: step})
	c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: fake.URL(), Token: fake.Token()})
	if err != nil {
		t.Fatal(err)
	}
	return fake, c
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// The sandbox's push sends the working directory's zerops.yml: the build
// runs its build commands and the runtime starts its run.start on its ports.
// What the push says when it returns is only what has happened by then.
func TestAPIPusher_SendsWorkingDirZeropsYml(t *testing.T) {
	t.Parallel()
	fake, c := startFake(t, 20*time.Millisecond)
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "zerops.yml"), pythonYml)
	writeFile(t, filepath.Join(root, "requirements.txt"), "gunicorn==23.0.0\nflask==3.1.0\n")
	writeFile(t, filepath.Join(root, "app.py"), "from flask import Flask\napp = Flask(__name__)\n")
	stage := fake.ServiceID("appstage")
	res, err := deploy.NewAPIPusher(c, root, ops.ReadFileInDir).Deploy(testContext(t), deploy.Request{SourceService: "appdev", TargetServiceID: stage})
	if err != nil {
		t.Fatal(err)
	}
	if res.Mode != deploy.ModeSSH || res.TargetServiceID != stage {
		t.Errorf("result = %+v", res)
	}
	out := strings.Join(res.Output, "\n")
	if !strings.Contains(out, "/var/www/zerops.yml (setup appstage)") || !strings.Contains(out, "build-and-deploy requested: process ") ||
		strings.Contains(out, "ARTEFACTS") || strings.Contains(out, "READY") {
		t.Errorf("push output claims more than happened, or hides what did:\n%s", out)
	}
	av := awaitBuild(t, c, stage)
	if av.Status != platform.AppVersionActive {
		t.Fatalf("build ended %s", av.Status)
	}
	build := logLines(t, c, fake.ProjectID(), platform.LogFetchParams{ServiceID: av.Build.ServiceStackID, BuildID: av.ID})
	if !strings.Contains(build, "$ pip install -r requirements.txt") || strings.Contains(build, "npm") {
		t.Errorf("build log does not follow the pushed zerops.yml:\n%s", build)
	}
	app := logLines(t, c, fake.ProjectID(), platform.LogFetchParams{ServiceID: stage, Facility: 16})
	for _, want := range []string{"python@3.12: gunicorn app:app", "Listening at: http://0.0.0.0:8000"} {
		if !strings.Contains(app, want) {
			t.Errorf("runtime log lacks %q:\n%s", want, app)
		}
	}
}

// A missing zerops.yml, or one without the setup the push needs, fails
// with an answer naming the fix; the first before anything reaches the API.
func TestAPIPusher_RefusesWithoutItsSetup(t *testing.T) {
	t.Parallel()
	fake, c := startFake(t, time.Minute)
	stage := fake.ServiceID("appstage")
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "other", "zerops.yml"), strings.Replace(pythonYml, "setup: appstage", "setup: api", 1))
	writeFile(t, filepath.Join(root, "empty", "zerops.yaml"), "\n")
	outside := t.TempDir()
	writeFile(t, filepath.Join(outside, "zerops.yml"), pythonYml)
	if err := os.Symlink(filepath.Join(outside, "zerops.yml"), filepath.Join(root, "zerops.yml")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		req     deploy.Request
		code    string
		apiCode string
		hint    string // in the suggestion
	}{
		{"NoFile", deploy.Request{SourceService: "appdev", TargetServiceID: stage, WorkingDir: "/var/www/nothing"},
			platform.ErrFileNotFound, "", filepath.Join(root, "nothing", "zerops.yml")},
		{"Empty", deploy.Request{SourceService: "appdev", TargetServiceID: stage, WorkingDir: "/var/www/empty"},
			platform.ErrInvalidParameter, "", "zerops_workflow deploy"},
		{"NoSetup", deploy.Request{SourceService: "appdev", TargetServiceID: stage, WorkingDir: "/var/www/other"},
			platform.ErrInvalidParameter, "zeropsYamlSetupNotFound", "`setup: appstage` to /var/www/other/zerops.yml"},
		{"NamedSetupMissing", deploy.Request{SourceService: "appdev", TargetServiceID: stage, WorkingDir: "/var/www/other", Setup: "prod"},
			platform.ErrInvalidParameter, "zeropsYamlSetupNotFound", "`setup: prod`"},
		{"SymlinkOut", deploy.Request{SourceService: "appdev", TargetServiceID: stage},
			platform.ErrPathTraversal, "", ""},
		{"OutsideVarWww", deploy.Request{SourceService: "appdev", TargetServiceID: stage, WorkingDir: "/srv/app"},
			platform.ErrInvalidParameter, "", "a path under it"},
		{"LocalOutsideRoot", deploy.Request{ServiceID: stage, WorkingDir: outside},
			platform.ErrPathTraversal, "", "relative to ZCP's working directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := fake.CountRequests("POST", "/service-stack/"+stage+"/app-version")
			_, err := deploy.NewAPIPusher(c, root, ops.ReadFileInDir).Deploy(testContext(t), tt.req)
			pe := wantCode(t, err, tt.code)
			if pe.APICode != tt.apiCode || !strings.Contains(pe.Suggestion, tt.hint) {
				t.Errorf("%s apiCode %q, suggestion %q; want apiCode %q and %q", pe.Code, pe.APICode, pe.Suggestion, tt.apiCode, tt.hint)
			}
			created := fake.CountRequests("POST", "/service-stack/"+stage+"/app-version") > before
			if created != (tt.apiCode != "") {
				t.Errorf("app version created: %v; only a push refused by the platform reaches it", created)
			}
		})
	}
}

func TestAPIPusher_ValidatesLikeARealDeploy(t *testing.T) {
	t.Parallel()
	p := deploy.NewAPIPusher(nil, t.TempDir(), ops.ReadFileInDir) // never reached: validation fails first
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

// awaitBuild waits for the newest app version of serviceID to end.
func awaitBuild(t *testing.T, c platform.Client, serviceID string) platform.AppVersion {
	t.Helper()
	ctx := testContext(t)
	for {
		versions, err := c.SearchAppVersions(ctx, platform.AppVersionFilter{ServiceID: serviceID, Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		if len(versions) == 1 && versions[0].Final() {
			return versions[0]
		}
		select {
		case <-ctx.Done():
			t.Fatalf("no build of %s ended: %+v", serviceID, versions)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// logLines is the log's messages, one a line.
func logLines(t *testing.T, c platform.Client, projectID string, p platform.LogFetchParams) string {
	t.Helper()
	ctx := testContext(t)
	access, err := c.GetProjectLog(ctx, projectID)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := zeropsapi.NewLogFetcher(nil).FetchLogs(ctx, access, p)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(e.Message + "\n")
	}
	return b.String()
}

// A push whose build or run base the catalog lacks, past ZCP's own check
// (no catalog read), fails its build as the platform does: BUILD_FAILED,
// no build command run, and a log line naming the base that the diagnosis
// reads as a zerops.yml problem.
func TestAPIPusher_UnknownBaseFailsTheBuild(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, from, to, want string }{
		{"build base", "base: python@3.12\n      buildCommands", "base: python@3.99\n      buildCommands", "build.base python@3.99"},
		{"run base", "base: python@3.12\n      prepareCommands", "base: nodejs@99\n      prepareCommands", "run.base nodejs@99"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fake, c := startFake(t, 10*time.Millisecond)
			root := t.TempDir()
			writeFile(t, filepath.Join(root, "zerops.yml"), strings.Replace(pythonYml, tt.from, tt.to, 1))
			writeFile(t, filepath.Join(root, "requirements.txt"), "flask==3.1.0\n")
			stage := fake.ServiceID("appstage")
			if _, err := deploy.NewAPIPusher(c, root, ops.ReadFileInDir).Deploy(testContext(t), deploy.Request{SourceService: "appdev", TargetServiceID: stage}); err != nil {
				t.Fatal(err)
			}
			av := awaitBuild(t, c, stage)
			if av.Status != platform.AppVersionBuildFailed {
				t.Fatalf("build ended %s, want %s", av.Status, platform.AppVersionBuildFailed)
			}
			entries, err := ops.BuildLog(testContext(t), ops.Project{Client: c, ID: fake.ProjectID()}, zeropsapi.NewLogFetcher(nil), av, 100)
			if err != nil {
				t.Fatal(err)
			}
			lines := make([]string, len(entries))
			for i, e := range entries {
				lines[i] = e.Message
			}
			log := strings.Join(lines, "\n")
			if !strings.Contains(log, tt.want+" is unknown") || strings.Contains(log, "$ pip") {
				t.Errorf("build log names not %q, or ran the build commands:\n%s", tt.want, log)
			}
			if ds := diagnose.Classify(lines, diagnose.Build); len(ds) == 0 || ds[0].Signal != "zerops-yml-invalid" {
				t.Errorf("diagnosis %+v, want zerops-yml-invalid first", ds)
			}
		})
	}
}
