package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// Walk 9's faults (issue 34, Acceptance 1), each through MCP against the
// fake as an agent meets it.

// `next start` serves the production build `next build` wrote into .next;
// with no .next deployed (left out of deployFiles, or never built) Next.js
// stops at start, and the answer names the build and deployFiles (walk 8:
// such an app was answered live).
func TestDeploy_NextStartWithoutBuild(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands: [%s]
      deployFiles: %s
    run:
      base: nodejs@22
      ports: [{port: 3000, httpSupport: true}]
      start: npm start
`
	pkg := `{"name":"shop","version":"1.0.0","scripts":{"build":"next build","start":"next start"},"dependencies":{"next":"15.1.0","react":"19.0.0"}}`
	lock := `{"lockfileVersion":3,"packages":{"":{"name":"shop"},"node_modules/next":{"version":"15.1.0"},"node_modules/react":{"version":"19.0.0"}}}`
	tests := []struct {
		name, build, deploy string
		extra               map[string]string
		crash               bool
	}{
		{name: ".next left out of deployFiles", build: "npm ci, npm run build", deploy: "[node_modules, package.json, public]", crash: true},
		{name: "never built", build: "npm ci", deploy: "./", crash: true},
		{name: "built and deployed", build: "npm ci, npm run build", deploy: "./"},
		{name: "built and .next deployed", build: "npm ci, npm run build", deploy: "[.next, node_modules, package.json, public]"},
		{name: "a build uploaded", build: "npm ci", deploy: "./", extra: map[string]string{".next/BUILD_ID": "abc123\n"}},
		{name: "distDir of its own", build: "npm ci, npm run build", deploy: "[build, node_modules, package.json, public, next.config.js]",
			extra: map[string]string{"next.config.js": "module.exports = { distDir: 'build' };\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{
				"zerops.yml":        fmt.Sprintf(yml, tt.build, tt.deploy),
				"package.json":      pkg,
				"package-lock.json": lock,
				"app/page.js":       "export default function Page() { return 'hi'; }\n",
				"public/robots.txt": "User-agent: *\n",
			}
			for k, v := range tt.extra {
				files[k] = v
			}
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "next")
			answer := text(res)
			if !tt.crash {
				if m["verdict"] != "live" {
					t.Fatalf("verdict %v, want live: %s", m["verdict"], answer)
				}
				return
			}
			if m["verdict"] != "not-answering" || !strings.Contains(answer, "Could not find a production build in the '.next' directory") {
				t.Fatalf("verdict %v, want not-answering with Next.js's missing-build line: %s", m["verdict"], answer)
			}
			if next := str(m["next"]) + str(m["suggestion"]); !strings.Contains(next, "`.next` to `build.deployFiles`") || !strings.Contains(next, "next build") {
				t.Errorf("the fix %q names neither `.next` in deployFiles nor next build: %s", next, answer)
			}
		})
	}
}

// A build step the sandbox cannot follow (`npx prisma generate`) may have
// made files, but the run container still gets only deployFiles: an app
// whose deploy carries no node_modules fails to import its packages, and
// packages no install the sandbox read brings are unverified, never live
// (walk 8: every Node package counted as installed after such a step).
func TestDeploy_UnfollowedBuildStepKeepsPackages(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands: [%s]
      deployFiles: %s
    run:
      base: nodejs@22
      ports: [{port: 3000, httpSupport: true}]
      start: node dist/main.js
`
	pkg := `{"name":"api","version":"1.0.0","scripts":{"build":"tsc"},"dependencies":{"@prisma/client":"^5.0.0","express":"^4.21.0"},"devDependencies":{"prisma":"^5.0.0","typescript":"^5.6.0"}}`
	lock := `{"lockfileVersion":3,"packages":{"":{"name":"api"},"node_modules/@prisma/client":{"version":"5.22.0"},"node_modules/express":{"version":"4.21.1"},"node_modules/prisma":{"version":"5.22.0","dev":true},"node_modules/typescript":{"version":"5.6.2","dev":true}}}`
	main := "import express from 'express';\nimport { PrismaClient } from '@prisma/client';\n%s\nconst app = express();\napp.listen(3000, '0.0.0.0');\n"
	tests := []struct {
		name, build, deploy, extra string
		verdict, want              string // want: a line the answer holds
	}{
		{name: "no node_modules deployed", build: "npm ci, npx prisma generate, npm run build", deploy: "[dist, package.json, prisma]",
			verdict: "not-answering", want: "Cannot find module 'express'"},
		{name: "node_modules deployed", build: "npm ci, npx prisma generate, npm run build", deploy: "[dist, node_modules, package.json, prisma]",
			verdict: "live"},
		{name: "a package no install lists", build: "npm ci, npx prisma generate, npm run build", deploy: "[dist, node_modules, package.json, prisma]",
			extra: "import _ from 'lodash';", verdict: "unverified", want: "lodash"},
		{name: "node_modules only the unfollowed step may make", build: "npx prisma generate, npx tsc", deploy: "[dist, node_modules, package.json, prisma]",
			verdict: "unverified", want: "npx prisma generate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml":           fmt.Sprintf(yml, tt.build, tt.deploy),
				"package.json":         pkg,
				"package-lock.json":    lock,
				"tsconfig.json":        `{"compilerOptions":{"outDir":"dist","rootDir":"src","module":"commonjs","esModuleInterop":true}}`,
				"src/main.ts":          fmt.Sprintf(main, tt.extra),
				"prisma/schema.prisma": "generator client {\n  provider = \"prisma-client-js\"\n}\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "prisma")
			answer := text(res)
			if m["verdict"] != tt.verdict || !strings.Contains(answer, tt.want) {
				t.Fatalf("verdict %v, want %s with %q: %s", m["verdict"], tt.verdict, tt.want, answer)
			}
		})
	}
}

