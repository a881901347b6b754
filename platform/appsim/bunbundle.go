package appsim

import (
	"path"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// A bundle `bun build` makes (dist/main.js from src/main.ts) is not read:
// its packages are inlined, so its imports are not the source's. Where it
// listens is the source's, though: Bun.serve's options survive bundling
// as written. bunBundleEntry finds the entry a build command or package
// script bundles into rel, for the address alone.

// bunBuildRe is `bun build ENTRY … --outdir DIR` or `--outfile FILE`
// (groups: the entry, the rest of the command).
var bunBuildRe = lazyregexp.New(`\bbun build\s+([^\s-][^\s;&|]*)([^;&|\n"]*)`)

// bunOutRe reads --outdir/--outfile (space or = before the value).
var bunOutRe = lazyregexp.New(`--(outdir|outfile)[= ]\s*([^\s;&|"]+)`)

// bunBundleEntry is the uploaded entry (its path and text) whose bundle
// the build writes to rel, relative to the upload; false when no `bun
// build` the build or package.json runs names rel as its output.
func (r *runSim) bunBundleEntry(rel string) (from, src string, ok bool) {
	pkg, _ := r.files.Read("package.json")
	from = BunBundleEntry(strings.Join(r.d.BuildCommands, "\n")+"\n"+pkg, rel)
	if from == "" {
		return "", "", false
	}
	src, ok = r.files.Read(from)
	return from, src, ok
}

// BunBundleEntry is the entry file a `bun build` in text (build commands,
// package.json's scripts) bundles into rel, relative to the upload; ""
// when none writes rel.
func BunBundleEntry(text, rel string) string {
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
