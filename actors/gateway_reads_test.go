package actors

import (
	"context"
	"errors"
	"io"
	"net/http"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/ops"
)

// recClient records which of its methods ran; while fail is set every
// method fails with a 503 (retryable for a read).
type recClient struct {
	fail  atomic.Bool
	mu    sync.Mutex
	calls map[string]int
}

func (r *recClient) rec(name string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.calls == nil {
		r.calls = map[string]int{}
	}
	r.calls[name]++
	if r.fail.Load() {
		return &platform.PlatformError{Code: platform.ErrAPIError, HTTPStatus: 503, Message: "unavailable"}
	}
	return nil
}

func (r *recClient) count(name string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.calls[name]
}

func (r *recClient) GetUserInfo(context.Context) (*platform.UserInfo, error) {
	return &platform.UserInfo{}, r.rec("GetUserInfo")
}
func (r *recClient) ListProjects(context.Context, string) ([]platform.Project, error) {
	return nil, r.rec("ListProjects")
}
func (r *recClient) GetProject(context.Context, string) (*platform.Project, error) {
	return &platform.Project{}, r.rec("GetProject")
}
func (r *recClient) ListServices(context.Context, string) ([]platform.ServiceStack, error) {
	return []platform.ServiceStack{}, r.rec("ListServices")
}
func (r *recClient) GetService(context.Context, string) (*platform.ServiceStack, error) {
	return &platform.ServiceStack{}, r.rec("GetService")
}
func (r *recClient) StartService(context.Context, string) (*platform.Process, error) {
	return nil, r.rec("StartService")
}
func (r *recClient) StopService(context.Context, string) (*platform.Process, error) {
	return nil, r.rec("StopService")
}
func (r *recClient) RestartService(context.Context, string) (*platform.Process, error) {
	return nil, r.rec("RestartService")
}
func (r *recClient) SetAutoscaling(context.Context, string, platform.AutoscalingParams) (*platform.Process, error) {
	return nil, r.rec("SetAutoscaling")
}
func (r *recClient) GetServiceEnv(context.Context, string) ([]platform.EnvVar, error) {
	return nil, r.rec("GetServiceEnv")
}
func (r *recClient) SetServiceEnvFile(context.Context, string, string) (*platform.Process, error) {
	return nil, r.rec("SetServiceEnvFile")
}
func (r *recClient) DeleteUserData(context.Context, string) (*platform.Process, error) {
	return nil, r.rec("DeleteUserData")
}
func (r *recClient) UpdateUserData(context.Context, string, string, string) (*platform.Process, error) {
	return nil, r.rec("UpdateUserData")
}
func (r *recClient) GetProjectEnv(context.Context, string) ([]platform.EnvVar, error) {
	return nil, r.rec("GetProjectEnv")
}
func (r *recClient) CreateProjectEnv(context.Context, string, string, string, bool) (*platform.Process, error) {
	return nil, r.rec("CreateProjectEnv")
}
func (r *recClient) DeleteProjectEnv(context.Context, string) (*platform.Process, error) {
	return nil, r.rec("DeleteProjectEnv")
}
func (r *recClient) ImportServices(context.Context, string, string) (*platform.ImportResult, error) {
	return nil, r.rec("ImportServices")
}
func (r *recClient) DeleteService(context.Context, string) (*platform.Process, error) {
	return nil, r.rec("DeleteService")
}
func (r *recClient) GetProcess(context.Context, string) (*platform.Process, error) {
	return &platform.Process{Status: platform.ProcessRunning}, r.rec("GetProcess")
}
func (r *recClient) CancelProcess(context.Context, string) (*platform.Process, error) {
	return nil, r.rec("CancelProcess")
}
func (r *recClient) EnableSubdomainAccess(context.Context, string) (*platform.Process, error) {
	return nil, r.rec("EnableSubdomainAccess")
}
func (r *recClient) DisableSubdomainAccess(context.Context, string) (*platform.Process, error) {
	return nil, r.rec("DisableSubdomainAccess")
}
func (r *recClient) GetProjectLog(context.Context, string) (*platform.LogAccess, error) {
	return &platform.LogAccess{}, r.rec("GetProjectLog")
}
func (r *recClient) SearchProcesses(context.Context, platform.ProcessFilter) ([]platform.Process, error) {
	return nil, r.rec("SearchProcesses")
}
func (r *recClient) SearchAppVersions(context.Context, platform.AppVersionFilter) ([]platform.AppVersion, error) {
	return nil, r.rec("SearchAppVersions")
}
func (r *recClient) ListServiceStackTypes(context.Context) ([]platform.ServiceStackType, error) {
	return nil, r.rec("ListServiceStackTypes")
}
func (r *recClient) CreateAppVersion(context.Context, string, string) (*platform.AppVersion, error) {
	return nil, r.rec("CreateAppVersion")
}
func (r *recClient) UploadAppVersion(context.Context, string, io.Reader) error {
	return r.rec("UploadAppVersion")
}
func (r *recClient) BuildAndDeploy(context.Context, string, string, string) (*platform.Process, error) {
	return nil, r.rec("BuildAndDeploy")
}
func (r *recClient) DeployAppVersion(context.Context, string) (*platform.Process, error) {
	return nil, r.rec("DeployAppVersion")
}
func (r *recClient) ExportProject(context.Context, string) (string, error) {
	return "", r.rec("ExportProject")
}
func (r *recClient) ExportService(context.Context, string) (string, error) {
	return "", r.rec("ExportService")
}
func (r *recClient) CreateBackup(context.Context, string, []string) error {
	return r.rec("CreateBackup")
}
func (r *recClient) ObjectStorage(context.Context, string) (*platform.ObjectStorageUse, error) {
	return nil, r.rec("ObjectStorage")
}

