package deploy

import (
	"context"
	"encoding/json"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/appsim"
	"github.com/zeropsio/zcp/platform/diagnose"
)

// A deployFiles entry the build did not write is answered with the folder
// it did write, where ZCP reads it: the build commands (and the
// package.json scripts they run) name the tool, the tool's config its
// output folder.

// scriptRun finds a build command that runs a package.json script.
var scriptRun = regexp.MustCompile(`(?:^|&&|;)\s*(?:npm run(?:-script)?|bun run|yarn run|yarn|pnpm run|pnpm)\s+([\w:.-]+)\s*(?:$|&&|;)`)

// builtTool is a build tool whose words appear in a command, and where it
// writes: read from what it reads (read gets the source reader and the
// command), "" when it cannot tell.
type builtTool struct {
	words *regexp.Regexp
	name  string
	dir   func(read func(string) string, cmd string) string
}

// outDirLiteral finds an outDir written as a string literal in a JS or TS
// config (vite's build.outDir), distDir in Next's.
var (
	outDirLiteral  = regexp.MustCompile(`\boutDir\s*:\s*['"` + "`" + `]([^'"` + "`" + `$]+)['"` + "`" + `]`)
	adapterOut     = regexp.MustCompile(`\bout\s*:\s*['"]([^'"$]+)['"]`)
	distDirLiteral = regexp.MustCompile(`\bdistDir\s*:\s*['"` + "`" + `]([^'"` + "`" + `$]+)['"` + "`" + `]`)
	nextExport     = regexp.MustCompile(`\boutput\s*:\s*['"]export['"]`)
	tsOutDir       = regexp.MustCompile(`"outDir"\s*:\s*"([^"]+)"`)
	flagOutDir     = regexp.MustCompile(`\s--outDir[ =](\S+)`)
	dotnetOut      = regexp.MustCompile(`\s(?:-o|--output)[ =]([^\s;&|]+)`)
	tscProject     = regexp.MustCompile(`\s(?:-p|--project)[ =](\S+)`)
	tsRootDir      = regexp.MustCompile(`"rootDir"\s*:\s*"([^"]+)"`)
	tsInclude      = regexp.MustCompile(`"include"\s*:\s*\[\s*"([^"*]+?)(?:/\*[^"]*)?"\s*\]`)
)

// configText is the first of a tool's config files (name.js, .mjs, .ts…)
// read finds.
func configText(read func(string) string, name string) string {
	for _, ext := range []string{"js", "mjs", "cjs", "ts", "mts", "cts"} {
		if src := read(name + "." + ext); src != "" {
			return src
		}
	}
	return ""
}

var builtTools = []builtTool{
	{regexp.MustCompile(`\bvite build\b`), "vite build", func(read func(string) string, cmd string) string {
		if m := flagOutDir.FindStringSubmatch(cmd); m != nil {
			return m[1]
		}
		if root, ok := appsim.ViteBuildRoot(cmd); ok {
			// `vite build admin`: the config and dist are the root's.
			if configText(read, path.Join(root, "vite.config")) != "" {
				return "" // its config may move the output: not read
			}
			return path.Join(root, "dist")
		}
		cfg := configText(read, "vite.config")
		if m := outDirLiteral.FindStringSubmatch(cfg); m != nil {
			return m[1]
		}
		if kit := configText(read, "svelte.config"); kit != "" {
			// SvelteKit: adapter-node writes the server to its out, build
			// unless written otherwise; another adapter is not read.
			if !strings.Contains(kit, "@sveltejs/adapter-node") {
				return ""
			}
			if m := adapterOut.FindStringSubmatch(kit); m != nil {
				return m[1]
			}
			if strings.Contains(kit, "out:") {
				return ""
			}
			return "build"
		}
		if strings.Contains(cfg, "outDir") || strings.Contains(cfg, "root") {
			return "" // set some other way: not read
		}
		return "dist"
	}},
	{regexp.MustCompile(`(?:^|\s|/)tsc(?:\s|$)`), "tsc", func(read func(string) string, cmd string) string {
		if m := flagOutDir.FindStringSubmatch(cmd); m != nil {
			return m[1]
		}
		proj := "tsconfig.json"
		if m := tscProject.FindStringSubmatch(cmd); m != nil {
			proj = m[1]
			if !strings.HasSuffix(proj, ".json") {
				proj = path.Join(proj, "tsconfig.json")
			}
		}
		if m := tsOutDir.FindStringSubmatch(read(proj)); m != nil {
			return path.Join(path.Dir(proj), m[1])
		}
		return ""
	}},
	{regexp.MustCompile(`\bnext build\b`), "next build", func(read func(string) string, _ string) string {
		cfg := configText(read, "next.config")
		if m := distDirLiteral.FindStringSubmatch(cfg); m != nil {
			return m[1]
		}
		if nextExport.MatchString(cfg) {
			return "out"
		}
		return ".next"
	}},
	{regexp.MustCompile(`\bng build\b`), "ng build", func(read func(string) string, _ string) string {
		return appsim.AngularOutput(read("angular.json"))
	}},
	{regexp.MustCompile(`\bdotnet (?:build|publish)\b`), "dotnet build", func(_ func(string) string, cmd string) string {
		if m := dotnetOut.FindStringSubmatch(cmd); m != nil {
			return m[1]
		}
		return "" // bin/<configuration>/<framework>: not read
	}},
	{regexp.MustCompile(`\breact-scripts build\b`), "react-scripts build", func(func(string) string, string) string { return "build" }},
	{regexp.MustCompile(`\bnu(?:xt|xi) (?:build|generate)\b`), "nuxt build", func(func(string) string, string) string { return ".output" }},
}

