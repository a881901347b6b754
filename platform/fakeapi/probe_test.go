package fakeapi_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/types"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// probe GETs hostname's port through the fake's probe endpoint, with no token.
func probe(t *testing.T, srv *fakeapi.Server, hostname string, port int, p string) (int, string) {
	t.Helper()
	resp, err := http.Get(fakeapi.ProbeURL(srv.URL(), hostname, port, p))
	if err != nil {
		t.Fatalf("probe %s:%d: %v", hostname, port, err)
	}
	defer func() { _ = resp.Body.Close() }()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("probe body: %v", err)
	}
	return resp.StatusCode, string(b)
}

func TestProbeURL_Forms(t *testing.T) {
	t.Parallel()
	tests := []struct {
		base, host string
		port       int
		path, want string
	}{
		{"http://127.0.0.1:9", "appdev", 3000, "/", "http://127.0.0.1:9/_sandbox/http/appdev/3000/"},
		{"http://127.0.0.1:9/", "api", 8080, "health?x=1", "http://127.0.0.1:9/_sandbox/http/api/8080/health?x=1"},
		{"http://127.0.0.1:9", "web", 80, "", "http://127.0.0.1:9/_sandbox/http/web/80/"},
	}
	for _, tt := range tests {
		if got := fakeapi.ProbeURL(tt.base, tt.host, tt.port, tt.path); got != tt.want {
			t.Errorf("ProbeURL(%q, %q, %d, %q) = %q, want %q", tt.base, tt.host, tt.port, tt.path, got, tt.want)
		}
	}
}

// The seeded project answers as its state says: appdev runs its deployed
// version on 3000, appstage has no code, db is no runtime.
func TestProbe_SeededProject(t *testing.T) {
	t.Parallel()
	srv, _ := newSDK(t, fastOpts)
	tests := []struct {
		name string
		host string
		port int
		path string
		want int
		body string
	}{
		{"HealthyApp", "appdev", 3000, "/api/items?page=2", http.StatusOK, "answered GET /api/items?page=2 on port 3000"},
		{"NothingOnPort", "appdev", 8080, "/", http.StatusBadGateway, "502 Bad Gateway"},
		{"NoCodeYet", "appstage", 3000, "/", http.StatusBadGateway, "502 Bad Gateway"},
		{"ManagedService", "db", 5432, "/", http.StatusNotFound, "no runtime service"},
		{"SystemService", "balancer", 80, "/", http.StatusNotFound, "no runtime service"},
		{"UnknownHost", "ghost", 3000, "/", http.StatusNotFound, "no runtime service"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			code, b := probe(t, srv, tt.host, tt.port, tt.path)
			if code != tt.want || !strings.Contains(b, tt.body) {
				t.Errorf("GET %s:%d%s = %d %q, want %d with %q", tt.host, tt.port, tt.path, code, b, tt.want, tt.body)
			}
		})
	}
	if n := srv.CountRequests("", ""); n != 0 {
		t.Errorf("probes entered the API's request log (%d requests)", n)
	}
}

func TestProbe_MalformedPath(t *testing.T) {
	t.Parallel()
	srv, _ := newSDK(t, fastOpts)
	for _, p := range []string{"appdev", "appdev/", "appdev/x/", "appdev/-1/", "appdev/70000/", "/3000/"} { // 0: the process, not malformed
		resp, err := http.Get(srv.URL() + fakeapi.ProbePrefix + p)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("GET %s%s = %d, want 400", fakeapi.ProbePrefix, p, resp.StatusCode)
		}
	}
	resp, err := http.Post(fakeapi.ProbeURL(srv.URL(), "appdev", 3000, "/"), "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST = %d, want 405", resp.StatusCode)
	}
}

// A first deploy answers 503 while it runs and 200 once ACTIVE on the port
// its zerops.yml declares; a restart answers 503 until it ends, a stopped
// service the balancer's 502.
func TestProbe_FollowsDeployAndLifecycle(t *testing.T) {
	t.Parallel()
	opts := fastOpts
	opts.BuildStepDuration, opts.ProcessDuration = time.Hour, time.Hour
	srv, h := newSDK(t, opts)
	stage := srv.ServiceID("appstage")
	ctx := context.Background()

	cr, err := h.PostServiceStackAppVersion(ctx, sid(stage), body.PostAppVersion{})
	av := out(t, cr.Output, err)
	ur, err := h.PutAppVersionUpload(ctx, path.AppVersionId{Id: av.Id}, strings.NewReader("archive"))
	out(t, ur.Output, err)
	yml := "zerops:\n  - setup: appstage\n    run:\n      base: nodejs@22\n      start: node index.js\n      ports: [{port: 8080, httpSupport: true}]\n"
	br, err := h.PutAppVersionBuildAndDeploy(ctx, path.AppVersionId{Id: av.Id},
		body.PutAppVersionBuildAndDeploy{ZeropsYaml: types.MediumText(yml), ZeropsYamlSetup: types.NewStringNull("appstage")})
	out(t, br.Output, err)
	if code, b := probe(t, srv, "appstage", 8080, "/"); code != http.StatusServiceUnavailable || !strings.Contains(b, "503") {
		t.Fatalf("during the first deploy: %d %q, want 503", code, b)
	}
	srv.FinishBuilds()
	if code, _ := probe(t, srv, "appstage", 8080, "/"); code != http.StatusOK {
		t.Fatalf("after the deploy: %d, want 200", code)
	}
	if code, _ := probe(t, srv, "appstage", 3000, "/"); code != http.StatusBadGateway {
		t.Fatalf("an undeclared port: %d, want 502", code)
	}

	rr, err := h.PutServiceStackRestart(ctx, sid(stage))
	out(t, rr.Output, err)
	if code, _ := probe(t, srv, "appstage", 8080, "/"); code != http.StatusServiceUnavailable {
		t.Fatalf("during a restart: %d, want 503", code)
	}
	srv.EndProcesses()
	if code, _ := probe(t, srv, "appstage", 8080, "/"); code != http.StatusOK {
		t.Fatalf("after the restart: %d, want 200", code)
	}
	sr, err := h.PutServiceStackStop(ctx, sid(stage))
	out(t, sr.Output, err)
	srv.EndProcesses()
	if code, b := probe(t, srv, "appstage", 8080, "/"); code != http.StatusBadGateway || !strings.Contains(b, "502 Bad Gateway") {
		t.Fatalf("stopped: %d %q, want 502", code, b)
	}
}
