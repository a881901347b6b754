package zeropsapi_test

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// fake starts a fake API with fast processes and a client of it.
func fake(t *testing.T) (*fakeapi.Server, *zeropsapi.ZeropsClient) {
	t.Helper()
	srv := fakeapi.StartTB(t, fakeapi.Options{ProcessDuration: 30 * time.Millisecond, BuildStepDuration: 10 * time.Millisecond})
	c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: srv.URL(), Token: srv.Token()})
	if err != nil {
		t.Fatalf("NewZeropsClient: %v", err)
	}
	return srv, c
}

// untilIndexed retries a search until ok: the API's (and the fake's) search
// index trails mutations by about a second.
func untilIndexed(t *testing.T, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			return // the caller's own check reports what is wrong
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// waitProcess polls the process until it ends. The poll interval only paces
// the loop; nothing asserts on elapsed time.
func waitProcess(t *testing.T, c platform.Client, p *platform.Process) *platform.Process {
	t.Helper()
	if p == nil {
		t.Fatal("nil process")
	}
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	ctx := ctxT(t)
	for {
		got, err := c.GetProcess(ctx, p.ID)
		if err != nil {
			t.Fatalf("GetProcess(%s): %v", p.ID, err)
		}
		if got.IsTerminal() {
			return got
		}
		select {
		case <-ctx.Done():
			t.Fatalf("process %s (%s) did not end: %s", p.ID, p.ActionName, got.Status)
		case <-tick.C:
		}
	}
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if got := platform.ErrorCode(err); got != code {
		t.Fatalf("error %v: code %q, want %q", err, got, code)
	}
}

func serviceByName(t *testing.T, services []platform.ServiceStack, name string) platform.ServiceStack {
	t.Helper()
	for _, s := range services {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("service %s not among %d", name, len(services))
	return platform.ServiceStack{}
}

func TestZeropsClient_UserAndProjects(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)

	u, err := c.GetUserInfo(ctx)
	if err != nil {
		t.Fatalf("GetUserInfo: %v", err)
	}
	if u.ClientID != srv.ClientID() || u.ID == "" || u.Email == "" {
		t.Errorf("user = %+v, want client %s", u, srv.ClientID())
	}

	for _, clientID := range []string{"", srv.ClientID()} {
		ps, err := c.ListProjects(ctx, clientID)
		if err != nil || len(ps) != 1 || ps[0].ID != srv.ProjectID() || ps[0].Name != "demo" || ps[0].ClientID != srv.ClientID() {
			t.Fatalf("ListProjects(%q) = %+v, %v", clientID, ps, err)
		}
	}
	other := srv.AddProject("second")
	ps, err := c.ListProjects(ctx, "")
	if err != nil || len(ps) != 2 {
		t.Fatalf("after AddProject: %+v, %v", ps, err)
	}

	p, err := c.GetProject(ctx, other)
	if err != nil || p.ID != other || p.Name != "second" || p.Created.IsZero() {
		t.Fatalf("GetProject = %+v, %v", p, err)
	}
	_, err = c.GetProject(ctx, "noSuchProject123")
	wantCode(t, err, platform.ErrTokenNoProject)
}

func TestZeropsClient_Services(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)

	services, err := c.ListServices(ctx, srv.ProjectID())
	if err != nil {
		t.Fatalf("ListServices: %v", err)
	}
	if len(services) != 5 {
		t.Fatalf("ListServices: %d services, want 5", len(services))
	}
	appdev := serviceByName(t, services, "appdev")
	if appdev.ID != srv.ServiceID("appdev") || appdev.Status != platform.ServiceActive ||
		appdev.Type.VersionName != "nodejs@22" || appdev.Type.Name != "nodejs" || appdev.ProjectID != srv.ProjectID() || appdev.Created.IsZero() {
		t.Errorf("appdev = %+v", appdev)
	}
	if s := serviceByName(t, services, "appstage"); s.Status != platform.ServiceReadyToDeploy {
		t.Errorf("appstage status %s", s.Status)
	}
	db := serviceByName(t, services, "db")
	if db.Mode != "NON_HA" || db.Type.VersionName != "postgresql@16" || db.Type.Category != platform.CategoryStandard {
		t.Errorf("db = %+v", db)
	}

	got, err := c.GetService(ctx, db.ID)
	if err != nil || got.Name != "db" || got.Mode != "NON_HA" || len(got.Ports) == 0 || got.Ports[0].Port != 5432 {
		t.Fatalf("GetService(db) = %+v, %v", got, err)
	}
	_, err = c.GetService(ctx, "noSuchService123")
	wantCode(t, err, platform.ErrServiceNotFound)

	empty := srv.AddProject("empty")
	none, err := c.ListServices(ctx, empty)
	if err != nil || none == nil || len(none) != 0 {
		t.Errorf("ListServices(empty) = %v, %v; want an empty, non-nil list", none, err)
	}
}

