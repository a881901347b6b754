package fakeapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zerops-go/apiError"
	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/types"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// These tests pin the behaviours the live API shows and the fake reproduces
// by default (facts: "Real-API behaviours the fake must reproduce").

func TestRealAPI_SystemServicesInSearch(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	for _, projectID := range []string{srv.ProjectID(), srv.AddProject("other")} {
		ss, err := h.PostServiceStackSearch(ctx, filter([2]string{"projectId", projectID}))
		got := map[string]bool{}
		for _, s := range out(t, ss.Output, err).Items {
			cat := string(s.ServiceStackTypeInfo.ServiceStackTypeCategory)
			if platform.SystemCategory(cat) {
				if !s.IsSystem.Native() {
					t.Errorf("%s (%s) is not marked isSystem", s.Name, cat)
				}
				got[cat] = true
			} else if s.IsSystem.Native() {
				t.Errorf("%s (%s) is marked isSystem", s.Name, cat)
			}
		}
		for _, cat := range []string{platform.CategoryCore, platform.CategoryBuild, platform.CategoryInternal,
			platform.CategoryPrepareRuntime, platform.CategoryHTTPBalancer} {
			if !got[cat] {
				t.Errorf("project %s has no %s service", projectID, cat)
			}
		}
	}
	tr, err := h.PostServiceStackTypeSearch(ctx, body.EsFilter{})
	for _, typ := range out(t, tr.Output, err).Items {
		if platform.SystemCategory(string(typ.Category)) && string(typ.Category) != platform.CategoryBuild {
			t.Errorf("the public catalog lists the system type %s", typ.Name)
		}
	}
}

func TestRealAPI_SearchNeedsClientID(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fakeapi.Options{})
	ctx := context.Background()
	unscoped := body.EsFilter{Search: body.EsFilterSearch{{Name: "projectId", Operator: "eq", Value: "x"}}}
	ss, err := h.PostServiceStackSearch(ctx, unscoped)
	if code := apiCode(outErr(t, ss.Output, err)); code != "invalidUserInput" {
		t.Errorf("service search without clientId: code %q", code)
	}
	ps, err := h.PostProcessSearch(ctx, unscoped)
	if code := apiCode(outErr(t, ps.Output, err)); code != "invalidUserInput" {
		t.Errorf("process search without clientId: code %q", code)
	}
	as, err := h.PostAppVersionSearch(ctx, unscoped)
	if code := apiCode(outErr(t, as.Output, err)); code != "invalidUserInput" {
		t.Errorf("app-version search without clientId: code %q", code)
	}
	pr, err := h.PostProjectSearch(ctx, body.EsFilter{})
	if code := apiCode(outErr(t, pr.Output, err)); code != "invalidUserInput" {
		t.Errorf("project search without clientId: code %q", code)
	}
	pr, err = h.PostProjectSearch(ctx, filter())
	if got := out(t, pr.Output, err); got.TotalHits != 1 || string(got.Items[0].Id) != srv.ProjectID() {
		t.Errorf("scoped project search = %d hits", got.TotalHits)
	}
}

func TestRealAPI_SearchLagsMutations(t *testing.T) {
	t.Parallel()
	// A lag far longer than the test: what a search must not see yet is
	// certain, however slow the machine.
	srv, h := newSDK(t, fakeapi.Options{SearchLag: time.Hour, ProcessDuration: 30 * time.Millisecond})
	ctx := context.Background()
	r, err := h.PostProjectServiceStackImport(ctx, pid(srv.ProjectID()), body.ServiceStackImport{Yaml: "services:\n  - hostname: fresh\n    type: nodejs@22\n"})
	imp := out(t, r.Output, err)
	id := string(imp.ServiceStacks[0].Id)
	gs, err := h.GetServiceStack(ctx, sid(id))
	if s := out(t, gs.Output, err); string(s.Name) != "fresh" {
		t.Fatalf("read by id = %q", s.Name)
	}
	names := func() map[string]string {
		ss, err := h.PostServiceStackSearch(ctx, filter([2]string{"projectId", srv.ProjectID()}))
		m := map[string]string{}
		for _, s := range out(t, ss.Output, err).Items {
			m[string(s.Name)] = string(s.Status)
		}
		return m
	}
	if _, ok := names()["fresh"]; ok {
		t.Error("a service search lists a service imported a moment ago")
	}
	if _, ok := names()["appdev"]; !ok {
		t.Error("the seeded services are not indexed at once")
	}
	ps, err := h.PostProcessSearch(ctx, filter([2]string{"projectId", srv.ProjectID()}))
	for _, p := range out(t, ps.Output, err).Items {
		if string(p.Id) == string(imp.ServiceStacks[0].Processes[0].Id) {
			t.Error("a process search lists a process started a moment ago")
		}
	}
	dr, err := h.DeleteServiceStack(ctx, sid(srv.ServiceID("cache")))
	waitProcess(t, h, string(out(t, dr.Output, err).Id))
	if st := names()["cache"]; st != "ACTIVE" {
		t.Errorf("a deleted service searched a moment later = %q, want still listed ACTIVE", st)
	}
}

