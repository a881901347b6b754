package mcp_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// Tests of how ZCP copes with the live API's behaviours, which the fake
// reproduces by default (facts: "Real-API behaviours the fake must reproduce").

// systemHostnames are the fake's names for the platform's own services.
var systemHostnames = []string{"core", "build", "prepare", "balancer", "internal"}

func TestRealAPI_SystemServicesHidden(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	if h.fake.ServiceID("build") == "" {
		t.Fatal("the fake's project has no build service")
	}
	res, m := h.call(t, "zerops_discover", map[string]any{})
	wantOK(t, res)
	for _, s := range m["services"].([]any) {
		svc := s.(map[string]any)
		name, _ := svc["hostname"].(string)
		cat, _ := svc["category"].(string)
		if platform.SystemCategory(cat) || contains(systemHostnames, name) {
			t.Errorf("discover lists the system service %s (%s)", name, cat)
		}
	}
	if strings.Contains(text(res), h.fake.ServiceID("build")) {
		t.Error("discover names the build service's id")
	}
	for _, name := range systemHostnames {
		for _, call := range []struct {
			tool string
			args map[string]any
		}{
			{"zerops_discover", map[string]any{"serviceHostname": name}},
			{"zerops_manage", map[string]any{"action": "restart", "serviceHostname": name}},
			{"zerops_subdomain", map[string]any{"action": "enable", "serviceHostname": name}},
			{"zerops_delete", map[string]any{"serviceHostname": name, "confirm": true}},
			{"zerops_env", map[string]any{"action": "set", "serviceHostname": name, "variables": []string{"A=1"}}},
			{"zerops_logs", map[string]any{"serviceHostname": name}},
		} {
			res, m := h.call(t, call.tool, call.args)
			wantError(t, res, m, platform.ErrServiceNotFound)
			if s, _ := m["suggestion"].(string); strings.Contains(s, name+",") || strings.HasSuffix(strings.TrimSuffix(s, ". Use one of these hostnames."), name) {
				t.Errorf("%s %s: the suggestion offers the system service: %s", call.tool, name, s)
			}
		}
	}
	if n := h.fake.CountRequests("PUT", "/service-stack/"+h.fake.ServiceID("build")); n != 0 {
		t.Errorf("%d actions reached the build service", n)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestRealAPI_LookupRightAfterImport(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: fresh\n    type: valkey@7.2\n    mode: NON_HA\n"})
	wantOK(t, res)
	// The fake's search index is a second behind: only a read by id finds it now.
	res, m := h.call(t, "zerops_discover", map[string]any{"serviceHostname": "fresh"})
	wantOK(t, res)
	if svcs, _ := m["services"].([]any); len(svcs) != 1 || svcs[0].(map[string]any)["hostname"] != "fresh" {
		t.Fatalf("discover fresh = %s", text(res))
	}
	res, _ = h.call(t, "zerops_discover", map[string]any{})
	wantOK(t, res)
	if !strings.Contains(text(res), `"hostname":"fresh"`) {
		t.Errorf("discover right after the import does not list it: %s", text(res))
	}
	res, m = h.call(t, "zerops_events", map[string]any{"serviceHostname": "fresh"})
	wantOK(t, res)
	if !strings.Contains(text(res), "stack.create") {
		t.Errorf("events right after the import miss its process: %s", text(res))
	}
	_ = m
}

// TestRealAPI_EventsRightAfterEnvChange: the process of an env change ZCP
// just made is in the timeline at once, though the search has not indexed it.
func TestRealAPI_EventsRightAfterEnvChange(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Minute})
	for _, args := range []map[string]any{
		{"action": "set", "serviceHostname": "appdev", "variables": []any{"A=1"}},
		{"action": "set", "project": true, "variables": []any{"B=2"}},
	} {
		res, m := h.call(t, "zerops_env", args)
		wantOK(t, res)
		procs, _ := m["processes"].([]any)
		if len(procs) != 1 {
			t.Fatalf("env set = %s", text(res))
		}
		id, _ := procs[0].(map[string]any)["id"].(string)
		res, _ = h.call(t, "zerops_events", map[string]any{"limit": 5})
		wantOK(t, res)
		if !strings.Contains(text(res), `"id":"`+id+`"`) {
			t.Errorf("events right after env %v miss its process %s: %s", args, id, text(res))
		}
	}
}

