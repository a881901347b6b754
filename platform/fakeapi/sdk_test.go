package fakeapi_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/dto/input/query"
	"github.com/zeropsio/zerops-go/dto/output"
	"github.com/zeropsio/zerops-go/sdk"
	"github.com/zeropsio/zerops-go/types"
	"github.com/zeropsio/zerops-go/types/enum"
)

// These tests drive the fake with the bare zerops-go SDK, as the real API
// would be driven, and check that processes finish and their effects apply.

func getService(t *testing.T, h sdk.Handler, id string) output.ServiceStack {
	t.Helper()
	resp, err := h.GetServiceStack(context.Background(), sid(id))
	return out(t, resp.Output, err)
}

func TestSDK_UserProjectsAndServices(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()

	resp, err := h.GetUserInfo(ctx)
	user := out(t, resp.Output, err)
	if len(user.ClientUserList) != 1 || string(user.ClientUserList[0].ClientId) != srv.ClientID() {
		t.Fatalf("clientUserList = %+v, want client %s", user.ClientUserList, srv.ClientID())
	}

	other := srv.AddProject("other")
	pr, err := h.PostProjectSearch(ctx, filter([2]string{"clientId", srv.ClientID()}))
	projects := out(t, pr.Output, err)
	if projects.TotalHits != 2 || len(projects.Items) != 2 {
		t.Fatalf("projects = %d hits, want 2", projects.TotalHits)
	}
	gp, err := h.GetProject(ctx, pid(other))
	if p := out(t, gp.Output, err); string(p.Name) != "other" {
		t.Fatalf("project name = %q", p.Name)
	}
	gp, err = h.GetProject(ctx, pid("nope"))
	if code := apiCode(outErr(t, gp.Output, err)); code != "projectNotFound" {
		t.Fatalf("code = %q, want projectNotFound", code)
	}

	ss, err := h.PostServiceStackSearch(ctx, filter([2]string{"projectId", srv.ProjectID()}))
	services := out(t, ss.Output, err)
	names := map[string]output.EsServiceStack{}
	for _, s := range services.Items {
		names[string(s.Name)] = s
	}
	want := map[string][2]string{
		"appdev": {"nodejs@22", "ACTIVE"}, "appstage": {"nodejs@22", "READY_TO_DEPLOY"},
		"db": {"postgresql@16", "ACTIVE"}, "cache": {"valkey@7.2", "ACTIVE"}, "storage": {"object-storage", "ACTIVE"},
	}
	for name, w := range want {
		s, ok := names[name]
		if !ok {
			t.Fatalf("service %s missing from %v", name, names)
		}
		if string(s.ServiceStackTypeInfo.ServiceStackTypeVersionName) != w[0] || string(s.Status) != w[1] {
			t.Errorf("%s = %s %s, want %v", name, s.ServiceStackTypeInfo.ServiceStackTypeVersionName, s.Status, w)
		}
		if srv.ServiceID(name) != string(s.Id) {
			t.Errorf("ServiceID(%s) = %q, want %q", name, srv.ServiceID(name), s.Id)
		}
	}
	db := getService(t, h, srv.ServiceID("db"))
	if string(db.Mode) != "NON_HA" || len(db.Ports) == 0 || int(db.Ports[0].Port) != 5432 {
		t.Fatalf("db = mode %s ports %+v", db.Mode, db.Ports)
	}
	gs, err := h.GetServiceStack(ctx, sid("missing"))
	if code := apiCode(outErr(t, gs.Output, err)); code != "serviceStackNotFound" {
		t.Fatalf("code = %q", code)
	}
}

