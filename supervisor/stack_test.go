package supervisor

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// startStack runs a Stack on a real client against the fake API and stops it
// when the test ends.
func startStack(t *testing.T, opts fakeapi.Options, cfg StackConfig) (*fakeapi.Server, platform.Client, *Stack) {
	t.Helper()
	fake := fakeapi.StartTB(t, opts)
	client, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: fake.URL(), Token: fake.Token()})
	if err != nil {
		t.Fatal(err)
	}
	stack, err := NewStack(client, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := stack.Start(ctx)
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("the stack did not stop within 10 s")
		}
	})
	return fake, client, stack
}

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// TestStack_GatewayMethodsReachTheirEndpoints calls every platform.Client
// method through the stack's gateway and checks the last request the API saw
// (a call may first look something up): a wrapper that calls the wrong client
// method fails here.
func TestStack_GatewayMethodsReachTheirEndpoints(t *testing.T) {
	fake, raw, stack := startStack(t, fakeapi.Options{ProcessDuration: time.Minute}, StackConfig{
		Gateway: actors.GatewayConfig{Rate: 1000, Burst: 1000, Retries: -1},
	})
	ctx := testCtx(t)
	g := stack.Gateway
	app, stage, db := fake.ServiceID("appdev"), fake.ServiceID("appstage"), fake.ServiceID("db")
	proc, err := raw.RestartService(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	envs, err := raw.GetServiceEnv(ctx, db)
	if err != nil || len(envs) == 0 {
		t.Fatalf("db env: %v %v", envs, err)
	}
	av, err := raw.CreateAppVersion(ctx, stage, "v1")
	if err != nil {
		t.Fatal(err)
	}
	pid, cid := fake.ProjectID(), fake.ClientID()
	ram := 0.5

	tests := []struct {
		name, method, path string
		call               func() error
	}{
		{"GetUserInfo", "GET", "user/info", func() error { _, err := g.GetUserInfo(ctx); return err }},
		{"ListProjects", "POST", "project/search", func() error { _, err := g.ListProjects(ctx, cid); return err }},
		{"GetProject", "GET", "project/" + pid, func() error { _, err := g.GetProject(ctx, pid); return err }},
		{"ListServices", "POST", "service-stack/search", func() error { _, err := g.ListServices(ctx, pid); return err }},
		{"GetService", "GET", "service-stack/" + app, func() error { _, err := g.GetService(ctx, app); return err }},
		{"StartService", "PUT", "service-stack/" + app + "/start", func() error { _, err := g.StartService(ctx, app); return err }},
		{"StopService", "PUT", "service-stack/" + app + "/stop", func() error { _, err := g.StopService(ctx, app); return err }},
		{"RestartService", "PUT", "service-stack/" + app + "/restart", func() error { _, err := g.RestartService(ctx, app); return err }},
		{"SetAutoscaling", "PUT", "service-stack/" + app + "/autoscaling", func() error {
			_, err := g.SetAutoscaling(ctx, app, platform.AutoscalingParams{VerticalMinRAM: &ram})
			return err
		}},
		{"GetServiceEnv", "GET", "service-stack/" + app + "/env", func() error { _, err := g.GetServiceEnv(ctx, app); return err }},
		{"SetServiceEnvFile", "PUT", "service-stack/" + app + "/user-data/env-file", func() error {
			_, err := g.SetServiceEnvFile(ctx, app, "A=1\n")
			return err
		}},
		{"DeleteUserData", "DELETE", "user-data/" + envs[0].ID, func() error { _, err := g.DeleteUserData(ctx, envs[0].ID); return err }},
		{"GetProjectEnv", "POST", "project/search", func() error { _, err := g.GetProjectEnv(ctx, pid); return err }},
		{"CreateProjectEnv", "POST", "project/" + pid + "/env", func() error {
			_, err := g.CreateProjectEnv(ctx, pid, "K", "v", true)
			return err
		}},
		{"DeleteProjectEnv", "DELETE", "project-env/env-1", func() error { _, err := g.DeleteProjectEnv(ctx, "env-1"); return err }},
		{"ImportServices", "POST", "project/" + pid + "/service-stack/import", func() error {
			_, err := g.ImportServices(ctx, pid, "services:\n  - hostname: extra\n    type: nodejs@22\n")
			return err
		}},
		{"GetProcess", "GET", "process/" + proc.ID, func() error { _, err := g.GetProcess(ctx, proc.ID); return err }},
		{"CancelProcess", "PUT", "process/" + proc.ID + "/cancel", func() error { _, err := g.CancelProcess(ctx, proc.ID); return err }},
		{"EnableSubdomainAccess", "PUT", "service-stack/" + stage + "/enable-subdomain-access", func() error {
			_, err := g.EnableSubdomainAccess(ctx, stage)
			return err
		}},
		{"DisableSubdomainAccess", "PUT", "service-stack/" + stage + "/disable-subdomain-access", func() error {
			_, err := g.DisableSubdomainAccess(ctx, stage)
			return err
		}},
		{"GetProjectLog", "GET", "project/" + pid + "/log", func() error { _, err := g.GetProjectLog(ctx, pid); return err }},
		{"SearchProcesses", "POST", "process/search", func() error {
			_, err := g.SearchProcesses(ctx, platform.ProcessFilter{ProjectID: pid})
			return err
		}},
		{"SearchAppVersions", "POST", "app-version/search", func() error {
			_, err := g.SearchAppVersions(ctx, platform.AppVersionFilter{ProjectID: pid})
			return err
		}},
		{"ListServiceStackTypes", "POST", "service-stack-type/search", func() error { _, err := g.ListServiceStackTypes(ctx); return err }},
		{"CreateAppVersion", "POST", "service-stack/" + stage + "/app-version", func() error {
			_, err := g.CreateAppVersion(ctx, stage, "v2")
			return err
		}},
		{"UploadAppVersion", "PUT", "app-version/" + av.ID + "/upload", func() error {
			return g.UploadAppVersion(ctx, av.ID, strings.NewReader("archive"))
		}},
		{"BuildAndDeploy", "PUT", "app-version/" + av.ID + "/build-and-deploy", func() error {
			_, err := g.BuildAndDeploy(ctx, av.ID, "zerops:\n  - setup: prod\n", "prod")
			return err
		}},
		{"ServiceStats", "POST", "stats-history/group-by-search", func() error {
			_, err := g.ServiceStats(ctx, platform.StatsFilter{ProjectID: pid, From: time.Now().Add(-time.Hour), Till: time.Now(), Bucket: time.Minute})
			return err
		}},
		{"ExportProject", "GET", "project/" + pid + "/export", func() error { _, err := g.ExportProject(ctx, pid); return err }},
		{"ExportService", "GET", "service-stack/" + app + "/export", func() error { _, err := g.ExportService(ctx, app); return err }},
		{"DeployAppVersion", "PUT", "app-version/" + av.ID + "/deploy", func() error { _, err := g.DeployAppVersion(ctx, av.ID); return err }},
		{"DeleteService", "DELETE", "service-stack/" + db, func() error { _, err := g.DeleteService(ctx, db); return err }},
	}
	for _, tt := range tests {
		fake.ResetRequests()
		err := tt.call()
		var pe *platform.PlatformError
		if err != nil && !errors.As(err, &pe) {
			t.Errorf("%s: %v", tt.name, err)
		}
		want := tt.method + " /api/rest/public/" + tt.path
		var got []string
		for _, r := range fake.Requests() {
			got = append(got, r.Method+" "+r.Path)
		}
		if len(got) == 0 || !strings.HasPrefix(got[len(got)-1], want) {
			t.Errorf("gateway %s sent %v, want %s last", tt.name, got, want)
		}
	}
}

// TestStack_WatcherPollsThroughTheGateway follows a process to its end and
// checks that the gateway let through every request the API saw.
func TestStack_WatcherPollsThroughTheGateway(t *testing.T) {
	fake, raw, stack := startStack(t, fakeapi.Options{ProcessDuration: 30 * time.Millisecond}, StackConfig{
		Watcher: actors.WatcherConfig{Interval: 5 * time.Millisecond, SlowInterval: 5 * time.Millisecond},
	})
	ctx := testCtx(t)
	proc, err := raw.RestartService(ctx, fake.ServiceID("appdev"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.GetUserInfo(ctx); err != nil { // as start-up does: the client's searches need the client id
		t.Fatal(err)
	}
	fake.ResetRequests()
	updates, err := stack.Watcher.Subscribe(ctx, proc.ID)
	if err != nil {
		t.Fatal(err)
	}
	var last actors.ProcessUpdate
	for u := range updates {
		last = u
	}
	if !last.Final || last.Err != nil {
		t.Fatalf("the watch ended with %+v, want the finished process", last)
	}
	st, err := stack.Gateway.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	calls := ""
	for _, f := range st.Figures {
		if f.Key == "calls" {
			calls = f.Value
		}
	}
	polls := fake.CountRequests("GET", "/process/")
	if want := strconv.Itoa(len(fake.Requests())); polls == 0 || calls != want {
		t.Fatalf("the gateway let %s calls through, the API saw %s requests (%d polls): polls went around the budget", calls, want, polls)
	}
}
