package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A Next.js build that runs `next build` but leaves `.next` out of
// deployFiles makes `next start` print "Try building your app with 'next
// build'": the fix is the deployFiles entry, not running next build, which
// the build already does (walk 16: "Run `next build` in
// `build.buildCommands`" on a build that ran it).
func TestDeploy_NextBuiltNotDeployed(t *testing.T) {
	t.Parallel()
	pkg := `{"name":"web","private":true,"scripts":{"build":"next build","start":"next start"},"dependencies":{"next":"15.1.0","react":"19.0.0"}}` + "\n"
	app := func(build []string) map[string]string {
		return map[string]string{"package.json": pkg,
			"zerops.yml": setupYml{base: "nodejs@22", build: build, deploy: "[node_modules, package.json]", port: 3000, start: "npm start"}.String()}
	}
	runDeployCases(t, []deployCase{
		{name: "next build ran", files: app([]string{"npm install", "npm run build"}), verdict: "not-answering", signal: "deploy-files-missing",
			next: []string{"Add `.next` to `build.deployFiles`"}, lacks: []string{"Run `next build` in"}},
		{name: "next build never ran", files: app([]string{"npm install"}), verdict: "not-answering", signal: "deploy-files-missing",
			next: []string{"Add `npm run build` to `build.buildCommands` after the install and `.next` to `build.deployFiles`"}},
	})
}

// A fix that installs or adds a package names the package manager the
// build uses, read from build.buildCommands or the lock file (walk 16:
// "`npm ci` needs a package-lock.json" on a pnpm build).
func TestDeploy_FixNamesTheBuildsPackageManager(t *testing.T) {
	t.Parallel()
	server := "const express = require('express');\nexpress().listen(process.env.PORT || 3000, '0.0.0.0');\n"
	app := func(pkg, lock, lockText string, build []string, deploy string) map[string]string {
		files := map[string]string{"package.json": pkg, "server.js": server,
			"zerops.yml": setupYml{base: "nodejs@22", build: build, deploy: deploy, port: 3000, start: "node server.js"}.String()}
		if lock != "" {
			files[lock] = lockText
		}
		return files
	}
	const withExpress = `{"name":"api","private":true,"dependencies":{"express":"4.18.2"}}` + "\n"
	const noExpress = `{"name":"api","private":true,"dependencies":{"cors":"2.8.5"}}` + "\n"
	runDeployCases(t, []deployCase{
		{name: "pnpm, node_modules not deployed", files: app(withExpress, "pnpm-lock.yaml", "lockfileVersion: '9.0'\n", []string{"pnpm i"}, "[server.js, package.json]"),
			verdict: "not-answering", next: []string{"`pnpm install`"}, lacks: []string{"npm ci", "package-lock.json"}},
		{name: "yarn, node_modules not deployed", files: app(withExpress, "yarn.lock", "# yarn lockfile v1\n", []string{"corepack enable && yarn"}, "[server.js, package.json]"),
			verdict: "not-answering", next: []string{"`yarn install`"}, lacks: []string{"npm ci", "package-lock.json"}},
		{name: "yarn, not listed", files: app(noExpress, "yarn.lock", "# yarn lockfile v1\n", []string{"yarn install"}, "[server.js, package.json, node_modules]"),
			verdict: "not-answering", next: []string{"`yarn add express`", "yarn.lock"}, lacks: []string{"npm install", "package-lock.json"}},
		{name: "npm stays npm", files: app(withExpress, "package-lock.json", "{\"lockfileVersion\": 3}\n", []string{"npm ci"}, "[server.js, package.json]"),
			verdict: "not-answering|build-failed", next: []string{"npm"}},
	})
}

// An app that reads its port from a variable nothing sets listens on its
// fallback: the fix names the variable the code reads and the value to
// set, as ZCP read the started file (walk 16: "where the code reads a port
// variable, set it" for an app whose server.js reads PORT).
func TestDeploy_WrongPortNamesTheVariableRead(t *testing.T) {
	t.Parallel()
	app := func(server string) map[string]string {
		return map[string]string{
			"package.json": `{"name":"api","private":true,"scripts":{"start":"node server.js"},"dependencies":{"express":"4.18.2"}}` + "\n",
			"server.js":    server,
			"zerops.yml":   setupYml{base: "nodejs@22", build: []string{"npm install"}, deploy: "./", port: 8080, start: "npm start"}.String(),
		}
	}
	runDeployCases(t, []deployCase{
		{name: "PORT", files: app("const app = require('express')();\nconst port = process.env.PORT || 3000;\napp.listen(port, '0.0.0.0');\n"),
			verdict: "not-answering", signal: "wrong-port", next: []string{"Set PORT: \"8080\" in `run.envVariables`"}, lacks: []string{"where the code reads a port variable"}},
	})
}

