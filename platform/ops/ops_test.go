package ops_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/ops"
)

func TestResolveService_NotFoundListsHostnames(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	svc, err := ops.ResolveService(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "appdev")
	if err != nil || svc.ID != fake.ServiceID("appdev") {
		t.Fatalf("ResolveService(appdev) = %+v, %v", svc, err)
	}
	_, err = ops.ResolveService(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "nope")
	wantCode(t, err, platform.ErrServiceNotFound)
	var pe *platform.PlatformError
	errors.As(err, &pe)
	for _, h := range []string{"appdev", "appstage", "db", "cache", "storage"} {
		if !strings.Contains(pe.Suggestion, h) {
			t.Errorf("suggestion %q does not list %s", pe.Suggestion, h)
		}
	}
	_, err = ops.ResolveService(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, " ")
	wantCode(t, err, platform.ErrServiceRequired)
}

func TestDiscover_RedactsSensitive(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	res, err := ops.Discover(context.Background(), ops.Project{Client: c, ID: fake.ProjectID()}, "db", true)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Services) != 1 || res.Services[0].Hostname != "db" {
		t.Fatalf("services = %+v", res.Services)
	}
	var sawPassword bool
	for _, e := range res.Services[0].Envs {
		if e.Key == "password" || e.Key == "connectionString" {
			sawPassword = true
			if e.Value != ops.Redacted {
				t.Errorf("%s = %q, want redacted", e.Key, e.Value)
			}
		}
		if e.Key == "port" && e.Value != "5432" {
			t.Errorf("port = %q", e.Value)
		}
	}
	if !sawPassword {
		t.Errorf("no password variable in %+v", res.Services[0].Envs)
	}
	all, err := ops.Discover(context.Background(), ops.Project{Client: c, ID: fake.ProjectID()}, "", false)
	if err != nil || len(all.Services) != 5 || all.Project.Name != "demo" {
		t.Fatalf("Discover all = %+v, %v", all, err)
	}
	for i := 1; i < len(all.Services); i++ {
		if all.Services[i-1].Hostname > all.Services[i].Hostname {
			t.Errorf("services not sorted: %s before %s", all.Services[i-1].Hostname, all.Services[i].Hostname)
		}
	}
}

func TestValidateScale_Limits(t *testing.T) {
	t.Parallel()
	runtime := &platform.ServiceStack{Name: "app", Type: platform.ServiceTypeInfo{Category: platform.CategoryUser}}
	managed := &platform.ServiceStack{Name: "db", Type: platform.ServiceTypeInfo{Name: "postgresql", Category: platform.CategoryStandard, VersionName: "postgresql@16"}}
	cache := &platform.ServiceStack{Name: "cache", Type: platform.ServiceTypeInfo{Name: "valkey", Category: platform.CategoryStandard, VersionName: "valkey@7.2"}}
	tests := []struct {
		name string
		p    ops.ScaleParams
		svc  *platform.ServiceStack
		ok   bool
	}{
		{"valid vertical", ops.ScaleParams{MinCPU: ptrI(1), MaxCPU: ptrI(4), MinRAM: ptrF(0.5), MaxRAM: ptrF(2)}, runtime, true},
		{"valid containers", ops.ScaleParams{MinContainers: ptrI(1), MaxContainers: ptrI(3)}, runtime, true},
		{"cpu mode lowercase", ops.ScaleParams{CPUMode: ptrS("dedicated")}, runtime, true},
		{"nothing", ops.ScaleParams{}, runtime, false},
		{"cpu too high", ops.ScaleParams{MaxCPU: ptrI(9)}, runtime, false},
		{"cpu zero", ops.ScaleParams{MinCPU: ptrI(0)}, runtime, false},
		{"ram too low", ops.ScaleParams{MinRAM: ptrF(0.1)}, runtime, false},
		{"ram too high", ops.ScaleParams{MaxRAM: ptrF(49)}, runtime, false},
		{"runtime ram 0.125", ops.ScaleParams{MinRAM: ptrF(0.125)}, runtime, true},
		{"managed ram 0.125", ops.ScaleParams{MinRAM: ptrF(0.125), MaxRAM: ptrF(1)}, managed, false},
		{"managed ram 0.25", ops.ScaleParams{MinRAM: ptrF(0.25), MaxRAM: ptrF(1)}, managed, true},
		// No floor above the step is published for Valkey: the API decides.
		{"valkey ram 0.125", ops.ScaleParams{MinRAM: ptrF(0.125), MaxRAM: ptrF(1)}, cache, true},
		{"disk too high", ops.ScaleParams{MaxDisk: ptrF(251)}, runtime, false},
		{"min above max", ops.ScaleParams{MinCPU: ptrI(4), MaxCPU: ptrI(2)}, runtime, false},
		{"containers 11", ops.ScaleParams{MaxContainers: ptrI(11)}, runtime, false},
		{"containers on managed", ops.ScaleParams{MaxContainers: ptrI(2)}, managed, false},
		{"bad cpu mode", ops.ScaleParams{CPUMode: ptrS("TURBO")}, runtime, false},
		{"start containers alone", ops.ScaleParams{StartContainers: ptrI(2)}, runtime, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, _, err := ops.ValidateScale(tt.p, tt.svc)
			if tt.ok && err != nil {
				t.Fatalf("unexpected error %v", err)
			}
			if !tt.ok {
				wantCode(t, err, platform.ErrInvalidScaling)
				if pe := (*platform.PlatformError)(nil); !errors.As(err, &pe) || pe.Suggestion == "" {
					t.Error("no suggestion")
				}
			}
		})
	}
}