func TestZeropsClient_Lifecycle(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)
	id := srv.ServiceID("appdev")

	steps := []struct {
		action platform.ActionName
		run    func(context.Context, string) (*platform.Process, error)
		status platform.ServiceStatus
	}{
		{"stack.stop", c.StopService, platform.ServiceStopped},
		{"stack.start", c.StartService, platform.ServiceActive},
		{"stack.restart", c.RestartService, platform.ServiceActive},
	}
	for _, st := range steps {
		p, err := st.run(ctx, id)
		if err != nil {
			t.Fatalf("%s: %v", st.action, err)
		}
		if p.ActionName != st.action || p.ID == "" || p.IsTerminal() || p.ServiceStackID != id && !refersTo(p, id) {
			t.Errorf("%s process = %+v", st.action, p)
		}
		if done := waitProcess(t, c, p); done.Status != platform.ProcessFinished || done.Finished == nil {
			t.Fatalf("%s ended %+v", st.action, done)
		}
		if s, err := c.GetService(ctx, id); err != nil || s.Status != st.status {
			t.Errorf("after %s: %+v, %v; want %s", st.action, s, err, st.status)
		}
	}

	for name, run := range map[string]func(context.Context, string) (*platform.Process, error){
		"start": c.StartService, "stop": c.StopService, "restart": c.RestartService,
		"delete": c.DeleteService, "enable": c.EnableSubdomainAccess, "disable": c.DisableSubdomainAccess,
	} {
		if _, err := run(ctx, "noSuchService123"); platform.ErrorCode(err) != platform.ErrServiceNotFound {
			t.Errorf("%s on a missing service: %v", name, err)
		}
	}
}

func refersTo(p *platform.Process, serviceID string) bool {
	for _, s := range p.ServiceStacks {
		if s.ID == serviceID {
			return true
		}
	}
	return false
}

func TestZeropsClient_ProcessFailureAndCancel(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)
	id := srv.ServiceID("appdev")

	srv.FailNextProcess("stack.restart", "container crashed")
	p, err := c.RestartService(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	done := waitProcess(t, c, p)
	if done.Status != platform.ProcessFailed || done.FailReason == nil || *done.FailReason != "container crashed" {
		t.Errorf("failed process = %+v", done)
	}
	if _, err := c.CancelProcess(ctx, p.ID); platform.ErrorCode(err) != platform.ErrProcessTerminal {
		t.Errorf("cancel of an ended process: %v", err)
	}

	// Processes of this fake take ProcessDuration; one long enough to cancel.
	slow := fakeapi.StartTB(t, fakeapi.Options{ProcessDuration: time.Hour})
	sc, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: slow.URL(), Token: slow.Token()})
	if err != nil {
		t.Fatal(err)
	}
	running, err := sc.StopService(ctx, slow.ServiceID("appdev"))
	if err != nil {
		t.Fatal(err)
	}
	canceled, err := sc.CancelProcess(ctx, running.ID)
	if err != nil {
		t.Fatalf("CancelProcess: %v", err)
	}
	if canceled.Status != platform.ProcessCanceled && canceled.Status != platform.ProcessCanceling {
		t.Errorf("canceled status %s", canceled.Status)
	}
	got, err := sc.GetProcess(ctx, running.ID)
	for deadline := time.Now().Add(10 * time.Second); err == nil && got.Status == platform.ProcessCanceling && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond) // CANCELING lasts a moment
		got, err = sc.GetProcess(ctx, running.ID)
	}
	if err != nil || got.Status != platform.ProcessCanceled {
		t.Errorf("GetProcess after cancel = %+v, %v", got, err)
	}

	_, err = c.GetProcess(ctx, "noSuchProcess123")
	wantCode(t, err, platform.ErrProcessNotFound)
	_, err = c.CancelProcess(ctx, "noSuchProcess123")
	wantCode(t, err, platform.ErrProcessNotFound)
}

