package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A first deploy whose init command fails says nothing runs, not that the
// version deployed before keeps running: there is none (walk9b: Symfony's
// `php bin/console doctrine:migrations:migrate` without bin/console on a
// service never deployed). A later failing deploy still says the version
// before keeps running.
func TestDeploy_FirstDeployInitFailureClaimsNoVersionBefore(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	broken := strings.ReplaceAll(demoZeropsYml, "      start: node index.js", "      initCommands: [node migrate.js]\n      start: node index.js")
	tests := []struct {
		name, yml, want, not string
	}{
		{"first deploy", broken, "nothing runs", "the version deployed before keeps running"},
		{"after a live one", broken, "the version deployed before keeps running", "nothing runs"},
	}
	for i, tt := range tests {
		if i == 1 {
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": demoZeropsYml})
			if res, m := h.callWith(t, ctx, "zerops_deploy", args, "good"); m["verdict"] != "live" {
				t.Fatalf("the good deploy is not live: %s", text(res))
			}
		}
		writeApp(t, h.workDir(t), map[string]string{"zerops.yml": tt.yml})
		res, _ := h.callWith(t, ctx, "zerops_deploy", args, tt.name)
		out := text(res)
		if !res.IsError || !strings.Contains(out, "RUN.INIT COMMANDS FINISHED WITH ERROR") {
			t.Fatalf("%s: the init command did not fail the deploy: %s", tt.name, out)
		}
		if !strings.Contains(out, tt.want) || strings.Contains(out, tt.not) {
			t.Errorf("%s: want %q and not %q: %s", tt.name, tt.want, tt.not, out)
		}
	}
}
