package mcp_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// Tool calls whose effect is checked on the platform itself, through the
// production wiring (the harness sends every call through the gateway).

func TestTools_ScaleFractionalRAM(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.callWith(t, context.Background(), "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev", "minRam": 0.5, "maxRam": 2.5}, "scale-1")
	wantOK(t, res)
	svc, err := h.client.GetService(context.Background(), h.fake.ServiceID("appdev"))
	if err != nil {
		t.Fatal(err)
	}
	if a := svc.CustomAutoscaling; a == nil || a.MinRAM != 0.5 || a.MaxRAM != 2.5 {
		t.Fatalf("appdev scaling after minRam 0.5, maxRam 2.5 = %+v", a)
	}
}

func TestTools_StopStopsTheService(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	id := h.fake.ServiceID("appdev")
	res, _ := h.callWith(t, context.Background(), "zerops_manage", map[string]any{"action": "stop", "serviceHostname": "appdev"}, "stop-1")
	wantOK(t, res)
	if n := h.fake.CountRequests("PUT", "/service-stack/"+id+"/stop"); n != 1 {
		t.Fatalf("stop sent %d stop requests, want 1", n)
	}
	if n := h.fake.CountRequests("PUT", "/service-stack/"+id+"/start"); n != 0 {
		t.Fatalf("stop sent %d start requests", n)
	}
}

// TestTools_ProjectEnvReplaceKeepsSensitive replaces a sensitive project
// variable: the new value stays sensitive, so discover keeps it masked.
func TestTools_ProjectEnvReplaceKeepsSensitive(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	pid := h.fake.ProjectID()
	proc, err := h.client.CreateProjectEnv(ctx, pid, "SHARED_SECRET", "old-value-e2e-1", true)
	if err != nil {
		t.Fatal(err)
	}
	h.awaitProcess(t, ctx, proc)
	const newValue = "new-value-e2e-2"
	var envs []platform.EnvVar
	res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "project": true, "variables": []string{"SHARED_SECRET=" + newValue}}, "env-1")
	wantOK(t, res)
	envs, err = h.client.GetProjectEnv(ctx, pid)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range envs {
		if e.Key == "SHARED_SECRET" {
			found = true
			if e.Content != newValue || !e.Sensitive {
				t.Fatalf("after replace SHARED_SECRET = %q sensitive %v, want %q sensitive", e.Content, e.Sensitive, newValue)
			}
		}
	}
	if !found {
		t.Fatal("SHARED_SECRET is gone after replace")
	}
	for _, call := range []struct {
		tool string
		args map[string]any
	}{
		{"zerops_env", map[string]any{"action": "get", "project": true}},
		{"zerops_discover", map[string]any{"includeEnvs": true}},
	} {
		res, _ := h.call(t, call.tool, call.args)
		wantOK(t, res)
		if strings.Contains(text(res), newValue) {
			t.Errorf("%s shows the sensitive project variable in clear: %s", call.tool, text(res))
		}
	}
}

// awaitProcess follows proc through the stack's watcher until it ends or ctx does.
func (h *harness) awaitProcess(t *testing.T, ctx context.Context, proc *platform.Process) {
	t.Helper()
	if proc == nil {
		return
	}
	updates, err := h.stack.Watcher.Subscribe(ctx, proc.ID)
	if err != nil {
		t.Fatal(err)
	}
	for u := range updates {
		if u.Err != nil {
			t.Fatalf("process %s: %v", proc.ID, u.Err)
		}
	}
	if ctx.Err() != nil {
		t.Fatalf("process %s did not end: %v", proc.ID, ctx.Err())
	}
}