// The official twenty recipe's app listens on 3000 (a literal in
// index-app.js); written without run.ports, its deploy has nothing to
// probe. The answer names the port the log shows the app listening on and
// where to declare it (walk 16: "nothing to fix", 3000 unnamed).
func TestDeploy_NoPortsNamesTheListeningPort(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@18\n      buildCommands:\n        - npm i\n      deployFiles: [index-app.js, ./node_modules/, package.json, ./public/]\n    run:\n      base: nodejs@18\n      start: npm start\n"
	files := map[string]string{
		"package.json":      `{"name":"site","main":"index.js","scripts":{"start":"node ./index-app.js"},"dependencies":{"express":"4.18.2"}}` + "\n",
		"index-app.js":      "const express = require('express');\nconst app = express();\nconst port = 3000;\n\napp.use(express.static('public'));\n\napp.listen(port, () => {\n\tconsole.log(`listening on ${port}`);\n});\n",
		"public/index.html": "<h1>site</h1>\n",
		"zerops.yml":        yml,
	}
	runDeployCases(t, []deployCase{
		{name: "no ports", files: files, verdict: "deployed", next: []string{"`- port: 3000` with `httpSupport: true`"}, lacks: []string{"Next: nothing to fix"}},
	})
}

// Starts the sandbox follows into the server they run: pnpm's and yarn's
// exec and a binary named after them (`pnpm exec next start`, `pnpm next
// start`, `yarn next start`), and SvelteKit's adapter-node output started
// with `node build` (HOST, else every address; PORT, else 3000). Walk 16:
// each was "unverified", so a wrong port went unseen.
func TestDeploy_PackageManagerBinAndSvelteNodeStarts(t *testing.T) {
	t.Parallel()
	nextPkg := `{"name":"web","private":true,"scripts":{"build":"next build","start":"next start"},"dependencies":{"next":"15.1.0","react":"19.0.0"}}` + "\n"
	next := func(pm, start string, port int) map[string]string {
		install := pm + " install"
		if pm == "yarn" {
			install = "yarn"
		}
		return map[string]string{"package.json": nextPkg,
			"zerops.yml": setupYml{base: "nodejs@22", build: []string{install, pm + " run build"}, deploy: "[.next, node_modules, package.json]", port: port, start: start}.String()}
	}
	svelte := func(port int, env map[string]string) map[string]string {
		return map[string]string{
			"package.json":            `{"name":"site","private":true,"type":"module","scripts":{"build":"vite build","start":"node ./build"},"devDependencies":{"@sveltejs/adapter-node":"^5.2.0","@sveltejs/kit":"^2.5.17","svelte":"^4.2.18","vite":"^5.3.1"}}` + "\n",
			"svelte.config.js":        "import adapter from '@sveltejs/adapter-node';\n\nexport default { kit: { adapter: adapter() } };\n",
			"vite.config.ts":          "import { sveltekit } from '@sveltejs/kit/vite';\nimport { defineConfig } from 'vite';\n\nexport default defineConfig({ plugins: [sveltekit()] });\n",
			"src/routes/+page.svelte": "<h1>hi</h1>\n",
			"zerops.yml":              setupYml{base: "nodejs@22", build: []string{"pnpm i", "pnpm run build"}, deploy: "[build, package.json, node_modules]", port: port, env: env, start: "pnpm start"}.String(),
		}
	}
	runDeployCases(t, []deployCase{
		{name: "pnpm exec next start", files: next("pnpm", "pnpm exec next start", 3000), verdict: "live"},
		{name: "pnpm exec next start, wrong port", files: next("pnpm", "pnpm exec next start", 8080), verdict: "not-answering", signal: "wrong-port"},
		{name: "pnpm next start", files: next("pnpm", "pnpm next start -p 8080", 8080), verdict: "live"},
		{name: "yarn next start, localhost", files: next("yarn", "yarn next start -H 127.0.0.1", 3000), verdict: "not-answering", signal: "listening-on-localhost"},
		{name: "svelte node build", files: svelte(3000, nil), verdict: "live"},
		{name: "svelte node build, wrong port", files: svelte(8080, nil), verdict: "not-answering", signal: "wrong-port",
			then: []deployCase{{name: "PORT set", files: svelte(8080, map[string]string{"PORT": "8080"}), verdict: "live"}}},
		{name: "svelte node build, HOST localhost", files: svelte(3000, map[string]string{"HOST": "127.0.0.1"}), verdict: "not-answering", signal: "listening-on-localhost"},
	})
}

