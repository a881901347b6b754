package mcp_test

import (
	"context"
	"strings"
	"testing"

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
