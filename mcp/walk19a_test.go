package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// walk 19: the official remix-nodejs recipe deploys build, server.js,
// package.json and node_modules and starts `pnpm start`, whose script runs
// `node ./server.js`. With server.js left out of build.deployFiles the
// answer said to make run.start name a file the build produces: server.js
// is a file of the source, not of the build, and run.start is right; the
// fix is the one entry deployFiles lacks.
func TestDeploy_SourceStartFileLeftOutOfDeployFiles(t *testing.T) {
	t.Parallel()
	server := "const http = require('node:http');\nconst port = process.env.PORT || 3000;\n" +
		"http.createServer((req, res) => res.end('ok')).listen(port, () => console.log(`listening at http://localhost:${port}`));\n"
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm i\n" +
		"      deployFiles:\n        - package.json\n        - node_modules\n    run:\n      base: nodejs@22\n" +
		"      ports:\n        - port: 3000\n          httpSupport: true\n      start: %s\n"
	runDeployCases(t, []deployCase{
		{name: "node server.js", files: map[string]string{
			"zerops.yml":        strings.Replace(yml, "%s", "node server.js", 1),
			"package.json":      `{"name": "remixish", "version": "1.0.0", "scripts": {"start": "node ./server.js"}}` + "\n",
			"package-lock.json": `{"name": "remixish", "version": "1.0.0", "lockfileVersion": 3, "requires": true, "packages": {"": {"name": "remixish", "version": "1.0.0"}}}` + "\n",
			"server.js":         server,
		}, verdict: "not-answering", next: []string{"Add `server.js` to `build.deployFiles`"}, lacks: []string{"name a file the build produces"}},
		{name: "npm start", files: map[string]string{
			"zerops.yml":        strings.Replace(yml, "%s", "npm start", 1),
			"package.json":      `{"name": "remixish", "version": "1.0.0", "scripts": {"start": "node ./server.js"}}` + "\n",
			"package-lock.json": `{"name": "remixish", "version": "1.0.0", "lockfileVersion": 3, "requires": true, "packages": {"": {"name": "remixish", "version": "1.0.0"}}}` + "\n",
			"server.js":         server,
		}, verdict: "not-answering", next: []string{"Add `server.js` to `build.deployFiles`"}, lacks: []string{"name a file the build produces"}},
	})
}

// walk 19: a react-app deployed to a static service with `build` (no
// `~`) answers 404 at /, and the step offered, beside `build/~`, to set
// run.documentRoot, which the docs describe for nginx and PHP only: the
// static runtime serves /var/www (its docs point deployFiles at the
// output's contents). The step names deployFiles alone for static.
func TestDeploy_StaticIndexFixIsDeployFilesOnly(t *testing.T) {
	t.Parallel()
	runWalkCases(t, []deployCase{{name: "build", services: "services:\n  - hostname: web\n    type: static\n", target: "web",
		files: map[string]string{
			"zerops.yml": "zerops:\n  - setup: web\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm i\n        - npm run build\n" +
				"      deployFiles: build\n    run:\n      base: static\n",
			"package.json":      `{"name": "todo", "version": "0.1.0", "scripts": {"build": "react-scripts build"}, "dependencies": {"react-scripts": "5.0.1"}}`,
			"public/index.html": "<div id=\"root\"></div>\n",
			"src/index.js":      "console.log(1)\n",
		},
		verdict: "degraded", next: []string{"`build/~`"}, lacks: []string{"documentRoot"}}})
}

// walk 19: the same react-app on a static service with run.documentRoot
// naming the deployed build folder was called live: the sandbox served
// the folder, though the docs give documentRoot to nginx and PHP only and
// say nothing of static reading it. Not checked, so not live.
func TestDeploy_StaticDocumentRootIsUnverified(t *testing.T) {
	t.Parallel()
	runWalkCases(t, []deployCase{{name: "documentRoot build", services: "services:\n  - hostname: web\n    type: static\n", target: "web",
		files: map[string]string{
			"zerops.yml":       "zerops:\n  - setup: web\n    build:\n      base: nodejs@22\n      deployFiles: build\n    run:\n      base: static\n      documentRoot: build\n",
			"build/index.html": "<div id=\"root\"></div>\n",
		},
		verdict: "unverified", reason: []string{"documentRoot", "`build/~`"}}})
}

// walk 19: the official vue-app recipe builds with `vite build` and a
// vite.config whose plugins are Vue's compiler alone; the sandbox took any
// plugins as maybe moving the output, so the deploy was unverified for the
// index vite build writes to dist. Vue's and React's plugins (and
// tsconfig paths) keep vite's dist; a framework's own layout (Remix,
// SvelteKit) stays unknown.
func TestDeploy_VitePluginOfVueKeepsDist(t *testing.T) {
	t.Parallel()
	runWalkCases(t, []deployCase{{name: "vue plugin", services: "services:\n  - hostname: web\n    type: static\n", target: "web",
		files: map[string]string{
			"zerops.yml": "zerops:\n  - setup: web\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm i  --loglevel=error\n" +
				"        - npm run build --prod --loglevel=error\n      deployFiles: dist/~\n    run:\n      base: static\n",
			"package.json": `{"name": "todos", "version": "0.0.0", "scripts": {"build": "vue-tsc --noEmit && vite build"},` +
				` "dependencies": {"vue": "^3.2.31"}, "devDependencies": {"vite": "^2.8.4", "vue-tsc": "^0.31.4"}}`,
			"index.html":  "<div id=\"app\"></div><script type=\"module\" src=\"/src/main.ts\"></script>\n",
			"src/main.ts": "import { createApp } from 'vue'\n",
			"vite.config.ts": "import { defineConfig } from 'vite'\nimport vue from '@vitejs/plugin-vue'\n\n" +
				"export default defineConfig({\n  plugins: [vue()],\n  resolve: { alias: { '@': '/src' } },\n})\n",
		},
		verdict: "unverified", reason: []string{"whether `vue-tsc --noEmit` compiles: type errors are not checked"}}})
}

