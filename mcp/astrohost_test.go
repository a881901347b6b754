package mcp_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// astroApp is the official recipe-astro-nodejs shape: Astro built with the
// Node adapter in standalone mode, started by `node dist/server/entry.mjs`
// through pnpm, with env (run.envVariables lines) and config (what
// defineConfig gets besides the adapter).
func astroApp(env, config string) map[string]string {
	return map[string]string{
		"zerops.yml": fmt.Sprintf("zerops:\n  - setup: appstage\n    build:\n      base: nodejs@20\n      buildCommands: [pnpm i, pnpm run build]\n"+
			"      deployFiles: [dist, package.json, node_modules]\n    run:\n      base: nodejs@20\n      ports: [{port: 3000, httpSupport: true}]\n"+
			"      envVariables:\n        PORT: 3000\n%s      start: pnpm start\n", env),
		"package.json": `{"name":"site","type":"module","scripts":{"dev":"astro dev","start":"node dist/server/entry.mjs","build":"astro build"},` +
			`"dependencies":{"@astrojs/node":"^9.0.0","astro":"5.0.2"}}` + "\n",
		"pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
		"astro.config.mjs": "import { defineConfig } from 'astro/config';\nimport node from '@astrojs/node';\n\nexport default defineConfig({\n  output: 'server',\n" +
			"  adapter: node({ mode: 'standalone' }),\n" + config + "});\n",
		"src/pages/index.astro": "<h1>hi</h1>\n",
	}
}

// Astro's Node adapter binds localhost unless HOST (or astro.config's
// server.host) says otherwise: the official recipe sets HOST and is live;
// without it the app answers only inside the container, and the answer
// names HOST (walk 14: unverified, "where `pnpm start` listens").
func TestDeploy_AstroStandaloneHost(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, env, config, verdict, next string }{
		{"the recipe, HOST set", "        HOST: 0.0.0.0\n", "", "live", ""},
		{"no HOST", "", "", "not-answering", "HOST=0.0.0.0"},
		{"server.host in the config", "", "  server: { host: true },\n", "live", ""},
		{"HOST local in run.envVariables", "        HOST: 127.0.0.1\n", "  server: { host: true },\n", "not-answering", "set HOST: 0.0.0.0 there"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			for _, f := range []string{"index.js", "package-lock.json"} {
				_ = os.Remove(filepath.Join(h.workDir(t), f))
			}
			writeApp(t, h.workDir(t), astroApp(tt.env, tt.config))
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "astro")
			answer := text(res)
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, answer)
			}
			if next := str(m["next"]); tt.next != "" && !strings.Contains(next, tt.next) {
				t.Errorf("next %q does not say %q: %s", next, tt.next, answer)
			}
			if tt.next == "" && strings.Contains(answer, "HOST=0.0.0.0") {
				t.Errorf("the answer offers HOST where the app binds every address: %s", answer)
			}
		})
	}
}