func TestZeropsClient_Subdomain(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)
	id := srv.ServiceID("appdev")

	p, err := c.EnableSubdomainAccess(ctx, id)
	if err != nil || p.ActionName != "stack.enableSubdomainAccess" {
		t.Fatalf("enable: %+v, %v", p, err)
	}
	if done := waitProcess(t, c, p); done.Status != platform.ProcessFinished {
		t.Fatalf("enable ended %s", done.Status)
	}
	if s, _ := c.GetService(ctx, id); !s.SubdomainAccess {
		t.Error("subdomain not enabled")
	}
	p, err = c.DisableSubdomainAccess(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if done := waitProcess(t, c, p); done.Status != platform.ProcessFinished {
		t.Fatalf("disable ended %s", done.Status)
	}
	if s, _ := c.GetService(ctx, id); s.SubdomainAccess {
		t.Error("subdomain still enabled")
	}
}

func TestZeropsClient_Autoscaling(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)
	id := srv.ServiceID("appdev")
	three, one, half := 3, 1, 0.5
	shared := "SHARED"

	p, err := c.SetAutoscaling(ctx, id, platform.AutoscalingParams{
		CPUMode: &shared, HorizontalMinCount: &one, HorizontalMaxCount: &three, VerticalMinRAM: &half, VerticalMinCPU: &one,
	})
	if err != nil {
		t.Fatalf("SetAutoscaling: %v", err)
	}
	if p != nil {
		if p.ActionName != "stack.autoscaling" {
			t.Errorf("process %+v", p)
		}
		waitProcess(t, c, p)
	}
	s, err := c.GetService(ctx, id)
	if err != nil || s.CustomAutoscaling == nil || s.CurrentAutoscaling == nil {
		t.Fatalf("GetService: %+v, %v", s, err)
	}
	if a := s.CustomAutoscaling; a.MaxContainers != 3 || a.MinContainers != 1 || a.MinRAM != 0.5 || a.MinCPU != 1 || a.CPUMode != "SHARED" || a.MaxCPU != 0 {
		t.Errorf("custom autoscaling = %+v, want only what was set", a)
	}
	if a := s.CurrentAutoscaling; a.MaxContainers != 3 || a.MinRAM != 0.5 || a.MaxCPU != 8 || a.MaxRAM != 48 {
		t.Errorf("current autoscaling = %+v", a)
	}

	// Sparse: only the maximum changes; the rest is kept. With the mode
	// given, the service is not read first.
	two := 2
	reads := srv.CountRequests("GET", "/service-stack/"+id)
	p, err = c.SetAutoscaling(ctx, id, platform.AutoscalingParams{Mode: s.Mode, HorizontalMaxCount: &two})
	if n := srv.CountRequests("GET", "/service-stack/"+id); n != reads {
		t.Errorf("SetAutoscaling with the mode read the service %d times", n-reads)
	}
	if err != nil {
		t.Fatal(err)
	}
	if p != nil {
		waitProcess(t, c, p)
	}
	if s, _ := c.GetService(ctx, id); s.CustomAutoscaling.MaxContainers != 2 || s.CustomAutoscaling.MinRAM != 0.5 {
		t.Errorf("after sparse change: %+v", s.CustomAutoscaling)
	}

	bad := -4
	_, err = c.SetAutoscaling(ctx, id, platform.AutoscalingParams{HorizontalMinCount: &three, HorizontalMaxCount: &bad})
	wantCode(t, err, platform.ErrInvalidScaling)
	_, err = c.SetAutoscaling(ctx, "noSuchService123", platform.AutoscalingParams{})
	wantCode(t, err, platform.ErrServiceNotFound)
}

