package mcp_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
)

func TestTools_ErrorPaths(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	tests := []struct {
		tool string
		args map[string]any
		code string
	}{
		{"zerops_discover", map[string]any{"serviceHostname": "ghost"}, platform.ErrServiceNotFound},
		{"zerops_manage", map[string]any{"action": "explode", "serviceHostname": "appdev"}, platform.ErrInvalidParameter},
		{"zerops_manage", map[string]any{"action": "restart", "serviceHostname": "ghost"}, platform.ErrServiceNotFound},
		{"zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev", "maxCpu": 99}, platform.ErrInvalidScaling},
		{"zerops_manage", map[string]any{"action": "scale", "serviceHostname": "db", "maxContainers": 3}, platform.ErrInvalidScaling},
		{"zerops_manage", map[string]any{"serviceHostname": "appdev"}, platform.ErrInvalidParameter}, // action missing: SDK validation, normalised
		{"zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev", "minCpu": "lots"}, platform.ErrInvalidParameter},
		{"zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"BAD KEY=1"}}, platform.ErrInvalidEnvFormat},
		{"zerops_env", map[string]any{"action": "get"}, platform.ErrServiceRequired},
		{"zerops_env", map[string]any{"action": "list", "serviceHostname": "appdev"}, platform.ErrInvalidParameter},
		{"zerops_logs", map[string]any{"serviceHostname": "appdev", "severity": "shouty"}, platform.ErrInvalidParameter},
		{"zerops_logs", map[string]any{"serviceHostname": "ghost"}, platform.ErrServiceNotFound},
		{"zerops_import", map[string]any{"content": "project:\n  name: x\nservices:\n  - hostname: a\n    type: nodejs@22\n"}, platform.ErrImportHasProject},
		{"zerops_import", map[string]any{"filePath": "../etc/passwd", "dryRun": true}, platform.ErrPathTraversal},
		{"zerops_import", map[string]any{"filePath": "nope.yml"}, platform.ErrFileNotFound},
		{"zerops_import", map[string]any{}, platform.ErrInvalidParameter},
		{"zerops_validate", map[string]any{"content": "a: [b"}, platform.ErrInvalidParameter},
		{"zerops_knowledge", map[string]any{}, platform.ErrInvalidParameter},
		{"zerops_knowledge", map[string]any{"uri": "zerops://docs/nope/nothing"}, platform.ErrNotFound},
		{"zerops_process", map[string]any{"processId": "doesnotexist000000000a"}, platform.ErrProcessNotFound},
		{"zerops_process", map[string]any{"processId": "x", "action": "pause"}, platform.ErrInvalidParameter},
		{"zerops_delete", map[string]any{"serviceHostname": "cache"}, platform.ErrConfirmRequired},
		{"zerops_delete", map[string]any{"serviceHostname": "cache", "confirm": "false"}, platform.ErrConfirmRequired},
		{"zerops_delete", map[string]any{"serviceHostname": "cache", "confirm": "yes"}, platform.ErrConfirmRequired},
		{"zerops_delete", map[string]any{"serviceHostname": "cache", "confirm": 1}, platform.ErrInvalidParameter},
		{"zerops_delete", map[string]any{"serviceHostname": "cache", "confirm": "TRUE "}, platform.ErrConfirmRequired},
		{"zerops_subdomain", map[string]any{"serviceHostname": "appdev", "action": "toggle"}, platform.ErrInvalidParameter},
		{"zerops_events", map[string]any{"limit": 1000}, platform.ErrInvalidParameter},
		{"zerops_workflow", map[string]any{"workflow": "dance"}, platform.ErrInvalidParameter},
		{"zerops_deploy", map[string]any{"sourceService": "appdev"}, platform.ErrInvalidUsage}, // no Deployer configured
		{"zerops_context", map[string]any{"verbose": true}, platform.ErrInvalidParameter},
		{"zerops_discover", map[string]any{"includeEnvs": "perhaps"}, platform.ErrInvalidParameter},
		{"zerops_manage", map[string]any{"action": "scale", "serviceHostname": "appdev"}, platform.ErrInvalidScaling},
		{"zerops_env", map[string]any{"action": "get", "serviceHostname": "db", "project": true}, platform.ErrInvalidParameter},
		{"zerops_env", map[string]any{"action": "set", "serviceHostname": "db", "variables": []string{"hostname=x"}}, platform.ErrInvalidParameter},
		{"zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"A=1\nB=2"}}, platform.ErrInvalidEnvFormat},
		{"zerops_env", map[string]any{"action": "delete", "serviceHostname": "appdev", "variables": []string{"NOPE"}}, platform.ErrNotFound},
		{"zerops_env", map[string]any{"action": "delete", "project": true, "variables": []string{"NOPE"}}, platform.ErrNotFound},
		{"zerops_env", map[string]any{"action": "set", "serviceHostname": "ghost", "variables": []string{"A=1"}}, platform.ErrServiceNotFound},
		{"zerops_logs", map[string]any{"serviceHostname": "appdev", "since": "last tuesday"}, platform.ErrInvalidParameter},
		{"zerops_logs", map[string]any{"serviceHostname": "appdev", "limit": 5000}, platform.ErrInvalidParameter},
		{"zerops_logs", map[string]any{"buildId": "abc"}, platform.ErrInvalidParameter}, // a build needs its service
		{"zerops_import", map[string]any{"content": "services:\n  - hostname: appdev\n    type: nodejs@22\n"}, platform.ErrInvalidImportYml},
		{"zerops_import", map[string]any{"content": "services: []\n#" + strings.Repeat("x", 110_000)}, platform.ErrFileTooLarge},
		{"zerops_import", map[string]any{"content": "services: []\n", "filePath": "import.yml"}, platform.ErrInvalidParameter},
		{"zerops_import", map[string]any{"content": "hello: world\n"}, platform.ErrInvalidImportYml},
		{"zerops_import", map[string]any{"content": "services: [\n", "dryRun": true}, platform.ErrInvalidParameter},
		{"zerops_validate", map[string]any{"filePath": "/etc/passwd"}, platform.ErrPathTraversal},
		{"zerops_validate", map[string]any{"content": "a: 1\n", "kind": "weird.yml"}, platform.ErrInvalidParameter},
		{"zerops_knowledge", map[string]any{"query": "postgresql", "limit": 50}, platform.ErrInvalidParameter},
		{"zerops_knowledge", map[string]any{"services": strings.Split(strings.Repeat("valkey@7.2 ", 21), " ")[:21]}, platform.ErrInvalidParameter},
		{"zerops_process", map[string]any{"processId": "a/../b"}, platform.ErrInvalidParameter},
		{"zerops_process", map[string]any{"processId": ""}, platform.ErrInvalidParameter},
		{"zerops_delete", map[string]any{"serviceHostname": "ghost", "confirm": true}, platform.ErrServiceNotFound},
		{"zerops_subdomain", map[string]any{"serviceHostname": "ghost", "action": "enable"}, platform.ErrServiceNotFound},
		{"zerops_events", map[string]any{"serviceHostname": "ghost"}, platform.ErrServiceNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.tool+"/"+tt.code, func(t *testing.T) {
			t.Parallel()
			res, m := h.call(t, tt.tool, tt.args)
			wantError(t, res, m, tt.code)
		})
	}
	if n := h.fake.CountRequests("DELETE", "/service-stack/"); n != 0 {
		t.Errorf("unconfirmed delete reached the API %d times", n)
	}
}