func TestRealAPI_SearchCatchesUp(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fakeapi.Options{SearchLag: 20 * time.Millisecond, ProcessDuration: 30 * time.Millisecond})
	ctx := context.Background()
	r, err := h.PostProjectServiceStackImport(ctx, pid(srv.ProjectID()), body.ServiceStackImport{Yaml: "services:\n  - hostname: fresh\n    type: valkey@7.2\n    mode: NON_HA\n"})
	out(t, r.Output, err)
	deadline := time.Now().Add(10 * time.Second)
	for {
		ss, err := h.PostServiceStackSearch(ctx, filter([2]string{"name", "fresh"}))
		if out(t, ss.Output, err).TotalHits == 1 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the imported service never appeared in a search")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

const httpZeropsYml = "zerops:\n  - setup: web\n    run:\n      ports:\n        - port: 8080\n          httpSupport: true\n"

func TestRealAPI_SubdomainNeedsDeployedPorts(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fakeapi.Options{ProcessDuration: 30 * time.Millisecond, BuildStepDuration: 10 * time.Millisecond, SearchLag: 20 * time.Millisecond})
	ctx := context.Background()
	// Never deployed: no HTTP port registered, enabling is refused.
	er, err := h.PutServiceStackEnableSubdomainAccess(ctx, sid(srv.ServiceID("appstage")))
	if code := apiCode(outErr(t, er.Output, err)); code != "noSubdomainPorts" {
		t.Fatalf("enable before a deploy: code %q, want noSubdomainPorts", code)
	}
	// An import's enableSubdomainAccess waits for the first deploy.
	r, err := h.PostProjectServiceStackImport(ctx, pid(srv.ProjectID()), body.ServiceStackImport{Yaml: "services:\n  - hostname: web\n    type: nodejs@22\n    enableSubdomainAccess: true\n"})
	imp := out(t, r.Output, err)
	waitProcess(t, h, string(imp.ServiceStacks[0].Processes[0].Id))
	web := string(imp.ServiceStacks[0].Id)
	if s := getService(t, h, web); bool(s.SubdomainAccess) || len(s.Ports) != 0 {
		t.Fatalf("web before its deploy: subdomain %v, ports %v", s.SubdomainAccess, s.Ports)
	}
	// A setup the zerops.yml lacks fails like the platform.
	cr, err := h.PostServiceStackAppVersion(ctx, sid(web), body.PostAppVersion{})
	av := out(t, cr.Output, err)
	ur, err := h.PutAppVersionUpload(ctx, path.AppVersionId{Id: av.Id}, strings.NewReader("x"))
	out(t, ur.Output, err)
	br, err := h.PutAppVersionBuildAndDeploy(ctx, path.AppVersionId{Id: av.Id}, body.PutAppVersionBuildAndDeploy{
		ZeropsYaml: httpZeropsYml, ZeropsYamlSetup: types.NewStringNull("api")})
	if code := apiCode(outErr(t, br.Output, err)); code != "zeropsYamlSetupNotFound" {
		t.Fatalf("build of a missing setup: code %q", code)
	}
	pushYAML(t, h, web, httpZeropsYml, "web")
	deadline := time.Now().Add(10 * time.Second)
	for {
		s := getService(t, h, web)
		if bool(s.SubdomainAccess) {
			if len(s.Ports) != 1 || s.Ports[0].Port != 8080 {
				t.Errorf("ports after the deploy = %+v", s.Ports)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the import's enableSubdomainAccess never took effect after the deploy")
		}
		time.Sleep(10 * time.Millisecond)
	}
	envs, err := h.GetServiceStackEnv(ctx, sid(web))
	url := string(envMap(out(t, envs.Output, err).Items)["zeropsSubdomain"].Content)
	gp, err := h.GetProject(ctx, pid(srv.ProjectID()))
	host, _ := out(t, gp.Output, err).ZeropsSubdomainHost.Get()
	prefix, domain, _ := strings.Cut(string(host), ".")
	if want := "https://web-" + prefix + "-8080." + domain; url != want || prefix == "" {
		t.Errorf("zeropsSubdomain = %q, want %q (project host %q)", url, want, host)
	}
}

// TestRealAPI_WebServerRuntimeServesPort80: php-nginx, php-apache, nginx and
// static run their own web server; a deploy whose setup declares no ports
// registers HTTP port 80, whose subdomain URL has no port part.
func TestRealAPI_WebServerRuntimeServesPort80(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fakeapi.Options{ProcessDuration: 30 * time.Millisecond, BuildStepDuration: 10 * time.Millisecond, SearchLag: 20 * time.Millisecond})
	ctx := context.Background()
	r, err := h.PostProjectServiceStackImport(ctx, pid(srv.ProjectID()), body.ServiceStackImport{Yaml: "services:\n" +
		"  - hostname: web\n    type: php-nginx@8.4\n    enableSubdomainAccess: true\n"})
	imp := out(t, r.Output, err)
	for _, s := range imp.ServiceStacks {
		waitProcess(t, h, string(s.Processes[0].Id))
	}
	pushYAML(t, h, srv.ServiceID("web"), "zerops:\n  - setup: web\n    run:\n      base: php-nginx@8.4\n", "web")
	deadline := time.Now().Add(10 * time.Second)
	for !bool(getService(t, h, srv.ServiceID("web")).SubdomainAccess) {
		if time.Now().After(deadline) {
			t.Fatal("the subdomain of the deployed php-nginx service never took effect")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if s := getService(t, h, srv.ServiceID("web")); len(s.Ports) != 1 || s.Ports[0].Port != 80 || !httpRouting(s.Ports[0].HttpRouting) {
		t.Errorf("php-nginx ports = %+v, want HTTP 80", s.Ports)
	}
	envs, err := h.GetServiceStackEnv(ctx, sid(srv.ServiceID("web")))
	url := string(envMap(out(t, envs.Output, err).Items)["zeropsSubdomain"].Content)
	if !strings.HasPrefix(url, "https://web-") || strings.Count(url, "-") != 1 {
		t.Errorf("zeropsSubdomain of port 80 = %q, want no port part", url)
	}
}

func TestRealAPI_ImportRefusalMeta(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	yml := "services:\n  - hostname: files\n    type: object-storage\n    mode: NON_HA\n  - hostname: pg\n    type: postgresql@16\n  - hostname: web\n    type: nodejs@99\n"
	r, err := h.PostProjectServiceStackImport(ctx, pid(srv.ProjectID()), body.ServiceStackImport{Yaml: types.Text(yml)})
	apiErr := outErr(t, r.Output, err)
	var ae apiError.Error
	if !errors.As(apiErr, &ae) || ae.HttpStatusCode != 400 {
		t.Fatalf("whole-request refusal = %v", apiErr)
	}
	problems := platform.ParseAPIProblems(ae.GetMeta())
	want := map[string]string{"files.mode": "projectImportInvalidParameter", "serviceStackTypeVersion": "serviceStackTypeNotFound"}
	for _, p := range problems {
		for key := range p.Metadata {
			if want[key] == p.Code {
				delete(want, key)
			}
		}
	}
	if len(want) != 0 {
		t.Errorf("meta %+v lacks %v", problems, want)
	}
	if srv.ServiceID("files") != "" || srv.ServiceID("pg") != "" {
		t.Error("a refused request created services")
	}
	// A taken hostname fails that service alone, with meta in the same shape.
	r, err = h.PostProjectServiceStackImport(ctx, pid(srv.ProjectID()), body.ServiceStackImport{Yaml: "services:\n  - hostname: db\n    type: valkey@7.2\n    mode: NON_HA\n"})
	res := out(t, r.Output, err)
	e := res.ServiceStacks[0].Error
	if e == nil || len(platform.ParseAPIProblems(decodeMeta(t, e.Meta))) != 1 {
		t.Fatalf("per-service error = %+v", e)
	}
}

func decodeMeta(t *testing.T, raw []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestRealAPI_ProcessStatesAndInternalProcesses(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fakeapi.Options{ProcessDuration: 1200 * time.Millisecond, SearchLag: -1})
	ctx := context.Background()
	seen := map[string]bool{}
	srv.FailNextProcess("stack.restart", "container crashed")
	rr, err := h.PutServiceStackRestart(ctx, sid(srv.ServiceID("appdev")))
	failing := out(t, rr.Output, err)
	for deadline := time.Now().Add(10 * time.Second); !seen["FAILED"] && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		gp, err := h.GetProcess(ctx, path.ProcessId{Id: failing.Id})
		seen[string(out(t, gp.Output, err).Status)] = true
	}
	if !seen["ROLLBACKING"] || !seen["FAILED"] {
		t.Errorf("a failing process went through %v, want ROLLBACKING then FAILED", seen)
	}
	sr, err := h.PutServiceStackStop(ctx, sid(srv.ServiceID("appdev")))
	cr, err2 := h.PutProcessCancel(ctx, path.ProcessId{Id: out(t, sr.Output, err).Id})
	if c := out(t, cr.Output, err2); c.Status != "CANCELING" {
		t.Errorf("cancel answered %s, want CANCELING", c.Status)
	}
	er, err := h.PutServiceStackEnableSubdomainAccess(ctx, sid(srv.ServiceID("appdev")))
	waitProcess(t, h, string(out(t, er.Output, err).Id))
	ps, err := h.PostProcessSearch(ctx, filter([2]string{"projectId", srv.ProjectID()}))
	internal := false
	for _, p := range out(t, ps.Output, err).Items {
		if strings.HasPrefix(string(p.ActionName), "zL7Master.") && bool(p.CreatedBySystem) {
			internal = true
		}
	}
	if !internal {
		t.Error("no internal zL7Master process in the search after enabling a subdomain")
	}
}

func httpRouting(b types.BoolNull) bool {
	v, ok := b.Get()
	return ok && bool(v)
}
