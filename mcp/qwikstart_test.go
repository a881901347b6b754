package mcp_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// qwikApp is the official recipe-qwik-nodejs shape: Qwik City built with
// the Express adapter, deploying no node_modules, started by start.
func qwikApp(start string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@20\n      buildCommands: [pnpm i, pnpm run build]\n" +
			"      deployFiles: [package.json, public, server, dist]\n    run:\n      base: nodejs@20\n      ports: [{port: 3000, httpSupport: true}]\n      start: " + start + "\n",
		"package.json": `{"name":"shop","type":"module","scripts":{"build":"qwik build","build.server":"vite build -c adapters/express/vite.config.ts",` +
			`"dev":"vite --mode ssr","serve":"node server/entry.express","start":"vite --mode ssr --host 0.0.0.0 --port 3000"},` +
			`"devDependencies":{"@builder.io/qwik":"^1.5.1","@builder.io/qwik-city":"^1.5.1","express":"4.18.2","vite":"^5.1.4"}}` + "\n",
		"pnpm-lock.yaml":                  "lockfileVersion: '9.0'\n",
		"vite.config.ts":                  "import { defineConfig } from 'vite';\nexport default defineConfig(() => ({}));\n",
		"adapters/express/vite.config.ts": "import baseConfig from '../../vite.config';\nexport default baseConfig;\n",
		"public/favicon.svg":              "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
		"src/entry.express.tsx":           "import express from 'express';\nconst app = express();\napp.listen(process.env.PORT ?? 3000);\n",
	}
}

// A Qwik app started with its dev server (`pnpm start`: vite) without
// node_modules fails on `vite: not found`; the fix is Qwik's production
// server, as the official recipe starts it (`pnpm serve`), not deploying
// node_modules to run the dev server (walk 14).
func TestDeploy_QwikDevServerFixIsTheProductionStart(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, start, verdict string }{
		{"the dev server", "pnpm start", "not-answering"},
		{"the recipe's start", "pnpm serve", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			for _, f := range []string{"index.js", "package-lock.json"} {
				_ = os.Remove(filepath.Join(h.workDir(t), f))
			}
			writeApp(t, h.workDir(t), qwikApp(tt.start))
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "qwik")
			answer := text(res)
			if tt.verdict == "" {
				if v := m["verdict"]; v != "live" && v != "unverified" {
					t.Fatalf("the recipe's start: verdict %v, want live or unverified: %s", v, answer)
				}
				return
			}
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, answer)
			}
			next := str(m["next"])
			if !strings.Contains(next, "npm run serve") || !strings.Contains(next, "node server/entry.express") {
				t.Errorf("next does not start Qwik's production server: %s", next)
			}
			if strings.Contains(answer, "add `node_modules`") || strings.Contains(answer, "Keep the package of `vite` in `dependencies`") {
				t.Errorf("the answer still deploys node_modules to run the dev server: %s", answer)
			}
		})
	}
}
