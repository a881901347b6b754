package fakeapi_test

import (
	"net/http"
	"strings"
	"testing"
)

// depsYml is a setup with its build commands, deployFiles and run section
// (each a YAML flow value or block as written); a Python one hands
// requirements.txt to run.prepareCommands.
func depsYml(base, buildCommands, deployFiles, run string) string {
	if strings.HasPrefix(base, "python") {
		deployFiles += "\n      addToRunPrepare: [requirements.txt]"
	}
	return "zerops:\n  - setup: appstage\n    build:\n      base: " + base + "\n      buildCommands: " + buildCommands +
		"\n      deployFiles: " + deployFiles + "\n    run:\n      base: " + base + "\n" + run
}

// The run container gets only deployFiles: packages the build installed
// are not there unless deployed or installed by run.prepareCommands. An
// entry that imports one, or a start that runs a package's command, fails
// as the runtime does; with the packages deployed or installed it answers.
func TestRun_PackagesOnlyInTheBuild(t *testing.T) {
	t.Parallel()
	const (
		nodeRun   = "      ports: [{port: 3000, httpSupport: true}]\n      start: "
		pyRun     = "      ports: [{port: 8000, httpSupport: true}]\n      start: "
		pyPrepare = "      prepareCommands: [python3 -m pip install --no-cache-dir --ignore-installed -r requirements.txt]\n"
		lock      = `{"lockfileVersion": 3}`
		fullLock  = `{"lockfileVersion": 3, "packages": {"": {"dependencies": {"express": "^4.21.0"}}, "node_modules/express": {"version": "4.21.2"}, "node_modules/debug": {"version": "2.6.9"}}}`
		express   = "const express = require('express');\nconst app = express();\napp.listen(3000, '0.0.0.0');\n"
		esmServer = "import express from 'express';\nimport http from 'node:http';\nexpress().listen(3000, '0.0.0.0');\n"
		tsServer  = "import http from 'node:http';\nhttp.createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"
		djangoApp = "import os\nfrom django.core.wsgi import get_wsgi_application\napp.run(host='0.0.0.0', port=8000)\n"
	)
	pkg := func(scripts string) string {
		return `{"name": "app", "scripts": {` + scripts + `}, "dependencies": {"express": "^4.21.0"}}`
	}
	tests := []runCase{
		{"RequireWithoutNodeModules", map[string]string{"zerops.yml": depsYml("nodejs@22", "[npm ci]", "[server.js, package.json]", nodeRun+"npm start\n"),
			"server.js": express, "package.json": pkg(`"start": "node server.js"`), "package-lock.json": lock},
			3000, http.StatusBadGateway, []string{"Error: Cannot find module 'express'", "- /var/www/server.js", "code: 'MODULE_NOT_FOUND'"}, []string{"Listening"}},
		{"RequireWithNodeModulesDeployed", map[string]string{"zerops.yml": depsYml("nodejs@22", "[npm ci]", "[server.js, package.json, node_modules]", nodeRun+"npm start\n"),
			"server.js": express, "package.json": pkg(`"start": "node server.js"`), "package-lock.json": lock},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"Cannot find"}},
		// npm ci installs what the lock lists: a package neither package.json
		// nor the lock names is not in node_modules; one the lock lists
		// (another's dependency) is.
		{"RequireNeitherManifestNorLockNames", map[string]string{"zerops.yml": depsYml("nodejs@22", "[npm ci]", "./", nodeRun+"node server.js\n"),
			"server.js": "require('dotenv').config();\n" + express, "package.json": pkg(""), "package-lock.json": fullLock},
			3000, http.StatusBadGateway, []string{"Error: Cannot find module 'dotenv'", "- /var/www/server.js"}, []string{"Listening"}},
		{"ImportNeitherManifestNorLockNames", map[string]string{"zerops.yml": depsYml("nodejs@22", "[npm ci]", "./", nodeRun+"node server.mjs\n"),
			"server.mjs": "import 'dotenv/config';\n" + esmServer, "package.json": pkg(""), "package-lock.json": fullLock},
			3000, http.StatusBadGateway, []string{"Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'dotenv' imported from /var/www/server.mjs"}, nil},
		{"RequireYarnLockLacksIt", map[string]string{"zerops.yml": depsYml("nodejs@22", "[yarn install --frozen-lockfile]", "./", nodeRun+"node server.js\n"),
			"server.js": "const dotenv = require('dotenv');\n" + express, "package.json": pkg(""), "yarn.lock": "express@^4.21.0:\n  version \"4.21.2\"\n\ndebug@2.6.9:\n  version \"2.6.9\"\n"},
			3000, http.StatusBadGateway, []string{"Error: Cannot find module 'dotenv'"}, []string{"Listening"}},
		{"RequireTransitiveTheLockNames", map[string]string{"zerops.yml": depsYml("nodejs@22", "[npm ci]", "./", nodeRun+"node server.js\n"),
			"server.js": "const debug = require('debug')('app');\n" + express, "package.json": pkg(""), "package-lock.json": fullLock},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"Cannot find"}},
		{"RequireDeployAll", map[string]string{"zerops.yml": depsYml("nodejs@22", "[npm ci]", "./", nodeRun+"node server.js\n"),
			"server.js": express, "package.json": pkg(""), "package-lock.json": lock},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"Cannot find"}},
		{"RequireNoInstallAnywhere", map[string]string{"zerops.yml": depsYml("nodejs@22", "[echo]", "./", nodeRun+"node server.js\n"),
			"server.js": express, "package.json": pkg("")},
			3000, http.StatusBadGateway, []string{"Error: Cannot find module 'express'"}, nil},
		{"RequireInstalledAtStart", map[string]string{"zerops.yml": depsYml("nodejs@22", "[echo]", "./", nodeRun+"npm install && node server.js\n"),
			"server.js": express, "package.json": pkg("")},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, nil},
		{"BuiltinsOnly", map[string]string{"zerops.yml": depsYml("nodejs@22", "[npm ci]", "[server.js, handler.js]", nodeRun+"node server.js\n"),
			"server.js":  "const http = require('http');\nconst fs = require('node:fs/promises');\nconst h = require('./handler');\nhttp.createServer(h).listen(3000);\n",
			"handler.js": "module.exports = (q, s) => s.end()\n", "package-lock.json": lock},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, nil},
		{"ImportWithoutNodeModules", map[string]string{"zerops.yml": depsYml("nodejs@22", "[npm ci]", "[server.mjs, package.json]", nodeRun+"node server.mjs\n"),
			"server.mjs": esmServer, "package.json": pkg(""), "package-lock.json": lock},
			3000, http.StatusBadGateway, []string{"Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'express' imported from /var/www/server.mjs"}, nil},
		{"ScopedPackage", map[string]string{"zerops.yml": depsYml("nodejs@22", "[npm ci]", "[main.js]", nodeRun+"node main.js\n"),
			"main.js": "// require('left-pad')\nconst { NestFactory } = require('@nestjs/core/nest-factory');\n", "package-lock.json": lock},
			3000, http.StatusBadGateway, []string{"Error: Cannot find module '@nestjs/core'"}, nil},
		{"TscOutputWithoutNodeModules", map[string]string{"zerops.yml": depsYml("nodejs@22", "[npm ci, npm run build]", "[dist, package.json]", nodeRun+"node dist/index.js\n"),
			"src/index.ts": esmServer, "package.json": pkg(`"build": "tsc"`), "package-lock.json": lock, "tsconfig.json": `{"compilerOptions": {"outDir": "dist"}}`},
			3000, http.StatusBadGateway, []string{"Error: Cannot find module 'express'", "- /var/www/dist/index.js"}, nil},
		{"BundledOutput", map[string]string{"zerops.yml": depsYml("nodejs@22", "[npm ci, npm run build]", "[dist]", nodeRun+"node dist/index.js\n"),
			"src/index.ts": esmServer, "package.json": pkg(`"build": "esbuild src/index.ts --bundle --platform=node --outdir=dist"`), "package-lock.json": lock},
			3000, http.StatusOK, nil, []string{"Cannot find"}},
		{"NextWithoutNodeModules", map[string]string{"zerops.yml": depsYml("nodejs@22", "[npm ci, npm run build]", "[.next, package.json, public]", nodeRun+"npm start\n"),
			"package.json": pkg(`"build": "next build", "start": "next start"`), "package-lock.json": lock, "public/x": "x"},
			3000, http.StatusBadGateway, []string{"sh: next: not found", "exited with code 127"}, []string{"/bin/sh: next"}},
		{"NextWithNodeModules", map[string]string{"zerops.yml": depsYml("nodejs@22", "[npm ci, npm run build]", "[.next, package.json, node_modules]", nodeRun+"npm start\n"),
			"package.json": pkg(`"build": "next build", "start": "next start -p 3000"`), "package-lock.json": lock},
			3000, http.StatusOK, nil, []string{"not found"}},
		{"TsNodeNotInstalled", map[string]string{"zerops.yml": depsYml("nodejs@22", "[echo]", "./", nodeRun+"ts-node src/index.ts\n"), "src/index.ts": tsServer},
			3000, http.StatusBadGateway, []string{"/bin/sh: ts-node: not found", "exited with code 127"}, nil},
		{"Pm2RuntimeInstalledInPrepare", map[string]string{"zerops.yml": depsYml("nodejs@22", "[echo]", "./",
			"      prepareCommands: [sudo npm install -g pm2]\n"+nodeRun+"pm2-runtime server.js\n"), "server.js": tsServer},
			3000, http.StatusOK, nil, []string{"not found"}},
		{"NodemonDevDependency", map[string]string{"zerops.yml": depsYml("nodejs@22", "[npm ci]", "[src, package.json]", nodeRun+"npm run dev\n"),
			"src/index.js": tsServer, "package.json": `{"scripts": {"dev": "nodemon src/index.js"}, "devDependencies": {"nodemon": "^3"}}`, "package-lock.json": lock},
			3000, http.StatusBadGateway, []string{"sh: nodemon: not found"}, nil},
		{"NodeRunsTypeScriptOn22", map[string]string{"zerops.yml": depsYml("nodejs@22", "[echo]", "./", nodeRun+"node src/index.ts\n"), "src/index.ts": tsServer},
			3000, http.StatusBadGateway, []string{`TypeError [ERR_UNKNOWN_FILE_EXTENSION]: Unknown file extension ".ts" for /var/www/src/index.ts`}, []string{"Listening"}},
		{"NodeStripsTypesWithFlag", map[string]string{"zerops.yml": depsYml("nodejs@22", "[echo]", "./", nodeRun+"node --experimental-strip-types src/index.ts\n"), "src/index.ts": tsServer},
			3000, http.StatusOK, []string{"Listening on 0.0.0.0:3000"}, []string{"ERR_UNKNOWN"}},
		{"GunicornOnlyInTheBuild", map[string]string{"zerops.yml": depsYml("python@3.12", "[pip install -r requirements.txt]", "./", pyRun+"gunicorn --bind 0.0.0.0:8000 mysite.wsgi\n"),
			"requirements.txt": "django\ngunicorn\n", "mysite/wsgi.py": "application = None\n"},
			8000, http.StatusBadGateway, []string{"/bin/sh: gunicorn: not found", "exited with code 127"}, []string{"Listening"}},
		{"GunicornInstalledInRunPrepare", map[string]string{"zerops.yml": depsYml("python@3.12", "[echo]", "./", pyPrepare+pyRun+"gunicorn --bind 0.0.0.0:8000 mysite.wsgi\n"),
			"requirements.txt": "django\ngunicorn\n", "mysite/wsgi.py": "application = None\n"},
			8000, http.StatusOK, []string{"Listening at: http://0.0.0.0:8000"}, []string{"not found"}},
		// A script addToRunPrepare ships, run by run.prepareCommands, installs as its lines do.
		{"GunicornInstalledByPrepareScript", map[string]string{"zerops.yml": prepScript(depsYml("python@3.12", "[echo]", "./", "      prepareCommands: [sh scripts/setup.sh]\n"+pyRun+"gunicorn --bind 0.0.0.0:8000 mysite.wsgi\n")),
			"requirements.txt": "django\ngunicorn\n", "mysite/wsgi.py": "application = None\n", "scripts/setup.sh": "#!/bin/sh\nset -e\npip install -r requirements.txt\n"},
			8000, http.StatusOK, []string{"Listening at: http://0.0.0.0:8000"}, []string{"not found"}},
		{"GunicornPrepareScriptInstallsNothing", map[string]string{"zerops.yml": prepScript(depsYml("python@3.12", "[pip install -r requirements.txt]", "./", "      prepareCommands: [bash ./scripts/setup.sh]\n"+pyRun+"gunicorn --bind 0.0.0.0:8000 mysite.wsgi\n")),
			"requirements.txt": "django\ngunicorn\n", "mysite/wsgi.py": "application = None\n", "scripts/setup.sh": "echo ready\n"},
			8000, http.StatusBadGateway, []string{"/bin/sh: gunicorn: not found"}, []string{"Listening"}},
		{"UvicornAsModuleOnlyInTheBuild", map[string]string{"zerops.yml": depsYml("python@3.12", "[pip install -r requirements.txt]", "./", pyRun+"python -m uvicorn main:app --host 0.0.0.0 --port 8000\n"),
			"requirements.txt": "fastapi\nuvicorn\n", "main.py": "app = None\n"},
			8000, http.StatusBadGateway, []string{"No module named uvicorn"}, nil},
		{"ImportOnlyInTheBuild", map[string]string{"zerops.yml": depsYml("python@3.12", "[pip install -r requirements.txt]", "./", pyRun+"python app.py\n"),
			"requirements.txt": "Django==5.1\n", "app.py": djangoApp},
			8000, http.StatusBadGateway, []string{`File "/var/www/app.py", line 2, in <module>`, "ModuleNotFoundError: No module named 'django'"}, []string{"Listening"}},
		{"ImportInstalledInRunPrepare", map[string]string{"zerops.yml": depsYml("python@3.12", "[echo]", "./", pyPrepare+pyRun+"python app.py\n"),
			"requirements.txt": "Django==5.1\n", "app.py": djangoApp},
			8000, http.StatusOK, []string{"0.0.0.0:8000"}, []string{"ModuleNotFound"}},
		{"VirtualenvDeployed", map[string]string{"zerops.yml": depsYml("python@3.12", "[python3 -m venv .venv, .venv/bin/pip install -r requirements.txt]", "./", pyRun+".venv/bin/python app.py\n"),
			"requirements.txt": "Django==5.1\n", "app.py": djangoApp},
			8000, http.StatusOK, nil, []string{"ModuleNotFound"}},
	}
	runCases(t, tests)
}

