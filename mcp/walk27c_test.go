package mcp_test

import (
	"maps"
	"strings"
	"testing"
)

// walk27aAssets is the shared-assets repository run on Node: its
// index.js optimizes the SVG covers with svgo, writes optimized.json and
// exits (no server); started as start on a nodejs service with one HTTP
// port.
func walk27aAssets(start string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: assets\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm i\n      deployFiles: ./\n" +
			"    run:\n      base: nodejs@22\n      ports:\n        - port: 3000\n          httpSupport: true\n      start: " + start + "\n",
		"package.json": `{"name":"recipe-shared-assets","main":"index.js","scripts":{"svg":"node index.js"},"dependencies":{"svgo":"^3.3.2"}}` + "\n",
		"index.js": "const { optimize } = require('svgo');\nconst fs = require('fs').promises;\nconst path = require('path');\n\n" +
			"const dir = './covers/svg';\n\nfs.readdir(dir)\n    .then(files => Promise.all(files.filter(f => path.extname(f) === '.svg').map(f =>\n" +
			"        fs.readFile(path.join(dir, f), 'utf-8').then(d => fs.writeFile(path.join(dir, f), optimize(d, { path: f }).data)))))\n" +
			"    .then(() => fs.writeFile('./optimized.json', JSON.stringify({ done: true })))\n    .catch(err => {\n        console.error('Error:', err);\n    });\n",
		"covers/svg/cover-go.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
	}
}

// TestDeploy_StartThatExitsWalk27a: the shared-assets recipe's index.js
// optimizes the SVG covers with svgo, writes optimized.json and exits.
// Started as `node index.js` on a nodejs service, the answer was "a clean
// log; it has no HTTP port to probe … nothing to fix" (with a port: only
// where it listens was unchecked). A start that exits is started again and
// serves nothing: the answer says the script does its work and exits, and
// the fix (a start that keeps serving, or the one-off work moved to
// buildCommands / initCommands). svgo is not read, so whether it keeps the
// process up is unverified; with core modules alone the script is known
// to end.
func TestDeploy_StartThatExitsWalk27a(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: assets\n    type: nodejs@22\n"
	assets := walk27aAssets("node index.js")
	fix := []string{"build.buildCommands", "run.initCommands"}
	runWalkCases(t, []deployCase{
		{name: "svgo with a port", services: svc, dir: "assets", target: "assets", files: assets, verdict: "unverified",
			reason: []string{"`index.js` keeps running", "imports `svgo`", "does its work and exits", "nothing serves port 3000", "a static service", fix[0], fix[1]},
			lacks:  []string{"where `node index.js` listens", "nothing to fix"}},
		{name: "svgo without a port", services: svc, dir: "assets", target: "assets", files: walk27aNoPort(assets), verdict: "unverified",
			reason: []string{"`index.js` keeps running", "does its work and exits", "nothing of it keeps running", fix[0], fix[1]},
			lacks:  []string{"nothing to fix"}},
		{name: "core modules with a port", services: svc, dir: "assets", target: "assets", files: walk27aCore(assets), verdict: "not-answering",
			next: []string{"a script that does its work and ends", "a static service"}, once: fix, lacks: []string{"nothing to fix"}},
		{name: "core modules without a port", services: svc, dir: "assets", target: "assets", files: walk27aNoPort(walk27aCore(assets)), verdict: "not-answering",
			says: []string{"ends at once"}, once: fix, lacks: []string{"nothing to fix"}},
	})
}

// walk27aNoPort is f with no run.ports.
func walk27aNoPort(f map[string]string) map[string]string {
	f = maps.Clone(f)
	f["zerops.yml"] = strings.Replace(f["zerops.yml"], "      ports:\n        - port: 3000\n          httpSupport: true\n", "", 1)
	return f
}

// walk27aCore is f with index.js rewriting the covers without svgo: core
// modules alone.
func walk27aCore(f map[string]string) map[string]string {
	f = maps.Clone(f)
	f["index.js"] = strings.Replace(strings.Replace(f["index.js"], "const { optimize } = require('svgo');\n", "", 1), "optimize(d, { path: f }).data", "d.trim()", 1)
	return f
}

// walk27aTwenty is the twenty recipe's app in today's format: express
// serving public/ on 3000 from index-app.js, started as `npm start`, whose
// script runs `node ./index-app.js`; deployFiles and run.start as given.
func walk27aTwenty(deploy, start string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: app\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm i\n      deployFiles: " + deploy + "\n" +
			"    run:\n      base: nodejs@22\n      ports:\n        - port: 3000\n          httpSupport: true\n      start: " + start + "\n",
		"package.json": `{"name":"recipe-twenty","version":"0.0.1","main":"index.js","scripts":{"start":"node ./index-app.js"},"dependencies":{"express":"4.18.2"}}` + "\n",
		"index-app.js": "const express = require('express');\nconst app = express();\nconst port = 3000;\n\napp.use(express.static('public'));\n\n" +
			"app.listen(port, () => {\n\tconsole.log(`Web service listening at the ${port} port!`);\n});\n",
		"public/index.html": "<!doctype html><title>twenty</title>\n",
	}
}