func TestZeropsClient_ServiceEnv(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)

	envs, err := c.GetServiceEnv(ctx, srv.ServiceID("db"))
	if err != nil {
		t.Fatalf("GetServiceEnv(db): %v", err)
	}
	byKey := map[string]platform.EnvVar{}
	for _, e := range envs {
		byKey[e.Key] = e
	}
	if byKey["port"].Content != "5432" || !byKey["password"].Sensitive || byKey["password"].Content == "" || byKey["hostname"].Sensitive {
		t.Errorf("db env = %+v", envs)
	}

	id := srv.ServiceID("appdev")
	p, err := c.SetServiceEnvFile(ctx, id, "GREETING=hello\nMODE=dev\n")
	if err != nil {
		t.Fatalf("SetServiceEnvFile: %v", err)
	}
	waitProcess(t, c, p)
	envs, err = c.GetServiceEnv(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var greeting platform.EnvVar
	for _, e := range envs {
		if e.Key == "GREETING" {
			greeting = e
		}
	}
	if greeting.Content != "hello" || greeting.ID == "" {
		t.Fatalf("GREETING = %+v in %+v", greeting, envs)
	}
	p, err = c.DeleteUserData(ctx, greeting.ID)
	if err != nil {
		t.Fatalf("DeleteUserData: %v", err)
	}
	waitProcess(t, c, p)
	envs, _ = c.GetServiceEnv(ctx, id)
	for _, e := range envs {
		if e.Key == "GREETING" {
			t.Errorf("GREETING still there: %+v", e)
		}
	}
	_, err = c.DeleteUserData(ctx, "noSuchUserData1")
	wantCode(t, err, platform.ErrNotFound)
	_, err = c.GetServiceEnv(ctx, "noSuchService123")
	wantCode(t, err, platform.ErrServiceNotFound)
}

func TestZeropsClient_ProjectEnv(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)
	pid := srv.ProjectID()

	p, err := c.CreateProjectEnv(ctx, pid, "API_SECRET", "shh", true)
	if err != nil {
		t.Fatalf("CreateProjectEnv: %v", err)
	}
	waitProcess(t, c, p)
	envs, err := c.GetProjectEnv(ctx, pid)
	if err != nil {
		t.Fatalf("GetProjectEnv: %v", err)
	}
	var secret platform.EnvVar
	for _, e := range envs {
		if e.Key == "API_SECRET" {
			secret = e
		}
	}
	if secret.ID == "" || !secret.Sensitive || secret.Content != "shh" {
		t.Fatalf("API_SECRET = %+v", secret)
	}
	p, err = c.DeleteProjectEnv(ctx, secret.ID)
	if err != nil {
		t.Fatalf("DeleteProjectEnv: %v", err)
	}
	waitProcess(t, c, p)
	envs, _ = c.GetProjectEnv(ctx, pid)
	for _, e := range envs {
		if e.Key == "API_SECRET" {
			t.Errorf("still there: %+v", e)
		}
	}
	_, err = c.DeleteProjectEnv(ctx, "noSuchEnv123")
	wantCode(t, err, platform.ErrNotFound)
	_, err = c.GetProjectEnv(ctx, "noSuchProject123")
	wantCode(t, err, platform.ErrTokenNoProject)
	_, err = c.CreateProjectEnv(ctx, "noSuchProject123", "K", "v", false)
	wantCode(t, err, platform.ErrTokenNoProject)
}

func TestZeropsClient_ImportAndDelete(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)
	pid := srv.ProjectID()

	res, err := c.ImportServices(ctx, pid, "services:\n  - hostname: api\n    type: nodejs@22\n  - hostname: Bad_Name\n    type: nodejs@22\n")
	if err != nil {
		t.Fatalf("ImportServices: %v", err)
	}
	if res.ProjectID != pid || res.ProjectName != "demo" || len(res.ServiceStacks) != 2 {
		t.Fatalf("import result = %+v", res)
	}
	var api, bad platform.ImportedServiceStack
	for _, s := range res.ServiceStacks {
		if s.Error != nil {
			bad = s
		} else {
			api = s
		}
	}
	if api.Name != "api" || api.ID == "" || len(api.Processes) != 1 || api.Processes[0].ActionName != "stack.create" {
		t.Errorf("imported api = %+v", api)
	}
	if bad.Error == nil || bad.Error.Code == "" || bad.Error.Message == "" {
		t.Errorf("bad hostname not reported per service: %+v", bad)
	}
	waitProcess(t, c, &api.Processes[0])

	p, err := c.DeleteService(ctx, api.ID)
	if err != nil || p.ActionName != "stack.delete" {
		t.Fatalf("DeleteService: %+v, %v", p, err)
	}
	waitProcess(t, c, p)

	_, err = c.ImportServices(ctx, pid, "services: [unclosed")
	wantCode(t, err, platform.ErrInvalidImportYml)
	_, err = c.ImportServices(ctx, "noSuchProject123", "services: []")
	wantCode(t, err, platform.ErrTokenNoProject)
}