func TestManage_RestartAndUnknownAction(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	res, err := ops.Manage(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "Restart", "appdev", ops.ScaleParams{})
	if err != nil || res.Process == nil || res.Process.ActionName != "stack.restart" {
		t.Fatalf("Manage restart = %+v, %v", res, err)
	}
	_, err = ops.Manage(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "get", "appdev", ops.ScaleParams{})
	wantCode(t, err, platform.ErrInvalidParameter)
	if pe := (*platform.PlatformError)(nil); !errors.As(err, &pe) || !strings.Contains(pe.Suggestion, "restart") {
		t.Errorf("suggestion does not name the actions: %v", err)
	}
	before := fake.CountRequests("PUT", "/service-stack/")
	_, err = ops.Manage(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "scale", "appdev", ops.ScaleParams{MaxCPU: ptrI(20)})
	wantCode(t, err, platform.ErrInvalidScaling)
	if after := fake.CountRequests("PUT", "/service-stack/"); after != before {
		t.Errorf("invalid scaling reached the API (%d → %d PUTs)", before, after)
	}
	res, err = ops.Manage(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "scale", "appdev", ops.ScaleParams{MinCPU: ptrI(1), MaxCPU: ptrI(2)})
	if err != nil {
		t.Fatalf("scale: %v", err)
	}
	_ = res
}

