package mcp_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestDeploy_CopyReachingTheOriginalsServiceIsWarned: walk 79 imported an
// export under new hostnames (appstagestg, dbstg) and pushed the app's
// zerops.yml with setup appstage to the copy: live, "nothing to fix", and
// its ${db_hostname} reached the production database. The push warns,
// naming the copy's reference; a push to the setup's own service does not.
func TestDeploy_CopyReachingTheOriginalsServiceIsWarned(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	res, _ := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: appstagestg\n    type: nodejs@22\n  - hostname: dbstg\n    type: postgresql@16\n    mode: NON_HA\n"})
	wantOK(t, res)
	h.fake.EndProcesses()
	yml := strings.Replace(nodeLoadYml, "      start:", "      envVariables:\n        DB_HOST: ${db_hostname}\n      start:", 1)
	wd := h.ownApp(t, map[string]string{"zerops.yml": yml, "index.js": nodeServe})
	for _, tt := range []struct {
		target string
		warned bool
	}{{"appstagestg", true}, {"appstage", false}} {
		res, m := h.call(t, "zerops_deploy", map[string]any{"workingDir": wd, "targetService": tt.target, "setup": "appstage"})
		wantOK(t, res)
		w := fmt.Sprint(m["warnings"])
		said := strings.Contains(w, "this push deploys setup appstage to appstagestg, and ${db_hostname} reaches db") && strings.Contains(w, "with ${dbstg_hostname} in place of ${db_hostname}")
		if said != tt.warned {
			t.Errorf("push to %s: warned %v, want %v: %s", tt.target, said, tt.warned, text(res))
		}
	}
}