func TestSDK_Lifecycle(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	id := srv.ServiceID("appdev")

	cases := []struct {
		name   string
		call   func() (output.Process, error)
		action string
		status string
	}{
		{"stop", func() (output.Process, error) {
			r, err := h.PutServiceStackStop(ctx, sid(id))
			return outPair(r.Output, err)
		}, "stack.stop", "STOPPED"},
		{"start", func() (output.Process, error) {
			r, err := h.PutServiceStackStart(ctx, sid(id))
			return outPair(r.Output, err)
		}, "stack.start", "ACTIVE"},
		{"restart", func() (output.Process, error) {
			r, err := h.PutServiceStackRestart(ctx, sid(id))
			return outPair(r.Output, err)
		}, "stack.restart", "ACTIVE"},
	}
	for _, tc := range cases {
		p, err := tc.call()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if string(p.ActionName) != tc.action || string(p.Status) != "PENDING" {
			t.Fatalf("%s: process %s %s", tc.name, p.ActionName, p.Status)
		}
		if fin := waitProcess(t, h, string(p.Id)); fin.Status != "FINISHED" {
			t.Fatalf("%s: ended %s", tc.name, fin.Status)
		}
		if s := getService(t, h, id); string(s.Status) != tc.status {
			t.Fatalf("%s: service %s, want %s", tc.name, s.Status, tc.status)
		}
	}

	srv.FailNextProcess("stack.restart", "container did not start")
	r, err := h.PutServiceStackRestart(ctx, sid(id))
	p := out(t, r.Output, err)
	fin := waitProcess(t, h, string(p.Id))
	meta, _ := fin.PublicMeta.Get()
	if fin.Status != "FAILED" || meta["failReason"] != "container did not start" {
		t.Fatalf("failed restart = %s %v", fin.Status, meta)
	}
	if _, ok := fin.Finished.Get(); !ok {
		t.Fatal("failed process has no finished date")
	}
}

// outPair adapts an SDK call to the (value, error) shape of a table case.
func outPair[T any](output func() (T, error), callErr error) (T, error) {
	if callErr != nil {
		var zero T
		return zero, callErr
	}
	return output()
}

func TestSDK_Autoscaling(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	id := srv.ServiceID("appdev")
	mode := enum.ServiceStackModeEnum("NON_HA")
	in := body.Autoscaling{Mode: &mode, CustomAutoscaling: &body.CustomAutoscaling{
		VerticalAutoscaling: &body.VerticalAutoscalingNullable{
			MinResource: &body.ScalingResourceNullable{CpuCoreCount: types.NewIntNull(2)},
		},
		HorizontalAutoscaling: &body.HorizontalAutoscalingNullable{MaxContainerCount: types.NewIntNull(3)},
	}}
	r, err := h.PutServiceStackAutoscaling(ctx, sid(id), in)
	pn := out(t, r.Output, err)
	if pn.Process == nil || pn.Process.ActionName != "stack.autoscaling" {
		t.Fatalf("process = %+v", pn.Process)
	}
	waitProcess(t, h, string(pn.Process.Id))
	s := getService(t, h, id)
	ca := s.CustomAutoscaling
	if ca == nil || ca.VerticalAutoscaling == nil || ca.HorizontalAutoscaling == nil {
		t.Fatalf("customAutoscaling = %+v", ca)
	}
	if n, _ := ca.VerticalAutoscaling.MinResource.CpuCoreCount.Get(); n != 2 {
		t.Errorf("minCpu = %v, want 2", n)
	}
	if n, _ := ca.HorizontalAutoscaling.MaxContainerCount.Get(); n != 3 {
		t.Errorf("maxContainers = %v, want 3", n)
	}
	if n, set := ca.VerticalAutoscaling.MaxResource.CpuCoreCount.Get(); set {
		t.Errorf("custom maxCpu = %v, want null: the user never set it", n)
	}
	if cur := s.CurrentAutoscaling; cur == nil || cur.VerticalAutoscaling == nil {
		t.Fatalf("currentAutoscaling = %+v", cur)
	} else if n, _ := cur.VerticalAutoscaling.MaxResource.CpuCoreCount.Get(); n != 8 {
		t.Errorf("current maxCpu = %v, want the untouched 8", n)
	}

	bad := []struct {
		name string
		in   body.Autoscaling
		code string
	}{
		{"null mode", body.Autoscaling{}, "invalidUserInput"},
		{"cpu 9", body.Autoscaling{Mode: &mode, CustomAutoscaling: &body.CustomAutoscaling{VerticalAutoscaling: &body.VerticalAutoscalingNullable{
			MaxResource: &body.ScalingResourceNullable{CpuCoreCount: types.NewIntNull(9)}}}}, "invalidCustomAutoscalingValue"},
	}
	for _, tc := range bad {
		r, err := h.PutServiceStackAutoscaling(ctx, sid(id), tc.in)
		if code := apiCode(outErr(t, r.Output, err)); code != tc.code {
			t.Errorf("%s: code %q, want %q", tc.name, code, tc.code)
		}
	}
	ha := enum.ServiceStackModeEnum("HA")
	r, err = h.PutServiceStackAutoscaling(ctx, sid(srv.ServiceID("db")), body.Autoscaling{Mode: &ha})
	if code := apiCode(outErr(t, r.Output, err)); code != "modeUpdateForbiddenForThisStackCategory" {
		t.Errorf("mode change: code %q", code)
	}
}

