package mcp_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
)

// A zerops.yml with typo'd keys is refused before anything is pushed, with
// the validator's problems and what to do next, in both deploy modes; the
// same file fixed deploys.
func TestDeploy_InvalidZeropsYmlRefusedBeforePush(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	wd := h.workDir(t)
	typos := strings.Replace(strings.Replace(demoZeropsYml, "buildCommands:", "buildCommand:", 1), "ports:", "port:", 1)
	writeApp(t, wd, map[string]string{"zerops.yml": typos})
	pushes := func() int {
		return h.fake.CountRequests("POST", "/service-stack/"+h.fake.ServiceID("appstage")+"/app-version")
	}
	before := pushes()
	for name, args := range map[string]map[string]any{
		"ssh":   {"sourceService": "appdev", "targetService": "appstage"},
		"local": {"workingDir": ".", "targetService": "appstage"},
	} {
		res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "gate-"+name)
		wantError(t, res, m, platform.ErrInvalidZeropsYml)
		problems, _ := m["problems"].([]any)
		var paths []string
		for _, p := range problems {
			pm, _ := p.(map[string]any)
			paths = append(paths, pm["path"].(string)+" → "+pm["fix"].(string))
		}
		got := strings.Join(paths, "\n")
		for _, want := range []string{"zerops[0].build.buildCommand → Did you mean buildCommands?", "zerops[0].run.port → Did you mean ports?"} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: problems lack %q:\n%s", name, want, got)
			}
		}
		if s, _ := m["suggestion"].(string); !strings.Contains(s, "Nothing was pushed") || !strings.Contains(s, "zerops_validate") || !strings.Contains(s, "zerops_deploy") {
			t.Errorf("%s: suggestion %q names no next step", name, s)
		}
		wantFixesOnce(t, name, res, m)
	}
	if n := pushes(); n != before {
		t.Errorf("a refused deploy pushed: %d app versions, %d before", n, before)
	}

	// An error only in another setup does not stop this one.
	other := strings.Replace(demoZeropsYml, "  - setup: prod\n    build: *build\n", "  - setup: prod\n    biuld: *build\n", 1)
	writeApp(t, wd, map[string]string{"zerops.yml": other})
	res, _ := h.call(t, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"})
	wantOK(t, res)
	if n := pushes(); n != before+1 {
		t.Errorf("the valid setup was not pushed: %d app versions, %d before", n, before)
	}
}

// wantFixesOnce fails when a refusal states a problem's fix more than once
// in its text (as the error's sentence and again in problems).
func wantFixesOnce(t *testing.T, name string, res *sdk.CallToolResult, m map[string]any) {
	t.Helper()
	problems, _ := m["problems"].([]any)
	if len(problems) == 0 {
		t.Errorf("%s: the refusal lists no problems: %s", name, text(res))
	}
	for _, p := range problems {
		pm, _ := p.(map[string]any)
		fix, _ := pm["fix"].(string)
		quoted, err := json.Marshal(fix)
		must(t, err)
		if n := strings.Count(text(res), strings.Trim(string(quoted), `"`)); fix != "" && n != 1 {
			t.Errorf("%s: the fix %q is stated %d times: %s", name, fix, n, text(res))
		}
	}
}

// A zerops.yml without an entry for the pushed setup is refused before
// anything is pushed, naming the setups it has and the setup argument; the
// platform would take the push and then refuse its build.
func TestDeploy_MissingSetupRefusedBeforePush(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	noDev := strings.Replace(demoZeropsYml, "  - setup: appdev\n    build: *build\n    run: *run\n", "", 1)
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": noDev})
	versions := func() int {
		n := 0
		for _, host := range []string{"appdev", "appstage"} {
			n += h.fake.CountRequests("POST", "/service-stack/"+h.fake.ServiceID(host)+"/app-version")
		}
		return n
	}
	before := versions()
	for name, args := range map[string]map[string]any{
		"ssh":   {"sourceService": "appdev"},
		"local": {"workingDir": ".", "targetService": "appdev"},
	} {
		res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "missing-"+name)
		wantError(t, res, m, platform.ErrInvalidZeropsYml)
		msg, _ := m["error"].(string)
		for _, want := range []string{`no setup named "appdev"`, `"appstage"`, `"prod"`} {
			if !strings.Contains(msg, want) {
				t.Errorf("%s: error %q lacks %q", name, msg, want)
			}
		}
		if !strings.Contains(text(res), "setup argument") {
			t.Errorf("%s: the answer names no setup argument: %s", name, text(res))
		}
		wantFixesOnce(t, name, res, m)
	}
	if n := versions(); n != before {
		t.Errorf("a refused deploy created app versions: %d, %d before", n, before)
	}
}

// The validator's warnings for the pushed setup reach the deploy's answer,
// and its next step points at them instead of "nothing to fix", without
// restating them.
func TestDeploy_WarningsReachTheAnswer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	typo := strings.Replace(demoZeropsYml, "      start: node index.js\n", "      start: node index.js\n      envVariables:\n        DB_PASS: ${db_pasword}\n", 1)
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": typo})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "warn")
	wantOK(t, res)
	warnings, _ := m["warnings"].([]any)
	next, _ := m["next"].(string)
	if len(warnings) == 0 || !strings.Contains(text(res), "db has no variable pasword") {
		t.Errorf("no warning of ${db_pasword}: %s", text(res))
	}
	if strings.Contains(next, "nothing to fix") || !strings.Contains(next, "the 1 zerops.yml warning") {
		t.Errorf("next %q: want the warning pointed at, not nothing to fix", next)
	}
	wantStatedOnce(t, "zerops_deploy", m)
	// The app gets the reference's text for DB_PASS: whether it needs
	// it is in its code, which the sandbox does not read.
	if m["verdict"] != "unverified" {
		t.Errorf("verdict %v, want unverified", m["verdict"])
	}
}
