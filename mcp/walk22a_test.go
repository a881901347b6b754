package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// ragAPI is rag-starter's api as an agent writes it in folder rag: the
// FastAPI app under api/ with its requirements, and yml.
func ragAPI(yml string) map[string]string {
	return map[string]string{"zerops.yml": yml,
		"api/main.py":          "from fastapi import FastAPI\n\napp = FastAPI()\n\n@app.get('/')\ndef root():\n    return {'ok': True}\n",
		"api/requirements.txt": "fastapi==0.104.1\nuvicorn[standard]==0.24.0\ngunicorn==21.2.0\n"}
}

// TestDeploy_StartModuleInDeployedFolderNotAPackage: the rag-starter
// recipe deploys `./api/~` and starts `gunicorn main:app`; an agent that
// writes `./api` (no ~) deploys api/main.py to /var/www/api/main.py and
// the start finds no module main. The answer told it to install packages
// into the run image (requirements.txt): a wrong fix, no package is
// missing. It must name the folder entry and `./api/~`.
func TestDeploy_StartModuleInDeployedFolderNotAPackage(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: api\n    build:\n      deployFiles: ./api\n      addToRunPrepare:\n        - ./api/requirements.txt\n" +
		"    run:\n      base: python@3.11\n      ports:\n        - port: 8000\n          httpSupport: true\n" +
		"      prepareCommands:\n        - python3 -m pip install --ignore-installed -r ./api/requirements.txt\n" +
		"      start: gunicorn main:app --bind 0.0.0.0:8000 --worker-class uvicorn.workers.UvicornWorker\n"
	runWalkCases(t, []deployCase{{name: "./api", services: "services:\n  - hostname: api\n    type: python@3.11\n", dir: "rag", target: "api",
		files: ragAPI(yml), verdict: "not-answering", says: []string{"./api/~"}, lacks: []string{"requirements.txt`", "Install the packages"}}})
}

// TestDeploy_PortInAConstantNotAPortVariable: the twenty recipe's
// index-app.js listens on `const port = 3000;` through app.listen(port).
// With run.ports 8080 the answer first offered a PORT variable, which the
// code never reads: the fix would cost a deploy and change nothing. The
// port is written in the code (the line of the constant).
func TestDeploy_PortInAConstantNotAPortVariable(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: app\n    build:\n      base: nodejs@18\n      buildCommands:\n        - npm i\n      deployFiles: [index-app.js, ./node_modules/, package.json]\n" +
		"    run:\n      base: nodejs@18\n      ports:\n        - port: 8080\n          httpSupport: true\n      start: npm start\n"
	runWalkCases(t, []deployCase{{name: "port 8080", services: "services:\n  - hostname: app\n    type: nodejs@18\n", dir: "tw", target: "app",
		files: map[string]string{"zerops.yml": yml,
			"index-app.js": "const express = require('express');\nconst app = express();\nconst port = 3000;\n\napp.use(express.static('public'));\n\n" +
				"app.listen(port, () => {\n\tconsole.log(`Web service listening at the ${port} port!`);\n});\n",
			"package.json": `{"name":"tw","scripts":{"start":"node ./index-app.js"},"dependencies":{"express":"4.18.2"}}`},
		verdict: "not-answering", says: []string{"const port = 3000;"}, lacks: []string{"where the code reads a port variable, set it"}}})
}

// TestDeploy_DriverNameIsNoAddress: the mattermost recipe sets
// MM_SQLSETTINGS_DRIVERNAME: postgres beside a connection string of
// ${pgdb_…} references. With ${postgres_user} written for ${pgdb_user}
// (no service postgres), the sandbox took the driver name for the address
// of the missing service and printed "postgres: Name or service not
// known", a lookup nothing makes (the host is pgdb's): an invented line
// and a wrong host-not-found. The reference is reported unresolved, with
// its fix, and the driver name is left alone.
func TestDeploy_DriverNameIsNoAddress(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: chat\n    build:\n      os: alpine\n      deployFiles: migrate.sh\n" +
		"    run:\n      os: ubuntu\n      base: \"22.04\"\n      start: /usr/bin/mattermost server\n" +
		"      envVariables:\n        connectionString: postgres://${postgres_user}:${pgdb_password}@${pgdb_hostname}:${pgdb_port}?sslmode=disable\n" +
		"        MM_SQLSETTINGS_DRIVERNAME: postgres\n        MM_SQLSETTINGS_DATASOURCE: ${connectionString}\n" +
		"      ports:\n        - port: 8065\n          httpSupport: true\n"
	runWalkCases(t, []deployCase{{name: "postgres_user", services: "services:\n  - hostname: pgdb\n    type: postgresql@16\n    mode: NON_HA\n  - hostname: chat\n    type: ubuntu@22.04\n",
		dir: "mm", target: "chat", files: map[string]string{"zerops.yml": yml, "migrate.sh": "#!/bin/bash\necho ok\n"},
		says: []string{"${pgdb_user}"}, lacks: []string{"postgres: Name or service not known", "host-not-found"}}})
}

