package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A reference to a service the project lacks leaves the app a host that
// does not resolve (the app connects with it as it loads); the log the
// answer quotes is in the words of the runtime that runs the app, never
// another's (walk9: a Bun app's was Node's `Error: getaddrinfo ENOTFOUND`).
func TestDeploy_HostNotFoundInTheRuntimesWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, base, start string
		files             map[string]string
		want, not         string
	}{
		{name: "bun", base: "bun@1.2", start: "bun run index.ts",
			files: map[string]string{"package.json": `{"name":"a","version":"1.0.0"}`,
				"index.ts": "const db = await Bun.connect({ hostname: new URL(process.env.DATABASE_URL).hostname, port: 5432, socket: { data() {} } });\nexport default { port: 3000, fetch() { return new Response('ok'); } };\n"},
			want: "DNSException: getaddrinfo ENOTFOUND billingdb", not: "Error: getaddrinfo"},
		{name: "node", base: "nodejs@22", start: "node index.js",
			files: map[string]string{"package.json": `{"name":"a","version":"1.0.0"}`,
				"index.js": "const db = require('net').connect(5432, new URL(process.env.DATABASE_URL).hostname);\nrequire('http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"},
			want: "Error: getaddrinfo ENOTFOUND billingdb", not: "DNSException"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: ` + tt.base + `
      deployFiles: ./
    run:
      base: ` + tt.base + `
      envVariables:
        DATABASE_URL: ${billingdb_connectionString}
      ports:
        - port: 3000
          httpSupport: true
      start: ` + tt.start + "\n"}
			for k, v := range tt.files {
				files[k] = v
			}
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			check, _ := m["check"].(map[string]any)
			first := firstDiagnosis(check["diagnoses"])
			if first["signal"] != "host-not-found" || first["evidence"] != tt.want {
				t.Fatalf("first diagnosis %v, want host-not-found with evidence %q: %s", first, tt.want, text(res))
			}
			if out := text(res); strings.Contains(out, tt.not) {
				t.Errorf("the answer speaks another runtime's words (%q): %s", tt.not, out)
			}
		})
	}
}
