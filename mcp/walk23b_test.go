package mcp_test

import (
	"strings"
	"testing"
)

// TestDeploy_PortParsedWithRadixFallsBackPastIt: a Next standalone
// server.js (umami's, deployed by its recipe) reads its port as
// `parseInt(process.env.PORT, 10) || 3000`. The sandbox took the radix 10
// for the fallback port: "It listens on 10, not on the declared port
// 3000" and a printed "Listening on 127.0.0.1:10", an invented port. The
// fallback is the one after ||: bound to 0.0.0.0 it is live, on loopback
// the answer names the bind and no port 10.
func TestDeploy_PortParsedWithRadixFallsBackPastIt(t *testing.T) {
	t.Parallel()
	server := func(host string) map[string]string {
		return map[string]string{"zerops.yml": setupYml{base: "nodejs@22", deploy: "./", port: 3000, start: "node server.js"}.String(),
			"server.js": "const http = require('http')\nconst port = parseInt(process.env.PORT, 10) || 3000\nconst hostname = '" + host + "'\n" +
				"http.createServer((req, res) => res.end('ok')).listen(port, hostname, () => console.log(`Listening on ${hostname}:${port}`))\n"}
	}
	runDeployCases(t, []deployCase{
		{name: "every interface", files: server("0.0.0.0"), verdict: "live", lacks: []string{"listens on 10", "0.0.0.0:10"}},
		{name: "loopback", files: server("127.0.0.1"), verdict: "not-answering", signal: "listening-on-localhost",
			lacks: []string{"listens on 10", ":10\""}, then: []deployCase{{name: "loopback fixed", files: server("0.0.0.0"), verdict: "live"}}},
	})
}

// TestDeploy_StartScriptOfTheSourceLeftOutOfDeployFiles: the gitea
// recipe starts `bash -c './admin-init.sh || true; exec ./start.sh'` and
// lists each script in deployFiles. With start.sh left out, the answer
// said to "make run.start name a file the build produces": start.sh is a
// file of the source, run.start is right, the deploy lacks it. The fix
// names start.sh for deployFiles, as for a Node entry file.
func TestDeploy_StartScriptOfTheSourceLeftOutOfDeployFiles(t *testing.T) {
	t.Parallel()
	app := func(deploy, start string) map[string]string {
		return map[string]string{"zerops.yml": setupYml{base: "nodejs@22", deploy: deploy, port: 3000, start: start}.String(),
			"start.sh":      "#!/bin/sh\nexec node server.js\n",
			"admin-init.sh": "#!/bin/sh\necho admin ready\n",
			"server.js":     "require('http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0')\n"}
	}
	const recipeStart = `bash -c './admin-init.sh || true; exec ./start.sh'`
	runDeployCases(t, []deployCase{
		{name: "script run by its path", files: app("[server.js]", "./start.sh"), verdict: "not-answering", signal: "start-file-missing",
			next: []string{"Add `start.sh` to `build.deployFiles`"}, lacks: []string{"a file the build produces"},
			then: []deployCase{{name: "script deployed", files: app("[server.js, start.sh]", "./start.sh"), verdict: "live|unverified"}}},
		{name: "script run after another", files: app("[server.js, admin-init.sh]", recipeStart), verdict: "not-answering", signal: "start-file-missing",
			next: []string{"Add `start.sh` to `build.deployFiles`"}, lacks: []string{"a file the build produces", "admin-init.sh` to"}},
	})
}

// TestDeploy_StartFileReadUnderTildeFolder: the supertokens recipe
// deploys `./supertokens-nodejs-backend/~` and starts `npm start`, whose
// script runs index.mjs, listening with `app.listen(3001, …)`. ZCP read
// package.json and index.mjs only at the top of the source, found
// neither, and answered a wrong port with a PORT variable and a local
// bind with a HOST variable, neither of which the code reads (a deploy
// for nothing). Read where the `~` folder holds them, the answers name
// the line of index.mjs.
func TestDeploy_StartFileReadUnderTildeFolder(t *testing.T) {
	t.Parallel()
	app := func(port int, host string) map[string]string {
		return map[string]string{"zerops.yml": setupYml{base: "nodejs@22", deploy: "./backend/~", port: port, start: "npm start"}.String(),
			"backend/package.json": `{"name":"backend","scripts":{"start":"node index.mjs"}}`,
			"backend/index.mjs":    "import http from 'node:http'\n\nhttp.createServer((q, s) => s.end('ok')).listen(3001, '" + host + "', () => {\n  console.log('up')\n})\n"}
	}
	runDeployCases(t, []deployCase{
		{name: "port written in the code", files: app(3000, "0.0.0.0"), verdict: "not-answering", signal: "wrong-port",
			says: []string{"index.mjs, line 3"}, lacks: []string{"where the code reads a port variable"}},
		{name: "address written in the code", files: app(3001, "localhost"), verdict: "not-answering", signal: "listening-on-localhost",
			says: []string{"index.mjs, line 3"}, lacks: []string{"HOST=0.0.0.0"},
			then: []deployCase{{name: "bind fixed", files: app(3001, "0.0.0.0"), verdict: "live"}}},
	})
}