func envMap(items []output.ServiceStackEnv) map[string]output.ServiceStackEnv {
	m := map[string]output.ServiceStackEnv{}
	for _, e := range items {
		m[string(e.Key)] = e
	}
	return m
}

func TestSDK_ServiceEnv(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()

	r, err := h.GetServiceStackEnv(ctx, sid(srv.ServiceID("db")))
	dbEnv := envMap(out(t, r.Output, err).Items)
	for key, sensitive := range map[string]bool{"hostname": false, "port": false, "user": false, "password": true,
		"dbName": false, "connectionString": true, "superUser": false} {
		e, ok := dbEnv[key]
		if !ok || bool(e.Sensitive) != sensitive {
			t.Errorf("db env %s = %+v (present %v), want sensitive %v", key, e, ok, sensitive)
		}
	}
	if string(dbEnv["port"].Content) != "5432" {
		t.Errorf("db port = %q", dbEnv["port"].Content)
	}

	id := srv.ServiceID("appdev")
	pr, err := h.PutServiceStackUserDataEnvFile(ctx, sid(id), body.UserDataPutEnvFile{EnvFile: "A=1\n# comment\nB=\"two\"\n"})
	p := out(t, pr.Output, err)
	waitProcess(t, h, string(p.Id))
	r, err = h.GetServiceStackEnv(ctx, sid(id))
	env := envMap(out(t, r.Output, err).Items)
	if string(env["A"].Content) != "1" || string(env["B"].Content) != "two" || len(ofType(env, "SECRET")) != 2 {
		t.Fatalf("env after file = %+v", env)
	}

	pr, err = h.PutServiceStackUserDataEnvFile(ctx, sid(id), body.UserDataPutEnvFile{EnvFile: "1BAD=x\n"})
	if code := apiCode(outErr(t, pr.Output, err)); code != "invalidUserInput" {
		t.Fatalf("bad env file: code %q", code)
	}

	dr, err := h.DeleteUserData(ctx, path.UserDataId{Id: env["A"].Id})
	waitProcess(t, h, string(out(t, dr.Output, err).Id))
	r, err = h.GetServiceStackEnv(ctx, sid(id))
	if env := envMap(out(t, r.Output, err).Items); len(ofType(env, "SECRET")) != 1 || env["B"].Content != "two" {
		t.Fatalf("env after delete = %+v", env)
	}
	dr, err = h.DeleteUserData(ctx, path.UserDataId{Id: env["A"].Id})
	if code := apiCode(outErr(t, dr.Output, err)); code != "userDataNotFound" {
		t.Fatalf("delete missing: code %q", code)
	}
}

func projectEnv(t *testing.T, h sdk.Handler, projectID string) map[string]output.ProjectEnv {
	t.Helper()
	r, err := h.PostProjectSearch(context.Background(), filter([2]string{"id", projectID}))
	res := out(t, r.Output, err)
	if len(res.Items) != 1 {
		t.Fatalf("project search by id: %d items", len(res.Items))
	}
	m := map[string]output.ProjectEnv{}
	for _, e := range res.Items[0].EnvList {
		m[string(e.Key)] = e
	}
	return m
}

func TestSDK_ProjectEnv(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	pr := srv.ProjectID()

	r, err := h.PostProjectEnv(ctx, pid(pr), body.ProjectEnvPost{Key: "API_URL", Content: "https://x", Sensitive: false})
	p := out(t, r.Output, err)
	waitProcess(t, h, string(p.Id))
	env := projectEnv(t, h, pr)
	e, ok := env["API_URL"]
	if !ok || e.Content != "https://x" || e.Type != "USER" {
		t.Fatalf("project env = %+v", env)
	}
	r, err = h.PostProjectEnv(ctx, pid(pr), body.ProjectEnvPost{Key: "API_URL", Content: "again"})
	if code := apiCode(outErr(t, r.Output, err)); code != "projectEnvDuplicateKey" {
		t.Fatalf("duplicate: code %q", code)
	}
	dr, err := h.DeleteProjectEnv(ctx, path.ProjectEnvId{Id: e.Id})
	waitProcess(t, h, string(out(t, dr.Output, err).Id))
	if env := projectEnv(t, h, pr); len(env) != 2 || env["zeropsSubdomainHost"].Type != "SYSTEM" {
		t.Fatalf("env after delete = %+v", env)
	}
	dr, err = h.DeleteProjectEnv(ctx, path.ProjectEnvId{Id: e.Id})
	if code := apiCode(outErr(t, dr.Output, err)); code != "projectEnvNotFound" {
		t.Fatalf("delete missing: code %q", code)
	}
}

