package mcp_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `deno run` of a module Deno fetches (jsr:, npm:, a URL) starts no
// deployed file: the sandbox does not call it missing ("Module not found
// file:///var/www/jsr:…") but says it could not read where it listens.
func TestDeploy_DenoRemoteEntryIsNoMissingFile(t *testing.T) {
	t.Parallel()
	for _, spec := range []string{"jsr:@std/http/file-server", "npm:http-server", "https://deno.land/std/http/file_server.ts"} {
		t.Run(spec, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			for _, f := range []string{"index.js", "package.json", "package-lock.json"} {
				_ = os.Remove(filepath.Join(h.workDir(t), f))
			}
			writeApp(t, h.workDir(t), map[string]string{
				"zerops.yml": "zerops:\n  - setup: appstage\n    build:\n      base: deno@2\n      deployFiles: public\n    run:\n      base: deno@2\n" +
					"      ports: [{port: 8000, httpSupport: true}]\n      start: deno run -A " + spec + " public\n",
				"public/index.html": "<p>hi</p>\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "remote")
			if answer := text(res); m["verdict"] != "unverified" || strings.Contains(answer, "Module not found") {
				t.Errorf("verdict %v, want unverified without a missing module: %s", m["verdict"], answer)
			}
		})
	}
}
