package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// nodeLoadYml is the setup of the Node apps these tests deploy to
// appstage; nodeServe the server line they end with.
const (
	nodeLoadYml = "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      deployFiles: ./\n    run:\n      base: nodejs@22\n" +
		"      ports: [{port: 3000, httpSupport: true}]\n      start: node index.js\n"
	nodeServe = "require('node:http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"
)

// A Node app that throws as it loads (a property of a variable not set, a
// file read that is not deployed) is not live, and the diagnosis names the
// variable or the file (walk 76: `process.env.PORT.trim()` and
// readFileSync('/var/www/config.json') were both answered live, and a
// later rollback went back to them).
func TestDeploy_NodeThrowsAsItLoads(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      deployFiles: ./\n    run:\n      base: nodejs@22\n" +
		"      ports: [{port: 3000, httpSupport: true}]\n%s      start: node index.js\n"
	tests := []struct {
		name, env, code string
		extra           map[string]string
		verdict, signal string
		want            string
	}{
		{"PORT trimmed, unset", "", "const port = process.env.PORT.trim();\n" + nodeServe, nil, "not-answering", "missing-env-variable", "Zerops sets no PORT variable"},
		{"PORT trimmed, set", "      envVariables: {PORT: \"3000\"}\n", "const port = process.env.PORT.trim();\n" + nodeServe, nil, "live", "", ""},
		{"config read, not deployed", "", "const cfg = JSON.parse(require('fs').readFileSync('/var/www/config.json', 'utf8'));\n" + nodeServe, nil,
			"not-answering", "deploy-files-missing", "Deploy `config.json`: add it to the folder you deploy from (`build.deployFiles: ./` then takes it)"},
		{"config read, __dirname", "", "const fs = require('fs');\nconst path = require('path');\nconst cfg = fs.readFileSync(path.join(__dirname, 'config.json'));\n" + nodeServe, nil,
			"not-answering", "deploy-files-missing", "`config.json`"},
		{"config read, deployed", "", "const cfg = JSON.parse(require('fs').readFileSync('/var/www/config.json', 'utf8'));\n" + nodeServe,
			map[string]string{"config.json": "{}\n"}, "live", "", ""},
		{"config read in a function", "", "const fs = require('fs');\nfunction load() {\n  return fs.readFileSync('config.json');\n}\n" + nodeServe, nil, "live", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{"zerops.yml": fmt.Sprintf(yml, tt.env), "index.js": tt.code}
			for k, v := range tt.extra {
				files[k] = v
			}
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			answer := text(res)
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, answer)
			}
			if tt.signal == "" {
				return
			}
			check, _ := m["check"].(map[string]any)
			diags, _ := check["diagnoses"].([]any)
			if len(diags) == 0 || str(diags[0].(map[string]any)["signal"]) != tt.signal {
				t.Fatalf("diagnoses %v, want %s first: %s", diags, tt.signal, answer)
			}
			if next := str(m["next"]); !strings.Contains(next, tt.want) {
				t.Errorf("next %q lacks %q", next, tt.want)
			}
		})
	}
}

// A TypeScript app whose start runs dist/index.js while no build command
// runs package.json's build script (tsc): the fix is the script, not
// deployFiles, which already deploy ./ (walk 76: "Make `run.start` name a
// file the build produces, and include it … in `build.deployFiles`").
func TestDeploy_TscNeverRunIsTheFix(t *testing.T) {
	t.Parallel()
	pkg := `{"name":"api","private":true,"scripts":{"build":"tsc","start":"node dist/index.js"},"dependencies":{"express":"4.21.2"},"devDependencies":{"typescript":"5.6.3","@types/express":"5.0.0"}}`
	tsconfig := `{"compilerOptions":{"outDir":"dist","rootDir":"src","module":"commonjs","target":"es2022","esModuleInterop":true}}`
	src := "import express from 'express';\nexpress().get('/', (_q, s) => { s.send('ok'); }).listen(3000, '0.0.0.0');\n"
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      buildCommands: [npm install]\n      deployFiles: ./\n    run:\n      base: nodejs@22\n" +
		"      ports: [{port: 3000, httpSupport: true}]\n      start: node dist/index.js\n"
	h := newHarness(t, harnessOpts{sandboxPush: true})
	h.ownApp(t, map[string]string{"zerops.yml": yml, "package.json": pkg, "tsconfig.json": tsconfig, "src/index.ts": src})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "Add `npm run build` to `build.buildCommands` after the install,") || strings.Contains(next, "deployFiles") {
		t.Fatalf("verdict %v, next %q: want the build script's run added, no deployFiles: %s", m["verdict"], next, text(res))
	}
}

