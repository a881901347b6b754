package fakeapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/dto/input/query"
	"github.com/zeropsio/zerops-go/dto/output"
	"github.com/zeropsio/zerops-go/sdk"
	"github.com/zeropsio/zerops-go/types"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// push runs create → upload → build-and-deploy and waits for the build process.
func push(t *testing.T, h sdk.Handler, serviceID string) (output.PostAppVersion, output.Process) {
	t.Helper()
	return pushYAML(t, h, serviceID, "zerops:\n  - setup: app\n", "app")
}

// pushYAML pushes to serviceID with that zerops.yml and setup and waits for the build.
func pushYAML(t *testing.T, h sdk.Handler, serviceID, zeropsYml, setup string) (output.PostAppVersion, output.Process) {
	t.Helper()
	ctx := context.Background()
	cr, err := h.PostServiceStackAppVersion(ctx, sid(serviceID), body.PostAppVersion{Name: types.NewStringNull("v")})
	av := out(t, cr.Output, err)
	if av.Status != "UPLOADING" || !strings.Contains(string(av.UploadUrl), string(av.Id)) {
		t.Fatalf("new app version = %s %s", av.Status, av.UploadUrl)
	}
	avID := path.AppVersionId{Id: av.Id}
	ur, err := h.PutAppVersionUpload(ctx, avID, strings.NewReader(strings.Repeat("archive bytes ", 1000)))
	if ok := out(t, ur.Output, err); !bool(ok.Success) {
		t.Fatal("upload not successful")
	}
	br, err := h.PutAppVersionBuildAndDeploy(ctx, avID, body.PutAppVersionBuildAndDeploy{
		ZeropsYaml: types.MediumText(zeropsYml), ZeropsYamlSetup: types.NewStringNull(setup)})
	p := out(t, br.Output, err)
	if p.ActionName != "stack.build" || p.Status != "PENDING" {
		t.Fatalf("build process = %s %s", p.ActionName, p.Status)
	}
	return av, waitProcess(t, h, string(p.Id))
}

func appVersions(t *testing.T, h sdk.Handler, serviceID string) map[string]output.EsAppVersion {
	t.Helper()
	r, err := h.PostAppVersionSearch(context.Background(), filter([2]string{"serviceStackId", serviceID}))
	m := map[string]output.EsAppVersion{}
	for _, av := range out(t, r.Output, err).Items {
		m[string(av.Id)] = av
	}
	return m
}

type logItem struct {
	ID            string `json:"id"`
	Timestamp     string `json:"timestamp"`
	Hostname      string `json:"hostname"`
	ContainerID   string `json:"containerId"`
	Message       string `json:"message"`
	SeverityLabel string `json:"severityLabel"`
	FacilityLabel string `json:"facilityLabel"`
	Tag           string `json:"tag"`
}

// runtimeLog is the runtime log of serviceID, one line per entry; it fails
// t for each of want the log lacks.
func runtimeLog(t *testing.T, h sdk.Handler, projectID, serviceID string, want []string) string {
	t.Helper()
	_, items := fetchLogs(t, h, projectID, url.Values{"serviceStackId": {serviceID}, "limit": {"1000"}})
	lines := make([]string, 0, len(items))
	for _, l := range items {
		lines = append(lines, l.Message)
	}
	joined := strings.Join(lines, "\n")
	for _, w := range want {
		if !strings.Contains(joined, w) {
			t.Errorf("runtime log lacks %q:\n%s", w, joined)
		}
	}
	return joined
}

// fetchLogs gets a log grant through the SDK and queries the backend with plain HTTP.
func fetchLogs(t *testing.T, h sdk.Handler, projectID string, params url.Values) (int, []logItem) {
	t.Helper()
	r, err := h.GetProjectLog(context.Background(), pid(projectID), query.GetProjectLog{})
	la := out(t, r.Output, err)
	u := strings.TrimPrefix(string(la.Url), "GET ") + "&" + params.Encode()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatalf("log backend: %v", err)
	}
	defer func() { _ = resp.Body.Close() }()
	var res struct {
		Items []logItem `json:"items"`
	}
	if resp.StatusCode == http.StatusOK {
		if err := json.NewDecoder(resp.Body).Decode(&res); err != nil {
			t.Fatalf("decode logs: %v", err)
		}
	}
	return resp.StatusCode, res.Items
}