const goodImport = `services:
  - hostname: api
    type: nodejs@22
  - hostname: web
    type: alpine/nodejs@22
    startWithoutCode: true
    enableSubdomainAccess: true
  - hostname: pg
    type: postgresql:ha@18
  - hostname: search
    type: meilisearch@1.10
    mode: NON_HA
  - hostname: files
    type: object-storage
    objectStorageSize: 2
`

func TestSDK_Import(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	r, err := h.PostProjectServiceStackImport(ctx, pid(srv.ProjectID()), body.ServiceStackImport{Yaml: goodImport})
	res := out(t, r.Output, err)
	if string(res.ProjectName) != "demo" || len(res.ServiceStacks) != 5 {
		t.Fatalf("import = %+v", res)
	}
	for _, s := range res.ServiceStacks {
		if s.Error != nil || len(s.Processes) != 1 {
			t.Fatalf("%s: error %+v processes %d", s.Name, s.Error, len(s.Processes))
		}
		if s.Processes[0].Status != "PENDING" || s.Processes[0].ActionName != "stack.create" {
			t.Fatalf("%s: process %s %s", s.Name, s.Processes[0].ActionName, s.Processes[0].Status)
		}
	}
	for _, s := range res.ServiceStacks {
		waitProcess(t, h, string(s.Processes[0].Id))
	}
	want := map[string]string{"api": "READY_TO_DEPLOY", "web": "ACTIVE", "pg": "ACTIVE", "search": "ACTIVE", "files": "ACTIVE"}
	for name, status := range want {
		s := getService(t, h, srv.ServiceID(name))
		if string(s.Status) != status {
			t.Errorf("%s = %s, want %s", name, s.Status, status)
		}
		if name == "pg" && s.Mode != "HA" {
			t.Errorf("pg mode = %s, want HA", s.Mode)
		}
		if name == "web" && bool(s.SubdomainAccess) {
			t.Errorf("web subdomain enabled at import; the platform enables it with the first deploy")
		}
	}
	er, err := h.GetServiceStackEnv(ctx, sid(srv.ServiceID("pg")))
	if env := envMap(out(t, er.Output, err).Items); env["password"].Content == "" || !bool(env["password"].Sensitive) {
		t.Errorf("pg env = %+v", env)
	}
	// startWithoutCode leaves an ACTIVE app version of source NONE, without a build.
	ar, err := h.PostAppVersionSearch(ctx, filter([2]string{"serviceStackId", srv.ServiceID("web")}))
	avs := out(t, ar.Output, err)
	if len(avs.Items) != 1 || avs.Items[0].Source != "NONE" || avs.Items[0].Status != "ACTIVE" || avs.Items[0].Build != nil {
		t.Fatalf("web app versions = %+v", avs.Items)
	}

	// Bad imports: a whole-file rejection and per-service errors.
	r, err = h.PostProjectServiceStackImport(ctx, pid(srv.ProjectID()), body.ServiceStackImport{Yaml: "project:\n  name: x\nservices: []\n"})
	if code := apiCode(outErr(t, r.Output, err)); code != "projectImportInvalidYaml" {
		t.Fatalf("project section: code %q", code)
	}
	r, err = h.PostProjectServiceStackImport(ctx, pid(srv.ProjectID()), body.ServiceStackImport{Yaml: "services:\n  - hostname: api\n    type: nodejs@22\n  - hostname: x-y\n    type: nodejs@22\n"})
	res = out(t, r.Output, err)
	if res.ServiceStacks[0].Error == nil || res.ServiceStacks[0].Error.Code != "serviceStackNameUnavailable" ||
		res.ServiceStacks[1].Error == nil || res.ServiceStacks[1].Error.Code != "serviceStackNameInvalid" {
		t.Fatalf("bad import = %+v", res.ServiceStacks)
	}
}