func TestRealAPI_DeleteThenReimport(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_delete", map[string]any{"serviceHostname": "cache", "confirm": true})
	wantOK(t, res)
	// The search still lists cache as it was; the import reads it by id, sees
	// the deletion and waits for it (lesson #11) instead of calling it taken.
	res, m := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: cache\n    type: valkey@7.2\n    mode: NON_HA\n"})
	if res.IsError && m["code"] == platform.ErrInvalidImportYml {
		t.Fatalf("import after delete: %s", text(res))
	}
	wantOK(t, res)
}

func TestRealAPI_BuildFailureLogFromBuildService(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{buildStep: 600 * time.Millisecond,
		sandboxPush: true})
	writeApp(t, h.workDir(t), noBuildScript)
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "b1")
	wantError(t, res, m, platform.ErrBuildFailed)
	lines, _ := m["buildLog"].([]any)
	if !strings.Contains(fmt.Sprint(lines), `npm error Missing script: "build"`) {
		t.Fatalf("the failure answer has no build log lines: %s", text(res))
	}
	id, _ := m["appVersionId"].(string)
	res, m = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage", "buildId": id})
	wantOK(t, res)
	entries, _ := m["entries"].([]any)
	if len(entries) == 0 || !strings.Contains(text(res), `npm error Missing script: \"build\"`) {
		t.Fatalf("zerops_logs buildId=%s = %s", id, text(res))
	}
	for _, e := range entries {
		if tag, _ := e.(map[string]any)["tag"].(string); tag != "" && tag != "zbuilder@"+id {
			t.Errorf("a line of another build or service: %v", e)
		}
	}
	// The runtime itself has no line of the build.
	res, _ = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	if strings.Contains(text(res), "npm error") {
		t.Errorf("the runtime's own log shows build lines: %s", text(res))
	}
}

func TestRealAPI_SubdomainRightAfterDeploy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	// Never deployed: no HTTP port yet, and the answer says what is needed.
	res, m := h.call(t, "zerops_subdomain", map[string]any{"serviceHostname": "appstage", "action": "enable"})
	wantError(t, res, m, platform.ErrSubdomainNoPorts)
	if s, _ := m["suggestion"].(string); !strings.Contains(s, "httpSupport") || !strings.Contains(s, "zerops_deploy") {
		t.Errorf("suggestion = %q", s)
	}
	res, m = h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "d1")
	wantOK(t, res)
	if b, _ := m["build"].(map[string]any); b["status"] != string(platform.AppVersionActive) {
		t.Fatalf("deploy = %s", text(res))
	}
	// The platform registers the deployed port a moment after the deploy:
	// the enable waits for it instead of failing.
	res, m = h.callWith(t, context.Background(), "zerops_subdomain", map[string]any{"serviceHostname": "appstage", "action": "enable"}, "s1")
	wantOK(t, res)
	urls, _ := m["subdomainUrls"].([]any)
	if len(urls) != 1 || !strings.HasPrefix(urls[0].(string), "https://appstage-") || !strings.HasSuffix(urls[0].(string), "-3000.prg1.zerops.app") {
		t.Fatalf("enable answer = %s", text(res))
	}
	if next, _ := m["next"].(string); !strings.Contains(next, "zerops_verify serviceHostname=appstage") || strings.Contains(next, urls[0].(string)) {
		t.Errorf("next does not verify appstage, or repeats the URL subdomainUrls shows: %q", next)
	}
	res, _ = h.call(t, "zerops_discover", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	if !strings.Contains(text(res), `"subdomainUrls":["`+urls[0].(string)+`"]`) {
		t.Errorf("discover lacks the subdomain URL: %s", text(res))
	}
}

func TestRealAPI_ImportRejectedWholeShowsFieldPath(t *testing.T) {
	t.Parallel()
	// Without the schemas (never fetched) and the catalog ZCP cannot check
	// versions itself: the platform's refusal is what tells the agent which
	// field to change.
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) {
		d.Schemas.Wait(context.Background())
		d.Schemas = nil
	}})
	h.fake.InjectFault(fakeapi.Fault{PathPrefix: "/service-stack-type/search", Status: 503})
	res, m := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: web\n    type: nodejs@22\n  - hostname: api\n    type: nodejs@99\n"})
	wantError(t, res, m, platform.ErrInvalidImportYml)
	problems, _ := m["problems"].([]any)
	if len(problems) == 0 {
		t.Fatalf("no problems listed: %s", text(res))
	}
	p := problems[0].(map[string]any)
	if p["path"] != "services[1](api).type" || !strings.Contains(fmt.Sprint(p["problem"]), "nodejs@99") || p["fix"] == "" {
		t.Errorf("problem = %v", p)
	}
	if h.fake.ServiceID("web") != "" {
		t.Error("a service of a refused import was created")
	}
}