func TestZeropsClient_Logs(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)

	access, err := c.GetProjectLog(ctx, srv.ProjectID())
	if err != nil || access.URL == "" || access.Expiration.IsZero() {
		t.Fatalf("GetProjectLog = %+v, %v", access, err)
	}
	entries, err := zeropsapi.NewLogFetcher(nil).FetchLogs(ctx, access, platform.LogFetchParams{ServiceID: srv.ServiceID("appdev"), Limit: 20})
	if err != nil {
		t.Fatalf("FetchLogs: %v", err)
	}
	if len(entries) == 0 || len(entries) > 20 {
		t.Fatalf("FetchLogs: %d entries", len(entries))
	}
	for i, e := range entries {
		if e.Hostname != "appdev" || e.Message == "" {
			t.Errorf("entry %d = %+v", i, e)
		}
		if i > 0 && e.Timestamp.Before(entries[i-1].Timestamp) {
			t.Errorf("entries not oldest first at %d", i)
		}
	}
	_, err = c.GetProjectLog(ctx, "noSuchProject123")
	wantCode(t, err, platform.ErrTokenNoProject)
}

func TestZeropsClient_ActivityAndTypes(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)
	pid, appdev, db := srv.ProjectID(), srv.ServiceID("appdev"), srv.ServiceID("db")

	var started []*platform.Process
	for _, run := range []func() (*platform.Process, error){
		func() (*platform.Process, error) { return c.RestartService(ctx, appdev) },
		func() (*platform.Process, error) { return c.RestartService(ctx, db) },
		func() (*platform.Process, error) { return c.StopService(ctx, appdev) },
	} {
		p, err := run()
		if err != nil {
			t.Fatal(err)
		}
		started = append(started, p)
	}
	for _, p := range started {
		waitProcess(t, c, p)
	}

	all, err := c.SearchProcesses(ctx, platform.ProcessFilter{ProjectID: pid})
	if err != nil || len(all) < 3 {
		t.Fatalf("SearchProcesses = %d, %v", len(all), err)
	}
	for i := 1; i < len(all); i++ {
		if all[i].Created.After(all[i-1].Created) {
			t.Errorf("processes not newest first at %d", i)
		}
	}
	onlyApp, err := c.SearchProcesses(ctx, platform.ProcessFilter{ProjectID: pid, ServiceID: appdev})
	if err != nil || len(onlyApp) < 2 {
		t.Fatalf("SearchProcesses(appdev) = %d, %v", len(onlyApp), err)
	}
	for _, p := range onlyApp {
		if p.ServiceStackID != appdev && !refersTo(&p, appdev) {
			t.Errorf("process of another service: %+v", p)
		}
	}
	// The newest: all[0], or one the search index took in since (the
	// platform indexes a process a moment after creating it).
	one, err := c.SearchProcesses(ctx, platform.ProcessFilter{ProjectID: pid, Limit: 1})
	if err != nil || len(one) != 1 || (one[0].ID != all[0].ID && !one[0].Created.After(all[0].Created)) {
		t.Errorf("SearchProcesses(limit 1) = %+v, %v, want the newest (%s)", one, err, all[0].ID)
	}

	types, err := c.ListServiceStackTypes(ctx)
	if err != nil || len(types) == 0 {
		t.Fatalf("ListServiceStackTypes = %d, %v", len(types), err)
	}
	found := false
	for _, ty := range types {
		for _, v := range ty.Versions {
			if v.Name == "nodejs@22" && v.ID != "" && v.Status != "" {
				found = ty.Category == platform.CategoryUser
			}
		}
	}
	if !found {
		t.Errorf("nodejs@22 (USER) not in the catalog: %+v", types)
	}
}

// countingReader counts what the upload consumed.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

