package mcp_test

import "testing"

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
	app := func(imports string) map[string]string {
		return map[string]string{
			"zerops.yml":       yml,
			"requirements.txt": "redis==5.0.8\n",
			"worker.py":        imports + "\nwhile True:\n    time.sleep(60)\n",
		}
	}
	runDeployCases(t, []deployCase{
		{name: "a module no install names", files: app("import time\nimport celery\n"), verdict: "unverified", reason: []string{"celery"},
			lacks: []string{"nothing to fix"}, verify: "unverified"},
		{name: "what the install names", files: app("import time\nimport redis\n"), verdict: "deployed", verify: "healthy"},
	})
}

// A worker whose start runs a command no record of the sandbox models
// (Airflow's `airflow celery worker` after the recipe's venv is activated)
// was answered "healthy … nothing to fix" by zerops_verify: nothing of
// that process was read. It is unverified, naming the command; `zsc noop`,
// which the docs give to keep a container up doing nothing, stays deployed
// and healthy (walk 13).
func TestDeploy_PortlessUnmodelledStart(t *testing.T) {
	t.Parallel()
	app := func(start string) map[string]string {
		return map[string]string{
			"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: python@3.12
      deployFiles: ./
    run:
      base: python@3.12
      start: ` + start + "\n",
			"dags/a.py": "print('dag')\n",
		}
	}
	runDeployCases(t, []deployCase{
		{name: "a command the sandbox does not model", files: app("airflow celery worker"), verdict: "unverified",
			reason: []string{"airflow celery worker"}, lacks: []string{"nothing to fix"}, verify: "unverified"},
		{name: "after a venv is activated", files: app("|\n        source .venv/bin/activate\n        airflow scheduler"), verdict: "unverified",
			reason: []string{"airflow scheduler"}, lacks: []string{"nothing to fix"}, verify: "unverified"},
		{name: "zsc noop", files: app("zsc noop --silent"), verdict: "deployed", verify: "healthy"},
	})
}
