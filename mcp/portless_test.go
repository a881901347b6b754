package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A worker with no HTTP port whose start the sandbox could not check all
// of (a module no install it read names) is not answered "a clean log,
// nothing to fix": with no port to probe, the deploy and zerops_verify say
// unverified, naming what was not checked (walk 6: `import celery` in a
// worker whose build installs only redis into ./deps was answered
// "deployed … nothing to fix"). A worker the sandbox read whole stays
// deployed / healthy.
func TestDeploy_PortlessUnverified(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: python@3.12
      buildCommands:
        - pip install --target=./deps -r requirements.txt
      deployFiles: ./
    run:
      base: python@3.12
      envVariables:
        PYTHONPATH: /var/www/deps
      start: python3 worker.py
`
	tests := []struct {
		name, imports string
		want          string // in the reason; "": deployed with nothing unchecked
	}{
		{"a module no install names", "import time\nimport celery\n", "celery"},
		{"what the install names", "import time\nimport redis\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml":       yml,
				"requirements.txt": "redis==5.0.8\n",
				"worker.py":        tt.imports + "\nwhile True:\n    time.sleep(60)\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			check, _ := m["check"].(map[string]any)
			reason := str(check["reason"])
			_, vm := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
			if tt.want == "" {
				if m["verdict"] != "deployed" || vm["verdict"] != "healthy" {
					t.Errorf("deploy %v, verify %v; want deployed and healthy: %s", m["verdict"], vm["verdict"], text(res))
				}
				return
			}
			if m["verdict"] != "unverified" || !strings.Contains(reason, tt.want) || strings.Contains(str(m["next"]), "nothing to fix") {
				t.Errorf("deploy verdict %v, reason %q; want unverified naming %q: %s", m["verdict"], reason, tt.want, text(res))
			}
			if vm["verdict"] != "unverified" {
				t.Errorf("verify verdict %v, want unverified: %v", vm["verdict"], vm)
			}
		})
	}
}
