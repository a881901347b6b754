package mcp_test

import (
	"fmt"
	"maps"
	"testing"
)

// An app whose code reaches its database at a localhost fallback when a
// variable is unset (the Hono on Deno recipe's config/db.ts:
// `Deno.env.get("DATABASE_URL") || "postgres://…@localhost:5432/…"`, its
// zerops.yml setting none) is not live: nothing listens at localhost in the
// container, and whether the app connects at start is in its code, so the
// deploy is unverified, naming the variable and the line (walk 13: answered
// live). With the variable referencing the service, it is live.
func TestDeploy_LocalhostFallbackOfAnUnsetVariable(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: %[1]s
      deployFiles: ./
    run:
      base: %[1]s
      ports:
        - port: %[2]d
          httpSupport: true
      start: %[3]s
%[4]s`
	// app is files with a zerops.yml of base, start and port; key set
	// to the db service's hostname unless key is "".
	app := func(base, start string, port int, key string, files map[string]string) map[string]string {
		out, env := maps.Clone(files), ""
		if key != "" {
			env = "      envVariables:\n        " + key + ": ${db_hostname}\n"
		}
		out["zerops.yml"] = fmt.Sprintf(yml, base, port, start, env)
		return out
	}
	deno := func(key string) map[string]string {
		return app("deno@2\n      os: ubuntu", "deno run --allow-net --allow-env main.ts", 8000, key, map[string]string{
			"config/db.ts": "export const url = Deno.env.get(\"DATABASE_URL\") || \"postgres://postgres:postgres@localhost:5432/app\";\n",
			"main.ts":      "import { url } from './config/db.ts'\nconsole.log(url)\nDeno.serve({ port: 8000 }, () => new Response('ok'))\n",
		})
	}
	node := func(key string) map[string]string {
		return app("nodejs@22", "node index.js", 3000, key, map[string]string{
			"db.js":        "module.exports = { host: process.env.REDIS_HOST ?? 'localhost' };\n",
			"index.js":     "const db = require('./db');\nrequire('node:http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n",
			"package.json": `{"name": "app", "version": "1.0.0"}`,
		})
	}
	runDeployCases(t, []deployCase{
		{name: "Deno", files: deno(""), verdict: "unverified",
			reason: []string{"DATABASE_URL", "config/db.ts:1", "`DATABASE_URL: ${db_connectionString}`"},
			then:   []deployCase{{name: "Deno, DATABASE_URL set", files: deno("DATABASE_URL"), verdict: "live"}}},
		{name: "Node", files: node(""), verdict: "unverified",
			reason: []string{"REDIS_HOST", "db.js:1", "`REDIS_HOST: ${cache_hostname}`"},
			then:   []deployCase{{name: "Node, REDIS_HOST set", files: node("REDIS_HOST"), verdict: "live"}}},
	})
}