func TestSDK_Push(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	stage := srv.ServiceID("appstage")

	first, p := push(t, h, stage)
	if p.Status != "FINISHED" {
		t.Fatalf("first build ended %s", p.Status)
	}
	if s := getService(t, h, stage); s.Status != "ACTIVE" {
		t.Fatalf("appstage after deploy = %s", s.Status)
	}
	av := appVersions(t, h, stage)[string(first.Id)]
	if av.Status != "ACTIVE" || av.Source != "CLI" || av.Build == nil {
		t.Fatalf("first version = %s %s %+v", av.Status, av.Source, av.Build)
	}
	if _, ok := av.Build.PipelineFinish.Get(); !ok {
		t.Fatal("pipelineFinish not set")
	}

	second, p := push(t, h, stage)
	if p.Status != "FINISHED" {
		t.Fatalf("second build ended %s", p.Status)
	}
	all := appVersions(t, h, stage)
	if all[string(first.Id)].Status != "BACKUP" || all[string(second.Id)].Status != "ACTIVE" {
		t.Fatalf("after second deploy: first %s, second %s", all[string(first.Id)].Status, all[string(second.Id)].Status)
	}

	third, p := pushYAML(t, h, stage, "zerops:\n  - setup: app\n    build:\n      buildCommands: [npm ci, 'exit 3']\n", "app")
	meta, _ := p.PublicMeta.Get()
	if p.Status != "FAILED" || meta["failReason"] != "ERROR: build command failed with exit code 3: exit 3" {
		t.Fatalf("failed build = %s %v", p.Status, meta)
	}
	failed := appVersions(t, h, stage)[string(third.Id)]
	if failed.Status != "BUILD_FAILED" || failed.Build == nil {
		t.Fatalf("failed version = %+v", failed)
	}
	if _, ok := failed.Build.PipelineFailed.Get(); !ok {
		t.Fatal("pipelineFailed not set")
	}
	if all := appVersions(t, h, stage); all[string(second.Id)].Status != "ACTIVE" {
		t.Fatal("a failed build must leave the active version alone")
	}

	// Build lines are on the build service (the version's build.serviceStackId),
	// not the runtime, tagged zbuilder@<id>; the backend filters by tags.
	builder, _ := failed.Build.ServiceStackId.Get()
	if string(builder) != srv.ServiceID("build") {
		t.Fatalf("build.serviceStackId = %s, want the build service %s", builder, srv.ServiceID("build"))
	}
	checkPushLogs(t, srv, h, string(builder), string(third.Id), string(first.Id), string(second.Id))
	checkPushRefused(t, srv, h)
}

// checkPushLogs checks where TestSDK_Push's builds logged: the runtime
// appstage only the lines of the versions it runs or ran (deployed), the
// build service builder those of the failed build.
func checkPushLogs(t *testing.T, srv *fakeapi.Server, h sdk.Handler, builder, failed string, deployed ...string) {
	t.Helper()
	stage := srv.ServiceID("appstage")
	tag := fakeapi.BuildLogTag(failed)
	_, runtime := fetchLogs(t, h, srv.ProjectID(), url.Values{"serviceStackId": {stage}, "limit": {"1000"}})
	for _, l := range runtime {
		if strings.Contains(l.Message, failed) || l.Tag != "appstage" ||
			!slices.ContainsFunc(deployed, func(id string) bool { return strings.Contains(l.Message, id) }) {
			t.Errorf("runtime line %q (tag %s) is not of a deployed version", l.Message, l.Tag)
		}
	}
	if len(runtime) != len(deployed) {
		t.Errorf("the runtime has %d lines, want one per deploy", len(runtime))
	}
	code, lines := fetchLogs(t, h, srv.ProjectID(), url.Values{"serviceStackId": {builder}, "tags": {tag + ",other"}, "limit": {"1000"}})
	if code != http.StatusOK {
		t.Fatalf("logs: %d", code)
	}
	var buildLines, errorLines int
	for _, l := range lines {
		if l.Tag != tag {
			t.Errorf("tags=%s answered a line tagged %q", tag, l.Tag)
		}
		if l.Tag == tag {
			buildLines++
			if l.SeverityLabel == "Error" {
				errorLines++
			}
		}
	}
	if buildLines == 0 || errorLines == 0 {
		t.Fatalf("failed build logged %d lines, %d errors", buildLines, errorLines)
	}
}

