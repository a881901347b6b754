package mcp_test

import (
	"context"
	"fmt"
	"strings"
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
	tests := []struct {
		name, base, start, file, src string
		port                         int
	}{
		{"Deno", "deno@2\n      os: ubuntu", "deno run --allow-net --allow-env main.ts", "config/db.ts",
			"export const url = Deno.env.get(\"DATABASE_URL\") || \"postgres://postgres:postgres@localhost:5432/app\";\n", 8000},
		{"Node", "nodejs@22", "node index.js", "db.js",
			"module.exports = { host: process.env.REDIS_HOST ?? 'localhost' };\n", 3000},
	}
	entry := map[string]string{
		"Deno": "import { url } from './config/db.ts'\nconsole.log(url)\nDeno.serve({ port: 8000 }, () => new Response('ok'))\n",
		"Node": "const db = require('./db');\nrequire('node:http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n",
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			key := map[string]string{"Deno": "DATABASE_URL", "Node": "REDIS_HOST"}[tt.name]
			files := map[string]string{
				"zerops.yml": fmt.Sprintf(yml, tt.base, tt.port, tt.start, ""),
				tt.file:      tt.src,
				map[string]string{"Deno": "main.ts", "Node": "index.js"}[tt.name]: entry[tt.name],
			}
			if tt.name == "Node" {
				files["package.json"] = `{"name": "app", "version": "1.0.0"}`
			}
			h.ownApp(t, files)
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "unset")
			check, _ := m["check"].(map[string]any)
			reason := str(check["reason"])
			ref := map[string]string{"Deno": "`DATABASE_URL: ${<hostname>_connectionString}`", "Node": "`REDIS_HOST: ${<hostname>_hostname}`"}[tt.name]
			if m["verdict"] != "unverified" || !strings.Contains(reason, key) || !strings.Contains(reason, tt.file+":1") || !strings.Contains(reason, ref) {
				t.Fatalf("verdict %v, reason %q: want unverified naming %s at %s:1 and %s: %s", m["verdict"], reason, key, tt.file, ref, text(res))
			}
			env := "      envVariables:\n        " + key + ": ${db_hostname}\n"
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": fmt.Sprintf(yml, tt.base, tt.port, tt.start, env)})
			if res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "set"); m["verdict"] != "live" {
				t.Fatalf("with %s set the verdict is %v, want live: %s", key, m["verdict"], text(res))
			}
		})
	}
}
