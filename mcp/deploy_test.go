package mcp_test

import (
	"context"
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
	"github.com/zeropsio/zcp/platform/ops"
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
// mode) or /var/www (SSH mode) and may not leave it; "." deploys.
func TestDeploy_RelativeWorkingDir(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.Deployer = deploy.NewAPIPusher(d.Client) }})
	wd, err := filepath.EvalSymlinks(h.workDir(t))
	must(t, err)
	must(t, os.Mkdir(filepath.Join(wd, "app"), 0o755))
	tests := []struct {
		name string
		args map[string]any
		dir  string // the workingDir the push used; "" = want an error
		code string
	}{
		{"Dot", map[string]any{"workingDir": ".", "targetService": "appstage"}, wd, ""},
		{"Subdir", map[string]any{"workingDir": "app", "serviceId": h.fake.ServiceID("appstage")}, filepath.Join(wd, "app"), ""},
		{"DotDot", map[string]any{"workingDir": "../", "targetService": "appstage"}, "", platform.ErrPathTraversal},
		{"Absolute", map[string]any{"workingDir": "/etc", "targetService": "appstage"}, "", platform.ErrPathTraversal},
		{"Missing", map[string]any{"workingDir": "nope", "targetService": "appstage"}, "", platform.ErrFileNotFound},
		{"SSHRelative", map[string]any{"sourceService": "appdev", "workingDir": "api"}, "/var/www/api", ""},
		{"SSHDotDot", map[string]any{"sourceService": "appdev", "workingDir": "../etc"}, "", platform.ErrPathTraversal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, m := h.call(t, "zerops_deploy", tt.args)
			if tt.code != "" {
				wantError(t, res, m, tt.code)
				return
			}
			wantOK(t, res)
			if m["workingDir"] != tt.dir || m["status"] != ops.DeployPushed || m["message"] == "" {
				t.Errorf("deploy = %s, want workingDir %s, status and message", text(res), tt.dir)
			}
		})
	}
}