func (r *recClient) ListBackups(context.Context, string) (*platform.BackupList, error) {
	return nil, r.rec("ListBackups")
}
func (r *recClient) ServiceStats(context.Context, platform.StatsFilter) ([]platform.StatsPoint, error) {
	return nil, r.rec("ServiceStats")
}

// callByName calls method name of c with ctx and zero values for the rest.
func callByName(ctx context.Context, c platform.Client, name string) {
	m := reflect.ValueOf(c).MethodByName(name)
	args := []reflect.Value{reflect.ValueOf(ctx)}
	for i := 1; i < m.Type().NumIn(); i++ {
		args = append(args, reflect.Zero(m.Type().In(i)))
	}
	m.Call(args)
}

// TestGateway_ClassifiesEveryClientMethod runs every platform.Client method
// through the gateway: each must reach the same method of the client below
// it; a read is retried after a 503 and leaves the cached service list alone;
// a mutation is tried once and drops the cached service list (a start, stop
// or restart naming no service counts as any change).
func TestGateway_ClassifiesEveryClientMethod(t *testing.T) {
	checkLeaks(t)
	mutations := map[string]bool{
		"StartService": true, "StopService": true, "RestartService": true, "SetAutoscaling": true,
		"SetServiceEnvFile": true, "DeleteUserData": true, "UpdateUserData": true, "CreateProjectEnv": true, "DeleteProjectEnv": true,
		"ImportServices": true, "DeleteService": true, "CancelProcess": true,
		"EnableSubdomainAccess": true, "DisableSubdomainAccess": true,
		"CreateAppVersion": true, "UploadAppVersion": true, "BuildAndDeploy": true,
		"DeployAppVersion": true, "CreateBackup": true,
	}
	reads := map[string]bool{
		"GetUserInfo": true, "ListProjects": true, "GetProject": true, "ListServices": true, "GetService": true,
		"GetServiceEnv": true, "GetProjectEnv": true, "GetProcess": true, "GetProjectLog": true,
		"SearchProcesses": true, "SearchAppVersions": true, "ListServiceStackTypes": true, "ServiceStats": true,
		"ExportProject": true, "ExportService": true, "ListBackups": true, "ObjectStorage": true,
	}
	if !mutations["DeleteService"] || reads["DeleteService"] {
		t.Fatal("DeleteService must be classified as a mutation")
	}
	iface := reflect.TypeFor[platform.Client]()
	for i := range iface.NumMethod() {
		name := iface.Method(i).Name
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if mutations[name] == reads[name] {
				t.Fatalf("%s is classified as neither a read nor a mutation, or as both: add it to one list", name)
			}
			c := &recClient{}
			g := serveGateway(t, NewGateway(c, GatewayConfig{RetryBase: time.Millisecond, CacheTTL: time.Hour}))
			ctx := t.Context()

			c.fail.Store(true)
			callByName(ctx, g, name)
			want := 1 + DefaultRetries
			if mutations[name] {
				want = 1
			}
			if got := c.count(name); got != want {
				t.Errorf("after a 503, %s reached the client %d time(s), want %d", name, got, want)
			}
			for other, n := range c.calls {
				if other != name {
					t.Errorf("%s called the client's %s %d time(s)", name, other, n)
				}
			}

			c.fail.Store(false)
			list := func() { callByName(ctx, g, "ListServices") }
			list()
			before := c.count("ListServices")
			callByName(ctx, g, name)
			list()
			dropped := c.count("ListServices") > before
			if dropped != mutations[name] {
				t.Errorf("%s: cached service list dropped = %v, want %v", name, dropped, mutations[name])
			}
		})
	}
}

