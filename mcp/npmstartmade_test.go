package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// An npm script started from files the build may have made (Next.js's
// standalone output carries its own package.json) is not answered with
// npm's ENOENT for a package.json the sandbox could not see (walk 8:
// `npm run serve` after `.next/standalone/~` was called not-answering, the
// fix saying to make run.start name a file the build produces).
func TestDeploy_NpmStartOfBuildMadePackageJSON(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands: [npm ci, npm run build]
      deployFiles: .next/standalone/~
    run:
      base: nodejs@22
      ports: [{port: 3000, httpSupport: true}]
      start: npm run serve
`
	tests := []struct {
		name  string
		files map[string]string
	}{
		{"next standalone", map[string]string{"zerops.yml": yml,
			"next.config.js":    "module.exports = { output: 'standalone' };\n",
			"package.json":      `{"name":"shop","version":"1.0.0","scripts":{"build":"next build","start":"next start"},"dependencies":{"next":"15.1.0"}}` + "\n",
			"package-lock.json": `{"lockfileVersion":3,"packages":{"":{"name":"shop"},"node_modules/next":{"version":"15.1.0"}}}` + "\n",
			"app/page.js":       "export default function Page() { return null; }\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), tt.files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			if m["verdict"] == "not-answering" || strings.Contains(text(res), "ENOENT") || strings.Contains(text(res), "name a file the build produces") {
				t.Errorf("verdict %v: a package.json the build may have made was taken as missing: %s", m["verdict"], text(res))
			}
		})
	}
}

// npm started by run.start with package.json left out of deployFiles:
// the answer names package.json in deployFiles, not "make run.start name
// a file the build produces" (walk 8: a NestJS app deploying only dist
// and started with `npm run start:prod`).
func TestDeploy_NpmStartWithoutPackageJSON(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	h.ownApp(t, map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands:
        - mkdir -p dist && cp server.js dist/main.js
      deployFiles:
        - dist
    run:
      base: nodejs@22
      ports:
        - port: 3000
          httpSupport: true
      start: npm run start:prod
`,
		"package.json": `{"name":"api","version":"1.0.0","scripts":{"start:prod":"node dist/main.js"}}`,
		"server.js":    "require('http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n",
	})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "npmstart")
	answer := text(res)
	if m["verdict"] != "not-answering" {
		t.Fatalf("verdict %v, want not-answering: %s", m["verdict"], answer)
	}
	next := str(m["next"])
	if !strings.Contains(next, "Add `package.json` to `build.deployFiles`") || strings.Contains(answer, "name a file the build produces") {
		t.Errorf("next %q does not name package.json in deployFiles (or the answer still says the build should produce it): %s", next, answer)
	}
}

// TestDeploy_NpmScriptNamesAFileTheBuildDoesNotMake: walk 82 renamed the
// start script's file (`start:prod: node ./dist/server.js`, tsc making
// dist/index.js of src/index.ts) and the fix said "Make `run.start` name a
// file the build produces", though run.start (`npm run start:prod`) names
// no file: the script does, and the fix names the script.
func TestDeploy_NpmScriptNamesAFileTheBuildDoesNotMake(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: nodejs@22
      buildCommands: [npm i, npm run build]
      deployFiles: [./dist, ./node_modules, ./package.json]
    run:
      base: nodejs@22
      ports: [{port: 3000, httpSupport: true}]
      start: npm run start:prod
`,
		"package.json":  `{"name":"api","version":"1.0.0","scripts":{"build":"tsc","start:prod":"node ./dist/server.js"},"dependencies":{"express":"4.21.2"},"devDependencies":{"typescript":"5.7.3"}}` + "\n",
		"tsconfig.json": `{"compilerOptions":{"outDir":"./dist","rootDir":"./src","module":"commonjs","target":"es2020"}}` + "\n",
		"src/index.ts":  "import express from 'express';\nconst app = express();\napp.listen(3000, '0.0.0.0');\n",
	})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || !strings.Contains(next, "`start:prod` script of package.json") || strings.Contains(next, "Make `run.start` name a file") {
		t.Errorf("verdict %v: want the fix in the start:prod script: %s", m["verdict"], text(res))
	}
}
