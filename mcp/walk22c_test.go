package mcp_test

import (
	"strings"
	"testing"
)

// nuxtApp is the recipe-nuxt-nodejs app as the sandbox reads it: Nuxt
// built by its package script, .output's contents deployed, the server
// Nitro wrote started by node, with env in run.envVariables.
func nuxtApp(env map[string]string, start, deploy string) map[string]string {
	return map[string]string{
		"package.json":    `{"name":"site","private":true,"scripts":{"build":"nuxt build","start":"nuxt preview"},"devDependencies":{"nuxt":"^3.13.2"}}` + "\n",
		"nuxt.config.ts":  "export default ({\n    modules: ['@nuxtjs/tailwindcss'],\n})\n",
		"pages/index.vue": "<template><h1>Nuxt</h1></template>\n",
		"zerops.yml": setupYml{base: "nodejs@22", build: []string{"npm i", "npm run build"}, deploy: deploy, port: 3000,
			env: env, start: start}.String(),
	}
}

// The Nuxt recipe (walk 22): `node server/index.mjs` after deploying
// .output/~ is the server Nitro wrote, which listens on NITRO_HOST, else
// HOST, else every address, and on NITRO_PORT, else PORT, else 3000. The
// sandbox read no address for it (unverified); with NITRO_HOST or
// NITRO_PORT set wrong, the fix offered was to edit the built file or to
// set HOST/PORT, which Nitro reads only after the NITRO_ variable (a loop).
// Now it is live as the recipe stands, and a wrong NITRO_ variable is
// named with its fix, which then makes it live.
func TestDeploy_NuxtNitroServerListensWhereNitroSays(t *testing.T) {
	t.Parallel()
	const start, deploy = "node server/index.mjs", ".output/~"
	runDeployCases(t, []deployCase{
		{name: "recipe", files: nuxtApp(nil, start, deploy), verdict: "live"},
		{name: "NITRO_HOST on loopback", files: nuxtApp(map[string]string{"NITRO_HOST": "127.0.0.1"}, start, deploy),
			verdict: "not-answering", signal: "listening-on-localhost",
			next:  []string{"NITRO_HOST: 0.0.0.0"},
			lacks: []string{"server.listen(", "HOST=0.0.0.0", "fix the 1 zerops.yml warning"},
			then:  []deployCase{{name: "fixed", files: nuxtApp(map[string]string{"NITRO_HOST": "0.0.0.0"}, start, deploy), verdict: "live"}}},
		{name: "NITRO_HOST over HOST", files: nuxtApp(map[string]string{"NITRO_HOST": "localhost", "HOST": "0.0.0.0"}, start, deploy),
			verdict: "not-answering", signal: "listening-on-localhost",
			next:  []string{"NITRO_HOST: 0.0.0.0"},
			lacks: []string{"server.listen(", "HOST=0.0.0.0"}},
		{name: "HOST on loopback", files: nuxtApp(map[string]string{"HOST": "127.0.0.1"}, start, deploy),
			verdict: "not-answering", signal: "listening-on-localhost",
			next: []string{"HOST: 0.0.0.0"}, lacks: []string{"server.listen("}},
		{name: "NITRO_PORT elsewhere", files: nuxtApp(map[string]string{"NITRO_PORT": "4000", "PORT": "3000"}, start, deploy),
			verdict: "not-answering", signal: "wrong-port",
			next:  []string{`NITRO_PORT: "3000"`},
			lacks: []string{"hardcoded", "read PORT", "Setting PORT again"},
			then:  []deployCase{{name: "fixed", files: nuxtApp(map[string]string{"NITRO_PORT": "3000", "PORT": "3000"}, start, deploy), verdict: "live"}}},
		{name: "PORT elsewhere", files: nuxtApp(map[string]string{"PORT": "8080"}, start, deploy),
			verdict: "not-answering", signal: "wrong-port", next: []string{`PORT: "3000"`}},
		{name: ".output deployed as a folder", files: nuxtApp(nil, start, ".output"),
			verdict: "not-answering", signal: "start-file-missing",
			next: []string{"`node .output/server/index.mjs`", "`.output/~`"},
			then: []deployCase{{name: "fixed", files: nuxtApp(nil, "node .output/server/index.mjs", ".output"), verdict: "live"}}},
		{name: "npm start without package.json", files: nuxtApp(nil, "npm start", deploy),
			verdict: "not-answering|deploy-failed", signal: "start-file-missing", next: []string{"package.json"}},
	})
}

