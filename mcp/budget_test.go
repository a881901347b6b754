package mcp_test

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
)

// agent is a scripted MCP client that behaves as Claude Code is documented
// to (facts/clients.md): every call carries a progress token, the model
// reads the structured content when there is one (else the text), and a
// call not answered within abandon is given up.
type agent struct {
	h       *harness
	abandon time.Duration
	calls   int
}

// call makes one call and returns what the model reads, as JSON, and
// whether the call was an error.
func (a *agent) call(t *testing.T, tool string, args map[string]any) (map[string]any, bool) {
	t.Helper()
	a.calls++
	ctx, cancel := context.WithTimeout(context.Background(), a.abandon)
	defer cancel()
	params := &sdk.CallToolParams{Name: tool, Arguments: args}
	params.SetProgressToken(a.calls)
	res, err := a.h.cs.CallTool(ctx, params)
	if err != nil {
		t.Fatalf("call %d (%s %v) abandoned or failed: %v", a.calls, tool, args, err)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(modelView(res)), &m); err != nil {
		t.Fatalf("call %d (%s): the model reads no JSON answer: %.300s", a.calls, tool, modelView(res))
	}
	return m, res.IsError
}

// namedCall matches the one call a next step names: a tool and its k=v arguments.
var namedCall = regexp.MustCompile(`(zerops_\w+)((?: \w+=[^\s;,]+)+)`)

// nextCall is the call a "Next:" names, with its arguments as written.
func nextCall(next string) (string, map[string]any, bool) {
	m := namedCall.FindStringSubmatch(next)
	if m == nil {
		return "", nil, false
	}
	args := map[string]any{}
	for _, kv := range strings.Fields(m[2]) {
		k, v, _ := strings.Cut(kv, "=")
		args[k] = strings.TrimRight(v, ".")
	}
	return m[1], args, true
}

// countingWatcher counts subscriptions, to tell a continuation that reads
// on from the parked subscription from one that starts a new watch.
type countingWatcher struct {
	mcp.Watcher
	procs, builds atomic.Int32
}

func (w *countingWatcher) Subscribe(ctx context.Context, id string) (<-chan actors.ProcessUpdate, error) {
	w.procs.Add(1)
	return w.Watcher.Subscribe(ctx, id)
}

func (w *countingWatcher) SubscribeBuild(ctx context.Context, serviceID string, since time.Time, id string) (<-chan actors.BuildUpdate, error) {
	w.builds.Add(1)
	return w.Watcher.SubscribeBuild(ctx, serviceID, since, id)
}

// budgetHarness is a harness whose calls wait at most wait, with the
// watcher's subscriptions counted.
func budgetHarness(t *testing.T, wait time.Duration, o harnessOpts) (*harness, *countingWatcher) {
	t.Helper()
	var w *countingWatcher
	o.deps = func(d *mcp.Deps) {
		w = &countingWatcher{Watcher: d.Watcher}
		d.Watcher, d.Wait = w, wait
	}
	return newHarness(t, o), w
}