func TestZeropsClient_Push(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)
	pid, stage := srv.ProjectID(), srv.ServiceID("appstage")
	since := time.Now().Add(-time.Minute)

	av, err := c.CreateAppVersion(ctx, stage, "v1")
	if err != nil {
		t.Fatalf("CreateAppVersion: %v", err)
	}
	if av.ID == "" || av.ServiceStackID != stage || av.ProjectID != pid || av.Status != platform.AppVersionUploading {
		t.Errorf("app version = %+v", av)
	}
	archive := &countingReader{r: strings.NewReader(strings.Repeat("tarball ", 64<<10))}
	if err := c.UploadAppVersion(ctx, av.ID, archive); err != nil {
		t.Fatalf("UploadAppVersion: %v", err)
	}
	if archive.n != 8*64<<10 {
		t.Errorf("upload read %d bytes", archive.n)
	}
	p, err := c.BuildAndDeploy(ctx, av.ID, "zerops:\n  - setup: app\n", "app")
	if err != nil || p.ActionName != "stack.build" {
		t.Fatalf("BuildAndDeploy: %+v, %v", p, err)
	}
	if done := waitProcess(t, c, p); done.Status != platform.ProcessFinished {
		t.Fatalf("build ended %+v", done)
	}
	var versions []platform.AppVersion
	untilIndexed(t, func() bool {
		versions, err = c.SearchAppVersions(ctx, platform.AppVersionFilter{ProjectID: pid, ServiceID: stage})
		return err == nil && len(versions) > 0 && versions[0].ID == av.ID
	})
	if err != nil || len(versions) == 0 {
		t.Fatalf("SearchAppVersions = %+v, %v", versions, err)
	}
	v := versions[0]
	if v.ID != av.ID || v.Status != platform.AppVersionActive || v.Build == nil || v.Build.PipelineFinish == nil || v.Created.Before(since) {
		t.Errorf("newest version = %+v", v)
	}
	if s, _ := c.GetService(ctx, stage); s.Status != platform.ServiceActive {
		t.Errorf("appstage after deploy: %s", s.Status)
	}

	// A failed build: its only command exits 1.
	av2, err := c.CreateAppVersion(ctx, stage, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.UploadAppVersion(ctx, av2.ID, strings.NewReader("x")); err != nil {
		t.Fatal(err)
	}
	p, err = c.BuildAndDeploy(ctx, av2.ID, "zerops:\n  - setup: app\n    build:\n      buildCommands: ['false']\n", "")
	if err != nil {
		t.Fatal(err)
	}
	done := waitProcess(t, c, p)
	if done.Status != platform.ProcessFailed || done.FailReason == nil {
		t.Errorf("failed build process = %+v", done)
	}
	untilIndexed(t, func() bool {
		versions, _ = c.SearchAppVersions(ctx, platform.AppVersionFilter{ProjectID: pid, Limit: 1})
		return len(versions) == 1 && versions[0].ID == av2.ID
	})
	if len(versions) != 1 || versions[0].ID != av2.ID || versions[0].Status != platform.AppVersionBuildFailed {
		t.Errorf("newest version after failure = %+v", versions)
	}

	_, err = c.CreateAppVersion(ctx, "noSuchService123", "v")
	wantCode(t, err, platform.ErrServiceNotFound)
	err = c.UploadAppVersion(ctx, "noSuchVersion123", strings.NewReader("x"))
	wantCode(t, err, platform.ErrNotFound)
	_, err = c.BuildAndDeploy(ctx, av.ID, "", "")
	wantCode(t, err, platform.ErrInvalidParameter)
}