// TestDeploy_StartScriptWithoutManifestWalk27a: the twenty recipe's app
// starts `npm start` and deploys package.json with index-app.js,
// node_modules and public. With package.json left out, the fix said "put
// the script's own command in `run.start` (e.g. `node dist/main.js`)", an
// example of no file the app has, though the sandbox had read the script
// (`node ./index-app.js`) from the pushed tree. It names that command.
func TestDeploy_StartScriptWithoutManifestWalk27a(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: app\n    type: nodejs@22\n"
	deploy := "[index-app.js, node_modules, public]"
	runWalkCases(t, []deployCase{
		{name: "package.json left out", services: svc, dir: "twenty", target: "app", files: walk27aTwenty(deploy, "npm start"),
			verdict: "not-answering", signal: "start-file-missing", next: []string{"`package.json` to `build.deployFiles`", "`node ./index-app.js`"},
			lacks: []string{"dist/main.js"},
			then:  []deployCase{{name: "the script's command started", files: walk27aTwenty(deploy, "node ./index-app.js"), verdict: "live"}}},
		{name: "package.json deployed", services: svc, dir: "twenty", target: "app", files: walk27aTwenty("[index-app.js, node_modules, package.json, public]", "npm start"), verdict: "live"},
	})
}

// walk27aElixir is the elixir recipe's api named myapp: a Plug server on
// 4000 assembled as a release in a prod build (the recipe runs `mix
// deps.get --only prod`, `mix compile`, `mix release --overwrite`, which
// build names), deployFiles and run.start as given.
func walk27aElixir(build []string, deploy, start string) map[string]string {
	y := "zerops:\n  - setup: api\n    build:\n      base: elixir@1.16\n      envVariables:\n        MIX_ENV: prod\n      buildCommands:\n"
	for _, c := range build {
		y += "        - " + c + "\n"
	}
	return map[string]string{
		"zerops.yml": y + "      deployFiles: " + deploy + "\n    run:\n      base: alpine@latest\n      envVariables:\n        PORT: 4000\n" +
			"      ports:\n        - port: 4000\n          httpSupport: true\n      start: " + start + "\n",
		"mix.exs": "defmodule Myapp.MixProject do\n  use Mix.Project\n\n  def project do\n    [\n      app: :myapp,\n      version: \"0.1.0\",\n      elixir: \"~> 1.16\",\n" +
			"      start_permanent: Mix.env() == :prod,\n      deps: deps()\n    ]\n  end\n\n  def application do\n    [extra_applications: [:logger], mod: {Myapp.Application, []}]\n  end\n\n" +
			"  defp deps do\n    [{:plug_cowboy, \"~> 2.6\"}, {:jason, \"~> 1.4\"}]\n  end\nend\n",
		"lib/myapp/application.ex": "defmodule Myapp.Application do\n  use Application\n\n  def start(_type, _args) do\n" +
			"    port = String.to_integer(System.get_env(\"PORT\") || \"4000\")\n    children = [{Plug.Cowboy, scheme: :http, plug: Myapp.Router, options: [port: port]}]\n" +
			"    Supervisor.start_link(children, strategy: :one_for_one)\n  end\nend\n",
	}
}

// TestDeploy_ElixirReleaseStartWalk27a: the elixir recipe assembles a
// release (`mix release`, mix.exs naming the app) and starts its bin.
// Started as `_build/prod/rel/WRONG/bin/WRONG start` with the whole tree
// deployed, the answer stayed unverified, though mix.exs names the app
// myapp and only `mix release` writes under _build/prod/rel: it fails as a
// missing start file, the fix naming myapp's release. With no release
// built, the fix named no `mix release` nor the release's deployFiles path.
func TestDeploy_ElixirReleaseStartWalk27a(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: elixir@1.16\n"
	build := []string{"mix deps.get --only prod", "mix compile", "mix release --overwrite"}
	runWalkCases(t, []deployCase{
		{name: "recipe", services: svc, dir: "ex", target: "api", files: walk27aElixir(build, "_build/prod/rel/myapp/~", "bin/myapp start"), verdict: "unverified"},
		{name: "a release mix.exs does not name", services: svc, dir: "ex", target: "api", files: walk27aElixir(build, "./", "_build/prod/rel/WRONG/bin/WRONG start"),
			verdict: "not-answering", signal: "start-file-missing", next: []string{"`_build/prod/rel/myapp/bin/myapp start`"},
			then: []deployCase{{name: "the release named", files: walk27aElixir(build, "./", "_build/prod/rel/myapp/bin/myapp start"), verdict: "unverified"}}},
		{name: "no release built", services: svc, dir: "ex", target: "api", files: walk27aElixir(build[:2], "./", "_build/prod/rel/myapp/bin/myapp start"),
			verdict: "not-answering", signal: "start-file-missing", next: []string{"`mix release`", "MIX_ENV", "`_build/prod/rel/myapp/~`"},
			then: []deployCase{{name: "the release built", files: walk27aElixir(build, "_build/prod/rel/myapp/~", "bin/myapp start"), verdict: "unverified"}}},
	})
}