// The PHP build image has PHP, Composer, git and wget, not Node.js (the
// docs' PHP build environment; the Laravel recipes add nodejs to
// build.base to run npm): `npm run build` on php@8.4 alone fails as the
// shell does, and the answer adds nodejs to build.base (walk 8: such a
// build was followed as if npm were there).
func TestDeploy_NpmOnPHPBuildBase(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: %s
      prepareCommands: [%s]
      buildCommands:
        - composer install --no-dev
        - npm ci
        - npm run build
      deployFiles: ./
    run:
      base: php-nginx@8.4
      documentRoot: public
      ports: [{port: 80, httpSupport: true}]
`
	tests := []struct {
		name, base, prepare string
		failed              bool
	}{
		{name: "php alone", base: "php@8.4", failed: true},
		{name: "php with nodejs", base: "[php@8.4, nodejs@22]"},
		{name: "node installed by prepareCommands", base: "php@8.4", prepare: "sudo apk add --no-cache nodejs npm"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml":        fmt.Sprintf(yml, tt.base, tt.prepare),
				"composer.json":     `{"require":{"php":"^8.2"}}`,
				"package.json":      `{"name":"web","version":"1.0.0","scripts":{"build":"vite build"},"devDependencies":{"vite":"^6.0.0"}}`,
				"package-lock.json": `{"lockfileVersion":3,"packages":{"":{"name":"web"},"node_modules/vite":{"version":"6.0.1","dev":true}}}`,
				"public/index.php":  "<?php echo 'hi';\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "phpnpm")
			answer := text(res)
			if !tt.failed {
				if m["verdict"] == "build-failed" {
					t.Fatalf("the build failed: %s", answer)
				}
				return
			}
			if m["verdict"] != "build-failed" || !strings.Contains(answer, "npm: not found") {
				t.Fatalf("verdict %v, want build-failed with the shell's `npm: not found`: %s", m["verdict"], answer)
			}
			if sugg := str(m["suggestion"]); !strings.Contains(sugg, "nodejs@22") || !strings.Contains(sugg, "build.base") {
				t.Errorf("suggestion %q does not add nodejs to build.base: %s", sugg, answer)
			}
		})
	}
}

// RabbitMQ is in the catalog (rabbitmq@3.9) and in the docs' list of
// types, with no guide: the briefing says so and names NATS as the
// documented broker, never that Zerops has no RabbitMQ (walk 9: "RabbitMQ
// (not on Zerops)" beside a version check calling it valid) nor that it is
// legacy (nothing the platform publishes says so).
func TestKnowledge_OfferedServiceIsNotCalledMissing(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_knowledge", map[string]any{"runtime": "php-apache@8.4", "services": []string{"mariadb@10.6", "rabbitmq@3.9"}})
	answer := text(res)
	for _, bad := range []string{"not on Zerops", "Zerops has no RabbitMQ", "legacy service", "RabbitMQ (legacy", "do not create"} {
		if strings.Contains(answer, bad) {
			t.Errorf("the briefing says %q of a service the catalog offers: %s", bad, answer)
		}
	}
	for _, want := range []string{"rabbitmq@3.9", "no guide", "zerops_discover", "NATS"} {
		if !strings.Contains(answer, want) {
			t.Errorf("the briefing lacks %q: %s", want, answer)
		}
	}
}

// A web server answers a path with a file the deploy carries; a file only
// a build command the sandbox does not follow may have made (webpack
// Encore's `npm run build`) is not taken as served: the verdict is
// unverified, naming the file (walk 9: a Symfony app without
// documentRoot: public was answered live, its /var/www/index.php assumed
// made by Encore).
func TestDeploy_WebRootFileOnlyAnUnfollowedBuildMayMake(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: web
    build:
      base: [php@8.4, nodejs@22]
      buildCommands: [%s]
      deployFiles: ./
    run:
      base: php-apache@8.4
%s      ports: [{port: 80, httpSupport: true}]
`
	tests := []struct {
		name, build, docRoot string
		verdict, want        string
	}{
		{name: "no documentRoot, encore build", build: "composer install --no-dev, npm ci, npm run build", verdict: "unverified", want: "/var/www/index.php"},
		{name: "documentRoot public, encore build", build: "composer install --no-dev, npm ci, npm run build", docRoot: "      documentRoot: public\n", verdict: "live"},
		{name: "no documentRoot, composer only", build: "composer install --no-dev", verdict: "degraded", want: "set run.documentRoot"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: web\n    type: php-apache@8.4\n"}, "import"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			h.ownApp(t, map[string]string{
				"zerops.yml":        fmt.Sprintf(yml, tt.build, tt.docRoot),
				"composer.json":     `{"require":{"php":">=8.2","symfony/framework-bundle":"7.1.*"}}`,
				"package.json":      `{"name":"assets","version":"1.0.0","scripts":{"build":"encore production"},"devDependencies":{"@symfony/webpack-encore":"^4.7.0"}}`,
				"package-lock.json": `{"lockfileVersion":3,"packages":{"":{"name":"assets"},"node_modules/@symfony/webpack-encore":{"version":"4.7.0","dev":true}}}`,
				"public/index.php":  "<?php echo 'hi';\n",
				"assets/app.js":     "console.log('hi');\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "web"}, "webroot")
			answer := text(res)
			if m["verdict"] != tt.verdict || !strings.Contains(answer, tt.want) {
				t.Fatalf("verdict %v, want %s with %q: %s", m["verdict"], tt.verdict, tt.want, answer)
			}
		})
	}
}