func TestProcessAction_StatusCancelTerminal(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 5*time.Second)
	ctx := context.Background()
	res, err := ops.Manage(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "restart", "appdev", ops.ScaleParams{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := ops.Process(ctx, c, res.Process.ID, "")
	if err != nil || p.ID != res.Process.ID {
		t.Fatalf("status = %+v, %v", p, err)
	}
	if _, err := ops.Process(ctx, c, res.Process.ID, "cancel"); err != nil {
		t.Fatalf("cancel: %v", err)
	}
	_, err = ops.Process(ctx, c, res.Process.ID, "cancel")
	wantCode(t, err, platform.ErrProcessTerminal)
	_, err = ops.Process(ctx, c, res.Process.ID, "explode")
	wantCode(t, err, platform.ErrInvalidParameter)
	_, err = ops.Process(ctx, c, "", "status")
	wantCode(t, err, platform.ErrInvalidParameter)
}

func TestDelete_ConfirmGate(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	_, err := ops.Delete(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "cache", false)
	wantCode(t, err, platform.ErrConfirmRequired)
	if n := fake.CountRequests("DELETE", "/service-stack/"); n != 0 {
		t.Fatalf("unconfirmed delete sent %d DELETEs", n)
	}
	res, err := ops.Delete(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "cache", true)
	if err != nil || res.Process == nil {
		t.Fatalf("Delete = %+v, %v", res, err)
	}
}

func TestSubdomain_Idempotent(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	res, err := ops.Subdomain(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "appdev", "disable")
	if err != nil || !res.AlreadyInState || res.Process != nil {
		t.Fatalf("disable on disabled = %+v, %v", res, err)
	}
	if n := fake.CountRequests("PUT", "/service-stack/"); n != 0 {
		t.Errorf("already-disabled sent %d PUTs", n)
	}
	res, err = ops.Subdomain(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "appdev", "enable")
	if err != nil || res.AlreadyInState || res.Process == nil {
		t.Fatalf("enable = %+v, %v", res, err)
	}
	_, err = ops.Subdomain(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "appdev", "toggle")
	wantCode(t, err, platform.ErrInvalidParameter)
}

// Lessons #9: the service read may be stale; the API saying "already
// enabled" is a success too, never a failure or a FAILED process.
func TestSubdomain_APISaysAlreadyEnabled(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	fake.InjectFault(fakeapi.Fault{Method: "PUT", PathPrefix: "/service-stack/", Status: 400,
		APICode: "serviceStackSubdomainAccessAlreadyEnabled", Message: "Subdomain access is already enabled.", Times: 1})
	res, err := ops.Subdomain(context.Background(), ops.Project{Client: c, ID: fake.ProjectID()}, "appstage", "enable")
	if err != nil || !res.AlreadyInState || res.Process != nil || !strings.Contains(res.Message, "already enabled") {
		t.Fatalf("enable answered already-enabled by the API = %+v, %v", res, err)
	}
}

func TestEvents_MergedNewestFirst(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	for _, h := range []string{"appdev", "appstage"} {
		if _, err := ops.Manage(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "restart", h, ops.ScaleParams{}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := ops.Events(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if res.Count < 2 {
		t.Fatalf("events = %+v", res.Events)
	}
	for i := 1; i < len(res.Events); i++ {
		if res.Events[i].Time.After(res.Events[i-1].Time) {
			t.Errorf("event %d newer than %d", i, i-1)
		}
	}
	one, err := ops.Events(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "appdev", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range one.Events {
		if e.Service != "appdev" {
			t.Errorf("filtered events contain %+v", e)
		}
	}
	_, err = ops.Events(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "", 500)
	wantCode(t, err, platform.ErrInvalidParameter)
}

func TestStackTypeCache_FailureNotCached(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	cache := ops.NewStackTypeCache(c, time.Hour)
	ctx := context.Background()
	fake.InjectFault(fakeapi.Fault{Method: "POST", PathPrefix: "/service-stack-type/", Status: 500, Times: 1})
	if _, err := cache.Get(ctx); err == nil {
		t.Fatal("want an error while the API fails")
	}
	types, err := cache.Get(ctx)
	if err != nil || len(types) == 0 {
		t.Fatalf("after the fault: %d types, %v", len(types), err)
	}
	before := fake.CountRequests("POST", "/service-stack-type/")
	if _, err := cache.Get(ctx); err != nil {
		t.Fatal(err)
	}
	if after := fake.CountRequests("POST", "/service-stack-type/"); after != before {
		t.Errorf("fresh cache refetched (%d → %d)", before, after)
	}
	if _, ok := cache.Cached(); !ok {
		t.Error("Cached() = false after a fetch")
	}
}

// TestDiscover_MasksSecretsEnvGetShowsThem: discover masks SECRET and
// sensitive values (keys listed); env get shows SECRET values, never
// sensitive ones.
func TestDiscover_MasksSecretsEnvGetShowsThem(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	pid := fake.ProjectID()
	setEnv(t, c, pid, ops.EnvTarget{Hostname: "appdev"}, "API_KEY=sk-live-123456")
	setEnv(t, c, pid, ops.EnvTarget{Project: true}, "SHARED=proj-secret-9")

	disc, err := ops.Discover(ctx, ops.Project{Client: c, ID: pid}, "", true)
	if err != nil {
		t.Fatal(err)
	}
	vals := map[string]string{}
	for _, s := range disc.Services {
		for _, e := range s.Envs {
			vals[s.Hostname+"."+e.Key] = e.Value
		}
	}
	for _, e := range disc.Project.Envs {
		vals["project."+e.Key] = e.Value
	}
	for _, k := range []string{"appdev.API_KEY", "db.password", "db.connectionString"} {
		if v, ok := vals[k]; !ok || v != ops.Redacted {
			t.Errorf("discover %s = %q (listed %v), want %s", k, v, ok, ops.Redacted)
		}
	}
	if vals["db.port"] != "5432" || vals["project.SHARED"] != "proj-secret-9" {
		t.Errorf("discover db.port = %q, project.SHARED (type USER) = %q, want them shown", vals["db.port"], vals["project.SHARED"])
	}

	got := func(target ops.EnvTarget) map[string]string {
		res, err := ops.Env(ctx, ops.Project{Client: c, ID: pid}, nil, "get", target, nil)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		for _, e := range res.Variables {
			m[e.Key] = e.Value
		}
		return m
	}
	if v := got(ops.EnvTarget{Hostname: "appdev"})["API_KEY"]; v != "sk-live-123456" {
		t.Errorf("env get API_KEY = %q, want the SECRET value", v)
	}
	if v := got(ops.EnvTarget{Project: true})["SHARED"]; v != "proj-secret-9" {
		t.Errorf("env get project SHARED = %q, want the value", v)
	}
	db := got(ops.EnvTarget{Hostname: "db"})
	if db["password"] != ops.Redacted || db["connectionString"] != ops.Redacted {
		t.Errorf("env get shows sensitive values: %v", db)
	}
}

// TestDiscover_EnvReadFailureIsAWarning: a service whose variables cannot
// be read is a warning; the other services are answered with theirs.
func TestDiscover_EnvReadFailureIsAWarning(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	setEnv(t, c, fake.ProjectID(), ops.EnvTarget{Hostname: "appdev"}, "A=1")
	fake.InjectFault(fakeapi.Fault{Method: http.MethodGet, PathPrefix: "/service-stack/" + fake.ServiceID("db") + "/env", Status: http.StatusNotFound})
	res, err := ops.Discover(context.Background(), ops.Project{Client: c, ID: fake.ProjectID()}, "", true)
	if err != nil {
		t.Fatalf("discover failed instead of degrading: %v", err)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "variables of db") {
		t.Errorf("warnings = %q, want one naming db", res.Warnings)
	}
	for _, s := range res.Services {
		if s.Hostname == "db" && len(s.Envs) != 0 {
			t.Errorf("db envs = %v, want none", s.Envs)
		}
		if s.Hostname == "appdev" && len(s.Envs) == 0 {
			t.Error("appdev lost its variables because db's failed")
		}
	}
}

func setEnv(t *testing.T, c platform.Client, pid string, target ops.EnvTarget, line string) {
	t.Helper()
	res, err := ops.Env(context.Background(), ops.Project{Client: c, ID: pid}, nil, "set", target, []string{line})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Processes {
		waitProcess(t, c, p.ID)
	}
}