// TestDeploy_PackagesOfAFolderDeployedWithTilde: the supertokens recipe
// installs in its backend folder (`cd supertokens-nodejs-backend; npm i`)
// and deploys `./supertokens-nodejs-backend/~`. With deployFiles naming
// only `…/~index.mjs` and `…/~package.json`, Node's ESM print (`throw new
// ERR_MODULE_NOT_FOUND(…)` first) gave the fix of every language, and its
// `node_modules` entry would deploy a folder the build never wrote at the
// top. The fix names the package and the folder's `~node_modules`.
func TestDeploy_PackagesOfAFolderDeployedWithTilde(t *testing.T) {
	t.Parallel()
	app := func(deploy string) map[string]string {
		return map[string]string{"zerops.yml": setupYml{base: "nodejs@22", build: []string{"cd backend && npm i"}, deploy: deploy, port: 3001, start: "npm start"}.String(),
			"backend/package.json": `{"name":"backend","type":"module","scripts":{"start":"node index.mjs"},"dependencies":{"express":"^4.21.1"}}`,
			"backend/index.mjs":    "import express from 'express'\n\nconst app = express()\napp.listen(3001, () => {\n  console.log('up')\n})\n"}
	}
	runDeployCases(t, []deployCase{
		{name: "packages left in the folder", files: app("[./backend/~index.mjs, ./backend/~package.json]"), verdict: "deploy-failed|not-answering", signal: "module-not-found-at-runtime",
			says: []string{"`express`", "`./backend/~node_modules`"}, lacks: []string{"(PHP)", "add `node_modules` and `package.json`"},
			then: []deployCase{{name: "packages deployed", files: app("[./backend/~index.mjs, ./backend/~package.json, ./backend/~node_modules]"), verdict: "live"}}},
	})
}

// TestDeploy_StartNamesAFileTheSourceLacks: the telegram-nodejs recipe's
// entry is bot.js (package.json's main and its start script), deployed
// whole. With run.start `node index.js`, a file nowhere in the source,
// the answer said to make run.start name "a file the build produces":
// nothing is built, the app's entry is bot.js. The fix names it.
func TestDeploy_StartNamesAFileTheSourceLacks(t *testing.T) {
	t.Parallel()
	app := func(start string) map[string]string {
		return map[string]string{"zerops.yml": setupYml{base: "nodejs@22", deploy: "./", port: 3000, start: start}.String(),
			"package.json": `{"name":"bot","main":"bot.js","scripts":{"start":"node bot.js"}}`,
			"bot.js":       "require('http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0')\n"}
	}
	runDeployCases(t, []deployCase{
		{name: "start names no file of the source", files: app("node index.js"), verdict: "not-answering", signal: "start-file-missing",
			next: []string{"`node bot.js`"}, lacks: []string{"a file the build produces"},
			then: []deployCase{{name: "start names the entry", files: app("node bot.js"), verdict: "live"}}},
	})
}

// TestImport_StartCommandOfAnOlderImportMovesToRunStart: the
// metabase-java recipe's README imports a service with ports and
// `startCommand: ./start.sh`, an older import form. The ports' fix moved
// them to zerops.yml; the start command's said only to remove it, losing
// how the app starts. It moves to zerops.yml's run.start.
func TestImport_StartCommandOfAnOlderImportMovesToRunStart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := "services:\n- hostname: metabase\n  type: go@1\n  mode: NON_HA\n  ports:\n      - port: 3000\n  startCommand: ./start.sh\n" +
		"  buildFromGit: https://github.com/zeropsio/recipe-metabase-java@main\n  enableSubdomainAccess: true\n"
	res, m := h.call(t, "zerops_import", map[string]any{"content": yml, "dryRun": true})
	problems, _ := m["problems"].([]any)
	var fix string
	for _, p := range problems {
		if p, _ := p.(map[string]any); p["path"] == "services[0](metabase).startCommand" {
			fix, _ = p["fix"].(string)
		}
	}
	if !strings.Contains(fix, "run.start") {
		t.Errorf("the startCommand fix does not move it to run.start: %q in %s", fix, text(res))
	}
}