// zerops_validate of a zerops.yml that adds a setup the last pushed file
// lacked: the next step deploys it, never "add an entry `setup: worker`
// to zerops.yml, which has only …" for the entry just validated (walk 9:
// a Symfony file gaining its worker setup).
func TestValidate_NewSetupIsNotAskedFor(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: worker\n    type: nodejs@22\n"}, "import"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	if res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "appstage"}, "deploy"); res.IsError {
		t.Fatalf("deploy: %s", text(res))
	}
	content := demoZeropsYml + `  - setup: worker
    build:
      base: nodejs@22
      buildCommands: [npm ci]
      deployFiles: ./
    run:
      base: nodejs@22
      start: node worker.js
`
	_, m := h.call(t, "zerops_validate", map[string]any{"content": content})
	next := str(m["next"])
	if strings.Contains(next, "add an entry `setup: worker`") || !strings.Contains(next, "targetService=worker") {
		t.Errorf("next %q asks for the setup the validated file has (or deploys no worker)", next)
	}
}

// A PHP queue worker: the knowledge no longer sends the agent to a
// `php@8.4` run base, which the schema (and the import, as a type)
// refuses (walk 9: a Symfony Messenger worker written so failed
// zerops_validate); it drains the queue from run.crontab.
func TestKnowledge_PHPWorkerNotOnABuildBase(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, q := range []string{"symfony messenger worker on zerops", "laravel queue worker on zerops"} {
		res, _ := h.call(t, "zerops_knowledge", map[string]any{"query": q})
		answer := text(res)
		if strings.Contains(answer, "on a `php@8.4` base") || !strings.Contains(answer, "run.crontab") {
			t.Errorf("%q: the answer puts a worker on a php@8.4 base (or names no run.crontab): %s", q, answer)
		}
	}
}

