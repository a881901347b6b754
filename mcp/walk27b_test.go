package mcp_test

import (
	"maps"
	"strings"
	"testing"
)

// walk27bContember is the contember-admin recipe's admin as walk26a reads
// it (`npm run build-admin`, whose script runs `tsc && vite build admin`),
// with the recipe's third build command in place of last (the recipe's
// `contember migrations:execute $CONTEMBER_PROJECT_NAME --yes`, its CLI
// installed in build.prepareCommands); "": none.
func walk27bContember(last string) map[string]string {
	files := walk26aContember("admin/dist/~")
	y := "zerops:\n  - setup: admin\n    build:\n      base: [ nodejs@24 ]\n      prepareCommands:\n        - npm i -g @contember/cli@0.12.0-beta.2\n" +
		"      buildCommands:\n        - npm i --production=false\n        - npm run build-admin\n"
	if last != "" {
		y += "        - " + last + "\n"
	}
	files["zerops.yml"] = y + "      deployFiles: [ admin/dist/~ ]\n    run:\n      base: static\n"
	return files
}

// TestDeploy_UnmodelledBuildCommandWalk27b: the contember-admin recipe's
// build ends with `contember migrations:execute $CONTEMBER_PROJECT_NAME
// --yes`, a CLI the sandbox does not model (nor `frobnicate`): the build
// was taken to pass and the answer said "admin is live". The sandbox did
// not run it: unverified, naming the command; a command it knows to be
// harmless (echo) leaves the verdict live.
func TestDeploy_UnmodelledBuildCommandWalk27b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: admin\n    type: static\n"
	migrate := "contember migrations:execute $CONTEMBER_PROJECT_NAME --yes"
	runWalkCases(t, []deployCase{
		{name: "recipe", services: svc, dir: "ca", target: "admin", files: walk27bContember(migrate), verdict: "unverified",
			reason: []string{"`" + migrate + "` is not simulated", "build.buildCommands"}},
		{name: "frobnicate", services: svc, dir: "ca", target: "admin", files: walk27bContember("frobnicate"), verdict: "unverified",
			reason: []string{"`frobnicate`"}},
		{name: "echo", services: svc, dir: "ca", target: "admin", files: walk27bContember("echo built"), verdict: "unverified",
			reason: []string{"whether `tsc` compiles: type errors are not checked"}, lacks: []string{"is not simulated"}}, // its build runs tsc
		{name: "modelled only", services: svc, dir: "ca", target: "admin", files: walk27bContember(""), verdict: "unverified",
			reason: []string{"whether `tsc` compiles: type errors are not checked"}, lacks: []string{"is not simulated"}},
	})
}

// TestDeploy_ViteBuildWithoutIndexHTMLWalk27b: the contember-admin
// recipe's `vite build admin` with admin/index.html deleted (and a Vite 5
// app's `vite build` without index.html) ended live with an empty dist:
// Vite stops, Rollup finding no entry (`Could not resolve entry module
// "index.html".`, Rollup 2 under Vite 2 and 3: `(index.html)`). The build
// fails with that line; the fix restores index.html at the root Vite
// builds, or sets build.rollupOptions.input. A vite.config that sets
// rollupOptions.input is not judged: unverified.
func TestDeploy_ViteBuildWithoutIndexHTMLWalk27b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: admin\n    type: static\n"
	noIndex := walk27bContember("")
	delete(noIndex, "admin/index.html")
	vite5 := map[string]string{
		"zerops.yml":        "zerops:\n  - setup: admin\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm ci\n        - npm run build\n      deployFiles: dist/~\n    run:\n      base: static\n",
		"package.json":      `{"name":"web","private":true,"type":"module","scripts":{"build":"vite build"},"devDependencies":{"vite":"^5.4.0"}}`,
		"package-lock.json": `{"name":"web","lockfileVersion":3,"requires":true,"packages":{"":{"name":"web","devDependencies":{"vite":"^5.4.0"}},"node_modules/vite":{"version":"5.4.0","dev":true}}}`,
		"src/main.js":       "document.querySelector('#app').textContent = 'hi'\n",
	}
	withInput := maps.Clone(vite5)
	withInput["vite.config.js"] = "import { defineConfig } from 'vite'\n\nexport default defineConfig({\n  build: { rollupOptions: { input: 'src/main.js' } },\n})\n"
	runWalkCases(t, []deployCase{
		{name: "vite 2 root admin", services: svc, dir: "ca", target: "admin", files: noIndex, verdict: "build-failed",
			says: []string{"Could not resolve entry module (admin/index.html)."}, next: []string{"`admin/index.html`", "build.rollupOptions.input"},
			lacks: []string{"is live"},
			then:  []deployCase{{name: "index.html restored", files: walk27bContember(""), verdict: "unverified", reason: []string{"whether `tsc` compiles: type errors are not checked"}}}},
		{name: "vite 5", services: svc, dir: "web", target: "admin", files: vite5, verdict: "build-failed",
			says: []string{`Could not resolve entry module \"index.html\".`}, next: []string{"`index.html`", "build.rollupOptions.input"},
			then: []deployCase{{name: "index.html added", files: map[string]string{"index.html": "<!doctype html>\n<div id=\"app\"></div>\n<script type=\"module\" src=\"/src/main.js\"></script>\n"}, verdict: "live"}}},
		{name: "rollupOptions.input", services: svc, dir: "web", target: "admin", files: withInput, verdict: "unverified",
			reason: []string{"vite.config.js may name another (build.rollupOptions.input"}},
	})
}

