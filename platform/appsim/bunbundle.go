package appsim

import (
	"path"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// A bundle `bun build` or esbuild makes (dist/main.js from src/main.ts) is not read:
// its packages are inlined, so its imports are not the source's. Where it
// listens is the source's, though: Bun.serve's options survive bundling
// as written. bunBundleEntry finds the entry a build command or package
// script bundles into rel, for the address alone.

// bunBuildRe is `bun build ENTRY … --outdir DIR` or `--outfile FILE`
// (groups: the entry, the rest of the command).
var bunBuildRe = lazyregexp.New(`\bbun build\s+([^\s-][^\s;&|]*)([^;&|\n"]*)`)

// esbuildCLIRe is `esbuild ENTRY … --outfile=FILE` (groups: both).
var esbuildCLIRe = lazyregexp.New(`\besbuild\s+([^\s-][^\s;&|]*)[^;&|\n"]*?--outfile[= ]([^\s;&|"]+)`)

// buildScriptRe is a script file a build runs: `deno run … FILE`, `node
// FILE` (group 1).
var buildScriptRe = lazyregexp.New(`\b(?:deno run|node)\s+(?:-\S+\s+)*([\w./-]+\.(?:m?js|ts))\b`)

// esbuildOutRe and esbuildEntryRe read esbuild.build's outfile and its one
// entry point, written as literals.
var (
	esbuildOutRe   = lazyregexp.New(`\boutfile\s*:\s*["']([^"']+)["']`)
	esbuildEntryRe = lazyregexp.New(`\bentryPoints\s*:\s*\[\s*["']([^"']+)["']\s*\]`)
)

// bunOutRe reads --outdir/--outfile (space or = before the value).
var bunOutRe = lazyregexp.New(`--(outdir|outfile)[= ]\s*([^\s;&|"]+)`)

// bunBundleEntry is the uploaded entry (its path and text) whose bundle
// the build writes to rel, relative to the upload; false when no `bun
// build` (or esbuild, on its command line or in a build script a `deno
// run` or `node` runs) that the build, package.json or deno.json(c) runs
// names rel as its output.
func (r *runSim) bunBundleEntry(rel string) (from, src string, ok bool) {
	text := strings.Join(r.d.BuildCommands, "\n")
	for _, name := range []string{"package.json", "deno.json", "deno.jsonc"} {
		s, _ := r.files.Read(name)
		text += "\n" + s
	}
	from = BundleEntry(r.files.Read, text, rel)
	if from == "" {
		return "", "", false
	}
	src, ok = r.files.Read(from)
	return from, src, ok
}

// BundleEntry is the entry file a `bun build` or an esbuild in text
// (build commands, package.json's scripts, deno.json's tasks) bundles
// into rel, relative to the upload, reading the build scripts text runs
// with read; "" when none writes rel.
func BundleEntry(read func(string) (string, bool), text, rel string) string {
	for _, m := range esbuildCLIRe.FindAllStringSubmatch(text, -1) {
		if CleanRel(m[2]) == CleanRel(rel) {
			return CleanRel(m[1])
		}
	}
	for _, m := range buildScriptRe.FindAllStringSubmatch(text, -1) {
		script, ok := read(CleanRel(m[1]))
		if !ok {
			continue
		}
		out, entry := esbuildOutRe.FindStringSubmatch(script), esbuildEntryRe.FindStringSubmatch(script)
		if out != nil && entry != nil && CleanRel(out[1]) == CleanRel(rel) {
			return CleanRel(entry[1])
		}
	}
	for _, m := range bunBuildRe.FindAllStringSubmatch(text, -1) {
		entry := CleanRel(m[1])
		o := bunOutRe.FindStringSubmatch(m[2])
		if o == nil {
			continue
		}
		out := CleanRel(o[2])
		if o[1] == "outdir" {
			stem := strings.TrimSuffix(path.Base(entry), path.Ext(entry))
			out = path.Join(out, stem+".js")
		}
		if out == CleanRel(rel) {
			return entry
		}
	}
	return ""
}