// TestGateway_IdenticalReadsShareOneRequest: 20 concurrent discovers through
// the gateway against the fake API cost one request per distinct read: the
// project, the service list and the client's one-off lookup of its
// organisation (user info), 3 instead of 40.
func TestGateway_IdenticalReadsShareOneRequest(t *testing.T) {
	checkLeaks(t)
	srv, c := newFake(t, fakeapi.Options{})
	// The cache outlives the test, so that a slow machine cannot turn a
	// cache hit into a second request: the count is exact.
	g := serveGateway(t, NewGateway(c, GatewayConfig{CacheTTL: time.Hour}))
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := ops.Discover(t.Context(), ops.Project{Client: g, ID: srv.ProjectID()}, "", false)
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := srv.CountRequests("", ""); n != 3 {
		t.Errorf("20 concurrent discovers made %d API requests, want 3: %v", n, srv.Requests())
	}
}

// TestGateway_ReadAfterMutationSharesNothingOlder: a read made after a
// mutation never joins a read that started before it, nor its cached answer.
func TestGateway_ReadAfterMutationSharesNothingOlder(t *testing.T) {
	checkLeaks(t)
	c := &scriptClient{hold: make(chan struct{}), enter: make(chan struct{}, 4)}
	g := serveGateway(t, NewGateway(c, GatewayConfig{}))
	first := make(chan error, 1)
	go func() { _, err := g.GetService(t.Context(), "a"); first <- err }()
	recv(t, c.enter) // the first read is at the API
	mutated := make(chan error, 1)
	go func() { _, err := g.RestartService(t.Context(), "a"); mutated <- err }()
	recv(t, c.enter) // the mutation is at the API
	close(c.hold)
	if err := recv(t, mutated); err != nil {
		t.Fatal(err)
	}
	if _, err := g.GetService(t.Context(), "a"); err != nil { // after the mutation: its own request
		t.Fatal(err)
	}
	if err := recv(t, first); err != nil {
		t.Fatal(err)
	}
	if got := c.calls.Load(); got != 3 {
		t.Errorf("%d API calls, want 3 (the read after the mutation shares nothing)", got)
	}
}

// TestGateway_SharedReadOutlivesItsLeader: when the caller whose request a
// read shares gives up, the callers still waiting get their answer.
func TestGateway_SharedReadOutlivesItsLeader(t *testing.T) {
	checkLeaks(t)
	c := &scriptClient{hold: make(chan struct{}), enter: make(chan struct{}, 4)}
	g := NewGateway(c, GatewayConfig{})
	joined := make(chan struct{}, 2)
	g.testHookJoined = func() { joined <- struct{}{} }
	serveGateway(t, g)
	ctx, cancel := context.WithCancel(t.Context())
	leader := make(chan error, 1)
	go func() { _, err := g.GetService(ctx, "a"); leader <- err }()
	recv(t, c.enter)
	waiting := make(chan error, 1)
	go func() { _, err := g.GetService(t.Context(), "a"); waiting <- err }()
	recv(t, joined)
	recv(t, joined) // both callers are in the flight
	cancel()
	if err := recv(t, leader); platform.ErrorCode(err) != platform.ErrCanceled {
		t.Errorf("leader: %v, want CANCELED", err)
	}
	close(c.hold) // the flight, detached from its leader, goes on for the caller left
	if err := recv(t, waiting); err != nil {
		t.Errorf("waiting caller: %v", err)
	}
	if n := c.calls.Load(); n != 1 {
		t.Errorf("%d API calls, want 1", n)
	}
}