// `flask run` runs no app.run() of the code: the localhost fix is the
// command's options (or FLASK_RUN_HOST), not app.run (walk 76).
func TestDeploy_FlaskRunBindFixedInTheCommand(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: python@3.12\n      addToRunPrepare: [requirements.txt]\n      deployFiles: ./\n" +
		"    run:\n      base: python@3.12\n      prepareCommands: [pip install -r requirements.txt]\n      ports: [{port: 5000, httpSupport: true}]\n      start: flask run\n"
	app := "from flask import Flask\napp = Flask(__name__)\n\n@app.route('/')\ndef index():\n    return 'ok'\n"
	h := newHarness(t, harnessOpts{sandboxPush: true})
	h.ownApp(t, map[string]string{"zerops.yml": yml, "requirements.txt": "flask\n", "app.py": app})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "flask run --host 0.0.0.0 --port 5000") || strings.Contains(next, "app.run(host") {
		t.Fatalf("verdict %v, next %q: want flask run's options, not app.run: %s", m["verdict"], next, text(res))
	}
}

// Logs holding lines of a replaced version beside the running one's say
// how many are of replaced versions (walk 76: 25 of 41 lines were of
// versions long replaced, read first as if current).
func TestLogs_SaysWhichLinesAreOfReplacedVersions(t *testing.T) {
	t.Parallel()
	yml := nodeLoadYml
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	wd := h.ownApp(t, map[string]string{"zerops.yml": yml, "index.js": "const cfg = require('fs').readFileSync('/var/www/config.json');\n" + nodeServe})
	if _, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1"); m["verdict"] != "not-answering" {
		t.Fatalf("first version: verdict %v", m["verdict"])
	}
	writeApp(t, wd, map[string]string{"zerops.yml": yml, "index.js": "const port = process.env.PORT.trim();\n" + nodeServe})
	if _, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v2"); m["verdict"] != "not-answering" {
		t.Fatalf("second version: verdict %v", m["verdict"])
	}
	res, m := h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage", "since": "1h"})
	wantOK(t, res)
	next := str(m["next"])
	if !strings.Contains(next, "of these lines were logged before the latest start") || !strings.Contains(next, "PORT") {
		t.Errorf("logs next %q: want the current failure's fix and the replaced lines counted", next)
	}
}

// A secret the app threw without, set and applied by a restart: the
// deploy's fix is the secret and the restart (no deploy), verify during
// the restart waits for it rather than repeat that fix from the log of
// before, and after it the app is live (walk 77: verify during the
// restart said "Set API_KEY … then restart", the calls just made).
func TestVerify_RestartApplyingTheFixIsWaitedFor(t *testing.T) {
	t.Parallel()
	yml := nodeLoadYml
	h := newHarness(t, harnessOpts{sandboxPush: true, processDuration: time.Minute})
	ctx := context.Background()
	h.ownApp(t, map[string]string{"zerops.yml": yml, "index.js": "const keyLen = process.env.API_KEY.length;\n" + nodeServe})
	res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "Set API_KEY as a secret") || strings.Contains(next, "zerops_deploy") {
		t.Fatalf("verdict %v, next %q: want API_KEY as a secret with a restart, no deploy: %s", m["verdict"], next, text(res))
	}
	res, _ = h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"API_KEY=k3y"}})
	wantOK(t, res)
	h.fake.EndProcesses()
	res, _ = h.call(t, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"})
	wantOK(t, res)
	res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	if next := str(m["next"]); m["verdict"] == "failing" || strings.Contains(next, "Set API_KEY") || !strings.Contains(next, "again in about 10 s") {
		t.Errorf("verify during the restart: verdict %v, next %q: want a wait, not the fix again: %s", m["verdict"], next, text(res))
	}
	h.fake.EndProcesses()
	if res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"}); m["verdict"] != "healthy" {
		t.Errorf("verify after the restart: %v: %s", m["verdict"], text(res))
	}
}

