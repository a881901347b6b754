package mcp_test

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"testing"
)

// The official payload recipe starts with `pnpm start`, its script being
// `next start`. pnpm (since 7) and yarn hand every argument after the
// script's name to the script, npm those after `--`: an agent that adds
// `-p 8080` or `-H 127.0.0.1` there changes where next listens (walk 16:
// the sandbox dropped them, so `pnpm start -p 8080` got the same wrong-port
// answer again and `pnpm start -H 127.0.0.1` was called live).
func TestDeploy_PackageManagerPassesScriptArgs(t *testing.T) {
	t.Parallel()
	pkg := `{"name":"api","version":"1.0.0","scripts":{"build":"next build","start":"next start"},"dependencies":{"next":"15.1.0","react":"19.0.0"}}` + "\n"
	app := func(pm, start string, port int) map[string]string {
		return map[string]string{
			"package.json": pkg,
			"zerops.yml": setupYml{base: "nodejs@22", build: []string{pm + " install", pm + " run build"},
				deploy: "[.next, node_modules, package.json]", port: port, start: start}.String(),
		}
	}
	runDeployCases(t, []deployCase{
		{name: "pnpm port after the script", files: app("pnpm", "pnpm start", 8080), verdict: "not-answering", signal: "wrong-port",
			then: []deployCase{{name: "pnpm start -p 8080", files: app("pnpm", "pnpm start -p 8080", 8080), verdict: "live"}}},
		{name: "yarn port after run", files: app("yarn", "yarn run start --port 8080", 8080), verdict: "live"},
		{name: "npm port after --", files: app("npm", "npm start -- -p 8080", 8080), verdict: "live"},
		{name: "pnpm localhost after the script", files: app("pnpm", "pnpm start -H 127.0.0.1", 3000), verdict: "not-answering",
			signal: "listening-on-localhost", lacks: []string{"is live"}},
	})
}

// The official payload recipe writes its database URI from two references
// to one service (`${db_connectionString}/${db_dbName}`). Written with a
// hostname the project lacks, both need the change: the fix names each
// (walk 16: it named ${postgres_connectionString} only, and the deploy
// after it failed again on ${postgres_dbName}).
func TestDeploy_BadHostTwiceInOneVariable(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	app := maps.Clone(demoApp)
	app["zerops.yml"] = withEnv(demoZeropsYml, "run", "DATABASE_URL: ${postgres_connectionString}/${postgres_dbName}")
	writeApp(t, h.workDir(t), app)
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "twice")
	if m["verdict"] != "not-answering" {
		t.Fatalf("verdict %v, want not-answering: %s", m["verdict"], text(res))
	}
	next := str(m["next"])
	for _, want := range []string{"${db_connectionString} (db is postgresql@16) instead of ${postgres_connectionString}", "${db_dbName} instead of ${postgres_dbName}"} {
		if !strings.Contains(next, want) {
			t.Errorf("the fix does not say %q: %s", want, next)
		}
	}
	if n := strings.Count(next, "keep DATABASE_URL"); n != 1 {
		t.Errorf("the fix names DATABASE_URL %d times, want once: %s", n, next)
	}
}