// TestGateway_ProcessEndDropsCache: the cached service list is dropped once
// a process is seen ended, so a read after it sees what the process did.
func TestGateway_ProcessEndDropsCache(t *testing.T) {
	checkLeaks(t)
	srv, c := newFake(t, fakeapi.Options{ProcessDuration: time.Millisecond})
	g := serveGateway(t, NewGateway(c, GatewayConfig{CacheTTL: time.Hour, Rate: 1000, Burst: 100}))
	proc, err := g.SetServiceEnvFile(t.Context(), srv.ServiceID("appdev"), "A=1\n")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.ListServices(t.Context(), srv.ProjectID()); err != nil {
		t.Fatal(err)
	}
	if _, err := g.ListServices(t.Context(), srv.ProjectID()); err != nil { // cached
		t.Fatal(err)
	}
	lists := func() int { return srv.CountRequests(http.MethodPost, "/service-stack/search") }
	if lists() != 1 {
		t.Fatalf("%d service-list requests before the process ended, want 1", lists())
	}
	srv.EndProcesses()
	p, err := g.GetProcess(t.Context(), proc.ID)
	if err != nil || !p.IsTerminal() {
		t.Fatalf("process %+v, %v: want it ended", p, err)
	}
	if _, err := g.ListServices(t.Context(), srv.ProjectID()); err != nil {
		t.Fatal(err)
	}
	if lists() != 2 {
		t.Errorf("%d service-list requests, want 2 (the end of the process dropped the cache)", lists())
	}
}

// TestGateway_PollsTakeTheReservedSlot: a watcher poll arriving while tool
// calls fill their slots and queue is granted before the queued calls.
func TestGateway_PollsTakeTheReservedSlot(t *testing.T) {
	checkLeaks(t)
	c := &orderClient{hold: make(chan struct{}), enter: make(chan string, 8)}
	g := serveGateway(t, NewGateway(c, GatewayConfig{MaxInFlight: 2}))
	queued := make(chan struct{}, 8)
	g.testHookQueued = func() { queued <- struct{}{} }
	errs := make(chan error, 4)
	for _, id := range []string{"a", "b", "c"} {
		go func() { _, err := g.GetService(t.Context(), id); errs <- err }()
		recv(t, queued)
	}
	if id := recv(t, c.enter); id != "a" {
		t.Fatalf("%s reached the API first, want a", id)
	}
	go func() { _, err := g.GetService(asPoll(t.Context()), "poll"); errs <- err }()
	// a holds the calls' only slot while b and c wait: the poll takes the last.
	if id := recv(t, c.enter); id != "poll" {
		t.Errorf("%s reached the API while a held its slot, want the poll", id)
	}
	close(c.hold)
	for range 4 {
		if err := recv(t, errs); err != nil {
			t.Error(err)
		}
	}
}