// walk27bBlock is a Node app (express on 3000) whose one build command is
// a block (`- |`) of lines.
func walk27bBlock(lines ...string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: api\n    build:\n      base: nodejs@22\n      buildCommands:\n        - |\n          " + strings.Join(lines, "\n          ") +
			"\n      deployFiles: [ node_modules, package.json, index.js ]\n    run:\n      base: nodejs@22\n      ports:\n        - port: 3000\n          httpSupport: true\n      start: node index.js\n",
		"package.json": `{"name":"api","version":"1.0.0","dependencies":{"express":"4.18.2"}}`,
		"index.js":     "const express = require('express')\nconst app = express()\napp.get('/', (req, res) => res.send('ok'))\napp.listen(3000, '0.0.0.0')\n",
	}
}

// TestDeploy_FailingCdInBuildBlockWalk27b: a build block (`- |`) whose
// `cd missing-dir` fails, then more lines, passed ("api is live"): the
// sandbox ran the lines after it as sh does. zeropsio/docs say a failing
// command cancels the build but not whether a block's lines run under
// `set -e`: unverified, naming the cd and the fix; with `set -e` the build
// fails at the cd, as sh does.
func TestDeploy_FailingCdInBuildBlockWalk27b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: nodejs@22\n"
	runWalkCases(t, []deployCase{
		{name: "cd then a line", services: svc, dir: "blk", target: "api", files: walk27bBlock("cd missing-dir", "npm i"), verdict: "unverified",
			reason: []string{"`cd missing-dir`", "Fix the path", "set -e"}, lacks: []string{"api is live"},
			then: []deployCase{{name: "the path corrected", files: walk27bBlock("cd .", "npm i"), verdict: "live"}}},
		{name: "set -e", services: svc, dir: "blk", target: "api", files: walk27bBlock("set -e", "cd missing-dir", "npm i"), verdict: "build-failed",
			says: []string{"can't cd to missing-dir"}},
		{name: "cd last", services: svc, dir: "blk", target: "api", files: walk27bBlock("npm i", "cd missing-dir"), verdict: "build-failed",
			says: []string{"can't cd to missing-dir"}},
	})
}

// TestDeploy_DeployFileMissingWithoutBuildWalk27b: the gitlab recipe
// deploys gitlab.rb, which run.initCommands copy in place, with no build
// command. With gitlab.rb left out of the pushed folder, the answer said
// "Make `build.deployFiles` name paths the build actually produces (e.g.
// the output directory of the build command)": there is no build. The
// fix names gitlab.rb, to be put in the pushed folder (or the entry
// corrected), and following it passes the build.
func TestDeploy_DeployFileMissingWithoutBuildWalk27b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: gitlab\n    type: ubuntu@22.04\n"
	files := walk26aGitlab("ubuntu@22.04")
	delete(files, "gitlab.rb")
	runWalkCases(t, []deployCase{
		{name: "gitlab.rb not pushed", services: svc, dir: "gitlab", target: "gitlab", files: files, verdict: "build-failed",
			says: []string{"no build command"}, next: []string{"Add `gitlab.rb` to the folder you deploy from"},
			lacks: []string{"paths the build actually produces", "output directory of the build command"},
			then:  []deployCase{{name: "gitlab.rb added", files: map[string]string{"gitlab.rb": walk26aGitlab("")["gitlab.rb"]}, verdict: "unverified"}}},
	})
}