// The official redwoodjs recipe builds with `yarn rw build`: rw is the
// binary of @redwoodjs/cli, which @redwoodjs/core (its one devDependency)
// brings, and yarn runs a binary when package.json has no script of that
// name. A yarn berry lock lists a package's binaries under `bin:` (walk 16:
// the sandbox answered `Command "rw" not found` and told the agent to
// correct the script name of the official recipe).
func TestDeploy_YarnRunsBinaryOfDependency(t *testing.T) {
	t.Parallel()
	pkg := `{"private":true,"workspaces":{"packages":["api","web"]},"devDependencies":{"@redwoodjs/core":"8.6.1"},"packageManager":"yarn@4.6.0"}` + "\n"
	lock := "__metadata:\n  version: 8\n  cacheKey: 10c0\n\n\"@redwoodjs/cli@npm:8.6.1\":\n  version: 8.6.1\n  resolution: \"@redwoodjs/cli@npm:8.6.1\"\n  bin:\n    redwood: ./dist/index.js\n    rw: ./dist/index.js\n  languageName: node\n  linkType: hard\n"
	yml := setupYml{base: "nodejs@22", build: []string{"yarn", "yarn rw build"}, deploy: "./", port: 8910, start: "yarn rw serve"}.String()
	runDeployCases(t, []deployCase{
		{name: "bin in the berry lock", files: map[string]string{"package.json": pkg, "yarn.lock": lock, "zerops.yml": yml},
			verdict: "live|unverified", lacks: []string{"not found", "Correct the script name"}},
		// A binary named otherwise than its package, known from the lock.
		{name: "bin of another package in the berry lock", files: map[string]string{
			"package.json": `{"devDependencies":{"@mermaid-js/mermaid-cli":"11.4.2"},"scripts":{"start":"node server.js"}}` + "\n", "server.js": "require('http').createServer((q, s) => s.end('ok')).listen(8910, '0.0.0.0')\n",
			"yarn.lock":  "__metadata:\n  version: 8\n\n\"@mermaid-js/mermaid-cli@npm:11.4.2\":\n  version: 11.4.2\n  resolution: \"@mermaid-js/mermaid-cli@npm:11.4.2\"\n  bin:\n    mmdc: src/cli.js\n  languageName: node\n  linkType: hard\n",
			"zerops.yml": setupYml{base: "nodejs@22", build: []string{"yarn", "yarn mmdc -i docs/flow.mmd -o public/flow.svg"}, deploy: "./", port: 8910, start: "yarn start"}.String()},
			verdict: "live|unverified", lacks: []string{"not found", "Correct the script name"}},
		{name: "no lock, the package that brings it", files: map[string]string{"package.json": pkg, "zerops.yml": yml},
			verdict: "live|unverified", lacks: []string{"not found", "Correct the script name"}},
	})
}

// The official remix-nodejs recipe's server.js loads the built app with
// `await import("./build/server/index.js")` when NODE_ENV is production,
// which its start sets: deployed without build/, it crashes. The sandbox
// does not run code to know whether such a line is reached, so it does
// not call the app live; it names the file instead (walk 16: it answered
// live with build/ left out of deployFiles).
func TestDeploy_DynamicImportOfFileNotDeployed(t *testing.T) {
	t.Parallel()
	server := "import express from \"express\";\n\nconst viteDevServer =\n  process.env.NODE_ENV === \"production\"\n    ? undefined\n    : await import(\"vite\").then((vite) => vite.createServer({ server: { middlewareMode: true } }));\n\n" +
		"const handler = viteDevServer\n  ? () => viteDevServer.ssrLoadModule(\"virtual:remix/server-build\")\n  : await import(\"./build/server/index.js\");\n\nconst app = express();\napp.all(\"*\", handler);\nconst port = process.env.PORT || 3000;\napp.listen(port, () => console.log(`Express server listening at http://localhost:${port}`));\n"
	app := func(deploy string) map[string]string {
		return map[string]string{
			"package.json":          `{"name":"shop","private":true,"type":"module","scripts":{"start":"cross-env NODE_ENV=production node ./server.js"},"dependencies":{"express":"^4.19.2"},"devDependencies":{"cross-env":"^7.0.3","vite":"^5.2.10"}}` + "\n",
			"server.js":             server,
			"build/server/index.js": "export const entry = {};\n",
			"zerops.yml":            setupYml{base: "nodejs@22", build: []string{"npm install"}, deploy: deploy, port: 3000, start: "npm start"}.String(),
		}
	}
	runDeployCases(t, []deployCase{
		{name: "build left out", files: app("[server.js, package.json, node_modules]"), verdict: "unverified",
			reason: []string{"./build/server/index.js"}},
		{name: "build deployed", files: app("[build, server.js, package.json, node_modules]"), verdict: "live"},
	})
}