func TestZeropsClient_Faults(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		fault      fakeapi.Fault
		code       string
		retryAfter time.Duration
	}{
		{"rate limited", fakeapi.Fault{PathPrefix: "/service-stack/", Status: 429, RetryAfter: 4 * time.Second}, platform.ErrAPIRateLimited, 4 * time.Second},
		{"server error", fakeapi.Fault{PathPrefix: "/service-stack/", Status: 503}, platform.ErrAPIError, 0},
		{"plain body", fakeapi.Fault{PathPrefix: "/service-stack/", Status: 502, Body: "<html>bad gateway</html>"}, platform.ErrAPIError, 0},
		{"reset", fakeapi.Fault{PathPrefix: "/service-stack/", ResetConn: true}, platform.ErrNetworkError, 0},
		{"malformed", fakeapi.Fault{PathPrefix: "/service-stack/", Malformed: true}, platform.ErrAPIError, 0},
		{"forbidden", fakeapi.Fault{PathPrefix: "/service-stack/", Status: 403}, platform.ErrPermissionDenied, 0},
		{"expired", fakeapi.Fault{PathPrefix: "/service-stack/", Status: 401, APICode: "tokenExpired"}, platform.ErrAuthTokenExpired, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, c := fake(t)
			id := srv.ServiceID("appdev")
			srv.InjectFault(tt.fault)
			_, err := c.GetService(ctxT(t), id)
			pe := asPlatformError(t, err)
			if pe.Code != tt.code || pe.RetryAfter != tt.retryAfter {
				t.Errorf("error = %+v (retry %v); want %s, retry %v", pe, pe.RetryAfter, tt.code, tt.retryAfter)
			}
			srv.ClearFaults()
			if _, err := c.GetService(ctxT(t), id); err != nil {
				t.Errorf("after ClearFaults: %v", err)
			}
		})
	}
}

func TestZeropsClient_BadToken(t *testing.T) {
	t.Parallel()
	srv := fakeapi.StartTB(t, fakeapi.Options{})
	c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: srv.URL(), Token: "wrong-token-value"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := ctxT(t)
	_, err = c.GetUserInfo(ctx)
	wantCode(t, err, platform.ErrAuthInvalidToken)
	_, err = c.ListServices(ctx, srv.ProjectID())
	wantCode(t, err, platform.ErrAuthInvalidToken)
	if strings.Contains(err.Error(), "wrong-token-value") {
		t.Errorf("error shows the token: %v", err)
	}
}

func TestZeropsClient_ClientIDRetriedAfterFailure(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)
	srv.InjectFault(fakeapi.Fault{Method: "GET", PathPrefix: "/user/info", Status: 500, Times: 1})

	_, err := c.ListServices(ctx, srv.ProjectID())
	wantCode(t, err, platform.ErrAPIError)

	const n = 32
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := c.ListServices(ctx, srv.ProjectID())
			if err == nil && len(s) != 5 {
				err = errors.New("wrong service count")
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("ListServices after the failure: %v", err)
		}
	}
	if got := srv.CountRequests("GET", "/user/info"); got != 2 {
		t.Errorf("user info requested %d times, want 2 (failure not cached, success cached)", got)
	}
}

func TestZeropsClient_SearchDefaultLimit(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)
	for range zeropsapi.DefaultSearchLimit + 5 {
		if _, err := c.RestartService(ctx, srv.ServiceID("db")); err != nil {
			t.Fatal(err)
		}
	}
	// Wait until the search index holds every restart: with only some of
	// them indexed the default search may already show its full page.
	var more []platform.Process
	var err error
	untilIndexed(t, func() bool {
		more, err = c.SearchProcesses(ctx, platform.ProcessFilter{ProjectID: srv.ProjectID(), Limit: 500})
		return err == nil && len(more) >= zeropsapi.DefaultSearchLimit+5
	})
	if err != nil || len(more) < zeropsapi.DefaultSearchLimit+5 {
		t.Fatalf("SearchProcesses(500) = %d, %v", len(more), err)
	}
	got, err := c.SearchProcesses(ctx, platform.ProcessFilter{ProjectID: srv.ProjectID()})
	if err != nil || len(got) != zeropsapi.DefaultSearchLimit {
		t.Fatalf("SearchProcesses(default) = %d, %v; want %d", len(got), err, zeropsapi.DefaultSearchLimit)
	}
}

