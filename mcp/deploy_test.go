package mcp_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/actors/actorstest"
	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// gatedDeployer holds every push until released and records whether two
// pushes to one target ever overlapped.
type gatedDeployer struct {
	started chan string
	release chan struct{}
	active  sync.Map // target → *atomic.Int32
	overlap atomic.Bool
}

func (d *gatedDeployer) Deploy(ctx context.Context, req deploy.Request) (*deploy.Result, error) {
	v, _ := d.active.LoadOrStore(req.TargetServiceID, new(atomic.Int32))
	n := v.(*atomic.Int32)
	if n.Add(1) > 1 {
		d.overlap.Store(true)
	}
	defer n.Add(-1)
	d.started <- req.TargetServiceID
	select {
	case <-d.release:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return &deploy.Result{Mode: "ssh", SourceService: req.SourceService, TargetServiceID: req.TargetServiceID, Started: time.Now()}, nil
}

// Lessons #12: two deploys from one agent to the same service queue, one
// after the other, through the deploy pool.
func TestDeploy_SameTargetQueued(t *testing.T) {
	t.Parallel()
	d := &gatedDeployer{started: make(chan string, 2), release: make(chan struct{})}
	pool := actors.NewDeployPool(4)
	actorstest.Serve(t, pool)
	h := newHarness(t, harnessOpts{deps: func(dp *mcp.Deps) { dp.Deployer, dp.Pool = d, pool }})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}

	var wg sync.WaitGroup
	results := make(chan string, 2)
	call := func() {
		defer wg.Done()
		res, err := h.cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "zerops_deploy", Arguments: args})
		if err != nil {
			results <- `"code": ` + err.Error()
			return
		}
		results <- text(res)
	}
	wg.Add(1)
	go call()
	recv(t, d.started) // the first push holds the target
	wg.Add(1)
	go call()
	waitFor(t, func() bool { // the second waits in the target's queue
		st, err := pool.Status(context.Background())
		return err == nil && strings.Contains(strings.Join(st.Details, "\n"), "1 queued")
	})
	d.release <- struct{}{}
	recv(t, d.started) // only now may the second push start
	d.release <- struct{}{}
	wg.Wait()
	close(results)
	for r := range results {
		if strings.Contains(r, `"code"`) {
			t.Errorf("deploy failed: %s", r)
		}
	}
	if d.overlap.Load() {
		t.Error("two pushes to appstage ran at the same time")
	}
}

