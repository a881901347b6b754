package mcp_test

import (
	"strings"
	"testing"
)

// walk29Redwood is the redwoodjs recipe cut to what its start reads: a
// yarn 4 workspace of api and web built by `yarn rw build`, deployed
// whole, started by `yarn rw serve`, which serves web on redwood.toml's
// [web] port and the API on its [api] port; ports are run.ports.
func walk29Redwood(toml string, ports ...string) map[string]string {
	y := "zerops:\n  - setup: app\n    build:\n      base: nodejs@20\n      buildCommands:\n        - yarn\n        - yarn rw build\n      deployFiles: ./\n" +
		"    run:\n      base: nodejs@20\n      envVariables:\n        DATABASE_URL: ${db_connectionString}\n      ports:\n"
	for _, p := range ports {
		y += "        - port: " + p + "\n          httpSupport: true\n"
	}
	return map[string]string{
		"zerops.yml":                   y + "      start: yarn rw serve\n",
		"redwood.toml":                 toml,
		"package.json":                 `{"private": true, "workspaces": {"packages": ["api", "web"]}, "devDependencies": {"@redwoodjs/core": "8.6.1", "@redwoodjs/project-config": "8.6.1"}, "packageManager": "yarn@4.6.0"}`,
		"yarn.lock":                    "__metadata:\n  version: 8\n",
		".yarnrc.yml":                  "nodeLinker: node-modules\n",
		"api/package.json":             `{"name": "api", "private": true, "dependencies": {"@redwoodjs/api": "8.6.1", "@redwoodjs/graphql-server": "8.6.1"}}`,
		"api/db/schema.prisma":         "datasource db {\n  provider = \"postgresql\"\n  url      = env(\"DATABASE_URL\")\n}\n",
		"api/src/functions/graphql.ts": "import { createGraphQLHandler } from '@redwoodjs/graphql-server'\n\nexport const handler = createGraphQLHandler({ sdls: {}, services: {} })\n",
		"web/package.json":             `{"name": "web", "private": true, "dependencies": {"@redwoodjs/router": "8.6.1", "@redwoodjs/web": "8.6.1", "react": "18.3.1", "react-dom": "18.3.1"}, "devDependencies": {"@redwoodjs/vite": "8.6.1"}}`,
		"web/src/index.html":           "<!DOCTYPE html><html><body><div id=\"redwood-app\"></div></body></html>\n",
		"web/src/App.tsx":              "import { RedwoodProvider } from '@redwoodjs/web'\n\nconst App = () => <RedwoodProvider><h1>hi</h1></RedwoodProvider>\n\nexport default App\n",
	}
}

// walk29RedwoodToml is redwood.toml with web and api on their ports.
func walk29RedwoodToml(web, api string) string {
	return "[web]\n  title = \"Redwood App\"\n  port = " + web + "\n  apiUrl = \"/.redwood/functions\"\n[api]\n  port = " + api + "\n[browser]\n  open = true\n"
}