// The official graylog recipe's import writes its CPU bounds as minVCpu
// and maxVCpu, which the platform's schema does not have (minCpu, maxCpu).
// The platform deploys the recipe; whether it reads those two is not
// known: the dry run warns and names the schema's keys, and does not
// refuse the import (walk 16: valid false, "unknown key").
func TestImport_RecipeVCpuKeysWarn(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := "services:\n  - hostname: graylog\n    type: go@1\n    verticalAutoscaling:\n      minVCpu: 2\n      maxVCpu: 5\n      cpuMode: DEDICATED\n      minRam: 4\n      maxRam: 8\n    enableSubdomainAccess: true\n    buildFromGit: https://github.com/zeropsio/recipe-graylog\n    zeropsSetup: graylog\n"
	res, m := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": yml, "dryRun": true}, "vcpu")
	if m["valid"] != true {
		t.Fatalf("the dry run refuses the official recipe's import: %s", text(res))
	}
	warned := fmt.Sprint(m["warnings"])
	for _, want := range []string{"minVCpu", "minCpu", "maxVCpu", "maxCpu"} {
		if !strings.Contains(warned, want) {
			t.Errorf("the warnings do not name %s: %s", want, warned)
		}
	}
}

// The official github-runner recipe makes /var/www/runner in
// run.prepareCommands, unpacks the runner into it, and configures it from
// there in run.initCommands: the runtime image keeps what prepare wrote
// under the deployed files. Walk 16: the sandbox failed the prepare at the
// tar into the directory the mkdir before it made, then the init's cd into
// it, and told the agent to move the commands to run.initCommands.
func TestDeploy_PrepareMakesDirUnderVarWww(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    run:
      base: nodejs@22
      os: ubuntu
      envVariables:
        RUNNER_WORKDIR: /var/www/runner/_work
      prepareCommands:
        - sudo apt-get update && sudo apt-get install -y jq
        - mkdir -p /var/www/runner
        - cd /home/zerops
        - curl -o actions-runner-linux-x64-2.326.0.tar.gz -L https://github.com/actions/runner/releases/download/v2.326.0/actions-runner-linux-x64-2.326.0.tar.gz
        - tar xzf ./actions-runner-linux-x64-2.326.0.tar.gz -C /var/www/runner
        - rm actions-runner-linux-x64-2.326.0.tar.gz
      initCommands:
        - cd /var/www/runner && ./config.sh --url ${RUNNER_REPO} --token ${GITHUB_RUNNER_TOKEN} --unattended --replace
      start: /var/www/runner/run.sh
`
	runDeployCases(t, []deployCase{
		{name: "runner", files: map[string]string{"zerops.yml": yml, "README.md": "# runner\n"}, verdict: "deployed|unverified",
			lacks: []string{"No such file or directory", "can't cd"}},
	})
}

// The official medusa-nextstore recipe deploys yarn.lock, which it commits;
// an app without one gets it from the build's `yarn` (an install writes its
// lock file). A deployFiles entry the build did not write is not to be
// replaced by a folder the same list already deploys (walk 16: "write
// `.next` in place of `yarn.lock`", with .next listed beside it).
func TestDeploy_InstallWritesLockAndBuiltFolderListed(t *testing.T) {
	t.Parallel()
	pkg := `{"name":"store","private":true,"scripts":{"build":"next build","start":"next start -p 8000"},"dependencies":{"next":"15.0.3","react":"19.0.0"}}` + "\n"
	app := func(deploy string) map[string]string {
		return map[string]string{"package.json": pkg, "next.config.js": "module.exports = { reactStrictMode: true }\n",
			"zerops.yml": setupYml{base: "nodejs@22", build: []string{"yarn", "yarn build"}, deploy: deploy, port: 8000, start: "yarn start"}.String()}
	}
	runDeployCases(t, []deployCase{
		{name: "lock written by the install", files: app("[.next, package.json, next.config.js, yarn.lock, node_modules]"), verdict: "live|unverified"},
		{name: "a file nothing wrote", files: app("[.next, package.json, next.config.js, check-env-variables.js, node_modules]"), verdict: "build-failed",
			lacks: []string{"in place of `check-env-variables.js`"}},
	})
}

// The official medusa-nextstore recipe references
// ${medusa_CHANNEL_PUBLISHABLE_KEY}, a variable the medusa service's own app
// sets once it runs (`zsc setSecretEnv CHANNEL_PUBLISHABLE_KEY`). On a
// runtime service that lacks it now, the warning's fix names setting it
// there, not only swapping in a variable it has (walk 16: "reference one
// of the variables it has", i.e. hostname, projectId or serviceId).
func TestValidate_RuntimeVariableSetLater(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	importServices(t, h, "services:\n  - hostname: medusa\n    type: nodejs@22\n    startWithoutCode: true\n")
	yml := strings.Replace(demoZeropsYml, "    run: &run\n", "    run: &run\n      envVariables:\n        NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: ${medusa_CHANNEL_PUBLISHABLE_KEY}\n", 1)
	res, m := h.call(t, "zerops_validate", map[string]any{"content": yml, "kind": "zerops.yml"})
	warned := fmt.Sprint(m["warnings"])
	if !strings.Contains(warned, "CHANNEL_PUBLISHABLE_KEY") {
		t.Fatalf("no warning about ${medusa_CHANNEL_PUBLISHABLE_KEY}: %s", text(res))
	}
	for _, want := range []string{"zsc setSecretEnv", "zerops_env action=set serviceHostname=medusa"} {
		if !strings.Contains(warned, want) {
			t.Errorf("the fix does not name %q: %s", want, warned)
		}
	}
}

// The official svelte-nodejs recipe starts `node ./build`, the folder
// SvelteKit's adapter-node writes in `vite build`. With build left out of
// deployFiles the fix names that entry, not a change of run.start, which
// already names what the build writes (walk 16: "Make `run.start` name a
// file the build produces").
func TestDeploy_StartFolderBuiltNotDeployed(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"package.json":            `{"name":"site","private":true,"type":"module","scripts":{"build":"vite build","start":"node ./build"},"devDependencies":{"@sveltejs/adapter-node":"^5.2.0","@sveltejs/kit":"^2.5.17","svelte":"^4.2.18","vite":"^5.3.1"}}` + "\n",
		"svelte.config.js":        "import adapter from '@sveltejs/adapter-node';\n\nexport default { kit: { adapter: adapter() } };\n",
		"vite.config.ts":          "import { sveltekit } from '@sveltejs/kit/vite';\nimport { defineConfig } from 'vite';\n\nexport default defineConfig({ plugins: [sveltekit()] });\n",
		"src/routes/+page.svelte": "<h1>hi</h1>\n",
		"zerops.yml":              setupYml{base: "nodejs@22", build: []string{"pnpm i", "pnpm run build"}, deploy: "[package.json, node_modules]", port: 3000, start: "pnpm start"}.String(),
	}
	runDeployCases(t, []deployCase{
		{name: "build not deployed", files: files, verdict: "not-answering", next: []string{"`build` to `build.deployFiles`"},
			lacks: []string{"Make `run.start` name"}},
	})
}

// The official remix-nodejs recipe keeps cross-env, which its start runs,
// in devDependencies: its `pnpm i` installs them, and node_modules is
// deployed. With node_modules left out, the fix is to deploy it, not also
// to move cross-env to dependencies; that is needed only where the build
// leaves devDependencies out (walk 16).
func TestDeploy_DevToolFixOnlyWhenBuildOmitsDev(t *testing.T) {
	t.Parallel()
	pkg := `{"name":"shop","private":true,"type":"module","scripts":{"start":"cross-env NODE_ENV=production node ./server.js"},"dependencies":{"express":"^4.19.2"},"devDependencies":{"cross-env":"^7.0.3"}}` + "\n"
	app := func(install string) map[string]string {
		return map[string]string{"package.json": pkg,
			"server.js":  "import express from \"express\";\nconst app = express();\napp.listen(process.env.PORT || 3000);\n",
			"zerops.yml": setupYml{base: "nodejs@22", build: []string{install}, deploy: "[server.js, package.json]", port: 3000, start: "pnpm start"}.String()}
	}
	const move = "Keep the package of `cross-env` in `dependencies`"
	runDeployCases(t, []deployCase{
		{name: "dev installed", files: app("pnpm i"), verdict: "not-answering", next: []string{"`node_modules`"}, lacks: []string{move}},
		{name: "dev left out", files: app("pnpm i --prod"), verdict: "not-answering", next: []string{"`node_modules`", move}},
	})
}
