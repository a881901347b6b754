package mcp_test

import "testing"

// A build running tsc through npm run build is taken to pass, but the
// sandbox does not check types, and on Zerops tsc exits 2 on a type error
// and fails the build: the deploy is unverified, its reason naming tsc
// (walk: `const port: number = "3000"` under strict built ACTIVE, and the
// reason named only where `node dist/index.js` listens). The same app
// without tsc (plain JavaScript) stays live.
func TestDeploy_TscTypeErrorsAreUnchecked(t *testing.T) {
	t.Parallel()
	lock := `{"lockfileVersion":3,"packages":{"":{"name":"api"},"node_modules/typescript":{"version":"5.6.2","dev":true},"node_modules/@types/node":{"version":"22.7.0","dev":true}}}`
	ts := map[string]string{
		"zerops.yml": setupYml{base: "nodejs@22", build: []string{"npm ci", "npm run build"}, deploy: "[dist, node_modules, package.json]",
			start: "node dist/index.js", port: 3000}.String(),
		"package.json":      `{"name":"api","version":"1.0.0","scripts":{"build":"tsc","start":"node dist/index.js"},"devDependencies":{"typescript":"^5.6.0","@types/node":"^22.0.0"}}`,
		"package-lock.json": lock,
		"tsconfig.json":     `{"compilerOptions":{"outDir":"dist","rootDir":"src","strict":true,"module":"commonjs","target":"es2022","esModuleInterop":true}}`,
		"src/index.ts":      "import http from 'node:http';\nconst port: number = \"3000\";\nhttp.createServer((_q, s) => s.end('ok')).listen(3000, '0.0.0.0');\nconsole.log(port);\n",
	}
	js := map[string]string{
		"zerops.yml":        setupYml{base: "nodejs@22", build: []string{"npm ci"}, deploy: "./", start: "node index.js", port: 3000}.String(),
		"package.json":      `{"name":"api","version":"1.0.0"}`,
		"package-lock.json": `{"lockfileVersion":3,"packages":{"":{"name":"api"}}}`,
		"index.js":          "const http = require('node:http');\nhttp.createServer((_q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n",
	}
	runDeployCases(t, []deployCase{
		{name: "tsc through npm run build", files: ts, verdict: "unverified",
			reason: []string{"whether `tsc` compiles: type errors are not checked here (on Zerops a type error fails the build"}},
		{name: "no tsc", files: js, verdict: "live", lacks: []string{"type errors are not checked"}},
	})
}