// A relative workingDir resolves against ZCP's working directory (local
// mode) or /var/www (SSH mode) and may not leave it; "." deploys, and so does
// an absolute path inside ZCP's working directory. A refusal
// says what deploy takes: a directory (no inline content), a hostname as
// targetService.
func TestDeploy_RelativeWorkingDir(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	wd, err := filepath.EvalSymlinks(h.workDir(t))
	must(t, err)
	for _, sub := range []string{"app", "api"} { // "api" stands for /var/www/api
		must(t, os.Mkdir(filepath.Join(wd, sub), 0o755))
		must(t, os.WriteFile(filepath.Join(wd, sub, "zerops.yml"), []byte(demoZeropsYml), 0o644))
	}
	tests := []struct {
		name string
		args map[string]any
		dir  string // the workingDir the push used; "" = want an error
		code string
		want string // in the refusal's error and suggestion
	}{
		{"Dot", map[string]any{"workingDir": ".", "targetService": "appstage"}, wd, "", ""},
		{"Subdir", map[string]any{"workingDir": "app", "serviceId": h.fake.ServiceID("appstage")}, filepath.Join(wd, "app"), "", ""},
		{"DotDot", map[string]any{"workingDir": "../", "targetService": "appstage"}, "", platform.ErrPathTraversal, "directory holding zerops.yml"},
		{"Absolute", map[string]any{"workingDir": "/etc", "targetService": "appstage"}, "", platform.ErrPathTraversal, "directory holding zerops.yml"},
		{"AbsoluteInside", map[string]any{"workingDir": filepath.Join(wd, "app"), "targetService": "appstage"}, filepath.Join(wd, "app"), "", ""},
		{"Missing", map[string]any{"workingDir": "nope", "targetService": "appstage"}, "", platform.ErrFileNotFound, `directory "nope" not found`},
		{"HostnameAsServiceId", map[string]any{"workingDir": ".", "serviceId": "appstage"}, "", platform.ErrInvalidParameter, `targetService: "appstage"`},
		{"HostnameAsTargetServiceId", map[string]any{"workingDir": ".", "targetServiceId": "appstage"}, "", platform.ErrInvalidParameter, `targetService: "appstage"`},
		{"NoTarget", map[string]any{"workingDir": "."}, "", platform.ErrInvalidParameter, "workingDir + targetService"},
		{"ServiceIdAgrees", map[string]any{"workingDir": ".", "targetService": "appstage", "serviceId": h.fake.ServiceID("appstage")}, wd, "", ""},
		{"ServiceIdOfAnother", map[string]any{"workingDir": ".", "targetService": "appstage", "serviceId": h.fake.ServiceID("appdev")}, "", platform.ErrInvalidParameter,
			`is appdev's id, but targetService names appstage: which one is the target? To deploy to appstage, drop serviceId; to deploy to appdev, pass targetService: "appdev"`},
		{"ServiceIdOfNone", map[string]any{"workingDir": ".", "targetService": "appstage", "serviceId": "xyz"}, "", platform.ErrInvalidParameter,
			`serviceId "xyz" names no service of this project, and targetService names appstage Drop serviceId`},
		{"ServiceIdAndTargetServiceId", map[string]any{"workingDir": ".", "targetServiceId": h.fake.ServiceID("appstage"), "serviceId": h.fake.ServiceID("appdev")}, "", platform.ErrInvalidParameter,
			"is appdev's id, but targetServiceId names " + h.fake.ServiceID("appstage")},
		{"SSHServiceIdOfAnother", map[string]any{"sourceService": "appdev", "targetService": "appstage", "serviceId": h.fake.ServiceID("appdev")}, "", platform.ErrInvalidParameter,
			"is appdev's id, but targetService names appstage"},
		{"SSHServiceIdNotTheSource", map[string]any{"sourceService": "appdev", "serviceId": h.fake.ServiceID("appstage")}, "", platform.ErrInvalidParameter,
			"is appstage's id, but sourceService (the default target) names appdev"},
		{"SSHRelative", map[string]any{"sourceService": "appdev", "workingDir": "api"}, "/var/www/api", "", ""},
		{"SSHDotDot", map[string]any{"sourceService": "appdev", "workingDir": "../etc"}, "", platform.ErrPathTraversal, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, m := h.call(t, "zerops_deploy", tt.args)
			if tt.code != "" {
				wantError(t, res, m, tt.code)
				said := fmt.Sprint(m["error"], " ", m["suggestion"])
				if !strings.Contains(said, tt.want) || strings.Contains(said, "inline") {
					t.Errorf("refusal %q, want %q and no inline content", said, tt.want)
				}
				return
			}
			wantOK(t, res)
			if m["workingDir"] != tt.dir || m["status"] != deploy.StatusPushed || m["message"] == "" {
				t.Errorf("deploy = %s, want workingDir %s, status and message", text(res), tt.dir)
			}
		})
	}
}

