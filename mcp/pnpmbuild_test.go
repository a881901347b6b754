package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// pnpm on a nodejs base, as the official recipes (Astro, Next.js,
// SvelteKit) run it: `pnpm i` and a pnpm script in the build, `pnpm start`
// in run.start, nothing installing pnpm. The Zerops docs list npm, yarn,
// git and npx in the image and do not settle pnpm; the recipes run it, so
// the sandbox does not fail such a build or start, and validate raises no
// warning against it (the knowledge base says the same).
func TestDeploy_PnpmAsTheRecipesRunIt(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: nodejs@20
      buildCommands:
        - pnpm i
        - pnpm run build
      deployFiles: ./
    run:
      base: nodejs@20
      ports:
        - port: 3000
          httpSupport: true
      start: pnpm start
`
	h := newHarness(t, harnessOpts{sandboxPush: true})
	res, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
	if wantOK(t, res); m["warnings"] != nil {
		t.Errorf("validate warns of pnpm as the recipes run it: %s", text(res))
	}
	h.ownApp(t, map[string]string{
		"zerops.yml":     yml,
		"package.json":   `{"name": "site", "version": "1.0.0", "scripts": {"build": "node build.js", "start": "node index.js"}}`,
		"pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
		"build.js":       "console.log('built');\n",
		"index.js":       "require('node:http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n",
	})
	res, m = h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
	out := text(res)
	if res.IsError || m["verdict"] == "build-failed" || m["verdict"] == "not-answering" || strings.Contains(out, "pnpm: not found") {
		t.Fatalf("a pnpm build and start as the recipes write them failed: %s", out)
	}
}

// A start by pnpm or yarn runs package.json's script as `npm start` does,
// and the sandbox follows it the same way (walk 13: the Qwik recipe with
// `pnpm start`, whose script is the vite dev server, while node_modules is
// not deployed, was answered unverified, "reads no port or address for
// it"; `npm start` found `sh: vite: not found`).
func TestDeploy_PnpmAndYarnStartFollowTheScript(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: nodejs@20
      buildCommands:
        - pnpm i
      deployFiles: [package.json, index.js]
    run:
      base: nodejs@20
      ports:
        - port: 3000
          httpSupport: true
      start: %s
`
	pkg := `{"name": "shop", "version": "1.0.0", "scripts": {"start": "vite --mode ssr --host 0.0.0.0 --port 3000", "serve": "node index.js"}, "devDependencies": {"vite": "^5.0.0"}}`
	tests := []struct {
		name, start, verdict, evidence string
	}{
		{"PnpmStartOfDevServer", "pnpm start", "not-answering", "vite: not found"},
		{"PnpmServe", "pnpm serve", "live", ""},
		{"PnpmRunServe", "pnpm run serve", "live", ""},
		{"YarnServe", "yarn serve", "live", ""},
		{"YarnStartOfDevServer", "yarn start", "not-answering", "vite: not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml":     fmt.Sprintf(yml, tt.start),
				"package.json":   pkg,
				"pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
				"index.js":       "require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT ?? 3000, '0.0.0.0');\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			out := text(res)
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, out)
			}
			if tt.evidence == "" {
				return
			}
			res, m = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage", "severity": "error"})
			if !strings.Contains(text(res), tt.evidence) || firstDiagnosis(m["diagnoses"])["signal"] != "module-not-found-at-runtime" {
				t.Errorf("the logs lack %q or its diagnosis: %s", tt.evidence, text(res))
			}
		})
	}
}
