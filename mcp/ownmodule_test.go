package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestDeploy_OwnModuleMissing: an entry that requires a module of its own
// (./routes) the upload lacks dies at start; the deploy's fix deploys that
// file or corrects the import, and never sends to node_modules, vendor or
// requirements.txt (issue 34 walk). With the file, the deploy is live.
func TestDeploy_OwnModuleMissing(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	writeApp(t, h.workDir(t), map[string]string{"index.js": "const routes = require('./routes');\n" + demoApp["index.js"]})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(text(res), "`./routes`") || !strings.Contains(next, "`build.deployFiles`") {
		t.Fatalf("verdict %v, next %q: want not-answering, ./routes deployed: %s", m["verdict"], next, text(res))
	}
	for _, n := range []string{"node_modules", "vendor", "requirements.txt"} {
		if strings.Contains(next, n) {
			t.Errorf("next %q has %q", next, n)
		}
	}
	writeApp(t, h.workDir(t), map[string]string{"routes.js": "module.exports = {};\n"})
	if res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "fixed"); m["verdict"] != "live" {
		t.Fatalf("with routes.js the verdict is %v, want live: %s", m["verdict"], text(res))
	}
}

// TestDeploy_OwnPythonModuleMissing: a Python app importing a module of
// its own package the upload lacks (lib.models) is told to deploy that
// file, not (only) to install packages it already installs.
func TestDeploy_OwnPythonModuleMissing(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": pyZeropsYml("uvicorn main:app --host 0.0.0.0 --port 8000"),
		"requirements.txt": "fastapi\nuvicorn\n", "lib/__init__.py": "",
		"main.py": "from fastapi import FastAPI\nfrom lib.models import User\napp = FastAPI()\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "deploy `lib/models.py`") || strings.Contains(next, "addToRunPrepare") {
		t.Fatalf("verdict %v, next %q: want not-answering, lib/models.py deployed: %s", m["verdict"], next, text(res))
	}
	writeApp(t, h.workDir(t), map[string]string{"lib/models.py": "class User: pass\n"})
	if res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "fixed"); m["verdict"] != "live" {
		t.Fatalf("with lib/models.py the verdict is %v, want live: %s", m["verdict"], text(res))
	}
}

// TestDeploy_OwnPythonTopModuleMissing: a Python app whose deployFiles
// leave out its own helpers.py (or helpers/) dies at start with "No module
// named 'helpers'"; the deploy's fix deploys that file or directory, not
// the pip install (issue 34 walk). A module that is not the app's own
// keeps the pip fix. With the file deployed, the deploy is live.
func TestDeploy_OwnPythonTopModuleMissing(t *testing.T) {
	t.Parallel()
	yml := strings.ReplaceAll(pyZeropsYml("gunicorn app:app --bind 0.0.0.0:8000"), "deployFiles: ./", "deployFiles: [app.py, requirements.txt]")
	for _, tc := range []struct {
		name, own, deploy, want string
	}{
		{"file", "helpers.py", "helpers.py", "Deploy `helpers.py`"},
		{"package", "helpers/__init__.py", "helpers", "Deploy `helpers/`"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml, "requirements.txt": "flask\ngunicorn\n", tc.own: "def greet(): return 'hi'\n",
				"app.py": "from flask import Flask\nfrom helpers import greet\napp = Flask(__name__)\n"})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
			next := str(m["next"])
			if m["verdict"] != "not-answering" || !strings.Contains(next, tc.want) || !strings.Contains(next, "`build.deployFiles`") {
				t.Fatalf("verdict %v, next %q: want not-answering, %s: %s", m["verdict"], next, tc.want, text(res))
			}
			for _, n := range []string{"pip install", "addToRunPrepare"} {
				if strings.Contains(next, n) {
					t.Errorf("next %q has %q", next, n)
				}
			}
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(yml, "app.py,", "app.py, "+tc.deploy+",")})
			if res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "fixed"); m["verdict"] != "live" {
				t.Fatalf("with %s deployed the verdict is %v, want live: %s", tc.deploy, m["verdict"], text(res))
			}
		})
	}
}

// TestDeploy_OwnPythonModuleBesideASubdirStart: a start file in a
// subdirectory (src/app.py) imports its neighbour src/helpers.py, which
// the deploy left out. ZCP lists only the source's top, so it cannot tell
// the module from a package: the fix installs packages and says what to
// do if the module is the app's own, instead of only sending to pip.
func TestDeploy_OwnPythonModuleBesideASubdirStart(t *testing.T) {
	t.Parallel()
	yml := strings.ReplaceAll(pyZeropsYml("python src/app.py"), "deployFiles: ./", "deployFiles: [src/app.py, requirements.txt]")
	h := newHarness(t, harnessOpts{sandboxPush: true})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml, "requirements.txt": "flask\n", "src/helpers.py": "def greet(): return 'hi'\n",
		"src/app.py": "from flask import Flask\nfrom helpers import greet\napp = Flask(__name__)\napp.run(host='0.0.0.0', port=8000)\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "did not see all of `src/`") || !strings.Contains(next, "`build.deployFiles`") {
		t.Fatalf("verdict %v, next %q: want not-answering with the own-module alternative: %s", m["verdict"], next, text(res))
	}
}

