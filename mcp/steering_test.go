package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

func TestSteering_WorkflowCarriesLiveStacks(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_workflow", map[string]any{"workflow": "bootstrap"})
	wantOK(t, res)
	body := text(res)
	if strings.Contains(body, "<!-- STACKS -->") || !strings.Contains(body, "Available Service Stacks") || !strings.Contains(body, "nodejs") {
		t.Errorf("bootstrap lacks the live stacks:\n%s", body)
	}
	res, _ = h.call(t, "zerops_workflow", map[string]any{"workflow": "scale"})
	wantOK(t, res)
	if strings.Contains(text(res), "Available Service Stacks") {
		t.Error("scale workflow got the stack list")
	}
}

func TestSteering_DegradesWithoutCatalog(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	h.fake.InjectFault(fakeapi.Fault{Method: "POST", PathPrefix: "/service-stack-type/", Status: 503})
	res, _ := h.call(t, "zerops_workflow", map[string]any{"workflow": "bootstrap"})
	wantOK(t, res)
	if strings.Contains(text(res), "<!-- STACKS -->") || strings.Contains(text(res), "Available Service Stacks") {
		t.Errorf("bootstrap without catalog keeps artifacts:\n%s", text(res))
	}
	res, _ = h.call(t, "zerops_context", nil)
	wantOK(t, res)
	res, m := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: nodejs@22\n", "dryRun": true})
	wantOK(t, res)
	if m["valid"] != true {
		t.Errorf("dry run without catalog = %s", text(res))
	}
	res, _ = h.call(t, "zerops_knowledge", map[string]any{"runtime": "nodejs@22"})
	wantOK(t, res)
}

func TestSteering_BriefingVersionCheckAndDryRunFlagInventedVersion(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_knowledge", map[string]any{"runtime": "nodejs@22", "services": []string{"valkey@8"}})
	wantOK(t, res)
	if !strings.Contains(text(res), "valkey@8") {
		t.Errorf("briefing has no version check for valkey@8:\n%s", text(res))
	}
	res, m := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: cache\n    type: valkey@8\n    mode: NON_HA\n", "dryRun": true})
	wantOK(t, res)
	found := false
	for _, x := range issuesOf(m, "problems") {
		if strings.Contains(x["problem"], "valkey@8") && strings.Contains(x["fix"], "valkey@7.2") {
			found = true
		}
	}
	if !found || m["valid"] != false {
		t.Errorf("dry run does not flag valkey@8: %s", text(res))
	}
}

func TestProgress_OtherAsyncTools(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"A=1"}}},
		{"zerops_subdomain", map[string]any{"serviceHostname": "appdev", "action": "enable"}}, // deployed: its HTTP port is registered
		{"zerops_import", map[string]any{"content": "services:\n  - hostname: worker\n    type: nodejs@22\n"}},
		{"zerops_delete", map[string]any{"serviceHostname": "cache", "confirm": "true"}},
	}
	for i, c := range calls {
		res, m := h.callWith(t, ctx, c.tool, c.args, i+100)
		wantOK(t, res)
		procs, _ := m["processes"].([]any)
		if len(procs) == 0 {
			t.Fatalf("%s returned no processes: %s", c.tool, text(res))
		}
		for _, p := range procs {
			if st := p.(map[string]any)["status"]; st != string(platform.ProcessFinished) {
				t.Errorf("%s: process %v after following", c.tool, st)
			}
		}
	}
}

// The briefing opens with the version check, and its title does not repeat
// an invented version as if it were fine.
func TestSteering_BriefingVersionCheckFirst(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_knowledge", map[string]any{"runtime": "bun@9", "services": []string{"postgresql@16"}})
	wantOK(t, res)
	body := text(res)
	check, title := strings.Index(body, "## Version check"), strings.Index(body, "# Zerops briefing")
	if check != 0 || title < 0 {
		t.Fatalf("the briefing does not open with the version check:\n%.400s", body)
	}
	line, _, _ := strings.Cut(body[title:], "\n")
	if strings.Contains(line, "bun@9") || !strings.Contains(line, "bun") {
		t.Errorf("title = %q, want the type without the invented version", line)
	}
	if !strings.Contains(body, "⚠ bun@9 — version 9 is not in the catalog. Use bun@1.3, the newest stable version") {
		t.Errorf("no steering to the newest stable bun:\n%.600s", body)
	}
}