func TestSDK_DeleteService(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	id := srv.ServiceID("cache")
	r, err := h.DeleteServiceStack(ctx, sid(id))
	p := out(t, r.Output, err)
	waitProcess(t, h, string(p.Id))
	gr, err := h.GetServiceStack(ctx, sid(id))
	if code := apiCode(outErr(t, gr.Output, err)); code != "serviceStackNotFound" {
		t.Fatalf("after delete: code %q", code)
	}
	if srv.ServiceID("cache") != "" {
		t.Fatal("ServiceID still finds the deleted service")
	}
}

func TestSDK_Subdomain(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	id := srv.ServiceID("appdev")
	r, err := h.PutServiceStackEnableSubdomainAccess(ctx, sid(id))
	if p := waitProcess(t, h, string(out(t, r.Output, err).Id)); p.Status != "FINISHED" {
		t.Fatalf("enable ended %s", p.Status)
	}
	if !bool(getService(t, h, id).SubdomainAccess) {
		t.Fatal("subdomain not enabled")
	}
	r, err = h.PutServiceStackEnableSubdomainAccess(ctx, sid(id))
	if p := waitProcess(t, h, string(out(t, r.Output, err).Id)); p.Status != "FAILED" {
		t.Fatalf("enabling twice ended %s, want FAILED", p.Status)
	}
	dr, err := h.PutServiceStackDisableSubdomainAccess(ctx, sid(id))
	waitProcess(t, h, string(out(t, dr.Output, err).Id))
	if bool(getService(t, h, id).SubdomainAccess) {
		t.Fatal("subdomain not disabled")
	}
}

// TestSDK_WhileRunning checks the states a process leaves while it runs,
// with processes long enough never to finish during the test.
func TestSDK_WhileRunning(t *testing.T) {
	t.Parallel()
	opts := fastOpts
	opts.ProcessDuration = time.Hour
	srv, h := newSDK(t, opts)
	ctx := context.Background()

	// Stop, then cancel: the service is back to ACTIVE, a second cancel is refused.
	id := srv.ServiceID("appdev")
	r, err := h.PutServiceStackStop(ctx, sid(id))
	p := out(t, r.Output, err)
	if s := getService(t, h, id); s.Status != "STOPPING" {
		t.Fatalf("service while stopping = %s", s.Status)
	}
	cr, err := h.PutProcessCancel(ctx, path.ProcessId{Id: p.Id})
	if c := out(t, cr.Output, err); c.Status != "CANCELING" {
		t.Fatalf("cancel = %s, want CANCELING (then CANCELED)", c.Status)
	}
	if done := waitProcess(t, h, string(p.Id)); done.Status != "CANCELED" {
		t.Fatalf("canceled process ends %s", done.Status)
	}
	if s := getService(t, h, id); s.Status != "ACTIVE" {
		t.Fatalf("service after canceled stop = %s", s.Status)
	}
	cr, err = h.PutProcessCancel(ctx, path.ProcessId{Id: p.Id})
	if code := apiCode(outErr(t, cr.Output, err)); code != "processAlreadyFinished" {
		t.Fatalf("cancel twice: code %q", code)
	}
	gr, err := h.GetProcess(ctx, path.ProcessId{Id: "missing"})
	if code := apiCode(outErr(t, gr.Output, err)); code != "processNotFound" {
		t.Fatalf("missing process: code %q", code)
	}

	// A deleting service keeps its hostname taken.
	cache := srv.ServiceID("cache")
	dr, err := h.DeleteServiceStack(ctx, sid(cache))
	out(t, dr.Output, err)
	if s := getService(t, h, cache); s.Status != "DELETING" {
		t.Fatalf("status while deleting = %s", s.Status)
	}
	ir, err := h.PostProjectServiceStackImport(ctx, pid(srv.ProjectID()), body.ServiceStackImport{Yaml: "services:\n  - hostname: cache\n    type: valkey@7.2\n  - hostname: fresh\n    type: go@1\n"})
	res := out(t, ir.Output, err)
	if res.ServiceStacks[0].Error == nil || res.ServiceStacks[0].Error.Code != "serviceStackNameUnavailable" {
		t.Fatalf("reimport while deleting = %+v", res.ServiceStacks[0])
	}
	fresh := res.ServiceStacks[1]
	if s := getService(t, h, string(fresh.Id)); s.Status != "CREATING" {
		t.Fatalf("service while importing = %s", s.Status)
	}
	cr, err = h.PutProcessCancel(ctx, path.ProcessId{Id: fresh.Processes[0].Id})
	out(t, cr.Output, err)
	if s := getService(t, h, string(fresh.Id)); s.Status != "FAILED" {
		t.Fatalf("service after canceled import = %s", s.Status)
	}

	// A project env being created already counts as a duplicate.
	er, err := h.PostProjectEnv(ctx, pid(srv.ProjectID()), body.ProjectEnvPost{Key: "K", Content: "1"})
	out(t, er.Output, err)
	er, err = h.PostProjectEnv(ctx, pid(srv.ProjectID()), body.ProjectEnvPost{Key: "K", Content: "2"})
	if code := apiCode(outErr(t, er.Output, err)); code != "projectEnvDuplicateKey" {
		t.Fatalf("pending duplicate: code %q", code)
	}
}