// The NITRO_HOST warning named SvelteKit's adapter-node among the servers
// reading it (walk 22): each bind variable names its own readers.
func TestValidate_LoopbackBindVariableNamesItsReaders(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, tc := range []struct{ key, says, lacks string }{
		{"NITRO_HOST", "Nuxt", "SvelteKit"},
		{"UVICORN_HOST", "uvicorn", "SvelteKit"},
		{"HOST", "SvelteKit", "uvicorn"},
	} {
		yml := setupYml{base: "nodejs@22", deploy: "./", port: 3000, env: map[string]string{tc.key: "127.0.0.1"}, start: "node index.js"}.String()
		res, _ := h.call(t, "zerops_validate", map[string]any{"content": yml, "kind": "zerops.yml"})
		got := text(res)
		if !strings.Contains(got, tc.key+": 127.0.0.1") || !strings.Contains(got, tc.says) || strings.Contains(got, tc.lacks) {
			t.Errorf("%s: want the warning naming %q, not %q: %s", tc.key, tc.says, tc.lacks, got)
		}
	}
}

// astroRecipeApp is the recipe-astro-nodejs app as the sandbox reads it: the
// Node adapter in standalone mode, built by pnpm, started by its script.
func astroRecipeApp(env map[string]string, deploy string) map[string]string {
	return map[string]string{
		"package.json": `{"name":"site","type":"module","scripts":{"build":"astro build","start":"node dist/server/entry.mjs"},` +
			`"dependencies":{"@astrojs/node":"^9.0.0","astro":"5.0.2"}}` + "\n",
		"pnpm-lock.yaml":        "lockfileVersion: '9.0'\n",
		"astro.config.mjs":      "import { defineConfig } from \"astro/config\";\nimport node from \"@astrojs/node\";\n\nexport default defineConfig({\n  output: \"server\",\n  adapter: node({\n    mode: \"standalone\"\n  }),\n});\n",
		"src/pages/index.astro": "<h1>Astro</h1>\n",
		"zerops.yml": setupYml{base: "nodejs@22", build: []string{"pnpm i", "pnpm run build"}, deploy: deploy, port: 3000,
			env: env, start: "pnpm start"}.String(),
	}
}

// The Astro recipe (walk 22): with HOST: localhost in run.envVariables the
// answer stated its fix twice (the warning, then "if it still fails" the
// same fix); deployed without node_modules, whose packages Astro's server
// build imports, it was called live. Now the fix is stated once, and the
// missing node_modules is named, unverified.
func TestDeploy_AstroRecipeDebugStarts(t *testing.T) {
	t.Parallel()
	const deploy = "[ dist, package.json, node_modules ]"
	env := map[string]string{"HOST": "0.0.0.0", "PORT": "3000"}
	runDeployCases(t, []deployCase{
		{name: "recipe", files: astroRecipeApp(env, deploy), verdict: "live"},
		{name: "HOST localhost", files: astroRecipeApp(map[string]string{"HOST": "localhost", "PORT": "3000"}, deploy),
			verdict: "not-answering", signal: "listening-on-localhost", next: []string{"HOST: 0.0.0.0"},
			lacks: []string{"fix the 1 zerops.yml warning", "knowingly accept", "if it still fails"}},
		{name: "dist/~", files: astroRecipeApp(env, "[ dist/~, package.json, node_modules ]"), verdict: "unverified|not-answering",
			lacks: []string{"appstage is live"}},
		{name: "without node_modules", files: astroRecipeApp(env, "[ dist, package.json ]"),
			verdict: "unverified", reason: []string{"node_modules"}, lacks: []string{"appstage is live"},
			then: []deployCase{{name: "fixed", files: astroRecipeApp(env, deploy), verdict: "live"}}},
	})
}