// TestGateway_ReadMissingTheCacheJustBeforeAStoreSharesIt: a read (B) that
// misses the cache, then starts its flight only after an identical read (A)
// has stored its answer and ended, takes the stored answer instead of
// calling the API a second time.
func TestGateway_ReadMissingTheCacheJustBeforeAStoreSharesIt(t *testing.T) {
	c := &recClient{}
	g := NewGateway(c, GatewayConfig{CacheTTL: time.Hour})
	bMissed, aDone := make(chan struct{}), make(chan struct{})
	var misses atomic.Int32
	g.testHookMissed = func(string) {
		if misses.Add(1) != 1 {
			return // A
		}
		close(bMissed) // B waits for A to end
		select {
		case <-aDone:
		case <-time.After(10 * time.Second):
			t.Error("read A did not end within 10 s")
		}
	}
	serveGateway(t, g)
	bErr := make(chan error, 1)
	go func() {
		_, err := g.GetProject(t.Context(), "p")
		bErr <- err
	}()
	select {
	case <-bMissed:
	case <-time.After(10 * time.Second):
		t.Fatal("read B did not miss the cache within 10 s")
	}
	if _, err := g.GetProject(t.Context(), "p"); err != nil {
		t.Fatalf("read A: %v", err)
	}
	close(aDone)
	select {
	case err := <-bErr:
		if err != nil {
			t.Fatalf("read B: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("read B did not end within 10 s")
	}
	if n := c.count("GetProject"); n != 1 {
		t.Errorf("two identical reads called the API %d times, want 1", n)
	}
}

// TestGateway_ChangeScope: a service's start, stop or restart (the call and
// the end of its process) drops that service's read by id alone, keeping the
// service list (the operations read the services ZCP changed by id), the
// project, env variables and other services' reads; any other change, such
// as an env write and the end of its process, drops them all.
func TestGateway_ChangeScope(t *testing.T) {
	tests := []struct {
		name      string
		change    func(g *Gateway, srv *fakeapi.Server) (*platform.Process, error)
		lifecycle bool
	}{
		{"restart", func(g *Gateway, srv *fakeapi.Server) (*platform.Process, error) {
			return g.RestartService(t.Context(), srv.ServiceID("appdev"))
		}, true},
		{"stop", func(g *Gateway, srv *fakeapi.Server) (*platform.Process, error) {
			return g.StopService(t.Context(), srv.ServiceID("appdev"))
		}, true},
		{"env write", func(g *Gateway, srv *fakeapi.Server) (*platform.Process, error) {
			return g.SetServiceEnvFile(t.Context(), srv.ServiceID("appdev"), "A=1\n")
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkLeaks(t)
			srv, c := newFake(t, fakeapi.Options{ProcessDuration: time.Millisecond})
			g := serveGateway(t, NewGateway(c, GatewayConfig{CacheTTL: time.Hour, Rate: 1000, Burst: 100}))
			byID := func(host string) int {
				path := "/service-stack/" + srv.ServiceID(host)
				return srv.CountRequests(http.MethodGet, path) - srv.CountRequests(http.MethodGet, path+"/")
			}
			counts := func() [5]int {
				return [5]int{srv.CountRequests(http.MethodGet, "/project/"), srv.CountRequests(http.MethodPost, "/service-stack/search"),
					srv.CountRequests(http.MethodGet, "/service-stack/"+srv.ServiceID("appdev")+"/env"), byID("appdev"), byID("db")}
			}
			read := func() {
				t.Helper()
				_, err1 := g.GetProject(t.Context(), srv.ProjectID())
				_, err2 := g.ListServices(t.Context(), srv.ProjectID())
				_, err3 := g.GetServiceEnv(t.Context(), srv.ServiceID("appdev"))
				_, err4 := g.GetService(t.Context(), srv.ServiceID("appdev"))
				_, err5 := g.GetService(t.Context(), srv.ServiceID("db"))
				if err := errors.Join(err1, err2, err3, err4, err5); err != nil {
					t.Fatal(err)
				}
			}
			// project, service list, appdev's env, appdev and db by id
			want := func(n int) [5]int {
				if tt.lifecycle {
					return [5]int{1, 1, 1, n, 1}
				}
				return [5]int{n, n, n, n, n}
			}
			read()
			proc, err := tt.change(g, srv)
			if err != nil {
				t.Fatal(err)
			}
			read()
			if got := counts(); got != want(2) {
				t.Errorf("after the call: reads %v, want %v", got, want(2))
			}
			srv.EndProcesses()
			if p, err := g.GetProcess(t.Context(), proc.ID); err != nil || !p.IsTerminal() {
				t.Fatalf("process %+v, %v: want it ended", p, err)
			}
			read()
			if got := counts(); got != want(3) {
				t.Errorf("after the process ended: reads %v, want %v", got, want(3))
			}
		})
	}
}

// TestGateway_AbandonedFlightIsNotJoined: a read identical to one whose
// callers all left starts its own flight instead of joining the abandoned
// one, and gets its answer.
func TestGateway_AbandonedFlightIsNotJoined(t *testing.T) {
	checkLeaks(t)
	c := &scriptClient{}
	g := NewGateway(c, GatewayConfig{})
	inAdmission, proceed := make(chan struct{}), make(chan struct{})
	var admissions atomic.Int32
	g.testHookQueued = func() {
		if admissions.Add(1) == 1 { // the first flight waits here until the second caller came
			close(inAdmission)
			select {
			case <-proceed:
			case <-time.After(20 * time.Second):
			}
		}
	}
	joined := make(chan struct{}, 4)
	g.testHookJoined = func() { joined <- struct{}{} }
	serveGateway(t, g)
	ctx, cancel := context.WithCancel(t.Context())
	first := make(chan error, 1)
	go func() { _, err := g.GetService(ctx, "a"); first <- err }()
	recv(t, joined)
	recv(t, inAdmission)
	cancel()
	if err := recv(t, first); platform.ErrorCode(err) != platform.ErrCanceled {
		t.Fatalf("first caller: %v, want CANCELED", err)
	}
	second := make(chan error, 1)
	go func() { _, err := g.GetService(t.Context(), "a"); second <- err }()
	recv(t, joined)
	close(proceed)
	if err := recv(t, second); err != nil {
		t.Errorf("second caller: %v, want its answer", err)
	}
	if n := c.calls.Load(); n != 1 {
		t.Errorf("%d API calls, want 1", n)
	}
}
