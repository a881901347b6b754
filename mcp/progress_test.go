package mcp_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
)

func TestProgress_RestartNotifiesInOrderThenFinalResult(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Hour})
	type answer struct {
		res *sdk.CallToolResult
		err error
	}
	done := make(chan answer, 1)
	go func() {
		p := &sdk.CallToolParams{Name: "zerops_manage", Arguments: map[string]any{"action": "restart", "serviceHostname": "appdev"}}
		p.SetProgressToken("tok-1")
		res, err := h.cs.CallTool(context.Background(), p)
		done <- answer{res, err}
	}()
	// The process ends only once progress has been reported: no race with
	// a short process on a loaded machine.
	recv(t, h.notified)
	if n := h.fake.EndProcesses(); n != 1 {
		t.Fatalf("ended %d processes, want the restart alone", n)
	}
	a := recv(t, done)
	if a.err != nil {
		t.Fatalf("CallTool: %v", a.err)
	}
	res, m := a.res, decode(a.res)
	wantOK(t, res)
	procs := m["processes"].([]any)
	p := procs[0].(map[string]any)
	if p["status"] != string(platform.ProcessFinished) {
		t.Fatalf("final status = %v (%s)", p["status"], text(res))
	}
	got := h.notifications()
	if len(got) == 0 {
		t.Fatal("no progress notifications")
	}
	for i, n := range got {
		if n.ProgressToken != "tok-1" {
			t.Errorf("notification %d token %v", i, n.ProgressToken)
		}
		if i > 0 && n.Progress <= got[i-1].Progress {
			t.Errorf("progress not increasing: %v then %v", got[i-1].Progress, n.Progress)
		}
		if !strings.HasPrefix(n.Message, "Restarting appdev: ") {
			t.Errorf("message %q", n.Message)
		}
		if strings.Contains(n.Message, string(platform.ProcessFinished)) {
			t.Errorf("a notification reports the final state (lessons #1): %q", n.Message)
		}
	}
	// Nothing arrives after the result: a later call's notifications are all we see.
	before := len(h.notifications())
	res, _ = h.call(t, "zerops_discover", nil)
	wantOK(t, res)
	if after := len(h.notifications()); after != before {
		t.Errorf("%d notifications arrived after the result", after-before)
	}
}

func TestProgress_FailedProcessCarriesFailReason(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	h.fake.FailNextProcess("stack.restart", "container crashed on start")
	res, m := h.callWith(t, context.Background(), "zerops_manage",
		map[string]any{"action": "restart", "serviceHostname": "appdev"}, 7)
	wantOK(t, res)
	p := m["processes"].([]any)[0].(map[string]any)
	if p["status"] != string(platform.ProcessFailed) || p["failReason"] != "container crashed on start" {
		t.Fatalf("failed process = %s", text(res))
	}
	if !strings.Contains(m["next"].(string), "failReason") {
		t.Errorf("next = %v", m["next"])
	}
}

func TestProgress_CancelStopsWaitProcessKeepsRunning(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := h.cs.CallTool(ctx, func() *sdk.CallToolParams {
			p := &sdk.CallToolParams{Name: "zerops_manage", Arguments: map[string]any{"action": "restart", "serviceHostname": "appdev"}}
			p.SetProgressToken("c")
			return p
		}())
		done <- err
	}()
	recv(t, h.notified) // the handler is waiting on the watcher
	if in := h.srv.InFlight(); len(in) != 1 || in[0].Tool != "zerops_manage" {
		t.Errorf("in flight = %+v", in)
	}
	cancel()
	select {
	case err := <-done:
		if err == nil {
			t.Error("cancelled call returned no error")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("cancelled call did not return")
	}
	// The handler leaves the in-flight table, the platform process keeps running.
	waitFor(t, func() bool { return len(h.srv.InFlight()) == 0 })
	var procs []platform.Process
	var err error
	waitFor(t, func() bool { // the search index trails the restart by about a second
		procs, err = h.client.SearchProcesses(context.Background(), platform.ProcessFilter{ProjectID: h.fake.ProjectID()})
		for _, p := range procs {
			if p.ActionName == "stack.restart" {
				return true
			}
		}
		return err != nil
	})
	if err != nil {
		t.Fatal(err)
	}
	running := false
	for _, p := range procs {
		if p.ActionName == "stack.restart" && !p.IsTerminal() {
			running = true
		}
	}
	if !running {
		t.Errorf("the restart process was stopped by the client's cancel: %+v", procs)
	}
}