// composer's vendor left out of deployFiles: php-nginx serves, but its
// front controller dies on the require of vendor/autoload.php, so every
// request reaching PHP logs the fatal error and answers 500; a static file
// still answers. With vendor deployed it answers 200.
func TestWebRoot_VendorNotDeployed(t *testing.T) {
	t.Parallel()
	yml := func(deployFiles string) string {
		return "zerops:\n  - setup: appstage\n    build:\n      base: php@8.4\n      buildCommands: [composer install --no-dev]\n" +
			"      deployFiles: " + deployFiles + "\n    run:\n      base: php-nginx@8.4\n      documentRoot: public\n"
	}
	files := func(deployFiles string) map[string]string {
		return map[string]string{"zerops.yml": yml(deployFiles), "composer.json": `{"require": {"slim/slim": "^4"}}`,
			"public/index.php": "<?php\n\nrequire __DIR__ . '/../vendor/autoload.php';\n$app = 1;\n", "public/app.css": "a{}", "src/App.php": "<?php\n"}
	}
	tests := []struct {
		name        string
		deployFiles string
		code        int // GET /users
		want, not   []string
	}{
		{"VendorLeftOut", "[public, src, composer.json]", http.StatusInternalServerError,
			[]string{"PHP Fatal error:  Uncaught Error: Failed opening required '/var/www/public/../vendor/autoload.php' (include_path='.:/usr/share/php') in /var/www/public/index.php on line 3"}, nil},
		{"VendorDeployed", "[public, src, vendor, composer.json]", http.StatusOK, nil, []string{"Fatal"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fastOpts)
			stage := srv.ServiceID("appstage")
			if _, p := pushFiles(t, h, stage, "appstage", files(tt.deployFiles)); p.Status != "FINISHED" {
				t.Fatalf("build ended %s", p.Status)
			}
			if code, b := probe(t, srv, "appstage", 80, "/users"); code != tt.code {
				t.Errorf("GET /users = %d %q, want %d", code, b, tt.code)
			}
			if code, _ := probe(t, srv, "appstage", 80, "/app.css"); code != http.StatusOK {
				t.Errorf("GET /app.css = %d, want 200 (a static file needs no PHP)", code)
			}
			joined := runtimeLog(t, h, srv.ProjectID(), stage, tt.want)
			for _, n := range tt.not {
				if strings.Contains(joined, n) {
					t.Errorf("runtime log has %q:\n%s", n, joined)
				}
			}
		})
	}
}

// prepScript is y with scripts/setup.sh handed to run.prepareCommands too.
func prepScript(y string) string {
	return strings.Replace(y, "addToRunPrepare: [requirements.txt]", "addToRunPrepare: [requirements.txt, scripts/setup.sh]", 1)
}