// TestDeploy_YarnInAClonedFolderIsNotTheInstall: the twenty recipe
// installs its own packages with `npm i`, then clones another repository
// and runs `yarn` inside it (`cd twenty` first). With node_modules left
// out of deployFiles, the fix named `yarn install`, "which reads
// yarn.lock", as the build's install: the app has no yarn.lock, its
// install is npm's.
func TestDeploy_YarnInAClonedFolderIsNotTheInstall(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: app\n    build:\n      base: nodejs@18\n      buildCommands:\n        - npm i\n        - git clone https://github.com/twentyhq/twenty.git\n" +
		"        - |\n          cd twenty\n          yarn\n          yarn nx build twenty-front\n          cp -r ./packages/twenty-front/build/* ../public\n" +
		"      deployFiles: [index-app.js, package.json, ./public/]\n" +
		"    run:\n      base: nodejs@18\n      ports:\n        - port: 3000\n          httpSupport: true\n      start: npm start\n"
	runWalkCases(t, []deployCase{{name: "no node_modules", services: "services:\n  - hostname: app\n    type: nodejs@18\n", dir: "tw", target: "app",
		files: map[string]string{"zerops.yml": yml, "public/index.html": "<html></html>\n",
			"index-app.js": "const express = require('express');\nconst app = express();\nconst port = 3000;\n\napp.use(express.static('public'));\n\napp.listen(port, () => {\n\tconsole.log('up');\n});\n",
			"package.json": `{"name":"tw","scripts":{"start":"node ./index-app.js"},"dependencies":{"express":"4.18.2"}}`},
		verdict: "not-answering", says: []string{"node_modules"}, lacks: []string{"yarn"}}})
}

// TestDeploy_WarningsMayBeAccepted: the medusa-analogstore recipe
// references ${medusa_CHANNEL_PUBLISHABLE_KEY}, which medusa's app sets
// at run time; the warning's own fix says to keep it then. After a deploy
// the next step still told the agent to fix every warning before the next
// deploy, each deploy again: an instruction that cannot be met for what
// the official recipe does. It says fix or knowingly accept, as validate.
func TestDeploy_WarningsMayBeAccepted(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: store\n    build:\n      base: nodejs@22\n      deployFiles: ./\n" +
		"    run:\n      base: nodejs@22\n      envVariables:\n        KEY: ${medusa_CHANNEL_PUBLISHABLE_KEY}\n" +
		"      ports:\n        - port: 3000\n          httpSupport: true\n      start: node server.js\n"
	runWalkCases(t, []deployCase{{name: "run-time key", services: "services:\n  - hostname: medusa\n    type: nodejs@22\n  - hostname: store\n    type: nodejs@22\n",
		dir: "an", target: "store", files: map[string]string{"zerops.yml": yml,
			"server.js": "require('http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"},
		next: []string{"warning", "knowingly accept"}}})
}

// TestValidate_ListenAddressVariableOnLoopback: Mattermost reads where it
// listens from MM_SERVICESETTINGS_LISTENADDRESS. Set to 127.0.0.1:8065,
// the balancer gets no answer, and the sandbox (which cannot read the
// binary) said only that it could not tell where the server listens: the
// variable says it. A variable named as a listen or bind address on
// loopback is warned of like HOST; 0.0.0.0 is not.
func TestValidate_ListenAddressVariableOnLoopback(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	for _, tc := range []struct {
		key, value string
		warned     bool
	}{
		{"MM_SERVICESETTINGS_LISTENADDRESS", "127.0.0.1:8065", true},
		{"SERVER_LISTEN_ADDR", "localhost:8080", true},
		{"MM_SERVICESETTINGS_LISTENADDRESS", ":8065", false},
		{"MM_SERVICESETTINGS_LISTENADDRESS", "0.0.0.0:8065", false},
		{"DB_ADDRESS", "127.0.0.1:5432", false},
	} {
		yml := "zerops:\n  - setup: chat\n    run:\n      base: ubuntu@22.04\n      start: /usr/bin/mattermost server\n" +
			"      envVariables:\n        " + tc.key + ": \"" + tc.value + "\"\n      ports:\n        - port: 8065\n          httpSupport: true\n"
		res, _ := h.callWith(t, context.Background(), "zerops_validate", map[string]any{"content": yml}, "validate")
		if warned := strings.Contains(text(res), "envVariables."+tc.key); warned != tc.warned {
			t.Errorf("%s: %s warned %v, want %v: %s", tc.key, tc.value, warned, tc.warned, text(res))
		}
	}
}