// TestBudget_DeployFollowReachesVerdict: a deploy whose build outlasts the
// wait budget answers where the build is and the one call that waits on;
// following only the next steps reaches the verdict an uninterrupted deploy
// gives (live), each call answered before the client gives up, and the
// continuations read on from the first call's watcher subscription.
func TestBudget_DeployFollowReachesVerdict(t *testing.T) {
	t.Parallel()
	h, w := budgetHarness(t, time.Second, harnessOpts{sandboxPush: true, buildStep: 1500 * time.Millisecond})
	a := &agent{h: h, abandon: time.Minute}
	m, isErr := a.call(t, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"})
	if isErr || m["verdict"] != nil || m["waiting"] != deploy.WaitingBuild {
		t.Fatalf("a build longer than the budget: want no verdict yet and waiting=build, got %v", m)
	}
	build, _ := m["build"].(map[string]any)
	id, _ := build["appVersionId"].(string)
	next, _ := m["next"].(string)
	if id == "" || !strings.Contains(next, "zerops_deploy follow="+id) {
		t.Fatalf("the answer does not name where the build is and the call that waits on: %v", m)
	}
	checks := 0
	for m["verdict"] == nil {
		if a.calls > 30 {
			t.Fatalf("no verdict after %d calls: %v", a.calls, m)
		}
		if m["waiting"] == deploy.WaitingCheck {
			checks++
		}
		tool, args, ok := nextCall(m["next"].(string))
		if !ok || tool != "zerops_deploy" || args["follow"] != id {
			t.Fatalf("next step %q names no follow of %s", m["next"], id)
		}
		if m, isErr = a.call(t, tool, args); isErr {
			t.Fatalf("the continuation failed: %v", m)
		}
	}
	if m["verdict"] != string(platform.VerdictLive) || m["targetService"] != "appstage" {
		t.Errorf("the verdict after following = %v, want live on appstage", m)
	}
	if a.calls < 2 {
		t.Errorf("the build (several 1.5 s steps) ended within a 1 s budget: %d call(s)", a.calls)
	}
	if got := int(w.builds.Load()); got > 1+checks {
		t.Errorf("%d build subscriptions for %d calls: the continuations did not read on from the parked one", got, a.calls)
	}
}

// TestBudget_FailedBuildThroughFollow: the continuation of a build that
// fails ends in the failed build's own answer (BUILD_FAILED with its
// diagnosis), as the uninterrupted deploy does.
func TestBudget_FailedBuildThroughFollow(t *testing.T) {
	t.Parallel()
	h, _ := budgetHarness(t, time.Second, harnessOpts{sandboxPush: true, buildStep: 1500 * time.Millisecond})
	writeApp(t, h.workDir(t), noBuildScript)
	a := &agent{h: h, abandon: time.Minute}
	m, isErr := a.call(t, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"})
	for !isErr && m["waiting"] != nil && a.calls < 30 {
		tool, args, ok := nextCall(m["next"].(string))
		if !ok {
			t.Fatalf("no call in %q", m["next"])
		}
		m, isErr = a.call(t, tool, args)
	}
	if !isErr || m["code"] != platform.ErrBuildFailed || m["verdict"] != string(platform.VerdictBuildFailed) || a.calls < 2 {
		t.Fatalf("after %d calls: want BUILD_FAILED through a continuation, got %v", a.calls, m)
	}
}

// TestBudget_RestartWaitsOn: a restart longer than the budget answers the
// process, how long it was waited for and zerops_process wait=true, which
// reads on from the same subscription until the process ends.
func TestBudget_RestartWaitsOn(t *testing.T) {
	t.Parallel()
	h, w := budgetHarness(t, time.Second, harnessOpts{processDuration: 5 * time.Second})
	a := &agent{h: h, abandon: time.Minute}
	m, _ := a.call(t, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appdev"})
	proc, _ := m["process"].(map[string]any)
	if proc == nil {
		if procs, _ := m["processes"].([]any); len(procs) == 1 {
			proc, _ = procs[0].(map[string]any)
		}
	}
	id, _ := proc["id"].(string)
	if id == "" || proc["elapsedSeconds"] == nil || !strings.Contains(m["next"].(string), "zerops_process wait=true processId="+id) {
		t.Fatalf("a restart longer than the budget: want the process, its elapsed time and the call that waits on, got %v", m)
	}
	for proc["status"] != string(platform.ProcessFinished) {
		if a.calls > 30 {
			t.Fatalf("not finished after %d calls: %v", a.calls, m)
		}
		tool, args, ok := nextCall(m["next"].(string))
		if !ok || tool != "zerops_process" {
			t.Fatalf("next step %q names no zerops_process wait", m["next"])
		}
		m, _ = a.call(t, tool, args)
		proc, _ = m["process"].(map[string]any)
	}
	if got := w.procs.Load(); got != 1 {
		t.Errorf("%d process subscriptions: the continuations did not read on from the parked one", got)
	}
}