func TestRealAPI_EventsHideInternalProcesses(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.callWith(t, context.Background(), "zerops_subdomain", map[string]any{"serviceHostname": "appdev", "action": "enable"}, "s1")
	wantOK(t, res)
	res, _ = h.callWith(t, context.Background(), "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev", "maxCpu": 4}, "m1")
	wantOK(t, res)
	// The platform's follow-ups (zL7Master.*, stack.updateAutoscaling) are in
	// the process search once the index has them; events never shows them.
	waitFor(t, func() bool {
		procs, err := h.client.SearchProcesses(context.Background(), platform.ProcessFilter{ProjectID: h.fake.ProjectID(), Limit: 100})
		internal := 0
		for _, p := range procs {
			if p.ActionName.Internal() {
				internal++
			}
		}
		return err == nil && internal >= 2
	})
	res, _ = h.call(t, "zerops_events", map[string]any{"limit": 100})
	wantOK(t, res)
	if strings.Contains(text(res), "zL7Master") || strings.Contains(text(res), "updateAutoscaling") {
		t.Errorf("events shows internal processes: %s", text(res))
	}
	if !strings.Contains(text(res), "stack.enableSubdomainAccess") || !strings.Contains(text(res), "stack.autoscaling") {
		t.Errorf("events lacks the user's own processes: %s", text(res))
	}
}

func TestRealAPI_SandboxLogsOfAFreshRuntime(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: fresh\n    type: nodejs@22\n"}, "i1")
	wantOK(t, res)
	_ = m
	// Imported, never deployed: no application line, and none from before it existed.
	res, m = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "fresh"})
	wantOK(t, res)
	if entries, _ := m["entries"].([]any); len(entries) != 0 {
		t.Errorf("a runtime without a deploy has log lines: %s", text(res))
	}
}

// TestRealAPI_SubdomainOfWebServerRuntime: php-nginx (like php-apache, nginx
// and static) serves HTTP on port 80 itself and its zerops.yml declares no
// ports, as the knowledge documents say. After its deploy the subdomain
// enables and its URL has no port part, in the answer and in discover.
func TestRealAPI_SubdomainOfWebServerRuntime(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: web\n    type: php-nginx@8.4\n"}, "i1")
	wantOK(t, res)
	must(t, os.WriteFile(filepath.Join(h.workDir(t), "zerops.yml"),
		[]byte("zerops:\n  - setup: web\n    build:\n      base: php@8.4\n      deployFiles: ./\n    run:\n      base: php-nginx@8.4\n      documentRoot: public\n"), 0o644))
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "web"}, "d1")
	wantOK(t, res)
	if b, _ := m["build"].(map[string]any); b["status"] != string(platform.AppVersionActive) {
		t.Fatalf("deploy = %s", text(res))
	}
	res, m = h.callWith(t, context.Background(), "zerops_subdomain", map[string]any{"serviceHostname": "web", "action": "enable"}, "s1")
	wantOK(t, res)
	urls, _ := m["subdomainUrls"].([]any)
	if len(urls) != 1 || !regexp.MustCompile(`^https://web-[0-9a-f]{4}\.prg1\.zerops\.app$`).MatchString(fmt.Sprint(urls[0])) {
		t.Fatalf("enable answer = %s", text(res))
	}
	res, _ = h.call(t, "zerops_discover", map[string]any{"serviceHostname": "web"})
	wantOK(t, res)
	if !strings.Contains(text(res), `"subdomainUrls":["`+urls[0].(string)+`"]`) || !strings.Contains(text(res), `"port":80`) {
		t.Errorf("discover lacks port 80 or its URL: %s", text(res))
	}
}

// TestRealAPI_LogLinesOfOneInstantInOrder: the log backend answers newest
// first; lines written in the same instant (a deployed app's start line and
// its port) read in the order they were written, for the service and in the
// project's merged logs.
func TestRealAPI_LogLinesOfOneInstantInOrder(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "d1")
	wantOK(t, res)
	if b, _ := m["build"].(map[string]any); b["status"] != string(platform.AppVersionActive) {
		t.Fatalf("deploy = %s", text(res))
	}
	for _, args := range []map[string]any{{"serviceHostname": "appstage"}, {"limit": 1000}} {
		res, _ = h.call(t, "zerops_logs", args)
		wantOK(t, res)
		start, port := strings.Index(text(res), "Starting app version"), strings.Index(text(res), "Listening on 0.0.0.0:3000")
		if start < 0 || port < 0 || port < start {
			t.Errorf("logs %v: the start line should come before the port line: %s", args, text(res))
		}
	}
}