// walk 19: on a nodejs@20 service (the remix-nodejs recipe's base) the
// log of a start whose file was not deployed ended "Node.js v22.12.0": a
// version the service does not run, which an agent may read as a wrong
// base. The line names the run base's Node.js major.
func TestLogs_NodeCrashNamesTheRunBasesNode(t *testing.T) {
	t.Parallel()
	runWalkCases(t, []deployCase{{name: "server.js not deployed", services: "services:\n  - hostname: app\n    type: nodejs@20\n", target: "app",
		files: map[string]string{
			"zerops.yml": "zerops:\n  - setup: app\n    build:\n      base: nodejs@20\n      deployFiles: package.json\n    run:\n      base: nodejs@20\n" +
				"      ports:\n        - port: 3000\n          httpSupport: true\n      start: node server.js\n",
			"package.json": `{"name": "n20", "version": "1.0.0"}`,
			"server.js":    "require('node:http').createServer((q, s) => s.end('ok')).listen(3000)\n",
		},
		and: func(t *testing.T, answer string, m map[string]any) {
			check, _ := m["check"].(map[string]any)
			lines, _ := check["logLines"].([]any)
			var version string
			for _, l := range lines {
				if s := str(l); strings.HasPrefix(s, "Node.js v") {
					version = s
				}
			}
			if !strings.HasPrefix(version, "Node.js v20.") {
				t.Fatalf("the crash's Node.js line is %q, want one of Node.js 20: %s", version, answer)
			}
		}}})
}

// walk 19: the payload recipe's build reads the service's secret as
// PAYLOAD_SECRET: ${RUNTIME_PAYLOAD_SECRET}. With the secret deleted,
// nothing sets PAYLOAD_SECRET at runtime, the build gets the literal
// text, and zerops_validate (and the deploy after it) said nothing: the
// RUNTIME_ prefix was taken as resolved. It warns now; a runtime variable
// of the setup, one of the service's, or its own zeropsSubdomain is not
// warned of.
func TestValidate_RuntimeReferenceToUnsetVariable(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := strings.Replace(demoZeropsYml, "    build: &build\n", "    build: &build\n      envVariables:\n"+
		"        PAYLOAD_SECRET: ${RUNTIME_PAYLOAD_SECRET}\n        DATABASE_URI: ${RUNTIME_DATABASE_URI}\n        SERVER_URL: ${RUNTIME_zeropsSubdomain}\n"+
		"        HOST_ID: ${RUNTIME_hostname}\n", 1)
	yml = strings.Replace(yml, "    run: &run\n", "    run: &run\n      envVariables:\n        DATABASE_URI: ${db_connectionString}\n", 1)
	validate := func() string {
		res, m := h.call(t, "zerops_validate", map[string]any{"content": yml, "kind": "zerops.yml"})
		if m["valid"] != true {
			t.Fatalf("the reference made the file invalid: %s", text(res))
		}
		return fmt.Sprint(m["warnings"])
	}
	warned := validate()
	for _, want := range []string{"${RUNTIME_PAYLOAD_SECRET}", "literal text", "zerops_env action=set serviceHostname=appstage"} {
		if !strings.Contains(warned, want) {
			t.Errorf("the warning lacks %q: %s", want, warned)
		}
	}
	for _, not := range []string{"RUNTIME_DATABASE_URI", "RUNTIME_zeropsSubdomain", "RUNTIME_hostname"} {
		if strings.Contains(warned, not) {
			t.Errorf("%s, which the runtime sets, is warned of: %s", not, warned)
		}
	}
	if res, _ := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"PAYLOAD_SECRET=s3cr3t-value-1"}}, "set"); res.IsError {
		t.Fatalf("set: %s", text(res))
	}
	if warned := validate(); strings.Contains(warned, "appstage has no runtime variable PAYLOAD_SECRET") {
		t.Errorf("warned once the service's secret is set: %s", warned)
	}
}

// walk 19: the nextjs-strapi-blog recipe's old-format zerops.yml, written
// in the new format as told, has no run.ports; on a service with a
// subdomain the step said to give "the port the app listens on" though the
// log since the deploy shows `next start` listening on 3000. It names it.
func TestDeploy_SubdomainWithoutPortNamesTheLoggedPort(t *testing.T) {
	t.Parallel()
	runWalkCases(t, []deployCase{{name: "no run.ports", services: "services:\n  - hostname: blog\n    type: nodejs@22\n    enableSubdomainAccess: true\n", target: "blog",
		files: map[string]string{
			"zerops.yml": "zerops:\n  - setup: blog\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm i\n        - npm run build\n" +
				"      deployFiles: ./\n    run:\n      base: nodejs@22\n      start: npm start\n",
			"package.json":   `{"name": "blog", "version": "1.0.0", "scripts": {"build": "next build", "start": "next start"}, "dependencies": {"next": "13.1.6", "react": "18.2.0", "react-dom": "18.2.0"}}`,
			"pages/index.js": "export default function Home() { return 'ok' }\n",
		},
		next: []string{"`- port: 3000`"}}})
}
