package zeropsapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// everyIDMethod calls each Client method that pastes id into a request.
func everyIDMethod(c platform.Client, id string) map[string]func(ctx context.Context) error {
	p := func(_ *platform.Process, err error) error { return err }
	return map[string]func(ctx context.Context) error{
		"ListProjects": func(ctx context.Context) error { _, err := c.ListProjects(ctx, id); return err },
		"GetProject":   func(ctx context.Context) error { _, err := c.GetProject(ctx, id); return err },
		"ListServices": func(ctx context.Context) error { _, err := c.ListServices(ctx, id); return err },
		"GetService":   func(ctx context.Context) error { _, err := c.GetService(ctx, id); return err },
		"StartService": func(ctx context.Context) error { return p(c.StartService(ctx, id)) },
		"StopService":  func(ctx context.Context) error { return p(c.StopService(ctx, id)) },
		"Restart":      func(ctx context.Context) error { return p(c.RestartService(ctx, id)) },
		"SetAutoscaling": func(ctx context.Context) error {
			return p(c.SetAutoscaling(ctx, id, platform.AutoscalingParams{}))
		},
		"GetServiceEnv":     func(ctx context.Context) error { _, err := c.GetServiceEnv(ctx, id); return err },
		"SetServiceEnvFile": func(ctx context.Context) error { return p(c.SetServiceEnvFile(ctx, id, "A=1")) },
		"DeleteUserData":    func(ctx context.Context) error { return p(c.DeleteUserData(ctx, id)) },
		"GetProjectEnv":     func(ctx context.Context) error { _, err := c.GetProjectEnv(ctx, id); return err },
		"CreateProjectEnv":  func(ctx context.Context) error { return p(c.CreateProjectEnv(ctx, id, "K", "v", false)) },
		"DeleteProjectEnv":  func(ctx context.Context) error { return p(c.DeleteProjectEnv(ctx, id)) },
		"ImportServices":    func(ctx context.Context) error { _, err := c.ImportServices(ctx, id, "services: []"); return err },
		"DeleteService":     func(ctx context.Context) error { return p(c.DeleteService(ctx, id)) },
		"GetProcess":        func(ctx context.Context) error { return p(c.GetProcess(ctx, id)) },
		"CancelProcess":     func(ctx context.Context) error { return p(c.CancelProcess(ctx, id)) },
		"EnableSubdomain":   func(ctx context.Context) error { return p(c.EnableSubdomainAccess(ctx, id)) },
		"DisableSubdomain":  func(ctx context.Context) error { return p(c.DisableSubdomainAccess(ctx, id)) },
		"GetProjectLog":     func(ctx context.Context) error { _, err := c.GetProjectLog(ctx, id); return err },
		"SearchProcesses/project": func(ctx context.Context) error {
			_, err := c.SearchProcesses(ctx, platform.ProcessFilter{ProjectID: id})
			return err
		},
		"SearchProcesses/service": func(ctx context.Context) error {
			_, err := c.SearchProcesses(ctx, platform.ProcessFilter{ProjectID: "proj1", ServiceID: id})
			return err
		},
		"SearchAppVersions/project": func(ctx context.Context) error {
			_, err := c.SearchAppVersions(ctx, platform.AppVersionFilter{ProjectID: id})
			return err
		},
		"SearchAppVersions/service": func(ctx context.Context) error {
			_, err := c.SearchAppVersions(ctx, platform.AppVersionFilter{ProjectID: "proj1", ServiceID: id})
			return err
		},
		"CreateAppVersion": func(ctx context.Context) error { _, err := c.CreateAppVersion(ctx, id, "v1"); return err },
		"UploadAppVersion": func(ctx context.Context) error { return c.UploadAppVersion(ctx, id, strings.NewReader("x")) },
		"BuildAndDeploy":   func(ctx context.Context) error { return p(c.BuildAndDeploy(ctx, id, "zerops: []", "app")) },
	}
}

func TestZeropsClient_HostileIDsRejectedBeforeSending(t *testing.T) {
	t.Parallel()
	hostile := []string{
		"../user/info", "svc/../../x", "svc?x=1", "svc#frag", "a b", "%2e%2e", "ünïcödé", "😀", "svc\x00", "svc\n",
		".", "..", "svc.1", strings.Repeat("a", 10_000), "\xff\xfe",
	}
	for _, id := range hostile {
		t.Run(id[:min(len(id), 12)], func(t *testing.T) {
			t.Parallel()
			var requests atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				requests.Add(1)
				w.WriteHeader(500)
			}))
			t.Cleanup(srv.Close)
			c := newTestClient(t, srv.URL, nil)
			for name, fn := range everyIDMethod(c, id) {
				err := fn(context.Background())
				if code := platform.ErrorCode(err); code != platform.ErrInvalidParameter {
					t.Errorf("%s(%q): code %q (%v), want INVALID_PARAMETER", name, id[:min(len(id), 20)], code, err)
				}
			}
			if n := requests.Load(); n != 0 {
				t.Errorf("%d requests reached the API", n)
			}
		})
	}
}

func TestZeropsClient_EmptyIDRejected(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(500) }))
	t.Cleanup(srv.Close)
	c := newTestClient(t, srv.URL, nil)
	for name, fn := range everyIDMethod(c, "") {
		if name == "ListProjects" || strings.HasSuffix(name, "/service") {
			continue // "" means the token's client / every service
		}
		if code := platform.ErrorCode(fn(context.Background())); code != platform.ErrInvalidParameter {
			t.Errorf("%s(\"\"): code %q, want INVALID_PARAMETER", name, code)
		}
	}
	if err := c.UploadAppVersion(context.Background(), "av1", nil); platform.ErrorCode(err) != platform.ErrInvalidParameter {
		t.Errorf("nil archive: %v", err)
	}
}
