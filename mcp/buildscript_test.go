package mcp_test

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"testing"
)

// A build command running a script package.json lacks (npm's "Missing
// script" in the build log) was answered "correct the script name", naming
// neither the scripts there are nor the near one (fix30a). The answer names
// package.json's scripts and, for a misspelt one, the script to run.
func TestDeploy_BuildMissingScriptNamesTheScripts(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands: [npm ci, %s]
      deployFiles: [dist, node_modules, package.json]
    run:
      base: nodejs@22
      ports: [{port: 3000, httpSupport: true}]
      start: node dist/main.js
`
	tests := []struct {
		cmd       string
		says      []string
		suggestio string
		pkg       string // package.json; "": one with build and start scripts
	}{
		{"npm run biuld", []string{"package.json at the top of your source has `build`, `start` (no `biuld`)"}, "run `build` in place of `biuld`", ""},
		{"npm run compile", []string{"has `build`, `start` (no `compile`)"}, "run one of the scripts package.json has", ""},
		// walk 74: "run one of the scripts package.json has" of one that has none
		{"npm run build", []string{"has no scripts (no `build`)"}, "Remove the command that runs `build` from `build.buildCommands` if nothing needs building, or add a `build` script",
			`{"name":"api","version":"1.0.0","dependencies":{"express":"4.21.0"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": fmt.Sprintf(yml, tt.cmd),
				"package.json":      cmp.Or(tt.pkg, `{"name":"api","version":"1.0.0","scripts":{"build":"tsc","start":"node dist/main.js"},"dependencies":{"express":"4.21.0"},"devDependencies":{"typescript":"5.6.0"}}`) + "\n",
				"package-lock.json": `{"lockfileVersion":3,"packages":{"":{"name":"api"},"node_modules/express":{"version":"4.21.0"},"node_modules/typescript":{"version":"5.6.0","dev":true}}}` + "\n",
				"tsconfig.json":     `{"compilerOptions":{"outDir":"dist","rootDir":"src"}}` + "\n",
				"src/main.ts":       "import express from 'express';\nconst app = express();\napp.get('/', (_q, s) => s.send('ok'));\napp.listen(3000, '0.0.0.0');\n"})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			answer := text(res)
			if m["verdict"] != "build-failed" {
				t.Fatalf("verdict %v: %s", m["verdict"], answer)
			}
			for _, w := range tt.says {
				if !strings.Contains(answer, w) {
					t.Errorf("answer lacks %q: %s", w, answer)
				}
			}
			if s := str(m["suggestion"]); !strings.Contains(s, tt.suggestio) || !strings.Contains(s, "`build.buildCommands`") || strings.Contains(s, "scripts package.json has") && tt.pkg != "" {
				t.Errorf("suggestion %q: want %q in build.buildCommands", s, tt.suggestio)
			}
		})
	}
}
