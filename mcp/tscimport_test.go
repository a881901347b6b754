package mcp_test

import "testing"

// A tsc build whose source imports a package package.json does not list
// fails as tsc does, TS2307 naming the file, line and module (walk 75b:
// such a build was ACTIVE and the doubt put on node_modules at run time).
// Listed (or its @types), a relative import, a Node module, or a project
// with path aliases, it builds.
func TestDeploy_TscImportOfAPackageNotListed(t *testing.T) {
	t.Parallel()
	tsconfig := `{"compilerOptions": {"outDir": "dist", "rootDir": "src", "strict": true, "module": "commonjs", "target": "es2022", "esModuleInterop": true}}`
	app := func(deps, tscfg, index string) map[string]string {
		return map[string]string{
			"zerops.yml":    setupYml{base: "nodejs@22", build: []string{"npm install", "npx tsc"}, deploy: "./", start: "node dist/index.js", port: 3000}.String(),
			"package.json":  `{"name": "api", "version": "1.0.0", "dependencies": {` + deps + `}, "devDependencies": {"typescript": "^5.6.0", "@types/node": "^22.0.0"}}`,
			"tsconfig.json": tscfg,
			"src/index.ts":  index,
		}
	}
	server := "import http from 'node:http';\nimport { join } from 'path';\nhttp.createServer((_q, s) => s.end(join('a', 'b'))).listen(3000, '0.0.0.0');\n"
	dayjs := "import dayjs from 'dayjs';\n" + server + "console.log(dayjs().format());\n"
	runDeployCases(t, []deployCase{
		{name: "not listed", files: app("", tsconfig, dayjs), verdict: "build-failed",
			says: []string{"src/index.ts(1,19): error TS2307: Cannot find module 'dayjs' or its corresponding type declarations.", `"signal":"compile-error"`}},
		{name: "listed", files: app(`"dayjs": "^1.11.0"`, tsconfig, dayjs), lacks: []string{"TS2307"}},
		{name: "Node's own and relative", files: func() map[string]string {
			f := app("", tsconfig, "import { greet } from './greet';\n"+server+"console.log(greet());\n")
			f["src/greet.ts"] = "export const greet = () => 'hi';\n"
			return f
		}(), verdict: "unverified", reason: []string{"whether `tsc` compiles: type errors are not checked"}},
		{name: "path aliases", files: app("", `{"compilerOptions": {"outDir": "dist", "rootDir": "src", "baseUrl": ".", "paths": {"lib/*": ["src/lib/*"]}}}`,
			"import { x } from 'lib/x';\n"+server), lacks: []string{"TS2307"}},
	})
}