// TestDeploy_RedwoodServeWalk29: the redwoodjs recipe starts `yarn rw
// serve`, which serves web on redwood.toml's [web] port and the API on its
// [api] port. The answer was "unverified … where `yarn rw serve` listens
// (it reads no port or address for it)" for the recipe and for a
// redwood.toml moving the web side to 3000 alike, and run.ports off them
// was answered "where the code reads a port variable, set it (PORT: …)",
// a variable Redwood does not read. The sandbox reads redwood.toml: the
// recipe is unverified (its API is not read), a port off it is named.
// With one declared port dead and one undeclared in its place, the step
// swaps them in run.ports or names redwood.toml's line (fix30a): removing
// the dead port alone would drop the web side.
func TestDeploy_RedwoodServeWalk29(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: app\n    type: nodejs@20\n    enableSubdomainAccess: true\n"
	recipe := walk29Redwood(walk29RedwoodToml("8910", "8911"), "8910", "8911")
	runWalkCases(t, []deployCase{
		{name: "the recipe", services: svc, dir: "app", target: "app", files: recipe, verdict: "unverified",
			reason: []string{"redwood.toml's [web] and [api] ports"}, lacks: []string{"reads no port or address", "answers on some ports only"}},
		{name: "web port 3000 in redwood.toml", services: svc, dir: "app", target: "app", files: walk29Redwood(walk29RedwoodToml("3000", "8911"), "8910", "8911"), verdict: "degraded",
			next: []string{"declare 3000 in place of 8910 in run.ports, or change `port = 3000` in redwood.toml, line 3 to `port = 8910`"}, lacks: []string{"PORT:", "reads no port or address", "remove 8910"},
			then: []deployCase{{name: "redwood.toml back to 8910", files: recipe, verdict: "unverified"}}},
		{name: "run.ports 3000", services: svc, dir: "app", target: "app", files: walk29Redwood(walk29RedwoodToml("8910", "8911"), "3000", "8911"), verdict: "degraded",
			next: []string{"declare 8910 in place of 3000 in run.ports, or change `port = 8910` in redwood.toml, line 3 to `port = 3000`"}, lacks: []string{"PORT:", "reads no port or address", "remove 3000"}},
		{name: "REDWOOD_WEB_PORT", services: svc, dir: "app", target: "app",
			files: walk29RedwoodEnv(walk29Redwood(walk29RedwoodToml("8910", "8911"), "3000", "8911"), `REDWOOD_WEB_PORT: "3000"`), verdict: "unverified"},
	})
}

// walk29RedwoodEnv is files with env added to run.envVariables.
func walk29RedwoodEnv(files map[string]string, env string) map[string]string {
	files["zerops.yml"] = strings.Replace(files["zerops.yml"], "      envVariables:\n", "      envVariables:\n        "+env+"\n", 1)
	return files
}

// walk29Analog is the analog-static recipe: pnpm installs and `pnpm
// build` runs `ng build`, whose builder is Analog's vite one with the
// analog plugin in static mode: the pages land in dist/analog/public
// (angular.json's outputPath dist/client is not where they go). static
// serves deploy.
func walk29Analog(deploy string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: app\n    build:\n      base: nodejs@20\n      buildCommands:\n        - pnpm i\n        - pnpm build\n" +
			"      deployFiles:\n        - " + deploy + "\n    run:\n      base: static\n",
		"package.json":   `{"name": "site", "type": "module", "scripts": {"ng": "ng", "dev": "ng serve", "build": "ng build"}, "dependencies": {"@analogjs/router": "^1.9.0", "@angular/core": "^18.0.0"}, "devDependencies": {"@analogjs/platform": "^1.9.0", "@angular/cli": "^18.0.0", "vite": "~5.2.0"}}`,
		"pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
		"angular.json": `{"version": 1, "projects": {"my-app": {"projectType": "application", "root": ".", "sourceRoot": "src", "architect": {"build": {"builder": "@analogjs/platform:vite", ` +
			`"options": {"configFile": "vite.config.ts", "main": "src/main.ts", "outputPath": "dist/client", "tsConfig": "tsconfig.app.json"}}}}}}`,
		"vite.config.ts": "import { defineConfig } from 'vite';\nimport analog from '@analogjs/platform';\n\nexport default defineConfig(() => ({\n  plugins: [analog({ static: true })],\n}));\n",
		"index.html":     "<!doctype html><html><body><app-root></app-root><script type=\"module\" src=\"/src/main.ts\"></script></body></html>\n",
		"src/main.ts":    "import 'zone.js';\nimport { bootstrapApplication } from '@angular/platform-browser';\nimport { AppComponent } from './app/app.component';\n\nbootstrapApplication(AppComponent);\n",
	}
}