func TestSDK_SearchesAndCatalog(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	asc := types.NewBoolNull(false)
	f := filter([2]string{"projectId", srv.ProjectID()})
	f.Sort = body.EsFilterSort{{Name: "created", Ascending: asc}}
	f.Limit = types.NewIntNull(3)
	pr, err := h.PostProcessSearch(ctx, f)
	procs := out(t, pr.Output, err)
	if len(procs.Items) != 3 || procs.TotalHits < 6 {
		t.Fatalf("process search = %d items of %d", len(procs.Items), procs.TotalHits)
	}
	for i := 1; i < len(procs.Items); i++ {
		if procs.Items[i].Created.After(procs.Items[i-1].Created) {
			t.Fatalf("process search not sorted by created desc")
		}
	}
	f.Offset = types.NewIntNull(int(procs.TotalHits) - 1)
	pr, err = h.PostProcessSearch(ctx, f)
	if page := out(t, pr.Output, err); len(page.Items) != 1 {
		t.Fatalf("last page = %d items", len(page.Items))
	}

	ar, err := h.PostAppVersionSearch(ctx, filter([2]string{"serviceStackId", srv.ServiceID("appdev")}))
	avs := out(t, ar.Output, err)
	if len(avs.Items) != 1 || avs.Items[0].Status != "ACTIVE" || avs.Items[0].Build == nil {
		t.Fatalf("appdev app versions = %+v", avs.Items)
	}

	tr, err := h.PostServiceStackTypeSearch(ctx, body.EsFilter{})
	typesOut := out(t, tr.Output, err)
	versions := map[string]output.EsServiceStackTypeServiceStackTypeVersionList{}
	categories := map[string]string{}
	for _, typ := range typesOut.Items {
		categories[string(typ.Name)] = string(typ.Category)
		versions[string(typ.Name)] = typ.ServiceStackTypeVersionList
	}
	for name, cat := range map[string]string{"nodejs": "USER", "postgresql": "STANDARD", "valkey": "STANDARD",
		"object-storage": "OBJECT_STORAGE", "shared-storage": "SHARED_STORAGE"} {
		if categories[name] != cat {
			t.Errorf("category of %s = %q, want %q", name, categories[name], cat)
		}
	}
	var phpBuild bool
	for _, v := range versions["php"] {
		if v.Name == "php@8.4" && bool(v.IsBuild) {
			phpBuild = true
		}
	}
	if !phpBuild {
		t.Error("php@8.4 build base missing")
	}
	for _, v := range versions["valkey"] {
		if strings.HasPrefix(string(v.Name), "valkey@8") {
			t.Error("valkey@8 must not exist")
		}
	}
}

func TestSDK_LogAccess(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	r, err := h.GetProjectLog(context.Background(), pid(srv.ProjectID()), query.GetProjectLog{})
	la := out(t, r.Output, err)
	if !strings.HasPrefix(string(la.Url), "GET "+srv.URL()+"/logs?accessToken=") || la.AccessToken == "" {
		t.Fatalf("log url = %q", la.Url)
	}
	if la.Expiration.Native().IsZero() {
		t.Fatal("no expiration")
	}
}
