package mcp_test

import (
	"fmt"
	"strings"
	"testing"
)

// walk26aGitlabImport is the gitlab recipe's import (its services, the
// database renamed from db, which the sandbox's demo project has, and
// its ports left out, which zerops.yml declares now) with its CPU bound
// written as cpu (minVCpu: 20 as the recipe writes it).
func walk26aGitlabImport(cpu string) string {
	return "services:\n  - hostname: gldb\n    priority: 10\n    type: postgresql@16\n    mode: NON_HA\n" +
		"  - hostname: gitlab\n    priority: 5\n    type: ubuntu@22.04\n    minContainers: 1\n    maxContainers: 1\n" +
		"    verticalAutoscaling:\n      " + cpu + "\n      minRam: 6\n      minDisk: 5\n    enableSubdomainAccess: true\n"
}

// TestImport_RecipeVCpuOutOfRangeWalk26a: the gitlab recipe's import
// writes `minVCpu: 20`. The dry run warned "Rename it to minCpu, the
// schema's key, so that the value surely applies"; renamed, the next dry
// run refused it: "20 cores is outside 1–8 cores". The fix names the
// range minCpu takes when the value is outside it, and the renamed key
// with a value in it passes; a value in range (graylog's 2) is renamed as
// it is.
func TestImport_RecipeVCpuOutOfRangeWalk26a(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, tc := range []struct {
		name, cpu, fix string
		lacks          []string
	}{
		{"the recipe's 20", "minVCpu: 20", "whole cores from 1 to 8", []string{"so that the value surely applies"}},
		{"a bound in range", "minVCpu: 2", "Rename it to minCpu, the schema's key, so that the value surely applies", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, args := range []map[string]any{
				{"content": walk26aGitlabImport(tc.cpu), "dryRun": true},
			} {
				res, m := h.call(t, "zerops_import", args)
				if m["valid"] != true {
					t.Fatalf("the dry run refuses the recipe's import: %s", text(res))
				}
				warned := fmt.Sprint(m["warnings"])
				if !strings.Contains(warned, tc.fix) {
					t.Errorf("want the fix %q: %s", tc.fix, warned)
				}
				for _, l := range tc.lacks {
					if strings.Contains(warned, l) {
						t.Errorf("the fix says %q, which the value cannot follow: %s", l, warned)
					}
				}
			}
			res, m := h.call(t, "zerops_validate", map[string]any{"content": walk26aGitlabImport(tc.cpu), "kind": "import.yml"})
			if w := fmt.Sprint(m["warnings"]); !strings.Contains(w, tc.fix) {
				t.Errorf("validate: want the fix %q: %s", tc.fix, text(res))
			}
		})
	}
	// The fix followed: minCpu within 1–8.
	res, m := h.call(t, "zerops_import", map[string]any{"content": walk26aGitlabImport("minCpu: 8"), "dryRun": true})
	if m["valid"] != true {
		t.Fatalf("the fix followed is refused: %s", text(res))
	}
}

// walk26aGitlab is the gitlab recipe's zerops.yml in the current format
// (the old one's keys renamed as zerops_validate's fix says), gitlab.rb
// deployed and copied in place by run.initCommands; base is its run.base
// ("": left out, as the old format had none).
func walk26aGitlab(base string) map[string]string {
	y := "zerops:\n  - setup: gitlab\n    build:\n      deployFiles:\n        - gitlab.rb\n    run:\n"
	if base != "" {
		y += "      base: " + base + "\n"
	}
	return map[string]string{
		"zerops.yml": y + "      ports:\n        - port: 80\n          httpSupport: true\n      prepareCommands:\n        - apt-get update\n" +
			"        - apt-get install -y curl openssh-server ca-certificates tzdata perl\n" +
			"        - curl https://packages.gitlab.com/install/repositories/gitlab/gitlab-ce/script.deb.sh | bash\n" +
			"        - apt-get install gitlab-ce=15.5.0-ce.0\n      initCommands:\n        - cp gitlab.rb /etc/gitlab/gitlab.rb\n" +
			"        - gitlab-ctl reconfigure\n      start: gitlab-ctl tail\n",
		"gitlab.rb": "external_url = \"http://gitlab.zerops\"\npostgresql['enable'] = false\n",
	}
}

// TestDeploy_AptWithoutRunBaseOnUbuntuWalk26a: the gitlab recipe's
// zerops.yml, converted, has no run.base (nor build.base): the runtime is
// the ubuntu@22.04 service's. Deployed to it, the sandbox ran the apt-get
// prepareCommands on ubuntu@22.04 and answered unverified, while the
// answer's warnings said "apt-get is not installed on Alpine, which this
// container runs" and told the agent to use apk instead, which Ubuntu
// lacks. The warnings read the container's OS where the sandbox does:
// run.base, else the target service's type.
func TestDeploy_AptWithoutRunBaseOnUbuntuWalk26a(t *testing.T) {
	t.Parallel()
	runWalkCases(t, []deployCase{
		{name: "no run.base on ubuntu", services: "services:\n  - hostname: gitlab\n    type: ubuntu@22.04\n", dir: "gitlab", target: "gitlab",
			files: walk26aGitlab(""), verdict: "unverified", lacks: []string{"not installed on Alpine", "apk add"},
			then: []deployCase{{name: "run.base written", files: walk26aGitlab("ubuntu@22.04"), verdict: "unverified", lacks: []string{"not installed on Alpine"}}}},
		{name: "no run.base on alpine", services: "services:\n  - hostname: gitlab\n    type: alpine@3.21\n", dir: "gitlab", target: "gitlab",
			files: walk26aGitlab(""), verdict: "build-failed", says: []string{"apt-get: not found"}, next: []string{"apk add"}},
	})
}

