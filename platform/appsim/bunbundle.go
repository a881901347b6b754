package appsim

import (
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// A bundle `bun build` or esbuild makes (dist/main.js from src/main.ts) is not read:
// its packages are inlined, so its imports are not the source's. Where it
// listens is the source's, though: Bun.serve's options survive bundling
// as written. bunBundleEntry finds the entry a build command or package
// script bundles into rel, for the address alone.

// bunBuildRe is a `bun build` command (group 1: its arguments), up to the
// end of its shell command or of the JSON string holding it.
var bunBuildRe = lazyregexp.New(`\bbun build\b([^;&|\n"]*)`)

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

// bunBundleEntry is the uploaded entry (its path and text) whose bundle
// the build writes to rel, relative to the upload; false when no `bun
// build` (or esbuild, on its command line or in a build script a `deno
// run` or `node` runs) that the build, package.json or deno.json(c) runs
// names rel as its output.
func (r *runSim) bunBundleEntry(rel string) (from, src string, ok bool) {
	from = BundleEntry(r.files.Read, r.bundleText(), rel)
	if from == "" {
		return "", "", false
	}
	src, ok = r.files.Read(from)
	return from, src, ok
}

// bundleText is where a build names its bundles: the build commands,
// package.json's scripts and deno.json(c)'s tasks, as text.
func (r *runSim) bundleText() string {
	text := strings.Join(r.d.BuildCommands, "\n")
	for _, name := range []string{"package.json", "deno.json", "deno.jsonc"} {
		s, _ := r.files.Read(name)
		text += "\n" + s
	}
	return text
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
		outs, _ := bunBuildArgs(shellWords(m[1]))
		for _, o := range outs {
			if o.out == CleanRel(rel) {
				return o.entry
			}
		}
	}
	return ""
}

// bundleUnread names the first `bun build` in text (as BundleEntry's)
// whose bundles' names the sandbox cannot tell, and why; "" when none.
func bundleUnread(text string) string {
	for _, m := range bunBuildRe.FindAllStringSubmatch(text, -1) {
		if _, why := bunBuildArgs(shellWords(m[1])); why != "" {
			return "`bun build" + clip(strings.TrimRight(m[1], " "), 80) + "` (" + why + ")"
		}
	}
	return ""
}

// shellWords are the words of a command's arguments as sh splits them.
func shellWords(s string) []string {
	if steps := parseShell(s); len(steps) > 0 {
		return steps[0].words
	}
	return nil
}