// TestDeploy_AnalogStaticWalk29: Analog's builder writes the pages to
// dist/analog/public whatever angular.json's outputPath (dist/client)
// says. `pnpm build` was not followed (pnpm runs a script by its bare
// name), so the recipe was unverified and deployFiles `dist/client/~`, a
// folder the build never writes, was unverified too where the platform
// fails the build. The recipe is live; dist/client is named missing with
// dist/analog/public in its place; without `~` the fix adds it.
func TestDeploy_AnalogStaticWalk29(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: app\n    type: static\n    enableSubdomainAccess: true\n"
	runWalkCases(t, []deployCase{
		{name: "the recipe", services: svc, dir: "app", target: "app", files: walk29Analog("dist/analog/public/~"), verdict: "live"},
		{name: "without tilde", services: svc, dir: "app", target: "app", files: walk29Analog("dist/analog/public"), verdict: "degraded",
			once: []string{"`dist/analog/public/~`"}, lacks: []string{"`dist/~`"},
			then: []deployCase{{name: "tilde added", files: walk29Analog("dist/analog/public/~"), verdict: "live"}}},
		{name: "angular.json's outputPath", services: svc, dir: "app", target: "app", files: walk29Analog("dist/client/~"), verdict: "build-failed",
			says: []string{"the build wrote `dist/analog/public` (ng build)"}, next: []string{"write `dist/analog/public/~` in place of `dist/client/~`"},
			then: []deployCase{{name: "dist/analog/public", files: walk29Analog("dist/analog/public/~"), verdict: "live"}}},
	})
}

// walk29Pnpm is a Node app installed by `pnpm i --frozen-lockfile`: its
// lock file locks express for the project; deps are package.json's.
func walk29Pnpm(deps string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: api\n    build:\n      base: nodejs@22\n      buildCommands:\n        - pnpm i --frozen-lockfile\n      deployFiles: ./\n" +
			"    run:\n      base: nodejs@22\n      ports:\n        - port: 3000\n          httpSupport: true\n      start: node index.js\n",
		"package.json":   `{"name": "api", "dependencies": {` + deps + `}}`,
		"pnpm-lock.yaml": "lockfileVersion: '9.0'\n\nimporters:\n\n  .:\n    dependencies:\n      express:\n        specifier: ^4.21.0\n        version: 4.21.2\n",
		"index.js":       "const express = require('express')\nconst app = express()\napp.get('/', (q, s) => s.send('ok'))\napp.listen(3000, '0.0.0.0')\n",
	}
}

// TestDeploy_PnpmFrozenLockfileWalk29: `pnpm i --frozen-lockfile` with a
// pnpm-lock.yaml that lacks a dependency package.json names passed the
// sandbox (live), where pnpm stops with ERR_PNPM_OUTDATED_LOCKFILE, and
// the fix for that line listed npm's commands first. The build fails in
// pnpm's words and the fix is pnpm's, said once.
func TestDeploy_PnpmFrozenLockfileWalk29(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: nodejs@22\n"
	noLock := walk29Pnpm(`"express": "^4.21.0"`)
	delete(noLock, "pnpm-lock.yaml")
	npmWords := []string{"package-lock.json", "npm ci", "`npm install", "composer", "go mod tidy"}
	runWalkCases(t, []deployCase{
		{name: "a dependency the lock lacks", services: svc, dir: "api", target: "api", files: walk29Pnpm(`"express": "^4.21.0", "dotenv": "^16.4.5"`), verdict: "build-failed",
			says: []string{"ERR_PNPM_OUTDATED_LOCKFILE", "lockfile-mismatch"}, once: []string{"Run `pnpm install --no-frozen-lockfile` locally, commit pnpm-lock.yaml"}, lacks: npmWords},
		{name: "no lock file", services: svc, dir: "api", target: "api", files: noLock, verdict: "build-failed",
			says: []string{"ERR_PNPM_NO_LOCKFILE"}, next: []string{"Run `pnpm install` locally, commit pnpm-lock.yaml"}, lacks: npmWords},
		{name: "in step", services: svc, dir: "api", target: "api", files: walk29Pnpm(`"express": "^4.21.0"`), verdict: "live"},
		{name: "--no-frozen-lockfile", services: svc, dir: "api", target: "api",
			files: walk29PnpmCmd(walk29Pnpm(`"express": "^4.21.0", "dotenv": "^16.4.5"`), "pnpm i --no-frozen-lockfile"), verdict: "live|unverified"},
	})
}

// walk29PnpmCmd is files with their install replaced by cmd.
func walk29PnpmCmd(files map[string]string, cmd string) map[string]string {
	files["zerops.yml"] = strings.Replace(files["zerops.yml"], "pnpm i --frozen-lockfile", cmd, 1)
	return files
}