func TestConcurrency_TwentyCallsOneSession(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	var wg sync.WaitGroup
	errs := make(chan string, 20)
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			var name string
			var args map[string]any
			switch i % 4 {
			case 0:
				name, args = "zerops_discover", nil
			case 1:
				name, args = "zerops_events", map[string]any{"limit": 5}
			case 2:
				name, args = "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "db"}
			default:
				name, args = "zerops_validate", map[string]any{"content": "services:\n  - hostname: a\n    type: nodejs@22\n"}
			}
			res, err := h.cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
			if err != nil {
				errs <- name + ": " + err.Error()
				return
			}
			if res.IsError {
				errs <- name + ": " + text(res)
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if n := len(h.srv.InFlight()); n != 0 {
		t.Errorf("%d calls still in flight", n)
	}
}

func TestDeploy_FollowsBuildToActive(t *testing.T) {
	t.Parallel()
	// Steps long enough that a poll sees the build still running once the
	// API's search index (about a second behind) lists it, however loaded the
	// machine: the test asserts progress was reported.
	h := newHarness(t, harnessOpts{buildStep: 600 * time.Millisecond,
		sandboxPush: true})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "d1")
	wantOK(t, res)
	build, _ := m["build"].(map[string]any)
	if build == nil || build["status"] != string(platform.AppVersionActive) || m["targetServiceId"] != h.fake.ServiceID("appstage") {
		t.Fatalf("deploy = %s", text(res))
	}
	if check, _ := m["check"].(map[string]any); m["verdict"] != string(platform.VerdictLive) || check["httpStatus"] != 200.0 || check["url"] != "http://appstage:3000/" {
		t.Errorf("a healthy deploy's verdict: %s", text(res))
	}
	if len(h.notifications()) == 0 {
		t.Error("no build progress")
	}
	for _, n := range h.notifications() {
		if strings.Contains(n.Message, string(platform.AppVersionActive)) {
			t.Errorf("final state sent as progress: %q", n.Message)
		}
	}
	// Without a token the deploy returns at once, naming its app version and
	// the follow call that waits on it, with zerops_events meanwhile.
	res, m = h.call(t, "zerops_deploy", map[string]any{"sourceService": "appdev"})
	wantOK(t, res)
	next, _ := m["next"].(string)
	if m["build"] != nil || m["verdict"] != nil || !strings.Contains(next, "zerops_events") || m["appVersionId"] == nil || !strings.Contains(next, "follow="+m["appVersionId"].(string)) || m["targetServiceId"] != h.fake.ServiceID("appdev") {
		t.Errorf("deploy without token = %s", text(res))
	}
}

func TestDeploy_BuildFailureCarriesLog(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	res, m := h.call(t, "zerops_deploy", map[string]any{"sourceService": "ghost"})
	wantError(t, res, m, platform.ErrServiceNotFound)
	res, m = h.call(t, "zerops_deploy", map[string]any{})
	wantError(t, res, m, platform.ErrInvalidParameter)
	writeApp(t, h.workDir(t), noBuildScript)
	res, m = h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "d2")
	wantError(t, res, m, platform.ErrBuildFailed)
	if m["appVersionId"] == nil || m["verdict"] != string(platform.VerdictBuildFailed) || !strings.Contains(text(res), `Missing script: \"build\"`) {
		t.Errorf("a failed build's answer lacks its id, verdict or log: %s", text(res))
	}
}

type failingDeployer struct{}

func (failingDeployer) Deploy(context.Context, deploy.Request) (*deploy.Result, error) {
	return nil, errors.New("ssh: connect to host appdev port 22: secret-internal-detail")
}

func TestErrors_InternalDetailsDoNotLeak(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.Deployer = failingDeployer{} }})
	res, m := h.call(t, "zerops_deploy", map[string]any{"sourceService": "appdev"})
	wantError(t, res, m, platform.ErrInternal)
	if strings.Contains(text(res), "secret-internal-detail") {
		t.Errorf("internal error leaked: %s", text(res))
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(30 * time.Second)
	for !cond() {
		select {
		case <-tick.C:
		case <-deadline:
			t.Fatal("condition not met in time")
		}
	}
}

// scriptedWatcher replays fixed updates for any process: a stand-in for a
// watcher that reports a terminal state before its Final update.
type scriptedWatcher struct{ updates []actors.ProcessUpdate }

func (w scriptedWatcher) Subscribe(ctx context.Context, id string) (<-chan actors.ProcessUpdate, error) {
	ch := make(chan actors.ProcessUpdate, len(w.updates))
	for _, u := range w.updates {
		u.Process.ID = id
		ch <- u
	}
	close(ch)
	return ch, nil
}

func (scriptedWatcher) SubscribeBuild(context.Context, string, time.Time, string) (<-chan actors.BuildUpdate, error) {
	return nil, errors.New("no builds here")
}

func TestProgress_TerminalUpdateNeverNotified(t *testing.T) {
	t.Parallel()
	w := scriptedWatcher{updates: []actors.ProcessUpdate{
		{Process: platform.Process{Status: platform.ProcessRunning}, Elapsed: time.Second},
		{Process: platform.Process{Status: platform.ProcessFinished}, Elapsed: 2 * time.Second},
		{Process: platform.Process{Status: platform.ProcessFinished}, Elapsed: 2 * time.Second, Final: true},
	}}
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.Watcher = w }})
	res, m := h.callWith(t, context.Background(), "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appdev"}, "t")
	wantOK(t, res)
	if st := m["processes"].([]any)[0].(map[string]any)["status"]; st != string(platform.ProcessFinished) {
		t.Fatalf("status = %v", st)
	}
	for range 2 { // the state the call started with, then RUNNING; the client may handle them after the result
		select {
		case <-h.notified:
		case <-time.After(10 * time.Second):
			t.Fatal("fewer than 2 notifications")
		}
	}
	got := h.notifications()
	if len(got) != 2 || !strings.Contains(got[1].Message, string(platform.ProcessRunning)) {
		for _, n := range got {
			t.Errorf("notification %q", n.Message)
		}
		t.Fatalf("%d notifications, want the starting state and the RUNNING one", len(got))
	}
	for _, n := range got {
		if strings.Contains(n.Message, string(platform.ProcessFinished)) {
			t.Errorf("terminal state notified: %q", n.Message)
		}
	}
}
