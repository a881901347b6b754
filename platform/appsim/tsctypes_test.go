package appsim_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// A build running TypeScript's compiler (tsc, directly or through a
// package script, tsc -b, vue-tsc, nest build) is taken to pass, but the
// sandbox does not check types, and on Zerops a type error exits 2 and
// fails the build: the deploy is unverified, naming the compiler (walk:
// `const port: number = "3000"` built ACTIVE, the doubt only on where the
// start listens). A run that checks nothing (--version), a build without
// tsc, and nest build with SWC (which does not check types) add no note.
func TestBuild_TscTypesAreUnchecked(t *testing.T) {
	t.Parallel()
	pkg := func(build, dev string) string {
		return `{"name":"api","scripts":{"build":"` + build + `"},"devDependencies":{"typescript":"^5.6.0","@types/node":"^22.0.0"` + dev + `}}`
	}
	index := "import http from 'node:http';\nconst port: number = \"3000\";\nhttp.createServer((_q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"
	app := func(build string, extra map[string]string) map[string]string {
		up := map[string]string{"package.json": pkg(build, `,"vue-tsc":"^2.0.0"`), "package-lock.json": "{}",
			"tsconfig.json": `{"compilerOptions":{"outDir":"dist","rootDir":"src","strict":true,"module":"commonjs","target":"es2022"}}`,
			"src/index.ts":  index}
		for k, v := range extra {
			up[k] = v
		}
		return up
	}
	const note = "type errors are not checked here (on Zerops a type error fails the build"
	for _, tc := range []struct {
		name  string
		build []string
		up    map[string]string
		want  string // the compiler named in the note; "": no note
	}{
		{"a package script", []string{"npm ci", "npm run build"}, app("tsc", nil), "whether `tsc` compiles: "},
		{"npx tsc", []string{"npm ci", "npx tsc"}, app("tsc", nil), "whether `tsc` compiles: "},
		{"tsc -b", []string{"npm ci", "npm run build"}, app("tsc -b", nil), "whether `tsc -b` compiles: "},
		{"vue-tsc", []string{"npm ci", "npx vue-tsc --noEmit", "npx tsc"}, app("tsc", nil), "whether `vue-tsc --noEmit` compiles: "},
		{"nest build", []string{"npm ci", "npm run build"}, app("nest build", map[string]string{"nest-cli.json": `{"sourceRoot":"src"}`}), "whether `nest build` compiles: "},
		{"nest build with SWC", []string{"npm ci", "npm run build"},
			app("nest build", map[string]string{"nest-cli.json": `{"sourceRoot":"src","compilerOptions":{"builder":"swc"}}`}), ""},
		{"tsc --version", []string{"npm ci", "npx tsc --version"}, app("echo", nil), ""},
		{"no compiler", []string{"npm ci"}, app("echo", nil), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{BuildCommands: tc.build, DeployFiles: []string{"./"}, Start: "node dist/index.js"}
			res := run(d, tc.up)
			got := strings.Join(res.Unchecked, "\n")
			if tc.want == "" {
				if strings.Contains(got, note) {
					t.Errorf("unchecked names a type check:\n%s", got)
				}
				return
			}
			if !strings.Contains(got, tc.want+note) {
				t.Errorf("unchecked:\n%s\nwant %q", got, tc.want+note)
			}
		})
	}
}