// TestRealAPI_EventsRightAfterPush: a deploy answered PUSHED (no progress
// token) is followed with zerops_events, as its next step says; the build it
// started is in that timeline at once, though the search lags.
func TestRealAPI_EventsRightAfterPush(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true, buildStep: time.Second})
	res, m := h.call(t, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"})
	wantOK(t, res)
	if m["status"] != "PUSHED" {
		t.Fatalf("deploy = %s", text(res))
	}
	res, _ = h.call(t, "zerops_events", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	if !strings.Contains(text(res), `"kind":"build"`) {
		t.Errorf("events right after the push miss its build: %s", text(res))
	}
}

// TestRealAPI_SubdomainEnabledByImportAtFirstDeploy is the bootstrap
// workflow's path: an import with enableSubdomainAccess, the first deploy,
// then zerops_subdomain enable at once. The import's setting takes effect
// while the enable waits for the ports; the answer is success with the URL,
// never a process FAILED with "already enabled" (lesson #9).
func TestRealAPI_SubdomainEnabledByImportAtFirstDeploy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: web\n    type: nodejs@22\n    enableSubdomainAccess: true\n"}, "i1")
	wantOK(t, res)
	must(t, os.WriteFile(filepath.Join(h.workDir(t), "zerops.yml"), []byte(strings.ReplaceAll(demoZeropsYml, "setup: prod", "setup: web")), 0o644))
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "web"}, "d1")
	wantOK(t, res)
	if b, _ := m["build"].(map[string]any); b["status"] != string(platform.AppVersionActive) {
		t.Fatalf("deploy = %s", text(res))
	}
	res, m = h.callWith(t, context.Background(), "zerops_subdomain", map[string]any{"serviceHostname": "web", "action": "enable"}, "s1")
	wantOK(t, res)
	urls, _ := m["subdomainUrls"].([]any)
	if strings.Contains(text(res), "FAILED") || len(urls) != 1 || !strings.HasSuffix(fmt.Sprint(urls[0]), "-3000.prg1.zerops.app") {
		t.Errorf("enable after the import's own enable = %s", text(res))
	}
}

// TestRealAPI_SubdomainOfManagedService: a managed service never gets an
// HTTP port from a deploy, so the refusal must not send the agent to
// zerops_deploy (which refuses managed services) but to a runtime.
func TestRealAPI_SubdomainOfManagedService(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, name := range []string{"db", "cache", "storage"} {
		res, m := h.call(t, "zerops_subdomain", map[string]any{"serviceHostname": name, "action": "enable"})
		wantError(t, res, m, platform.ErrSubdomainNoPorts)
		if s := fmt.Sprint(m["suggestion"]); strings.Contains(s, "zerops_deploy") || !strings.Contains(s, "runtime") {
			t.Errorf("%s: suggestion = %q", name, s)
		}
	}
}

// TestRealAPI_DeployRefusesManagedService: a managed service as a deploy's
// target (local or SSH) or source is refused before any push, naming why.
func TestRealAPI_DeployRefusesManagedService(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	for _, args := range []map[string]any{
		{"workingDir": ".", "targetService": "db"},
		{"workingDir": ".", "targetServiceId": h.fake.ServiceID("db")},
		{"workingDir": ".", "serviceId": h.fake.ServiceID("cache")},
		{"sourceService": "appdev", "targetService": "cache"},
		{"sourceService": "appdev", "targetServiceId": h.fake.ServiceID("db")},
		{"sourceService": "storage"},
	} {
		res, m := h.call(t, "zerops_deploy", args)
		wantError(t, res, m, platform.ErrInvalidParameter)
		if e := fmt.Sprint(m["error"]); !strings.Contains(e, "managed service") || m["apiCode"] != nil {
			t.Errorf("deploy %v = %s", args, text(res))
		}
	}
	if n := h.fake.CountRequests("POST", "/service-stack/"+h.fake.ServiceID("db")+"/app-version"); n != 0 {
		t.Errorf("%d app versions asked for a managed service", n)
	}
}