func TestTools_StatefulErrorPaths(t *testing.T) {
	t.Parallel()
	// Processes last long enough that the cancel below cannot race their end.
	h := newHarness(t, harnessOpts{processDuration: time.Minute, sandboxPush: true})
	ctx := context.Background()

	proc, err := h.client.RestartService(ctx, h.fake.ServiceID("appstage"))
	must(t, err)
	_, err = h.client.CancelProcess(ctx, proc.ID)
	must(t, err)
	res, m := h.call(t, "zerops_process", map[string]any{"processId": proc.ID, "action": "cancel"})
	wantError(t, res, m, platform.ErrProcessTerminal)

	res, m = h.call(t, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage", "targetServiceId": h.fake.ServiceID("appstage")})
	wantError(t, res, m, platform.ErrInvalidParameter)
	res, m = h.call(t, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetServiceId": "nosuchid"})
	wantError(t, res, m, platform.ErrServiceNotFound)
	res, m = h.call(t, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "ghost"})
	wantError(t, res, m, platform.ErrServiceNotFound)
}

func TestTools_ReadSuccess(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	must(t, os.WriteFile(filepath.Join(h.workDir(t), "zerops.yml"), []byte("zerops:\n  - setup: app\n    run: {base: nodejs@22, start: node index.js}\n"), 0o644))

	res, m := h.call(t, "zerops_discover", nil)
	wantOK(t, res)
	if svcs, _ := m["services"].([]any); len(svcs) != 5 || !strings.HasPrefix(m["next"].(string), "Next:") {
		t.Fatalf("discover = %s", text(res))
	}
	if res.StructuredContent == nil {
		t.Error("discover has no structured content")
	}
	res, _ = h.call(t, "zerops_discover", map[string]any{"serviceHostname": "db", "includeEnvs": "true"})
	wantOK(t, res)
	if strings.Contains(text(res), `"password","value":"`) && !strings.Contains(text(res), `"***"`) {
		t.Errorf("sensitive value shown: %s", text(res))
	}

	res, _ = h.call(t, "zerops_context", nil)
	wantOK(t, res)
	if len(text(res)) < 100 || !strings.Contains(text(res), "Next:") {
		t.Errorf("context = %q", text(res))
	}

	res, _ = h.call(t, "zerops_workflow", nil)
	wantOK(t, res)
	res, _ = h.call(t, "zerops_workflow", map[string]any{"workflow": "bootstrap"})
	wantOK(t, res)
	if strings.Contains(text(res), "<!-- STACKS -->") {
		t.Error("stacks placeholder left in the bootstrap workflow")
	}

	res, _ = h.call(t, "zerops_knowledge", map[string]any{"query": "postgresql connection", "limit": "3"})
	wantOK(t, res)
	if len(searchHits(text(res))) != 3 || nextStep(text(res)) == "" {
		t.Errorf("knowledge search = %s", text(res))
	}
	res, _ = h.call(t, "zerops_knowledge", map[string]any{"runtime": "nodejs@22", "services": "postgresql@16"})
	wantOK(t, res)
	if !strings.Contains(text(res), "Next:") {
		t.Errorf("briefing lacks the next step: %s", text(res))
	}

	res, m = h.call(t, "zerops_validate", map[string]any{"filePath": "zerops.yml"})
	wantOK(t, res)
	if m["valid"] != true || m["kind"] != "zerops.yml" {
		t.Errorf("validate = %s", text(res))
	}
	res, m = h.call(t, "zerops_validate", map[string]any{"content": "zerops:\n  - setup: a\n    run: {ports: [{port: 1}]}\n", "kind": "zerops.yml"})
	wantOK(t, res)
	if m["valid"] != false {
		t.Errorf("invalid zerops.yml passed: %s", text(res))
	}

	res, m = h.call(t, "zerops_events", map[string]any{"limit": "10"})
	wantOK(t, res)
	if _, ok := m["events"]; !ok {
		t.Errorf("events = %s", text(res))
	}

	res, m = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appdev", "limit": 5})
	wantOK(t, res)
	if _, ok := m["entries"]; !ok {
		t.Errorf("logs = %s", text(res))
	}

	res, m = h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": "db"})
	wantOK(t, res)
	if strings.Contains(text(res), h.secretOf(t, "db", "password")) {
		t.Errorf("env get leaks the password: %s", text(res))
	}
	_ = m
}

func TestTools_MutationsWithoutToken(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appdev"})
	wantOK(t, res)
	procs, _ := m["processes"].([]any)
	if len(procs) != 1 || !strings.Contains(m["next"].(string), "zerops_process") {
		t.Fatalf("restart without token = %s", text(res))
	}
	id := procs[0].(map[string]any)["id"].(string)
	res, m = h.call(t, "zerops_process", map[string]any{"processId": id})
	wantOK(t, res)
	if m["process"].(map[string]any)["id"] != id {
		t.Errorf("process = %s", text(res))
	}

	res, m = h.call(t, "zerops_subdomain", map[string]any{"serviceHostname": "appdev", "action": "disable"})
	wantOK(t, res)
	if m["alreadyInState"] != true || !strings.Contains(m["message"].(string), "already") {
		t.Errorf("subdomain already disabled = %s", text(res))
	}
	res, _ = h.call(t, "zerops_subdomain", map[string]any{"serviceHostname": "appdev", "action": "enable"})
	wantOK(t, res)

	res, m = h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"FOO=bar"}})
	wantOK(t, res)
	if ch, _ := m["changed"].([]any); len(ch) != 1 {
		t.Errorf("env set = %s", text(res))
	}
	res, _ = h.call(t, "zerops_env", map[string]any{"action": "set", "project": "true", "variables": "GLOBAL=1"})
	wantOK(t, res)

	res, m = h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: nodejs@22\n"})
	wantOK(t, res)
	if svcs, _ := m["services"].([]any); len(svcs) != 1 {
		t.Errorf("import = %s", text(res))
	}
	res, _ = h.call(t, "zerops_delete", map[string]any{"serviceHostname": "cache", "confirm": true})
	wantOK(t, res)
}

func TestNew_RequiresClientAndProject(t *testing.T) {
	t.Parallel()
	if _, err := mcp.New(mcp.Deps{}); err == nil {
		t.Error("New without a client succeeded")
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
