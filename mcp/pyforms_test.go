package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A Python app deployed the knowledge base's way (requirements.txt handed
// to run.prepareCommands by build.addToRunPrepare) is live whichever
// documented form starts its server: `python -m gunicorn`, `python3 -m
// uvicorn`, gunicorn with its config file; no invented ModuleNotFoundError
// sends the agent to reinstall what is installed.
func TestSandbox_PythonServerFormsAreLive(t *testing.T) {
	t.Parallel()
	yml := func(start string) string {
		return "zerops:\n  - setup: appstage\n    build:\n      base: python@3.12\n      addToRunPrepare: [requirements.txt]\n      deployFiles: ./\n" +
			"    run:\n      base: python@3.12\n      prepareCommands:\n        - python3 -m pip install --no-cache-dir --ignore-installed -r requirements.txt\n" +
			"      ports: [{port: 8000, httpSupport: true}]\n      start: " + start + "\n"
	}
	for _, start := range []string{
		"python -m gunicorn --bind 0.0.0.0:8000 main:app",
		"python3 -m uvicorn main:app --host 0.0.0.0 --port 8000",
		"gunicorn -c gunicorn.conf.py main:app",
	} {
		t.Run(start, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml(start), "requirements.txt": "fastapi\ngunicorn\nuvicorn\n",
				"main.py": "from fastapi import FastAPI\napp = FastAPI()\n", "gunicorn.conf.py": "bind = '0.0.0.0:8000'\n"})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "py")
			if m["verdict"] != "live" || strings.Contains(text(res), "ModuleNotFoundError") {
				t.Fatalf("verdict %v, want live: %s", m["verdict"], text(res))
			}
		})
	}
}

// run.prepareCommands installing from requirements.txt without
// build.addToRunPrepare fail as on Zerops (the file is not in the
// run-prepare step): the verdict names the file and addToRunPrepare, and
// that fix applied, the next deploy is live.
func TestSandbox_RunPrepareWithoutAddToRunPrepare(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: python@3.12\n      deployFiles: ./\n" +
		"    run:\n      base: python@3.12\n      prepareCommands: [pip install -r requirements.txt]\n" +
		"      ports: [{port: 8000, httpSupport: true}]\n      start: gunicorn --bind 0.0.0.0:8000 main:app\n"
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml, "requirements.txt": "gunicorn\n", "main.py": "app = object()\n"})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
	if m["verdict"] != "build-failed" || m["status"] != "PREPARING_RUNTIME_FAILED" || firstSignal(m["diagnoses"]) != "prepare-reads-deploy-files" ||
		!strings.Contains(text(res), "addToRunPrepare: [requirements.txt]") || strings.Contains(text(res), "build-command-failed") {
		t.Fatalf("want PREPARING_RUNTIME_FAILED naming addToRunPrepare: [requirements.txt]: %s", text(res))
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.Replace(yml, "      deployFiles", "      addToRunPrepare: [requirements.txt]\n      deployFiles", 1)})
	if res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "fixed"); m["verdict"] != "live" {
		t.Fatalf("after the fix the verdict is %v, want live: %s", m["verdict"], text(res))
	}
}