// The sandbox's push tells the truth through the real client: it sends the
// working directory's zerops.yml, its output claims no build step that has
// not happened, the answer's build is the app version's real state, and the
// runtime's lines afterwards are those of what was deployed.
func TestSandbox_PushTellsTheTruth(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true, buildStep: 100 * time.Millisecond,
		deps: func(d *mcp.Deps) { d.ReadyWait = 3 * time.Second }}) // the crash at the end is not waited out for a minute
	wd := h.workDir(t)
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node server.mjs")
	yml = strings.ReplaceAll(yml, "port: 3000", "port: 8080")
	writeApp(t, wd, map[string]string{"zerops.yml": yml,
		"server.mjs": "import http from 'node:http';\nhttp.createServer((q, s) => s.end('ok')).listen(8080);\n"})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}

	res, m := h.call(t, "zerops_deploy", args) // no progress token: not followed
	wantOK(t, res)
	out := text(res)
	if m["status"] != deploy.StatusPushed || m["build"] != nil || strings.Contains(out, "ARTEFACTS") || strings.Contains(out, "READY") ||
		!strings.Contains(out, "the build runs on the platform") || strings.Contains(out, "PENDING") {
		t.Errorf("an unfollowed push claims more than happened: %s", out)
	}

	// The first build has ended and is listed; the second push's baseline
	// search fails (as a lagging index misses a version), yet the answer's
	// build is the second push's own version in its real state.
	newest := func() platform.AppVersion {
		vs, err := h.client.SearchAppVersions(context.Background(), platform.AppVersionFilter{ServiceID: h.fake.ServiceID("appstage"), Limit: 1})
		if err != nil || len(vs) == 0 {
			return platform.AppVersion{}
		}
		return vs[0]
	}
	var first platform.AppVersion
	waitFor(t, func() bool { first = newest(); return first.Status == platform.AppVersionActive })
	h.fake.InjectFault(fakeapi.Fault{Method: "POST", PathPrefix: "/app-version/search", Status: 400, Times: 1})
	res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "truth")
	wantOK(t, res)
	build, _ := m["build"].(map[string]any)
	if build == nil || build["appVersionId"] == first.ID {
		t.Fatalf("the answer's build is the earlier push's: %s", text(res))
	}
	var real platform.AppVersion
	waitFor(t, func() bool { real = newest(); return real.ID == build["appVersionId"] })
	if build["status"] != string(real.Status) || m["status"] != string(real.Status) || real.Status != platform.AppVersionActive {
		t.Errorf("answer says status %v, build %v; the app version is %s", m["status"], build, real.Status)
	}

	res, _ = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	logs := text(res)
	for _, want := range []string{"on nodejs@22: node server.mjs", "Listening on 0.0.0.0:8080"} {
		if !strings.Contains(logs, want) {
			t.Errorf("runtime log lacks %q: %s", want, logs)
		}
	}
	if strings.Contains(logs, ":3000") || strings.Contains(logs, "ECONNREFUSED") || strings.Contains(logs, "fix what the errors") {
		t.Errorf("runtime log describes what was not deployed, or errors it does not have: %s", logs)
	}
	if res, m := h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage", "severity": "error"}); m["count"] != float64(0) {
		t.Errorf("a healthy app has error lines: %s", text(res))
	}

	// A start file the deploy lacks: the runtime says so in node's words,
	// and the error lines come with their diagnosis, whose fix is the next step.
	must(t, os.Remove(filepath.Join(wd, "server.mjs")))
	res, _ = h.callWith(t, context.Background(), "zerops_deploy", args, "crash")
	wantOK(t, res)
	res, m = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage", "severity": "error"})
	if next := m["next"].(string); !strings.Contains(text(res), "Error: Cannot find module '/var/www/server.mjs'") ||
		!strings.Contains(next, "start-file-missing") || !strings.Contains(next, "run.start") {
		t.Errorf("the crash's error lines, or the hint to fix them, are missing: %s", text(res))
	}

	// Without the setup it needs (refused before the push), or without
	// zerops.yml, the deploy fails with the fix.
	res, m = h.call(t, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage", "setup": "worker"})
	wantError(t, res, m, platform.ErrInvalidZeropsYml)
	if !strings.Contains(m["error"].(string), `no setup named "worker"`) || !strings.Contains(m["suggestion"].(string), "Nothing was pushed") {
		t.Errorf("missing setup: %s", text(res))
	}
	must(t, os.Remove(filepath.Join(wd, "zerops.yml")))
	res, m = h.call(t, "zerops_deploy", args)
	wantError(t, res, m, platform.ErrFileNotFound)
	if s, _ := m["suggestion"].(string); !strings.Contains(s, filepath.Join(wd, "zerops.yml")) || !strings.Contains(s, "zerops_workflow deploy") {
		t.Errorf("missing zerops.yml: %s", text(res))
	}
}