// A search whose best hit scores weakly says so instead of steering the
// agent to apply the top document.
func TestSteering_WeakKnowledgeMatchSaysSo(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	tests := []struct {
		query string
		weak  bool
	}{
		{"banana smoothie recipe", true},
		{"postgresql connection", false},
	}
	for _, tt := range tests {
		res, _ := h.call(t, "zerops_knowledge", map[string]any{"query": tt.query})
		wantOK(t, res)
		next := nextStep(text(res))
		if strings.Contains(next, "no document matches well") != tt.weak {
			t.Errorf("%q: next = %q, want weak=%v", tt.query, next, tt.weak)
		}
	}
}

// zerops_logs without a service answers the project's recent lines across
// services, merged by time, each naming its service; fields every line
// shares are given once.
func TestLogs_ProjectWide(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_logs", map[string]any{"limit": 50})
	wantOK(t, res)
	entries, _ := m["entries"].([]any)
	if len(entries) == 0 || len(entries) > 50 {
		t.Fatalf("%d lines, want 1–50: %.300s", len(entries), text(res))
	}
	services := map[string]bool{}
	last := ""
	for _, e := range entries {
		line := e.(map[string]any)
		svc, _ := line["service"].(string)
		if svc == "" {
			t.Fatalf("a line names no service: %v", line)
		}
		services[svc] = true
		ts, _ := line["time"].(string)
		if ts < last {
			t.Errorf("lines out of time order: %s after %s", ts, last)
		}
		last = ts
	}
	if len(services) < 2 {
		t.Errorf("lines of %d service(s), want several: %v", len(services), services)
	}
	res, m = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appdev", "limit": 20})
	wantOK(t, res)
	shared, _ := m["shared"].(map[string]any)
	if shared["container"] == nil || strings.Contains(text(res), `"service":"appdev"`) {
		t.Errorf("one service's lines repeat what they share: %.400s", text(res))
	}
}

// zerops_env with restart: true restarts what the change affects once the
// change's process has ended, reporting progress.
func TestEnv_RestartTrue(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.callWith(t, context.Background(), "zerops_env",
		map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"A=1"}, "restart": true}, "e1")
	wantOK(t, res)
	if r, _ := m["restarted"].([]any); len(r) != 1 || r[0] != "appdev" {
		t.Fatalf("restarted = %v: %s", m["restarted"], text(res))
	}
	actions := map[string]string{}
	for _, p := range m["processes"].([]any) {
		pm := p.(map[string]any)
		actions[pm["action"].(string)] = pm["status"].(string)
	}
	if actions["stack.updateUserData"] != string(platform.ProcessFinished) || actions["stack.restart"] != string(platform.ProcessFinished) {
		t.Errorf("processes = %v, want the env change and the restart finished", actions)
	}
	restarting := false
	for _, n := range h.notifications() {
		restarting = restarting || strings.HasPrefix(n.Message, "Restarting appdev")
	}
	if !restarting {
		t.Error("no progress for the restart")
	}

	res, m = h.call(t, "zerops_env", map[string]any{"action": "set", "project": true, "variables": "SHARED=1", "restart": "true"})
	wantOK(t, res)
	restarted := map[string]bool{}
	for _, r := range m["restarted"].([]any) {
		restarted[r.(string)] = true
	}
	if !restarted["appdev"] || restarted["db"] || restarted["cache"] {
		t.Errorf("project change restarted %v, want the running runtimes only", restarted)
	}

	// Without restart the default stays: nothing restarted, the note says how.
	res, m = h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"B=1"}})
	wantOK(t, res)
	if m["restarted"] != nil || !strings.Contains(text(res), "restart: true") {
		t.Errorf("default env set = %s", text(res))
	}
}

// A masked value's key is still listed, so the agent can reference it.
func TestEnv_MaskedKeyListed(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": "db"})
	wantOK(t, res)
	found := false
	for _, v := range m["variables"].([]any) {
		vm := v.(map[string]any)
		if vm["key"] == "password" && vm["value"] == "***" {
			found = true
		}
	}
	if !found || strings.Contains(text(res), h.secretOf(t, "db", "password")) {
		t.Errorf("password is not listed masked: %s", text(res))
	}
}

// TestDiscover_EmptyListsPresent checks that a service without ports or
// subdomain URLs answers [] for them rather than leaving the keys out.
func TestDiscover_EmptyListsPresent(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_discover", nil)
	wantOK(t, res)
	empty := 0
	for _, s := range m["services"].([]any) {
		svc := s.(map[string]any)
		for _, key := range []string{"ports", "subdomainUrls"} {
			list, ok := svc[key].([]any)
			if !ok {
				t.Errorf("%s: %s = %v, want a list", svc["hostname"], key, svc[key])
			}
			if ok && len(list) == 0 {
				empty++
			}
		}
	}
	if empty == 0 {
		t.Error("no service with an empty list: the check tested nothing")
	}
}
