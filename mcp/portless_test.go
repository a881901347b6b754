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

// A worker whose start runs a command no record of the sandbox models
// (Airflow's `airflow celery worker` after the recipe's venv is activated)
// was answered "healthy … nothing to fix" by zerops_verify: nothing of
// that process was read. It is unverified, naming the command; `zsc noop`,
// which the docs give to keep a container up doing nothing, stays deployed
// and healthy (walk 13).
func TestDeploy_PortlessUnmodelledStart(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, start string
		want        string // in the reason; "": deployed and healthy
	}{
		{"a command the sandbox does not model", "airflow celery worker", "airflow celery worker"},
		{"after a venv is activated", "|\n        source .venv/bin/activate\n        airflow scheduler", "airflow scheduler"},
		{"zsc noop", "zsc noop --silent", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: python@3.12
      deployFiles: ./
    run:
      base: python@3.12
      start: ` + tt.start + "\n",
				"dags/a.py": "print('dag')\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			check, _ := m["check"].(map[string]any)
			reason := str(check["reason"])
			vres, vm := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
			if tt.want == "" {
				if m["verdict"] != "deployed" || vm["verdict"] != "healthy" {
					t.Errorf("deploy %v, verify %v; want deployed and healthy: %s", m["verdict"], vm["verdict"], text(res))
				}
				return
			}
			if m["verdict"] != "unverified" || !strings.Contains(reason, tt.want) || strings.Contains(str(m["next"]), "nothing to fix") {
				t.Errorf("deploy verdict %v, reason %q; want unverified naming %q: %s", m["verdict"], reason, tt.want, text(res))
			}
			if vm["verdict"] != "unverified" || strings.Contains(str(vm["next"]), "nothing to fix") {
				t.Errorf("verify verdict %v, want unverified: %s", vm["verdict"], text(vres))
			}
		})
	}
}
