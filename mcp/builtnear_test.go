package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A start naming a file tsc writes by a typo (`node dist/mian.js`, tsc
// writing dist/main.js from src/main.ts) got the general "make run.start
// name a file the build produces" (fix30a): ZCP listed only the source's
// top. The answer names the file tsc writes of the closest name and its
// source, read from tsconfig's rootDir, else its include folder.
func TestDeploy_BuiltStartTypoNamesWhatTscWrites(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands: [npm ci, npm run build]
      deployFiles: [dist, node_modules, package.json]
    run:
      base: nodejs@22
      ports: [{port: 3000, httpSupport: true}]
      start: node %s
`
	serve := "import express from 'express';\nconst app = express();\napp.get('/', (_q, s) => s.send('ok'));\napp.listen(3000, '0.0.0.0');\n"
	tests := []struct {
		name, start, tsconfig string
		src                   map[string]string
		cause, fix            string
	}{
		{"rootDir", "dist/mian.js", `{"compilerOptions":{"outDir":"dist","rootDir":"src"}}`,
			map[string]string{"src/main.ts": serve, "src/routes.ts": "export {};\n"},
			"tsc writes `dist/main.js` (from `src/main.ts`)", "`node dist/main.js`"},
		{"include folder", "dist/sever.js", `{"compilerOptions":{"outDir":"dist"},"include":["src/**/*"]}`,
			map[string]string{"src/server.ts": serve},
			"tsc writes `dist/server.js` (from `src/server.ts`)", "`node dist/server.js`"},
		{"a folder inside", "dist/http/app.js", `{"compilerOptions":{"outDir":"dist","rootDir":"src"}}`,
			map[string]string{"src/http/ap.ts": serve},
			"tsc writes `dist/http/ap.js` (from `src/http/ap.ts`)", "`node dist/http/ap.js`"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{"zerops.yml": fmt.Sprintf(yml, tt.start),
				"package.json":      `{"name":"api","version":"1.0.0","scripts":{"build":"tsc"},"dependencies":{"express":"4.21.0"},"devDependencies":{"typescript":"5.6.0"}}` + "\n",
				"package-lock.json": `{"lockfileVersion":3,"packages":{"":{"name":"api"},"node_modules/express":{"version":"4.21.0"},"node_modules/typescript":{"version":"5.6.0","dev":true}}}` + "\n",
				"tsconfig.json":     tt.tsconfig + "\n"}
			for k, v := range tt.src {
				files[k] = v
			}
			writeApp(t, h.workDir(t), files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			answer := text(res)
			if m["verdict"] != "not-answering" || !strings.Contains(answer, `"signal":"start-file-missing"`) {
				t.Fatalf("verdict %v, want not-answering with start-file-missing: %s", m["verdict"], answer)
			}
			if !strings.Contains(answer, tt.cause) {
				t.Errorf("answer lacks %q: %s", tt.cause, answer)
			}
			if n := strings.Count(answer, tt.fix); n != 1 {
				t.Errorf("answer names %s %d times, want once: %s", tt.fix, n, answer)
			}
			if strings.Contains(answer, "name a file the build produces") {
				t.Errorf("answer keeps the general fix: %s", answer)
			}
		})
	}
}