// A reference by name alone, ${NAME}, reads a project variable or one of
// the service's own; the platform leaves it as the literal text when
// nothing sets it (no error). zerops_validate warns of it and keeps the
// file valid; once the project variable is set, or the setup declares the
// name itself, it says nothing (walk 16: no warning).
func TestValidate_ReferenceToUnsetProjectVariable(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := strings.Replace(demoZeropsYml, "    run: &run\n", "    run: &run\n      envVariables:\n        SITE_NAME: shop\n        CORS_ORIGIN: ${FRONTEND_URL}\n        TITLE: ${SITE_NAME}\n", 1)
	validate := func() string {
		res, m := h.call(t, "zerops_validate", map[string]any{"content": yml, "kind": "zerops.yml"})
		if m["valid"] != true {
			t.Fatalf("the reference made the file invalid: %s", text(res))
		}
		return fmt.Sprint(m["warnings"])
	}
	warned := validate()
	for _, want := range []string{"${FRONTEND_URL}", "literal text", "zerops_env action=set project=true"} {
		if !strings.Contains(warned, want) {
			t.Errorf("the warning lacks %q: %s", want, warned)
		}
	}
	if strings.Contains(warned, "${SITE_NAME}") {
		t.Errorf("a variable the setup declares is warned of: %s", warned)
	}
	if res, _ := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "project": true, "variables": []string{"FRONTEND_URL=https://shop.example.com"}}, "set"); res.IsError {
		t.Fatalf("set: %s", text(res))
	}
	if warned := validate(); strings.Contains(warned, "FRONTEND_URL") {
		t.Errorf("warned once the project variable is set: %s", warned)
	}
}

// An import's priority (higher is created earlier: a database before the
// app that reads it) is a parameter the user set, which the platform's
// export carries; zerops_export keeps it (walk 16: it was dropped).
func TestExport_KeepsPriority(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := "services:\n  - hostname: kv\n    type: valkey@7.2\n    mode: NON_HA\n    priority: 10\n  - hostname: worker\n    type: nodejs@22\n    startWithoutCode: true\n    priority: 5\n"
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": yml}, "import"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	for host, want := range map[string]string{"kv": "priority: 10", "worker": "priority: 5"} {
		res, m := h.call(t, "zerops_export", map[string]any{"serviceHostname": host})
		if y, _ := m["yaml"].(string); !strings.Contains(y, want) {
			t.Errorf("the export of %s lacks %q: %s", host, want, text(res))
		}
	}
	res, m := h.call(t, "zerops_export", map[string]any{})
	if y, _ := m["yaml"].(string); !strings.Contains(y, "priority: 10") || !strings.Contains(y, "priority: 5") || strings.Count(y, "priority:") != 2 {
		t.Errorf("the project's export does not keep each priority once: %s", text(res))
	}
}

// The official meilisearch recipe's build downloads the binary it starts
// (curl … | sh); a start may download it too. The sandbox reads only the
// address Meilisearch documents, not the binary: the verdict is
// unverified, its reason says what was not read, and no fix is given.
func TestDeploy_DownloadedBinaryUnverified(t *testing.T) {
	t.Parallel()
	const recipe = "zerops:\n  - setup: appstage\n    build:\n      buildCommands:\n        - curl -L https://install.meilisearch.com | sh\n      deployFiles:\n       - meilisearch\n    run:\n      os: ubuntu\n      base: go@1\n      ports:\n        - protocol: tcp\n          port: 7700\n          httpSupport: true\n      envVariables:\n        MEILI_HTTP_ADDR: \"[::]:7700\"\n      start: ./meilisearch\n"
	atStart := strings.Replace(strings.Replace(recipe, "start: ./meilisearch", "start: curl -L https://install.meilisearch.com | sh && ./meilisearch", 1),
		"      buildCommands:\n        - curl -L https://install.meilisearch.com | sh\n      deployFiles:\n       - meilisearch\n", "      deployFiles: ./\n", 1)
	noFix := []string{"zerops_deploy again", "\"diagnoses\""}
	runDeployCases(t, []deployCase{
		{name: "downloaded in the build", files: map[string]string{"zerops.yml": recipe, "README.md": "# search\n"}, verdict: "unverified",
			reason: []string{"meilisearch binary", "not in the source"}, lacks: noFix},
		{name: "downloaded at start", files: map[string]string{"zerops.yml": atStart, "README.md": "# search\n"}, verdict: "unverified",
			reason: []string{"meilisearch binary", "not in the source"}, lacks: noFix},
	})
}