// checkPushRefused checks that pushing to a managed service or building
// without an upload is refused.
func checkPushRefused(t *testing.T, srv *fakeapi.Server, h sdk.Handler) {
	t.Helper()
	ctx := context.Background()
	cr, err := h.PostServiceStackAppVersion(ctx, sid(srv.ServiceID("db")), body.PostAppVersion{})
	if code := apiCode(outErr(t, cr.Output, err)); code == "" {
		t.Fatal("app version for a database accepted")
	}
	cr, err = h.PostServiceStackAppVersion(ctx, sid(srv.ServiceID("appstage")), body.PostAppVersion{})
	fresh := out(t, cr.Output, err)
	br, err := h.PutAppVersionBuildAndDeploy(ctx, path.AppVersionId{Id: fresh.Id},
		body.PutAppVersionBuildAndDeploy{ZeropsYaml: "zerops: []"})
	if code := apiCode(outErr(t, br.Output, err)); code != "appVersionInvalidStatus" {
		t.Fatalf("build without upload: code %q", code)
	}
}

// The log backend's filters, on lines the project's own actions caused:
// appdev redeployed with a start file it lacks (its crash loop's error
// lines), a php-nginx service "web" deployed and requested twice (nginx's
// access lines, facility webserver).
func TestLogs_Filters(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	dev := srv.ServiceID("appdev")
	if _, p := pushFiles(t, h, dev, "appdev", nodeApp(strings.ReplaceAll(nodeYml("[npm ci]", "./"), "appstage", "appdev"),
		map[string]string{"index.js": ""})); p.Status != "FINISHED" {
		t.Fatalf("appdev's build ended %s", p.Status)
	}
	r, err := h.PostProjectServiceStackImport(context.Background(), pid(srv.ProjectID()),
		body.ServiceStackImport{Yaml: "services:\n  - hostname: web\n    type: php-nginx@8.4\n"})
	imp := out(t, r.Output, err)
	waitProcess(t, h, string(imp.ServiceStacks[0].Processes[0].Id))
	web := srv.ServiceID("web")
	yml := "zerops:\n  - setup: web\n    build:\n      base: php@8.4\n      deployFiles: ./\n    run:\n      base: php-nginx@8.4\n"
	if _, p := pushFiles(t, h, web, "web", map[string]string{"zerops.yml": yml, "index.php": "<?php echo 'hi';\n"}); p.Status != "FINISHED" {
		t.Fatalf("web's build ended %s", p.Status)
	}
	for range 2 {
		if code, _ := probe(t, srv, "web", 80, "/"); code != http.StatusOK {
			t.Fatalf("web answered %d", code)
		}
	}

	tests := []struct {
		name   string
		params url.Values
		check  func(t *testing.T, lines []logItem)
	}{
		{"default limit and service", url.Values{"serviceStackId": {dev}}, func(t *testing.T, lines []logItem) {
			if len(lines) == 0 || len(lines) > 100 {
				t.Fatalf("%d lines", len(lines))
			}
			for _, l := range lines {
				if l.Hostname != "appdev" {
					t.Fatalf("line from %s", l.Hostname)
				}
			}
		}},
		{"limit", url.Values{"serviceStackId": {dev}, "limit": {"5"}}, func(t *testing.T, lines []logItem) {
			if len(lines) != 5 {
				t.Fatalf("%d lines, want 5", len(lines))
			}
		}},
		{"desc", url.Values{"serviceStackId": {dev}, "desc": {"1"}}, func(t *testing.T, lines []logItem) {
			for i := 1; i < len(lines); i++ {
				if lines[i].Timestamp > lines[i-1].Timestamp {
					t.Fatal("not newest first")
				}
			}
		}},
		{"severity", url.Values{"serviceStackId": {dev}, "minimumSeverity": {"3"}}, func(t *testing.T, lines []logItem) {
			if len(lines) == 0 {
				t.Fatal("no error lines")
			}
			for _, l := range lines {
				switch l.SeverityLabel {
				case "Emergency", "Alert", "Critical", "Error":
				default:
					t.Fatalf("severity %s passed minimumSeverity 3", l.SeverityLabel)
				}
			}
		}},
		{"facility", url.Values{"serviceStackId": {web}, "facility": {"17"}}, func(t *testing.T, lines []logItem) {
			if len(lines) != 2 || !strings.Contains(lines[0].Message, `"GET / HTTP/1.1" 200`) {
				t.Fatalf("webserver lines = %+v, want the two requests", lines)
			}
			for _, l := range lines {
				if l.FacilityLabel != "local1" {
					t.Fatalf("facility %s", l.FacilityLabel)
				}
			}
		}},
		{"search is ignored", url.Values{"serviceStackId": {dev}, "search": {"no-such-text"}, "since": {"2099-01-01T00:00:00Z"}},
			func(t *testing.T, lines []logItem) {
				if len(lines) == 0 {
					t.Fatal("text search or since was applied")
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, lines := fetchLogs(t, h, srv.ProjectID(), tc.params)
			if code != http.StatusOK {
				t.Fatalf("status %d", code)
			}
			tc.check(t, lines)
		})
	}
	if code, _ := fetchLogs(t, h, srv.ProjectID(), url.Values{"limit": {"1001"}}); code != http.StatusBadRequest {
		t.Errorf("limit 1001: status %d", code)
	}
	resp, err := http.Get(srv.URL() + "/logs?accessToken=wrong")
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("wrong log token: status %d", resp.StatusCode)
	}
}