// After two failed versions and a good one, the logs lead with the
// failure logged last, not the first one of its kind (walk 77: the
// morning's REDIS_URL outage was answered with an older API_KEY one).
func TestLogs_LeadWithTheLatestFailure(t *testing.T) {
	t.Parallel()
	yml := nodeLoadYml
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	wd := h.ownApp(t, map[string]string{"zerops.yml": yml, "index.js": "const a = process.env.API_KEY.length;\n" + nodeServe})
	for i, code := range []string{"", "const r = process.env.REDIS_URL.length;\n" + nodeServe, nodeServe} {
		if code != "" {
			writeApp(t, wd, map[string]string{"zerops.yml": yml, "index.js": code})
		}
		h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, fmt.Sprint("v", i))
	}
	res, m := h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage", "since": "1h"})
	wantOK(t, res)
	diags, _ := m["diagnoses"].([]any)
	if len(diags) == 0 || !strings.Contains(str(diags[0].(map[string]any)["cause"]), "REDIS_URL") {
		t.Errorf("logs diagnoses %v: want REDIS_URL's failure first: %s", diags, text(res))
	}
}

// An ES import of the app's own module without its extension: the fix
// writes the extension Node's hint names, not a deploy of the file, which
// is deployed (walk 77).
func TestDeploy_ESImportWithoutExtensionIsFixedInTheImport(t *testing.T) {
	t.Parallel()
	yml := nodeLoadYml
	h := newHarness(t, harnessOpts{sandboxPush: true})
	h.ownApp(t, map[string]string{"zerops.yml": yml, "package.json": `{"name":"esm","type":"module"}`,
		"index.js": "import { port } from './db';\nimport http from 'node:http';\nhttp.createServer((q, s) => s.end('ok')).listen(port, '0.0.0.0');\n",
		"db.js":    "export const port = 3000;\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "Write the import as `./db.js` in index.js") || strings.Contains(next, "Deploy that file") {
		t.Fatalf("verdict %v, next %q: want the extension written, no deploy of the file: %s", m["verdict"], next, text(res))
	}
}

// A package the code imports that package.json does not list but the
// lock file installs (a dependency's, hoisted) is there, however large the
// lock (walk 77, recipe-nestjs: uuid, in a 500 kB package-lock.json, was
// doubted, naming the build's other command).
func TestDeploy_LargeLockFileStillRead(t *testing.T) {
	t.Parallel()
	var lock strings.Builder
	lock.WriteString(`{"name":"api","lockfileVersion":3,"packages":{"":{"name":"api","dependencies":{"express":"^4.21.2"}},` +
		`"node_modules/express":{"version":"4.21.2"},"node_modules/uuid":{"version":"9.0.1"}`)
	for i := range 1500 { // past the 64 kB a file's text is kept up to
		fmt.Fprintf(&lock, `,"node_modules/filler-package-%04d":{"version":"1.0.%d","resolved":"https://registry.npmjs.org/filler-package-%04d/-/filler-package-%04d-1.0.%d.tgz"}`, i, i, i, i, i)
	}
	lock.WriteString("}}\n")
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      buildCommands: [npm i, npm run build]\n      deployFiles: [dist, node_modules, package.json]\n" +
		"    run:\n      base: nodejs@22\n      ports: [{port: 3000, httpSupport: true}]\n      start: node dist/main.js\n"
	h := newHarness(t, harnessOpts{sandboxPush: true})
	h.ownApp(t, map[string]string{"zerops.yml": yml, "package-lock.json": lock.String(),
		"package.json": `{"name":"api","scripts":{"build":"mkdir -p dist && cp src/main.js dist/main.js"},"dependencies":{"express":"^4.21.2"}}`,
		"src/main.js":  "const { v4 } = require('uuid');\nrequire('express')().get('/', (q, s) => s.send(v4())).listen(3000, '0.0.0.0');\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
	if strings.Contains(text(res), "whether node_modules holds `uuid`") {
		t.Errorf("verdict %v doubts uuid the lock installs: %s", m["verdict"], text(res))
	}
}

// An app whose handler answers 500 to every request is not live, and one
// that logs an error as it loads has it in its log, diagnosed (walk 78:
// both were live, healthy, with a clean log).
func TestDeploy_NodeErrorsAtStartOrOnEveryRequestAreNotLive(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, code, verdict, want string }{
		{"500 to every request", "require('http').createServer((q, r) => { r.statusCode = 500; r.end('error'); }).listen(3000, '0.0.0.0');\n",
			"unverified", "sets status 500 first thing"},
		{"an error logged at load", "const http = require('http');\nconsole.error('Error: connect ECONNREFUSED 127.0.0.1:5432');\n" +
			"http.createServer((q, r) => r.end('ok')).listen(3000, '0.0.0.0');\n", "", "ECONNREFUSED 127.0.0.1:5432"},
		{"a handler with an error path", "require('http').createServer((q, r) => { if (q.url === '/x') { r.statusCode = 500; } r.end('ok'); }).listen(3000, '0.0.0.0');\n",
			"live", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{"zerops.yml": nodeLoadYml, "index.js": tt.code})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			if tt.verdict != "" && m["verdict"] != tt.verdict || tt.verdict == "" && m["verdict"] == "live" || !strings.Contains(text(res), tt.want) {
				t.Errorf("verdict %v, want %q naming %q: %s", m["verdict"], tt.verdict, tt.want, text(res))
			}
		})
	}
}