// A port written in the code a package script starts (Hono on Bun's
// `export default { port: 3000, fetch }`, started by `bun run start`):
// the fix names that line, not a PORT variable the code never reads
// (walk 9: "where the code reads a port variable, set it (PORT: …)").
func TestDeploy_ScriptEntryPortLiteral(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, start, script string }{
		{"bun run start", "bun run start", "bun run src/index.ts"},
		{"npm start", "npm start", "bun src/index.ts"},
		{"bun run of the file", "bun run src/index.ts", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: bun@1.2
      buildCommands: [bun install]
      deployFiles: ./
    run:
      base: bun@1.2
      ports: [{port: 8080, httpSupport: true}]
      start: ` + tt.start + "\n",
				"package.json": `{"name":"api","version":"1.0.0","scripts":{"start":"` + tt.script + `"},"dependencies":{"hono":"^4.6.0"}}`,
				"src/index.ts": "import { Hono } from 'hono'\nconst app = new Hono()\napp.get('/', (c) => c.text('hi'))\nexport default { port: 3000, fetch: app.fetch }\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "port")
			answer := text(res)
			if m["verdict"] != "not-answering" {
				t.Fatalf("verdict %v, want not-answering: %s", m["verdict"], answer)
			}
			next := str(m["next"])
			if !strings.Contains(next, "Setting PORT alone changes nothing") || strings.Contains(next, "where the code reads a port variable") {
				t.Errorf("next %q does not say the port is written in src/index.ts: %s", next, answer)
			}
			if !strings.Contains(answer, "src/index.ts, line 4") {
				t.Errorf("the answer does not name src/index.ts, line 4: %s", answer)
			}
		})
	}
}

// A reference to a service the project lacks and whose kind nothing
// names (`nats://${queue_hostname}:4222`): the fix offers creating it,
// not only "reference one of those hostnames", which would point a NATS
// client at a cache or a database (walk 9: a Go worker's NATS_URL).
func TestValidate_MissingServiceOfNoKnownKindCanBeCreated(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := strings.Replace(demoZeropsYml, "      start: node index.js\n", "      start: node index.js\n      envVariables:\n        NATS_URL: nats://${queue_hostname}:4222\n", 1)
	_, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
	ws, _ := m["warnings"].([]any)
	if len(ws) == 0 {
		t.Fatalf("no warning for ${queue_hostname}: %v", m)
	}
	fix := str(ws[0].(map[string]any)["fix"])
	if !strings.Contains(fix, "zerops_import") || !strings.Contains(fix, "queue") {
		t.Errorf("fix %q does not offer creating queue", fix)
	}
}

// run.healthCheck asks the app a path while it runs; the sandbox's app
// answers every path (its routes are in its code), so a check on a path
// other than / makes the verdict unverified, naming it, as a readiness
// check does (walk 9: a Hono app checked at /healthz, which it does not
// serve, was answered live).
func TestDeploy_HealthCheckPathIsUnverified(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, check, verdict string }{
		{"a path of its own", "      healthCheck:\n        httpGet:\n          port: 3000\n          path: /healthz\n", "unverified"},
		{"the root", "      healthCheck:\n        httpGet:\n          port: 3000\n          path: /\n", "live"},
		{"a command asking a path", "      healthCheck:\n        exec:\n          command: curl -fsS http://localhost:3000/up\n", "unverified"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.Replace(demoZeropsYml, "      start: node index.js\n", "      start: node index.js\n"+tt.check, 1)})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "health")
			answer := text(res)
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, answer)
			}
			if tt.verdict == "unverified" && !strings.Contains(answer, "run.healthCheck") {
				t.Errorf("the reason does not name run.healthCheck: %s", answer)
			}
		})
	}
}

// The fix for packages left out of the deploy names only what deployFiles
// lacks: `node_modules`, not package.json when it is listed (walk 9: a
// NestJS app deploying dist, package.json and prisma was told to add
// `node_modules` and `package.json`).
func TestDeploy_NodeModulesFixNamesOnlyWhatIsMissing(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	h.ownApp(t, map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands: [npm ci]
      deployFiles: [index.js, package.json]
    run:
      base: nodejs@22
      ports: [{port: 3000, httpSupport: true}]
      start: node index.js
`,
		"package.json":      `{"name":"api","version":"1.0.0","dependencies":{"express":"^4.21.0"}}`,
		"package-lock.json": `{"lockfileVersion":3,"packages":{"":{"name":"api"},"node_modules/express":{"version":"4.21.1"}}}`,
		"index.js":          "require('express')().listen(3000, '0.0.0.0');\n",
	})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "nm")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "add `node_modules` to `build.deployFiles`") || strings.Contains(next, "`package.json` to `build.deployFiles`") {
		t.Errorf("verdict %v, next %q: want node_modules alone added to deployFiles: %s", m["verdict"], next, text(res))
	}
}

// Enabling the subdomain of a service whose last deploy declares no HTTP
// port: the answer says that deploy's zerops.yml declares none (not "no
// deploy has registered a port … yet" of a service deployed with one
// before), and that a worker without HTTP needs no subdomain (walk 9: a
// Go worker deployed to a service that had served HTTP).
func TestSubdomain_LastDeployWithoutHTTPPort(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "appstage"}, "web"); res.IsError {
		t.Fatalf("deploy: %s", text(res))
	}
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.Replace(demoZeropsYml, "      ports: [{port: 3000, httpSupport: true}]\n", "", 1)})
	if res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "appstage"}, "worker"); res.IsError {
		t.Fatalf("deploy: %s", text(res))
	}
	res, m := h.call(t, "zerops_subdomain", map[string]any{"serviceHostname": "appstage", "action": "enable"})
	answer := text(res)
	if m["code"] != "SUBDOMAIN_NO_HTTP_PORT" || strings.Contains(answer, "no deploy has registered") ||
		!strings.Contains(answer, "declares no run.ports") || !strings.Contains(answer, "needs no subdomain") {
		t.Errorf("the answer does not say the last deploy declares no HTTP port: %s", answer)
	}
}