// A build's log says each step only once the app version has reached it:
// a queued build has one line; "BUILD ARTEFACTS READY TO DEPLOY" is dated
// when BUILDING ends. The lines follow the pushed zerops.yml.
func TestSDK_BuildLogFollowsTheBuild(t *testing.T) {
	t.Parallel()
	const yml = "zerops:\n  - setup: api\n    build:\n      base: go@1\n      buildCommands: [go build -o app]\n    run:\n      base: alpine@3.20\n      start: ./app\n      ports: [{port: 8080, httpSupport: true}]\n"
	slow := fastOpts
	slow.BuildStepDuration = time.Hour
	srv, h := newSDK(t, slow)
	stage := srv.ServiceID("appstage")
	ctx := context.Background()
	cr, err := h.PostServiceStackAppVersion(ctx, sid(stage), body.PostAppVersion{})
	av := out(t, cr.Output, err)
	ur, err := h.PutAppVersionUpload(ctx, path.AppVersionId{Id: av.Id}, strings.NewReader("archive"))
	out(t, ur.Output, err)
	br, err := h.PutAppVersionBuildAndDeploy(ctx, path.AppVersionId{Id: av.Id}, body.PutAppVersionBuildAndDeploy{
		ZeropsYaml: types.MediumText(yml), ZeropsYamlSetup: types.NewStringNull("api")})
	out(t, br.Output, err)
	tags := url.Values{"serviceStackId": {srv.ServiceID("build")}, "tags": {fakeapi.BuildLogTag(string(av.Id))}}
	if _, lines := fetchLogs(t, h, srv.ProjectID(), tags); len(lines) != 1 || !strings.Contains(lines[0].Message, "queued") {
		t.Errorf("a queued build logged %+v", lines)
	}

	fast, h := newSDK(t, fastOpts)
	stage = fast.ServiceID("appstage")
	done, _ := pushYAML(t, h, stage, yml, "api")
	v := appVersions(t, h, stage)[string(done.Id)]
	begun, _ := v.Build.PipelineStart.Get()
	tags = url.Values{"serviceStackId": {fast.ServiceID("build")}, "tags": {fakeapi.BuildLogTag(string(done.Id))}}
	_, lines := fetchLogs(t, h, fast.ProjectID(), tags)
	var msgs []string
	for _, l := range lines {
		msgs = append(msgs, l.Message)
		if l.Message == "BUILD ARTEFACTS READY TO DEPLOY" {
			at, err := time.Parse(time.RFC3339Nano, l.Timestamp)
			if want := begun.Native().Add(2 * fastOpts.BuildStepDuration); err != nil || !at.Equal(want) {
				t.Errorf("artefacts ready at %s, want when BUILDING ended (%s)", l.Timestamp, want)
			}
		}
	}
	if got := strings.Join(msgs, "|"); !strings.Contains(got, "Running build commands on go@1|$ go build -o app|BUILD ARTEFACTS READY TO DEPLOY|Deploying service appstage") {
		t.Errorf("build log = %s", got)
	}
	_, app := fetchLogs(t, h, fast.ProjectID(), url.Values{"serviceStackId": {stage}})
	var appMsgs []string
	for _, l := range app {
		appMsgs = append(appMsgs, l.Message)
	}
	if got := strings.Join(appMsgs, "|"); !strings.Contains(got, "on alpine@3.20: ./app|[sandbox] not checked: where the app listens") || strings.Contains(got, "node") {
		t.Errorf("runtime lines do not fit the deploy: %s", got)
	}
}