// gunicorn naming an app module the source lacks: the fix is the module
// in run.start, naming the source's packages, not installing packages
// (walk 78: myproject.wsgi with mysite/ uploaded).
func TestDeploy_GunicornWrongAppModuleNamesTheOwnPackage(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: python@3.12\n      addToRunPrepare: [requirements.txt]\n      deployFiles: ./\n" +
		"    run:\n      base: python@3.12\n      prepareCommands: [pip install -r requirements.txt]\n      ports: [{port: 8000, httpSupport: true}]\n" +
		"      start: gunicorn myproject.wsgi --bind 0.0.0.0:8000\n"
	h := newHarness(t, harnessOpts{sandboxPush: true})
	h.ownApp(t, map[string]string{"zerops.yml": yml, "requirements.txt": "django\ngunicorn\n", "manage.py": "import os\n",
		"mysite/__init__.py": "", "mysite/wsgi.py": "from django.core.wsgi import get_wsgi_application\napplication = get_wsgi_application()\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "the source's packages: `mysite`") || strings.Contains(next, "Install the packages") {
		t.Fatalf("verdict %v, next %q: want the app module named in run.start: %s", m["verdict"], next, text(res))
	}
}

// TestDeploy_GunicornMisspelledModuleNamesTheNearOne: walk 81 started
// `gunicorn wsgii:app` beside wsgi.py (a Flask app) and was told "for
// Django, the package that holds wsgi.py", without the near name it had
// found. The fix names the source's module nearest the one run.start
// names, in the start as it should read.
func TestDeploy_GunicornMisspelledModuleNamesTheNearOne(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: python@3.12\n      addToRunPrepare: [requirements.txt]\n      deployFiles: ./\n" +
		"    run:\n      base: python@3.12\n      prepareCommands: [pip install -r requirements.txt]\n      ports: [{port: 8000, httpSupport: true}]\n" +
		"      start: gunicorn wsgii:app --bind 0.0.0.0:8000\n"
	h := newHarness(t, harnessOpts{sandboxPush: true})
	h.ownApp(t, map[string]string{"zerops.yml": yml, "requirements.txt": "flask\ngunicorn\n",
		"wsgi.py": "from flask import Flask\napp = Flask(__name__)\n\n@app.route('/')\ndef index():\n    return 'ok'\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "the source has `wsgi`, the name nearest `wsgii` (`wsgi:app`)") || strings.Contains(next, "Django") {
		t.Fatalf("verdict %v, next %q: want the near module named: %s", m["verdict"], next, text(res))
	}
}