// TestDeploy_PortGivenInStartCommand: the rag-starter recipe starts
// `gunicorn main:app --bind 0.0.0.0:8000`. With run.ports 8080 the answer
// first offered a PORT variable: gunicorn given --bind reads none, so the
// fix would cost a deploy and change nothing. The port is in run.start.
func TestDeploy_PortGivenInStartCommand(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: api\n    build:\n      deployFiles: ./api/~\n      addToRunPrepare:\n        - ./api/requirements.txt\n" +
		"    run:\n      base: python@3.11\n      ports:\n        - port: 8080\n          httpSupport: true\n" +
		"      prepareCommands:\n        - python3 -m pip install --ignore-installed -r ./api/requirements.txt\n" +
		"      start: gunicorn main:app --bind 0.0.0.0:8000 --worker-class uvicorn.workers.UvicornWorker\n"
	runWalkCases(t, []deployCase{{name: "port 8080", services: "services:\n  - hostname: api\n    type: python@3.11\n", dir: "rag", target: "api",
		files: ragAPI(yml), verdict: "not-answering", says: []string{"--bind 0.0.0.0:8080"},
		lacks: []string{"PORT: \\\"8080\\\"", "where the code reads a port variable"}}})
}

// TestDeploy_MissingHostInTheClientOfItsVariable: rag-starter's api
// imports redis and reads QDRANT_URL (here asking it as it loads). With QDRANT_URL pointing at a
// service the project lacks, the sandbox printed redis' own error for
// that host ("Error -2 connecting to vector:6379"): the only client the
// installs named, not the one the variable feeds. The variable's name
// says Qdrant: its line is an HTTP API's, not redis'.
func TestDeploy_MissingHostInTheClientOfItsVariable(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: api\n    build:\n      deployFiles: ./\n      addToRunPrepare:\n        - requirements.txt\n" +
		"    run:\n      base: python@3.11\n      ports:\n        - port: 8000\n          httpSupport: true\n" +
		"      envVariables:\n        QDRANT_URL: ${vector_connectionString}\n" +
		"      prepareCommands:\n        - python3 -m pip install --ignore-installed -r requirements.txt\n" +
		"      start: gunicorn main:app --bind 0.0.0.0:8000 --worker-class uvicorn.workers.UvicornWorker\n"
	runWalkCases(t, []deployCase{{name: "no vector", services: "services:\n  - hostname: api\n    type: python@3.11\n", dir: "rag", target: "api", files: map[string]string{"zerops.yml": yml,
		// it asks QDRANT_URL as it loads, on the line that reads it
		"main.py":          "import os\nimport redis\nimport httpx\nfrom fastapi import FastAPI\n\nQDRANT_URL = httpx.get(os.getenv('QDRANT_URL') + '/collections')\napp = FastAPI()\n\n@app.get('/')\ndef root():\n    return {'q': QDRANT_URL}\n",
		"requirements.txt": "fastapi==0.104.1\nuvicorn[standard]==0.24.0\ngunicorn==21.2.0\nredis==5.0.1\nhttpx==0.25.2\n"},
		says: []string{"port=6333"}, lacks: []string{"redis.exceptions", "vector:6379"}}})
}

// TestDeploy_StaticFolderDeployedWholeNamesItsTilde: rag-starter's
// dashboard (static) deploys `./dashboard/~`. With `./dashboard` the site
// answers 404 at /, and the fix named `dist/~` and Angular's folders,
// which this source does not have (a build would fail on dist). It names
// `./dashboard/~`, where index.html is.
func TestDeploy_StaticFolderDeployedWholeNamesItsTilde(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: dashboard\n    build:\n      deployFiles:\n        - ./dashboard\n    run:\n      base: static\n"
	runWalkCases(t, []deployCase{{name: "./dashboard", services: "services:\n  - hostname: dashboard\n    type: static\n", dir: "rag", target: "dashboard",
		files: map[string]string{"zerops.yml": yml, "dashboard/index.html": "<html><body>RAG</body></html>\n"},
		says:  []string{"./dashboard/~"}, lacks: []string{"`dist/~`"},
		and: func(t *testing.T, said string, m map[string]any) {
			if m["verdict"] == "live" {
				t.Errorf("verdict live for a site answering 404 at /: %s", said)
			}
		}}})
}

// TestDeploy_NodeStartDeployedOneFolderDown: as rag-starter's `./api`
// without ~, a Node app whose deployFiles `./app` put app/index.js at
// /var/www/app/index.js while run.start is `node index.js`. The fix said
// to make run.start name "a file the build produces", which this file is
// not: it names `./app/~` (or the path under /var/www).
func TestDeploy_NodeStartDeployedOneFolderDown(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: app\n    build:\n      base: nodejs@22\n      deployFiles: ./app\n" +
		"    run:\n      base: nodejs@22\n      ports:\n        - port: 3000\n          httpSupport: true\n      start: node index.js\n"
	runWalkCases(t, []deployCase{{name: "./app", services: "services:\n  - hostname: app\n    type: nodejs@22\n", dir: "nd", target: "app",
		files:   map[string]string{"zerops.yml": yml, "app/index.js": "require('http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"},
		verdict: "not-answering", says: []string{"./app/~"}, lacks: []string{"a file the build produces"}}})
}
