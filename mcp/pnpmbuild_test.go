package mcp_test

import (
	"context"
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
