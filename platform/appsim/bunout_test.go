package appsim_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// TestBundleEntry_BunNamesBundlesAsBunDoes: `bun build` names each bundle
// by its entry (Bun's default entry naming `[dir]/[name].[ext]`, [dir]
// relative to the entries' common folder or --root), or --outfile; a
// start's file is the bundle of the entry so named, never of another.
func TestBundleEntry_BunNamesBundlesAsBunDoes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text, rel, want string
	}{
		{"outdir, the entry's name", "bun build src/server.ts --outdir ./dist --target bun", "dist/server.js", "src/server.ts"},
		{"outdir, not another name", "bun build src/server.ts --outdir ./dist --target bun", "dist/main.js", ""},
		{"outdir with =", "bun build ./src/main.ts --outdir=dist", "dist/main.js", "src/main.ts"},
		{"a package.json script", `{"scripts": {"build": "bun build src/server.ts --outdir ./dist --target bun", "start:prod": "bun run dist/server.js"}}`, "dist/server.js", "src/server.ts"},
		{"outfile", "bun build src/server.ts --outfile dist/app.js", "dist/app.js", "src/server.ts"},
		{"outfile, not the entry's name", "bun build src/server.ts --outfile dist/app.js", "dist/server.js", ""},
		{"entries in one folder", "bun build src/a.ts src/b.ts --outdir out", "out/b.js", "src/b.ts"},
		{"entries in nested folders", "bun build src/a.ts src/admin/b.ts --outdir out", "out/admin/b.js", "src/admin/b.ts"},
		{"entries in nested folders, not flat", "bun build src/a.ts src/admin/b.ts --outdir out", "out/b.js", ""},
		{"--root .", "bun build src/a.ts src/b.ts --outdir out --root .", "out/src/a.js", "src/a.ts"},
		{"--entry-naming", "bun build src/a.ts --outdir out --entry-naming '[name].bundle.[ext]'", "out/a.bundle.js", "src/a.ts"},
		{"--entry-naming with [hash]", "bun build src/a.ts --outdir out --entry-naming '[name]-[hash].[ext]'", "out/a.js", ""},
		{"value flags before the entry", "bun build --target bun --format esm --external pg src/a.tsx --outdir out --minify --sourcemap linked", "out/a.js", "src/a.tsx"},
		{"a flag the sandbox does not model", "bun build src/a.ts --outdir out --made-up", "out/a.js", ""},
		{"--target node", "bun build src/a.ts --outdir out --target node", "out/a.js", ""},
		{"to stdout", "bun build src/a.ts > out/a.js", "out/a.js", ""},
		{"--compile --outfile", "bun build src/a.ts --compile --outfile server", "server", "src/a.ts"},
		{"esbuild --outfile", "esbuild src/a.ts --bundle --outfile=dist/app.js", "dist/app.js", "src/a.ts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			none := func(string) (string, bool) { return "", false }
			if got := appsim.BundleEntry(none, tt.text, tt.rel); got != tt.want {
				t.Errorf("BundleEntry(%q, %q) = %q, want %q", tt.text, tt.rel, got, tt.want)
			}
		})
	}
}

// TestRun_BunBundleStart is the bun recipe with its entry renamed
// (walk: src/main.ts → src/server.ts, the build script updated,
// start:prod still `bun run dist/main.js`). It was "unverified … the
// build makes dist/main.js with `bun run build`, which the sandbox does
// not run": the build follows `bun run build` into its script and names
// `bun build`'s bundle by its entry, dist/server.js, so dist/main.js is a
// missing file, which Bun names as given. A `bun build` whose bundles'
// names the sandbox cannot tell makes no claim: it says so.
func TestRun_BunBundleStart(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, build, startProd string
		more                   string // more scripts
		crash, unchecked       string // "": none
	}{
		{"start of the old bundle name", "bun build src/server.ts --outdir ./dist --target bun", "bun run dist/main.js", "",
			`error: Module not found "dist/main.js"`, ""},
		{"start of the bundle the build makes", "bun build src/server.ts --outdir ./dist --target bun", "bun run dist/server.js", "",
			"", "the sandbox read its address from src/server.ts, not the bundle"},
		{"outfile", "bun build src/server.ts --outfile dist/main.js --target bun", "bun run dist/main.js", "",
			"", "the sandbox read its address from src/server.ts, not the bundle"},
		{"outfile of another name", "bun build src/server.ts --outfile dist/app.js --target bun", "bun run dist/main.js", "",
			`error: Module not found "dist/main.js"`, ""},
		{"a flag not modelled", "bun build src/server.ts --outdir ./dist --made-up", "bun run dist/main.js", "",
			"", "whether the build makes dist/main.js: the sandbox could not tell what `bun build src/server.ts --outdir ./dist --made-up` (`--made-up`, which the sandbox does not model) names its bundles"},
		{"an entry not uploaded", "bun build src/main.ts --outdir ./dist", "bun run dist/main.js", "",
			"", "whether the build makes dist/main.js: `bun run build` may"},
		{"a prebuild script, not followed", "bun build src/server.ts --outdir ./dist", "bun run dist/main.js", `, "prebuild": "./gen.sh"`,
			"", "whether the build makes dist/main.js: `bun run build` may"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			up := map[string]string{
				"package.json":  `{"name": "api", "type": "module", "scripts": {"build": "` + tt.build + `", "start:prod": "` + tt.startProd + `"` + tt.more + `}, "dependencies": {"uuid": "^9.0.1"}}`,
				"bun.lockb":     "\n",
				"src/server.ts": "import { v4 } from 'uuid';\nBun.serve({ fetch: () => new Response(v4()), port: 3000 });\n",
			}
			d := appsim.Setup{RunBase: "bun@1.1", BuildBases: []string{"bun@1.1"}, BuildCommands: []string{"bun install", "bun run build"},
				DeployFiles: []string{"package.json", "dist"}, Start: "bun run start:prod"}
			got := run(d, up)
			if c := lines(got.Crash); (tt.crash == "") != (got.Crash == nil) || !strings.Contains(c, tt.crash) {
				t.Errorf("crash %q, want %q", c, tt.crash)
			}
			if u := strings.Join(got.Unchecked, "; "); (tt.unchecked == "") != (u == "") || !strings.Contains(u, tt.unchecked) {
				t.Errorf("Unchecked = %q, want %q", u, tt.unchecked)
			}
		})
	}
}
