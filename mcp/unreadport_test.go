package mcp_test

import "testing"

// TestDeploy_BuiltEntryPortGivenWalk78: recipe-adonisjs-postgres-api's
// `npm start` runs server.js, which `node ace build` makes, with HOST and
// PORT set in run.envVariables. The answer was "could not check where
// `npm start` listens (it reads no port or address for it)": true of
// server.ts, which Adonis's Ignitor starts, but silent on the PORT the
// recipe sets. The reason now says PORT is set to the declared port.
func TestDeploy_BuiltEntryPortGivenWalk78(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: nodejs@22\n    enableSubdomainAccess: true\n"
	yml := func(env string) string {
		return "zerops:\n  - setup: api\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm i\n        - npm run build\n" +
			"      deployFiles: [ './build/~', 'node_modules' ]\n    run:\n      base: nodejs@22\n" +
			"      ports:\n        - port: 3333\n          httpSupport: true\n      envVariables:\n" + env + "      start: npm start\n"
	}
	files := func(env string) map[string]string {
		return map[string]string{
			"zerops.yml":   yml(env),
			"package.json": `{"name": "api", "scripts": {"build": "node ace build --production", "start": "node server.js"}, "dependencies": {"@adonisjs/core": "^5.5.3"}}`,
			"server.ts":    "import 'reflect-metadata'\nimport { Ignitor } from '@adonisjs/core/build/standalone'\nnew Ignitor(__dirname).httpServer().start()\n",
			"ace":          "require('@adonisjs/core/build/standalone').Ignitor(__dirname).ace().handle(process.argv.slice(2))\n",
		}
	}
	runWalkCases(t, []deployCase{
		{name: "PORT set to run.ports", services: svc, dir: "api", target: "api", files: files("        HOST: 0.0.0.0\n        PORT: 3333\n"), verdict: "unverified",
			reason: []string{"where `npm start` listens", "PORT=3333, which run.ports declares, is set for it: it listens there if the app reads PORT"}},
		{name: "no PORT", services: svc, dir: "api", target: "api", files: files("        NODE_ENV: production\n"), verdict: "unverified",
			reason: []string{"where `npm start` listens (it reads no port or address for it)"}, lacks: []string{"PORT=3333"}},
	})
}