// TestPush_DeletingServiceRefused: a service whose deletion is under way
// takes no new app version, no build of one created before, and no
// redeploy of an earlier one, as on the platform; nothing is built.
func TestPush_DeletingServiceRefused(t *testing.T) {
	t.Parallel()
	steps := []struct {
		name string
		call func(t *testing.T, h sdk.Handler, service string, early, built path.AppVersionId) error
	}{
		{"new app version", func(t *testing.T, h sdk.Handler, service string, _, _ path.AppVersionId) error {
			r, err := h.PostServiceStackAppVersion(context.Background(), sid(service), body.PostAppVersion{})
			return outErr(t, r.Output, err)
		}},
		{"build of a version created before", func(t *testing.T, h sdk.Handler, _ string, early, _ path.AppVersionId) error {
			r, err := h.PutAppVersionBuildAndDeploy(context.Background(), early, body.PutAppVersionBuildAndDeploy{
				ZeropsYaml: "zerops:\n  - setup: app\n", ZeropsYamlSetup: types.NewStringNull("app")})
			return outErr(t, r.Output, err)
		}},
		{"redeploy of an earlier build", func(t *testing.T, h sdk.Handler, _ string, _, built path.AppVersionId) error {
			r, err := h.PutAppVersionDeploy(context.Background(), built, body.PutAppVersionDeploy{})
			return outErr(t, r.Output, err)
		}},
	}
	for _, tt := range steps {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// Deletion lasts a minute: the service stays DELETING throughout.
			srv, h := newSDK(t, fakeapi.Options{ProcessDuration: time.Minute, BuildStepDuration: 5 * time.Millisecond, SearchLag: -1})
			ctx := context.Background()
			id := srv.ServiceID("appstage")
			built, _ := push(t, h, id)
			cr, err := h.PostServiceStackAppVersion(ctx, sid(id), body.PostAppVersion{})
			early := path.AppVersionId{Id: out(t, cr.Output, err).Id}
			ur, err := h.PutAppVersionUpload(ctx, early, strings.NewReader("archive"))
			out(t, ur.Output, err)

			dr, err := h.DeleteServiceStack(ctx, sid(id))
			out(t, dr.Output, err)
			before := len(appVersions(t, h, id))

			err = tt.call(t, h, id, early, path.AppVersionId{Id: built.Id})
			if code := apiCode(err); code != "serviceStackStatusNotSupported" {
				t.Fatalf("%s on a DELETING service: err %v (code %q), want serviceStackStatusNotSupported", tt.name, err, code)
			}
			avs := appVersions(t, h, id)
			if len(avs) != before || avs[string(early.Id)].Status != "UPLOADING" {
				t.Errorf("app versions changed after the refusal: %d (was %d), early one %s", len(avs), before, avs[string(early.Id)].Status)
			}
		})
	}
}

// TestPush_DeleteEndsWorkUnderWay: deleting a service ends its build and its
// redeploy under way, CANCELED (the build's version CANCELLED), at once: no
// version of a deleted service goes ACTIVE after the delete.
func TestPush_DeleteEndsWorkUnderWay(t *testing.T) {
	t.Parallel()
	for _, redeploy := range []bool{false, true} {
		t.Run(map[bool]string{false: "build", true: "redeploy"}[redeploy], func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fakeapi.Options{ProcessDuration: time.Minute, BuildStepDuration: time.Hour, SearchLag: -1})
			t.Cleanup(func() { srv.FinishBuilds() })
			ctx := context.Background()
			id := srv.ServiceID("appstage")
			cr, err := h.PostServiceStackAppVersion(ctx, sid(id), body.PostAppVersion{})
			av := path.AppVersionId{Id: out(t, cr.Output, err).Id}
			ur, err := h.PutAppVersionUpload(ctx, av, strings.NewReader("archive"))
			out(t, ur.Output, err)
			br, err := h.PutAppVersionBuildAndDeploy(ctx, av, body.PutAppVersionBuildAndDeploy{
				ZeropsYaml: "zerops:\n  - setup: app\n", ZeropsYamlSetup: types.NewStringNull("app")})
			proc := out(t, br.Output, err)
			wantVersion := "CANCELLED"
			if redeploy {
				srv.FinishBuilds()
				if p := waitProcess(t, h, string(proc.Id)); p.Status != "FINISHED" {
					t.Fatalf("build %s, want FINISHED", p.Status)
				}
				rr, err := h.PutAppVersionDeploy(ctx, av, body.PutAppVersionDeploy{})
				proc, wantVersion = out(t, rr.Output, err), "ACTIVE"
			}

			dr, err := h.DeleteServiceStack(ctx, sid(id))
			out(t, dr.Output, err)
			srv.FinishBuilds()
			if p := waitProcess(t, h, string(proc.Id)); p.Status != "CANCELED" {
				t.Errorf("%s of a deleted service ended %s, want CANCELED", proc.ActionName, p.Status)
			}
			if got := appVersions(t, h, id)[string(av.Id)].Status; string(got) != wantVersion {
				t.Errorf("app version %s after the delete, want %s", got, wantVersion)
			}
		})
	}
}