func TestZeropsClient_SearchByServiceOnly(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)
	stage := srv.ServiceID("appstage")
	av, err := c.CreateAppVersion(ctx, stage, "v1")
	if err != nil {
		t.Fatal(err)
	}
	p, err := c.RestartService(ctx, stage)
	if err != nil {
		t.Fatal(err)
	}
	var versions []platform.AppVersion
	var procs []platform.Process
	untilIndexed(t, func() bool {
		versions, err = c.SearchAppVersions(ctx, platform.AppVersionFilter{ServiceID: stage})
		procs, _ = c.SearchProcesses(ctx, platform.ProcessFilter{ServiceID: stage})
		return err == nil && len(versions) > 0 && versions[0].ID == av.ID && len(procs) > 0 && procs[0].ID == p.ID
	})
	if err != nil || len(versions) == 0 || versions[0].ID != av.ID {
		t.Errorf("SearchAppVersions(service only) = %+v, %v", versions, err)
	}
	procs, err = c.SearchProcesses(ctx, platform.ProcessFilter{ServiceID: stage})
	if err != nil || len(procs) == 0 || procs[0].ID != p.ID {
		t.Errorf("SearchProcesses(service only) = %+v, %v", procs, err)
	}
	if _, err := c.SearchAppVersions(ctx, platform.AppVersionFilter{}); platform.ErrorCode(err) != platform.ErrInvalidParameter {
		t.Errorf("no project and no service: %v", err)
	}
}

// TestZeropsClient_UserInfoPrimesClientID: once GetUserInfo answered (as
// start-up's discovery does), no later call makes a request of its own to
// learn the client ID, which would go around the gateway's budget.
func TestZeropsClient_UserInfoPrimesClientID(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)
	if _, err := c.GetUserInfo(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ListServices(ctx, srv.ProjectID()); err != nil {
		t.Fatal(err)
	}
	if got := srv.CountRequests("GET", "/user/info"); got != 1 {
		t.Errorf("user info requested %d times, want 1: ListServices asked again", got)
	}
}

func TestZeropsClient_LogsFitServiceType(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)
	access, err := c.GetProjectLog(ctx, srv.ProjectID())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		host, want string // want "" means the service writes no lines
	}{
		{"db", "database system is ready to accept connections"},
		{"cache", "Ready to accept connections tcp"},
		{"storage", ""},
	} {
		entries, err := zeropsapi.NewLogFetcher(nil).FetchLogs(ctx, access, platform.LogFetchParams{ServiceID: srv.ServiceID(tc.host), Limit: 100})
		if err != nil {
			t.Fatalf("%s: FetchLogs: %v", tc.host, err)
		}
		found := false
		for _, e := range entries {
			found = found || e.Message == tc.want
			if tc.host != "db" && (strings.Contains(e.Message, "checkpoint") || strings.Contains(e.Message, "autovacuum")) {
				t.Errorf("%s has a PostgreSQL line: %q", tc.host, e.Message)
			}
		}
		if tc.want == "" && len(entries) != 0 {
			t.Errorf("%s: %d lines, want none", tc.host, len(entries))
		}
		if tc.want != "" && !found {
			t.Errorf("%s: no %q among %d lines", tc.host, tc.want, len(entries))
		}
	}
}

// The free RAM kept goes in the SDK's minFreeResource: each field alone
// keeps the other in force, and the import's bounds are the fake's.
func TestZeropsClient_AutoscalingMinFreeRAM(t *testing.T) {
	t.Parallel()
	srv, c := fake(t)
	ctx := ctxT(t)
	id := srv.ServiceID("db")
	set := func(p platform.AutoscalingParams) {
		t.Helper()
		proc, err := c.SetAutoscaling(ctx, id, p)
		if err != nil {
			t.Fatalf("SetAutoscaling %+v: %v", p, err)
		}
		if proc != nil {
			waitProcess(t, c, proc)
		}
	}
	half, twenty := 0.5, 20.0
	set(platform.AutoscalingParams{MinFreeRAMGB: &half})
	set(platform.AutoscalingParams{MinFreeRAMPercent: &twenty})
	s, err := c.GetService(ctx, id)
	if err != nil || s.CurrentAutoscaling == nil {
		t.Fatalf("GetService: %+v, %v", s, err)
	}
	if a := s.CurrentAutoscaling; a.MinFreeRAMGB != 0.5 || a.MinFreeRAMPercent != 20 {
		t.Errorf("current autoscaling = %+v, want minFreeRamGB 0.5 and minFreeRamPercent 20", a)
	}
	gb, pct := 49.0, 101.0
	for _, p := range []platform.AutoscalingParams{{MinFreeRAMGB: &gb}, {MinFreeRAMPercent: &pct}} {
		_, err := c.SetAutoscaling(ctx, id, p)
		wantCode(t, err, platform.ErrInvalidScaling)
	}
}