// A package script started by pnpm or yarn where the deploy left
// package.json out (walk 22: the Qwik recipe without package.json in
// deployFiles, the Nuxt one started with `yarn start` after deploying
// .output/~): the sandbox did not follow it, "could not check where
// `pnpm serve` listens", when pnpm and yarn stop at once finding no
// manifest. Now the crash, and the manifest to deploy.
func TestDeploy_PackageScriptWithoutManifest(t *testing.T) {
	t.Parallel()
	qwik := func(deploy string) map[string]string {
		return map[string]string{
			"package.json":          `{"name":"site","type":"module","scripts":{"build":"qwik build","serve":"node server/entry.express"}}` + "\n",
			"pnpm-lock.yaml":        "lockfileVersion: '9.0'\n",
			"src/entry.express.tsx": "const PORT = process.env.PORT ?? 3000;\n",
			"zerops.yml": setupYml{base: "nodejs@22", build: []string{"pnpm i", "pnpm run build"}, deploy: deploy, port: 3000,
				start: "pnpm serve"}.String(),
		}
	}
	runDeployCases(t, []deployCase{
		{name: "pnpm", files: qwik("[ public, server, dist ]"), verdict: "not-answering", signal: "start-file-missing",
			says: []string{"ERR_PNPM_NO_IMPORTER_MANIFEST_FOUND"}, next: []string{"`package.json` to `build.deployFiles`"},
			lacks: []string{"could not check where"}},
		{name: "yarn", files: nuxtApp(nil, "yarn start", ".output/~"), verdict: "not-answering", signal: "start-file-missing",
			says: []string{"Couldn't find a package.json file"}, next: []string{"`package.json` to `build.deployFiles`"},
			lacks: []string{"could not check where"}},
	})
}

// The SvelteKit recipe (walk 22) deployed with `build/~` in place of
// `build`: `node ./build` then finds no folder build in /var/www (its
// files are there themselves), but the sandbox took it for the server
// the adapter wrote and called it live.
func TestDeploy_SvelteKitBuildFolderDeployedWithTilde(t *testing.T) {
	t.Parallel()
	app := func(deploy string) map[string]string {
		return map[string]string{
			"package.json":            `{"name":"site","type":"module","scripts":{"build":"vite build","start":"node ./build"},"devDependencies":{"@sveltejs/adapter-node":"^5.2.0","@sveltejs/kit":"^2.5.17","vite":"^5.0.0"}}` + "\n",
			"pnpm-lock.yaml":          "lockfileVersion: '9.0'\n",
			"svelte.config.js":        "import adapter from '@sveltejs/adapter-node';\n\nexport default { kit: { adapter: adapter() } };\n",
			"vite.config.ts":          "import { sveltekit } from '@sveltejs/kit/vite';\nimport { defineConfig } from 'vite';\n\nexport default defineConfig({ plugins: [sveltekit()] });\n",
			"src/routes/+page.svelte": "<h1>Svelte</h1>\n",
			"zerops.yml": setupYml{base: "nodejs@22", build: []string{"pnpm i", "pnpm run build"}, deploy: deploy, port: 3000,
				start: "pnpm start"}.String(),
		}
	}
	runDeployCases(t, []deployCase{
		{name: "recipe", files: app("[ build, package.json, node_modules ]"), verdict: "live"},
		{name: "build/~", files: app("[ build/~, package.json, node_modules ]"), verdict: "unverified|not-answering",
			lacks: []string{"appstage is live"}},
	})
}

// The Analog static recipe (walk 22) deploying `dist/analog/public` in
// place of `dist/analog/public/~`: the static server found no index.html
// at the top, and the fix offered was `dist/~`, which puts it in
// /var/www/analog/public (the same 404 again). Now the entry deployed
// is named with its `~`.
func TestDeploy_StaticFolderDeployedWithoutTilde(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: web\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm i\n        - npm run build\n" +
		"      deployFiles:\n        - dist/analog/public\n    run:\n      base: static\n"
	runWalkCases(t, []deployCase{{name: "dist/analog/public", services: "services:\n  - hostname: web\n    type: static\n", dir: ".", target: "web",
		files: map[string]string{"zerops.yml": yml, "package.json": `{"name":"site","scripts":{"build":"ng build"}}` + "\n",
			"index.html": "<app-root></app-root>\n"},
		next: []string{"`dist/analog/public/~`"},
		and: func(t *testing.T, answer string, m map[string]any) {
			if strings.Contains(str(m["next"]), "`dist/~`") {
				t.Fatalf("want the fix naming dist/analog/public/~, not dist/~: %s", answer)
			}
		}}})
}