// builtFolders are the folders the build commands cmds write, each with
// its tool ("dist (vite build)"), as far as ZCP reads the push's source.
func builtFolders(ctx context.Context, env Env, req Request, cmds []string) []string {
	if env.ReadSource == nil {
		return nil
	}
	read := func(rel string) string {
		src, err := env.ReadSource(ctx, req, rel)
		if err != nil {
			return ""
		}
		return src
	}
	var scripts map[string]string
	var out []string
	for _, c := range cmds {
		runs := []string{c}
		if m := scriptRun.FindStringSubmatch(c); m != nil {
			if scripts == nil {
				var pkg struct {
					Scripts map[string]string `json:"scripts"`
				}
				_ = json.Unmarshal([]byte(read("package.json")), &pkg)
				scripts = pkg.Scripts
				if scripts == nil {
					scripts = map[string]string{}
				}
			}
			if s := scripts[m[1]]; s != "" {
				runs = append(runs, s)
			}
		}
		for _, r := range runs {
			for _, t := range builtTools {
				if !t.words.MatchString(r) {
					continue
				}
				if dir := t.dir(read, r); dir != "" {
					dir = path.Clean(strings.TrimPrefix(dir, "./"))
					out = append(out, dir+" ("+t.name+")")
				}
			}
		}
	}
	return out
}

// buildWord is a build command that may run a build script: any that says
// build (`pnpm build`, `npx vite build`, `turbo run build`, `make build`).
var buildWord = regexp.MustCompile(`\bbuild\b`)

// unrunBuildScript is the folder package.json's build script writes, as
// builtFolders words it ("dist (vite build)"), and the command that runs
// the script with the build's package manager (pm), when build commands
// run but none of them may run it; "" when one may, or ZCP cannot tell.
func unrunBuildScript(ctx context.Context, env Env, req Request, cmds []string, pm string) (built, run string) {
	if env.ReadSource == nil || len(cmds) == 0 || slices.ContainsFunc(cmds, buildWord.MatchString) {
		return "", ""
	}
	read := func(rel string) string {
		src, err := env.ReadSource(ctx, req, rel)
		if err != nil {
			return ""
		}
		return src
	}
	var pkg struct {
		Scripts map[string]string `json:"scripts"`
	}
	if json.Unmarshal([]byte(read("package.json")), &pkg) != nil || pkg.Scripts["build"] == "" {
		return "", ""
	}
	for _, t := range builtTools {
		if !t.words.MatchString(pkg.Scripts["build"]) {
			continue
		}
		if dir := t.dir(read, pkg.Scripts["build"]); dir != "" {
			return path.Clean(strings.TrimPrefix(dir, "./")) + " (" + t.name + ")", diagnose.BuildScriptRun(pm)
		}
	}
	return "", ""
}

// tsOut is the file tsc writes of a source file's name by its extension.
var tsOut = map[string]string{".ts": ".js", ".tsx": ".js", ".mts": ".mjs", ".cts": ".cjs"}

// nearBuilt is, for file (clean, in a folder) that a start runs and the
// upload lacks, under the folder tsc writes (built, as builtFolders words
// it), the file tsc writes beside it whose name is one or two letters off
// (dist/mian.js: dist/main.js) and the source it compiles it from
// (src/main.ts): tsc keeps the layout of tsconfig's rootDir (else of its
// one include folder, else the top) under its outDir. "" when the build
// runs no tsc writing that folder, or no file is that near.
func nearBuilt(ctx context.Context, env Env, req Request, built []string, file string) (near, from string) {
	for _, b := range built {
		out, ok := strings.CutSuffix(b, " (tsc)")
		rel, under := strings.CutPrefix(file, out+"/")
		if !ok || !under || env.ReadSource == nil {
			continue
		}
		cfg, _ := env.ReadSource(ctx, req, "tsconfig.json")
		root := "."
		if m := tsRootDir.FindStringSubmatch(cfg); m != nil {
			root = m[1]
		} else if m := tsInclude.FindStringSubmatch(cfg); m != nil {
			root = m[1]
		}
		srcDir := path.Join(root, path.Dir(rel))
		names, _ := env.ListSource(ctx, req, srcDir)
		byOut := map[string]string{}
		var outs []string
		for _, n := range names {
			ext := path.Ext(n)
			if js := tsOut[ext]; js != "" && !strings.HasSuffix(n, ".d"+ext) {
				o := strings.TrimSuffix(n, ext) + js
				byOut[o] = n
				outs = append(outs, o)
			}
		}
		if n := diagnose.NearFile(path.Base(rel), outs); n != "" {
			return path.Join(path.Dir(file), n), path.Join(srcDir, byOut[n])
		}
	}
	return "", ""
}