// TestDeploy_PythonModuleNowhereWithWholeDeploy: the same start in a
// subdirectory with `deployFiles: ./`, and the module nowhere in the
// source: if it is the app's own, deployFiles cannot be the fix (it deploys
// everything already); the file is missing from the source (walk 5).
func TestDeploy_PythonModuleNowhereWithWholeDeploy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	// No install: the start fails at its first import, as on the platform.
	yml := strings.Replace(pyZeropsYml("python src/app.py"), "      prepareCommands: [python3 -m pip install -r requirements.txt]\n", "", 1)
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml, "requirements.txt": "flask\n",
		"src/app.py": "from helpers import greet\nfrom flask import Flask\napp = Flask(__name__)\napp.run(host='0.0.0.0', port=8000)\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "did not see all of `src/`") ||
		strings.Contains(next, "deploy it with `build.deployFiles`") || !strings.Contains(next, "add it, or correct the import") {
		t.Fatalf("verdict %v, next %q: want not-answering, the own module missing from the source, not deployFiles: %s", m["verdict"], next, text(res))
	}
}

// A Deno app started by a deno.json task whose entry imports a module the
// deploy lacks: the fix deploys that module, never "make run.start name a
// file", since run.start is right (walk 7).
func TestDeploy_DenoTaskImportsAMissingModule(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	h.ownApp(t, map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: deno@2
      os: ubuntu
      buildCommands:
        - deno cache main.ts
      deployFiles:
        - main.ts
        - deno.json
    run:
      base: deno@2
      os: ubuntu
      ports:
        - port: 8000
          httpSupport: true
      start: deno task start
`,
		"deno.json": `{"tasks": {"start": "deno run --allow-net main.ts"}}`,
		"main.ts":   "import { handle } from \"./routes.ts\";\n\nDeno.serve({ port: 8000 }, handle);\n",
		"routes.ts": "export function handle(_req: Request): Response { return new Response(\"ok\"); }\n",
	})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deno")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(text(res), `Module not found \"file:///var/www/routes.ts\"`) {
		t.Fatalf("want not-answering on Deno's missing routes.ts: %s", text(res))
	}
	if !strings.Contains(next, "Deploy that file") || strings.Contains(next, "`run.start` name a file") {
		t.Errorf("next %q, want the module deployed, not run.start changed", next)
	}
}

// A deployFiles list that leaves out several of the app's own modules (the
// Hono on Deno recipe deploys main.ts, deno.json and deno.lock while
// main.ts imports config/, middleware/ and routes/): the runtime names one
// missing module at a time, so the fix names every module the entry's
// imports reach that deployFiles do not cover, and one deploy with them
// all is live (walk 13: config/db.ts, then db/schema.ts, … one deploy each).
func TestDeploy_OwnModulesMissingNamedTogether(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	yml := `zerops:
  - setup: appstage
    build:
      base: deno@2
      os: ubuntu
      deployFiles: [%s]
    run:
      base: deno@2
      os: ubuntu
      ports:
        - port: 8000
          httpSupport: true
      start: deno task start
`
	app := map[string]string{
		"zerops.yml": fmt.Sprintf(yml, "main.ts, deno.json"),
		"deno.json":  `{"tasks": {"start": "deno run --allow-net --allow-env main.ts"}}`,
		"main.ts": "import { initDb } from './config/db.ts'\nimport { errorHandler } from './middleware/error.ts'\n" +
			"import health from './routes/health.ts'\n\nawait initDb()\nDeno.serve({ port: 8000 }, (_r) => health(errorHandler))\n",
		"config/db.ts":        "import * as schema from \"../db/schema.ts\";\nexport async function initDb() { return schema; }\n",
		"db/schema.ts":        "export const tasks = 'tasks';\n",
		"middleware/error.ts": "export const errorHandler = 1;\n",
		"routes/health.ts":    "export default function health(_e: number) { return new Response('ok'); }\n",
	}
	h.ownApp(t, app)
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "deno")
	next := str(m["next"])
	if m["verdict"] != "not-answering" {
		t.Fatalf("want not-answering on a missing module: %s", text(res))
	}
	for _, want := range []string{"`db/schema.ts`", "`middleware/error.ts`", "`routes/health.ts`", "deploy `./`"} {
		if !strings.Contains(next, want) {
			t.Errorf("next %q does not name %s", next, want)
		}
	}
	if strings.Count(next, "config/db.ts") > 1 {
		t.Errorf("next names the module the log names twice: %q", next)
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": fmt.Sprintf(yml, "main.ts, deno.json, config, db, middleware, routes")})
	if res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "fixed"); m["verdict"] == "not-answering" {
		t.Fatalf("with every module deployed the app does not answer: %s", text(res))
	}
}