// walk26aContember is the contember-admin recipe's admin (its old-format
// zerops.yml converted as zerops_validate's fix says: `vite build admin`,
// whose root is admin/, so it writes admin/dist) on static, deployFiles
// as given.
func walk26aContember(deployFiles string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: admin\n    build:\n      base: [ nodejs@24 ]\n      buildCommands:\n        - npm i --production=false\n" +
			"        - npm run build-admin\n      deployFiles: [ " + deployFiles + " ]\n    run:\n      base: static\n",
		"package.json": `{"scripts":{"start-admin":"vite admin --port ${VITE_PORT:-4000} --host 0.0.0.0","build-admin":"tsc && vite build admin"},` +
			`"devDependencies":{"@contember/admin":"^1.0.0-alpha.6","react":"^17","react-dom":"^17","typescript":"^4.5","vite":"^2.7"}}`,
		"package-lock.json": `{"name":"recipe-contember-admin","lockfileVersion":2,"requires":true,"packages":{}}`,
		"tsconfig.json":     `{"compilerOptions":{"target":"ESNext","module":"ESNext","jsx":"react-jsx","noEmit":true,"strict":true},"include":["admin"]}`,
		"admin/index.html":  "<!DOCTYPE html>\n<html>\n<body>\n<div id=\"root\"></div>\n<script type=\"module\" src=\"./index.tsx\"></script>\n</body>\n</html>\n",
		"admin/index.tsx":   "import * as React from 'react'\nimport * as ReactDOM from 'react-dom'\n\nReactDOM.render(<div>admin</div>, document.getElementById('root'))\n",
	}
}

// TestDeploy_ViteBuildRootFolderWalk26a: the contember-admin recipe
// builds with `vite build admin`, whose root is admin/ (vite writes
// admin/dist), and deploys `./admin/dist/~/`. With the `~` left out, the
// answer was 404 with "the build writes it to `dist` (vite build): deploy
// that folder's contents with `dist/~`": followed, the build failed, no
// dist at the top. The folder named is the root's.
func TestDeploy_ViteBuildRootFolderWalk26a(t *testing.T) {
	t.Parallel()
	runWalkCases(t, []deployCase{
		{name: "the folder itself deployed", services: "services:\n  - hostname: admin\n    type: static\n", dir: "ca", target: "admin",
			files: walk26aContember("./admin/dist/"), verdict: "degraded", next: []string{"`admin/dist/~`"}, lacks: []string{"with `dist/~`"},
			then: []deployCase{{name: "the fix followed", files: walk26aContember("admin/dist/~"), verdict: "unverified", reason: []string{"whether `tsc` compiles: type errors are not checked"}}}},
	})
}

// walk26aProxydb is the proxydb recipe's Node app (express on 3000,
// written in app/index.js), started as the recipe does: `yarn start`, whose
// script runs `npm run dev`, whose script runs `node ./app/index.js`;
// deployFiles and the declared port as given.
func walk26aProxydb(deployFiles []string, port string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: proxysql\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm i\n      deployFiles:\n        - " +
			strings.Join(deployFiles, "\n        - ") + "\n    run:\n      base: nodejs@22\n      ports:\n        - port: " + port + "\n          httpSupport: true\n      start: yarn start\n",
		"package.json": `{"name":"zerops-proxysql","version":"0.0.1","scripts":{"start":"npm run dev","dev":"node ./app/index.js"},"dependencies":{"express":"4.18.2"}}`,
		"app/index.js": "const express = require('express');\n\nconst app = express();\nconst port = 3000;\n\napp.get('/', (req, res) => {\n\tres.send(`... Hello ProxySQL!`);\n});\n\n" +
			"app.listen(port, () => {\n\tconsole.log(`... listening to port: ${port}`);\n});\n",
	}
}

// TestDeploy_StartThroughTwoScriptsWalk26a: the proxydb recipe starts
// `yarn start`, a script running `npm run dev`, a script running `node
// ./app/index.js`. The sandbox followed both scripts, but ZCP's reading of
// the start stopped at the first: with app/index.js left out of
// deployFiles the fix was "Make `run.start` name a file the build
// produces" (run.start was right), and with run.ports on 3001 "where the
// code reads a port variable, set it (PORT: \"3001\" …)" for code that
// writes 3000 and reads no PORT. Both name the file, as for `node
// app/index.js`.
func TestDeploy_StartThroughTwoScriptsWalk26a(t *testing.T) {
	t.Parallel()
	services := "services:\n  - hostname: proxysql\n    type: nodejs@22\n"
	all := []string{"package.json", "node_modules", "./app/index.js"}
	runWalkCases(t, []deployCase{
		{name: "the start's file not deployed", services: services, dir: "pdb", target: "proxysql", files: walk26aProxydb(all[:2], "3000"),
			verdict: "not-answering", next: []string{"`app/index.js` to `build.deployFiles`"}, lacks: []string{"Make `run.start` name a file"},
			then: []deployCase{{name: "deployed", files: walk26aProxydb(all, "3000"), verdict: "live"}}},
		{name: "the declared port another", services: services, dir: "pdb", target: "proxysql", files: walk26aProxydb(all, "3001"),
			verdict: "not-answering", says: []string{"app/index.js, line 4"}, next: []string{"Setting PORT alone changes nothing"}, lacks: []string{"where the code reads a port variable"},
			then: []deployCase{{name: "run.ports moved", files: walk26aProxydb(all, "3000"), verdict: "live"}}},
	})
}
