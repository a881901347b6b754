package appsim

import (
	"cmp"
	"encoding/json"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// buildTool runs one command of a build (args: what follows its name;
// depth bounds scripts that run scripts): its exit status, whether the
// shell exits, and done when what it made is known without reading its
// words for conventional outputs (conventionalOutputs).
type buildTool func(b *buildSim, name string, args []string, depth int) (code int, exit, done bool)

// shellRecords are the shell's own commands a build runs: exit, false and
// cd, and the commands that make the paths they name.
func shellRecords() []*tool {
	return []*tool{{names: []string{"exit"}, build: exitBuild}, {names: []string{"false"}, build: falseBuild},
		{names: []string{"cd"}, build: cdBuild}, {names: []string{"mkdir", "touch"}, build: makeBuild},
		{names: []string{"cp", "mv", "ln"}, build: copyBuild}, {names: []string{"sh", "bash", "dash", "ash"}, build: shellBuild}}
}

// missingScript reports whether the script file f, which a shell runs,
// is neither uploaded nor made by a command before (none the sandbox does
// not follow ran before: it may have written it).
func (b *buildSim) missingScript(f string) bool {
	return f != "" && b.files != nil && b.made < madeAny && !b.outside(f) && !strings.HasPrefix(f, "$") && !b.exists(b.rel(f))
}

// shellBuild is `sh FILE` (bash, dash, ash): a script the upload lacks
// stops the step in the shell's words (busybox's sh on Alpine, dash's on
// Ubuntu); one that is there runs what the sandbox does not follow.
func shellBuild(b *buildSim, name string, args []string, depth int) (int, bool, bool) {
	if valueAfter(args, "-c") != "" || slices.Contains(args, "-c") || slices.Contains(args, "-s") {
		return otherBuildTool(b, name, args, depth)
	}
	f := ""
	for _, a := range args {
		if !strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "+") {
			f = a
			break
		}
	}
	if !b.missingScript(f) {
		return otherBuildTool(b, name, args, depth)
	}
	switch {
	case name == "bash":
		b.err(fmt.Sprintf("bash: %s: No such file or directory", f))
		return 127, false, true
	case b.os == "ubuntu" && name != "ash":
		b.err(fmt.Sprintf("%s: 0: Can't open %s", name, f))
		return 127, false, true
	}
	b.err(fmt.Sprintf("%s: can't open '%s': No such file or directory", name, f))
	return 2, false, true
}

// pathBuild is a command run by a path from the working directory
// (`./build.sh`, `../x`) that no record knows: a file the upload lacks, made by no command before, is
// not found.
func (b *buildSim) pathBuild(cmd string) (int, bool) {
	if !strings.HasPrefix(cmd, "./") && !strings.HasPrefix(cmd, "../") || !b.missingScript(cmd) {
		return 0, false
	}
	if b.os == "ubuntu" {
		b.err(fmt.Sprintf("/bin/sh: %d: %s: not found", max(b.lineNo, 1), cmd))
	} else {
		b.err(fmt.Sprintf("/bin/sh: %s: not found", cmd))
	}
	return 127, true
}

// exitBuild is the shell's exit: the step's status, and the shell ends.
func exitBuild(_ *buildSim, _ string, args []string, _ int) (int, bool, bool) {
	n := 0
	if len(args) > 0 {
		n, _ = strconv.Atoi(args[0])
	}
	return n & 0xff, true, true
}

// falseBuild fails.
func falseBuild(*buildSim, string, []string, int) (int, bool, bool) { return 1, false, true }

// cdBuild moves the step to a directory that must exist (~ and - stay),
// unless a command the sandbox does not follow ran before and may have
// made it (the official supertokens recipe unzips a download and cds
// into what it unpacked).
func cdBuild(b *buildSim, _ string, args []string, _ int) (int, bool, bool) {
	dir := "~"
	if len(args) > 0 {
		dir = args[0]
	}
	if dir == "~" || dir == "-" {
		return 0, false, true
	}
	if b.files != nil && !b.mayHaveMade() && !b.outside(dir) && !b.exists(b.rel(dir)) {
		b.err(cdFailed(b.lineNo, dir))
		return 2, false, true
	}
	b.cwd = b.rel(dir)
	return 0, false, true
}

// cdFailed is BusyBox ash's line for a cd to dir, on line n of the script
// it runs, that is not there. ash counts a script file's lines from 1;
// `sh -c` (BusyBox 1.35-1.37) counts from 0: which way the platform runs a
// command is not documented, and line 1 for a one-line command is assumed.
func cdFailed(n int, dir string) string {
	return fmt.Sprintf("/bin/sh: cd: line %d: can't cd to %s: No such file or directory", max(n, 1), dir)
}

// makeBuild is mkdir and touch: each path named that is not there yet is
// made, empty (mkdir -p: with the folders above it).
func makeBuild(b *buildSim, name string, args []string, _ int) (int, bool, bool) {
	for _, a := range nonFlags(args) {
		rel := b.rel(a)
		switch {
		case b.files == nil || b.outside(a):
			b.produce(a)
		case b.exists(rel):
		case name == "mkdir":
			for q := rel; q != "." && q != "" && !b.exists(q); q = path.Dir(q) {
				b.makeDir(q)
			}
		default:
			b.makeKnown(rel)
		}
	}
	return 0, false, false
}

// copyBuild is cp, mv and ln: the last path named is made (with -t, the
// folder -t names gets each source). cp and mv follow what they copy: a
// source that is not there fails as the command does, and what lands in a
// folder a command made is what was copied (an uploaded file's copy is
// that file); mv then takes the source away. ln makes a link to a target
// that is there as a copy of it (a symbolic link's target read from the
// link's folder); a link to anything else holds what is unknown.
func copyBuild(b *buildSim, name string, args []string, _ int) (int, bool, bool) {
	ops := nonFlags(args)
	dir := valueAfter(args, "-t", "--target-directory")
	if dir != "" {
		if i := slices.Index(ops, dir); i >= 0 {
			ops = slices.Delete(ops, i, i+1)
		}
		ops = append(ops, dir+"/")
	}
	if len(ops) < 2 {
		return 0, false, false
	}
	dst := ops[len(ops)-1]
	if b.files == nil || b.outside(dst) {
		b.produce(dst)
		return 0, false, false
	}
	if name == "ln" {
		b.link(args, ops)
		return 0, false, false
	}
	to := b.rel(dst)
	into := strings.HasSuffix(dst, "/") || len(ops) > 2 || b.isDir(to)
	recursive := name == "mv" || hasFlag(args, "--recursive", "--archive") ||
		slices.ContainsFunc(args, func(a string) bool { return len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsAny(a, "rRa") })
	var srcs []string
	for _, s := range ops[:len(ops)-1] {
		srcs = append(srcs, b.glob(s)...)
	}
	for _, src := range srcs { // the command stops at the first it cannot copy
		if b.outside(src) || b.mayHaveMade() {
			continue
		}
		rel := b.rel(src)
		if !b.exists(rel) {
			b.err(b.toolErr(name, "stat", src, "No such file or directory"))
			return 1, false, true
		}
		if !recursive && b.isDir(rel) {
			b.err(b.toolErr(name, "omit", src, ""))
			return 1, false, true
		}
	}
	for _, src := range srcs {
		tgt := to
		if into {
			tgt = path.Join(to, path.Base(src))
		}
		b.copyTo(src, tgt)
		if name == "mv" && !b.outside(src) && b.rel(src) != tgt {
			b.remove(b.rel(src))
		}
	}
	return 0, false, false
}

// link is ln with args (ops, its operands, the link last): a link to a
// target that is there holds what the target does; else (a target outside
// the source, one not there, or more than one) what is unknown.
func (b *buildSim) link(args, ops []string) {
	dst := ops[len(ops)-1]
	to := b.rel(dst)
	if len(ops) != 2 {
		b.produce(dst)
		return
	}
	target := ops[0]
	if strings.HasSuffix(dst, "/") || b.isDir(to) {
		to = path.Join(to, path.Base(target))
	}
	from := target // a hard link's target is read from the current folder
	if symbolic := slices.ContainsFunc(args, func(a string) bool {
		return a == "--symbolic" || len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.Contains(a, "s")
	}); symbolic && !path.IsAbs(target) {
		from = path.Join(b.top(), path.Dir(to), target) // a symbolic one's from the link's folder
	}
	if b.outside(from) || !b.exists(b.rel(from)) || to == "" {
		b.produce(path.Join(b.top(), to))
		return
	}
	b.copyTo(from, to)
}

// remove records that a command took rel (relative) away, with all
// beneath it: an upload's path is gone from the files the build leaves
// (BuildResult's Removed), a made one from what it made.
func (b *buildSim) remove(rel string) {
	if rel == "" {
		return
	}
	gone := func(p string) bool { return p == rel || strings.HasPrefix(p, rel+"/") }
	for _, set := range []map[string]bool{b.produced, b.known, b.dirs} {
		for p := range set {
			if gone(p) {
				delete(set, p)
			}
		}
	}
	for p := range b.copies {
		if gone(p) {
			delete(b.copies, p)
		}
	}
	if b.files.Has(rel) {
		if b.removed == nil {
			b.removed = map[string]bool{}
		}
		b.removed[rel] = true
		b.files = b.files.without(rel)
	}
}

// copyTo records what a copy of src made at tgt (relative): an uploaded
// file or folder (or a copy of one) is known path by path, anything else
// has content unknown.
func (b *buildSim) copyTo(src, tgt string) {
	rel := b.rel(src)
	file := func(p string) string { // the uploaded file p is, or ""
		if c, ok := b.copies[p]; ok {
			return c
		}
		if b.files.Has(p) && !b.isDir(p) {
			return p
		}
		return ""
	}
	switch {
	case b.outside(src) || tgt == "" || rel == "":
		b.produce(path.Join(b.top(), tgt))
	case b.mayHaveMade() && (!b.exists(rel) || strings.ContainsAny(rel, "*?[")):
		// Only a command the sandbox does not follow may have made the
		// source (a download unzipped; a pattern matching nothing known,
		// the official phppgadmin recipe's `mv phpPgAdmin-7.13.0/* .`):
		// the copy is as unknown as it is.
	case file(rel) != "":
		b.copied(tgt, file(rel))
	case b.isDir(rel) && (b.files.Has(rel) || b.known[rel] || b.dirs[rel]):
		b.makeDir(tgt)
		var made []string // uploaded and made paths beneath it
		for p := range b.files.paths {
			made = append(made, p)
		}
		for p := range b.produced {
			made = append(made, p)
		}
		for _, p := range made {
			under, ok := strings.CutPrefix(p, rel+"/")
			if !ok {
				continue
			}
			at := path.Join(tgt, under)
			switch {
			case file(p) != "":
				b.copied(at, file(p))
			case b.isDir(p):
				b.makeDir(at)
			default:
				b.produce(path.Join(b.top(), at))
			}
		}
	default:
		b.produce(path.Join(b.top(), tgt))
	}
}

// isDir reports whether rel (relative) is a folder: uploaded with paths
// beneath it, or made by a command.
func (b *buildSim) isDir(rel string) bool {
	if b.dirs[rel] {
		return true
	}
	for p := range b.files.paths {
		if strings.HasPrefix(p, rel+"/") {
			return true
		}
	}
	for p := range b.produced {
		if strings.HasPrefix(p, rel+"/") {
			return true
		}
	}
	return false
}

// glob is what the shell passes for the word w: the uploaded and made
// paths a pattern matches, sorted; w itself when it is none or matches
// nothing.
func (b *buildSim) glob(w string) []string {
	if !strings.ContainsAny(w, "*?[") || b.outside(w) {
		return []string{w}
	}
	pat := b.rel(w)
	var out []string
	seen := map[string]bool{}
	for _, set := range []map[string]bool{b.files.paths, b.produced} {
		for p := range set {
			if ok, err := path.Match(pat, p); err == nil && ok && !seen[p] && !strings.HasPrefix(path.Base(p), ".") {
				seen[p] = true
				out = append(out, path.Join(b.top(), p))
			}
		}
	}
	if len(out) == 0 {
		return []string{w}
	}
	slices.Sort(out)
	return out
}

// toolErr is how cp or mv (name) words a failure on src in the build's
// OS: a source not there (what "stat"), a folder without -r ("omit").
func (b *buildSim) toolErr(name, what, src, why string) string {
	busybox := b.os != "ubuntu"
	switch {
	case what == "omit" && busybox:
		return fmt.Sprintf("%s: omitting directory '%s'", name, src)
	case what == "omit":
		return fmt.Sprintf("%s: -r not specified; omitting directory '%s'", name, src)
	case busybox:
		return fmt.Sprintf("%s: can't stat '%s': %s", name, src, why)
	}
	return fmt.Sprintf("%s: cannot stat '%s': %s", name, src, why)
}

// otherBuildTool is any other command: it succeeds, and what it makes is
// unknown unless the sandbox knows the command.
func otherBuildTool(b *buildSim, name string, args []string, _ int) (int, bool, bool) {
	if !b.knownCommand(name, args) {
		b.mayHave(madeAny)
	}
	return 0, false, false
}

// bundlersRecord is the JavaScript build tools a package script runs:
// their default output folders, unless a config of theirs may move them.
func bundlersRecord() *tool {
	return &tool{name: "bundlers", names: []string{"vite", "webpack", "parcel", "astro", "ng", "tsup", "nest", "next", "nuxt", "nuxi",
		"react-scripts", "svelte-kit"}, build: bundlerBuild,
		outputs: []toolOutput{
			{cmd: " vite build ", out: "dist", configs: []string{"vite.config", "svelte.config"}, moves: []string{"outDir", "root", "plugins"}, made: viteOutputs},
			{cmd: " webpack", out: "dist", configs: []string{"webpack.config"}},
			{cmd: " parcel build ", out: "dist"},
			{cmd: " astro build ", out: "dist", configs: []string{"astro.config"}, moves: []string{"outDir", "root", "adapter", "integrations"}},
			{cmd: " ng build ", out: "dist", configs: []string{"angular"}, made: angularOutputs},
			{cmd: " tsup ", out: "dist", configs: []string{"tsup.config"}, moves: []string{"outDir"}},
			{cmd: " nest build ", made: nestOutputs},
			{cmd: " next build ", out: ".next", configs: []string{"next.config"}, moves: []string{"distDir", "output"}},
			{cmd: " nuxt build ", out: ".output", configs: []string{"nuxt.config"}, moves: nuxtMoves, made: nuxtOutputs},
			{cmd: " nuxi build ", out: ".output", configs: []string{"nuxt.config"}, moves: nuxtMoves, made: nuxtOutputs},
			{cmd: " nuxt generate ", out: ".output", configs: []string{"nuxt.config"}, moves: nuxtMoves},
			{cmd: " nuxi generate ", out: ".output", configs: []string{"nuxt.config"}, moves: nuxtMoves},
			{cmd: " react-scripts build ", out: "build"},
			{cmd: " svelte-kit build ", out: "build", configs: []string{"svelte.config"}},
		}}
}

// bundlerBuild runs a bundler: `react-scripts build` of react-scripts
// before 5 (webpack 4, which hashes with MD4) fails on a nodejs base
// (Node.js 18 or newer, whose OpenSSL 3 refuses MD4) unless NODE_OPTIONS
// has --openssl-legacy-provider; anything else is otherBuildTool's.
func bundlerBuild(b *buildSim, name string, args []string, depth int) (int, bool, bool) {
	if name == "vite" && len(args) > 0 && args[0] == "build" {
		if code := b.viteEntry(args); code != 0 {
			return code, false, true
		}
	}
	if name == "nest" && len(args) > 0 && args[0] == "build" && b.nestTypeChecks(args) {
		b.typesUnchecked(name, args) // tsc.go
	}
	if name != "react-scripts" || len(args) == 0 || args[0] != "build" || !b.nodeRefusesMD4() ||
		strings.Contains(b.env["NODE_OPTIONS"], "--openssl-legacy-provider") {
		return otherBuildTool(b, name, args, depth)
	}
	pkg, _ := b.readFile("package.json")
	var manifest struct {
		Deps    map[string]string `json:"dependencies"`
		DevDeps map[string]string `json:"devDependencies"`
	}
	if json.Unmarshal([]byte(pkg), &manifest) != nil {
		return otherBuildTool(b, name, args, depth)
	}
	spec := cmp.Or(manifest.Deps["react-scripts"], manifest.DevDeps["react-scripts"])
	m := specMajorRe.FindStringSubmatch(spec)
	if m == nil {
		return otherBuildTool(b, name, args, depth)
	}
	if major, _ := strconv.Atoi(m[1]); major < 1 || major >= 5 {
		return otherBuildTool(b, name, args, depth)
	}
	b.out = append(b.out, Line{6, "Creating an optimized production build..."})
	b.err("Error: error:0308010C:digital envelope routines::unsupported")
	b.err("    at new Hash (node:internal/crypto/hash:69:19)")
	b.err("  code: 'ERR_OSSL_EVP_UNSUPPORTED'")
	return 1, false, true
}

// viteEntry judges the entry `vite build` (args after vite) bundles by
// default, index.html at its root: where the sandbox read the root, found
// no index.html there (uploaded or made) and no vite.config in it that may
// name another entry (build.rollupOptions.input, a library build, a
// plugin, another root), Vite stops with Rollup's line (Rollup 2, under
// Vite 2 and 3, words it with parentheses), exit 1. A config that may
// name one leaves it unchecked (b.unsure); a command the sandbox does not
// follow before it may have made the page.
func (b *buildSim) viteEntry(args []string) int {
	words := append([]string{"vite"}, args...)
	if b.files == nil || b.made == madeAny || slices.ContainsFunc(args, func(a string) bool {
		return a == "--ssr" || strings.HasPrefix(a, "--ssr=") || a == "--config" || a == "-c" || strings.HasPrefix(a, "--config=")
	}) {
		return 0
	}
	root, _ := viteRoot(words)
	dir := b.rel(orStr(root, "."))
	index := path.Join(dir, "index.html")
	if dir != "" && !b.exists(dir) || b.exists(index) || dir == "" && b.hasConfig("svelte.config") {
		return 0
	}
	for _, ext := range []string{"js", "mjs", "cjs", "ts", "mts", "cts"} {
		cfg := path.Join(dir, "vite.config."+ext)
		if !b.exists(cfg) {
			continue
		}
		src, ok := b.files.Read(cfg)
		if !ok || slices.ContainsFunc([]string{"rollupOptions", "input", "lib", "root", "ssr"}, func(w string) bool { return strings.Contains(src, w) }) ||
			strings.Contains(src, "plugins") && !vitePluginsKeep(src) {
			b.unsure = append(b.unsure, fmt.Sprintf("whether `vite build` finds its entry: %s has no index.html, and %s may name another (build.rollupOptions.input, a library build, a plugin), which the sandbox does not read; without one Vite stops with `Could not resolve entry module`",
				orStr(dir, "the top of the source"), cfg))
			return 0
		}
	}
	shown, err := filepath.Rel(b.dir(), path.Join(b.top(), index)) // as Rollup shows an entry: from the current directory
	if err != nil {
		shown = index
	}
	b.err("error during build:")
	pkg, _ := b.readFile("package.json")
	var manifest struct {
		Deps    map[string]string `json:"dependencies"`
		DevDeps map[string]string `json:"devDependencies"`
	}
	_ = json.Unmarshal([]byte(pkg), &manifest)
	if m := specMajorRe.FindStringSubmatch(cmp.Or(manifest.DevDeps["vite"], manifest.Deps["vite"])); m != nil && (m[1] == "2" || m[1] == "3") {
		b.err(fmt.Sprintf("Error: Could not resolve entry module (%s).", shown))
		return 1
	}
	b.err(fmt.Sprintf("Could not resolve entry module %q.", shown))
	return 1
}

// specMajorRe is the major version a package.json version spec starts
// with (4.0.3, ^4.0.0, ~4.0, >=4).
var specMajorRe = lazyregexp.New(`^\s*(?:[\^~]|>=?)?\s*v?(\d+)`)

// nodeRefusesMD4 reports whether the build runs on a nodejs base: every
// one in the catalog (18 and newer) has OpenSSL 3, which refuses MD4.
func (b *buildSim) nodeRefusesMD4() bool {
	for _, base := range b.bases {
		if m := nodeMajRe.FindStringSubmatch(base); m != nil {
			n, err := strconv.Atoi(m[1])
			return err == nil && n >= 17
		}
	}
	return false
}

// nuxtMoves are what in nuxt.config may move its output from .output:
// nitro's output directory, a nitro preset, the build directory.
var nuxtMoves = []string{"output", "nitro", "buildDir"}

// viteOutDir finds build.outDir written as a string literal in a vite
// config.
var viteOutDir = lazyregexp.New(`\boutDir\s*:\s*['"` + "`" + `]([^'"` + "`" + `$]+)['"` + "`" + `]`)

// viteOutputs records what `vite build` makes: SvelteKit's (svelteKit),
// else the folder a config's literal build.outDir names when nothing else
// in it may move the output (root, plugins). false: the record's rule.
func viteOutputs(b *buildSim, words []string) bool {
	if root, ok := viteRoot(words); ok {
		// `vite build <root>`: the config and the output (<root>/dist)
		// are the root's; an --outDir flag is recorded with the flags.
		if valueAfter(words, "--outDir") == "" && !slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, "--outDir=") }) {
			if slices.ContainsFunc([]string{"js", "ts", "mjs", "cjs", "mts", "cts"}, func(ext string) bool { return b.exists(b.rel(path.Join(root, "vite.config."+ext))) }) {
				b.mayHave(madeAny)
			} else {
				b.produce(path.Join(root, "dist"))
			}
		}
		return true
	}
	if svelteKit(b, words) {
		return true
	}
	cfg, ok := b.readConfig("vite.config")
	m := viteOutDir.FindStringSubmatch(cfg)
	if !ok || m == nil || strings.Contains(cfg, "root") || strings.Contains(cfg, "plugins") && !vitePluginsKeep(cfg) || strings.Count(cfg, "outDir") > 1 {
		return false
	}
	b.produce(m[1])
	return true
}

// viteKeepers are modules a vite config imports that leave the build's
// output where vite puts it: vite itself, Node's path helpers, and the
// plugins that compile a framework's files (Vue, React, legacy browsers)
// or resolve tsconfig paths. A framework plugin that writes its own
// layout (Remix, SvelteKit, Nuxt, Astro) is not one.
var viteKeepers = map[string]bool{"vite": true, "url": true, "node:url": true, "path": true, "node:path": true,
	"@vitejs/plugin-vue": true, "@vitejs/plugin-vue-jsx": true, "@vitejs/plugin-react": true, "@vitejs/plugin-react-swc": true,
	"@vitejs/plugin-legacy": true, "vite-tsconfig-paths": true}

// vitePluginsKeep reports whether every module the vite config src
// imports is one of viteKeepers: its plugins then move no output.
func vitePluginsKeep(src string) bool {
	mods := importRe.FindAllStringSubmatch(src, -1)
	if len(mods) == 0 || requireRe.MatchString(src) || strings.Contains(src, "import(") {
		return false
	}
	for _, m := range mods {
		if !viteKeepers[m[2]] {
			return false
		}
	}
	return true
}

// viteValueFlags are the flags of vite build that take the next word.
var viteValueFlags = map[string]bool{"--outDir": true, "--base": true, "--mode": true, "-m": true, "--config": true, "-c": true,
	"--logLevel": true, "-l": true, "--assetsDir": true, "--target": true, "--assetsInlineLimit": true, "--filter": true, "-f": true}

// ViteBuildRoot is the root directory the first `vite build <root>` of the
// command line cmd names; false when it names none (the current
// directory) or a config file that may move it. Vite reads its config in
// that root and writes <root>/dist.
func ViteBuildRoot(cmd string) (string, bool) {
	words := strings.Fields(cmd)
	for i := 0; i+1 < len(words); i++ {
		if path.Base(words[i]) == "vite" && words[i+1] == "build" {
			return viteRoot(words[i+1:])
		}
	}
	return "", false
}

// viteRoot is the root directory `vite build <root>` names in words; false
// when it names none (the current directory) or a config file that may
// move it.
func viteRoot(words []string) (string, bool) {
	i := slices.Index(words, "build")
	if i < 0 || slices.ContainsFunc(words, func(w string) bool { return w == "--config" || w == "-c" || strings.HasPrefix(w, "--config=") }) {
		return "", false
	}
	for j := i + 1; j < len(words); j++ {
		w := words[j]
		switch {
		case viteValueFlags[w]:
			j++
		case strings.HasPrefix(w, "-"):
		case w == "&&" || w == ";" || w == "||" || w == "|":
			return "", false
		default:
			if r := CleanRel(w); r != "" && r != "." {
				return w, true
			}
			return "", false
		}
	}
	return "", false
}

// svelteKit records what `vite build` makes in a SvelteKit project (a
// svelte.config): with adapter-static at its default pages directory,
// build/ (no dist/); with another adapter or pages set elsewhere, outputs
// the sandbox cannot know. false: no SvelteKit project, vite's own dist.
func svelteKit(b *buildSim, _ []string) bool {
	if !b.hasConfig("svelte.config") {
		return false
	}
	b.produce(".svelte-kit")
	cfg, ok := b.readConfig("svelte.config")
	if ok && strings.Contains(cfg, "adapter-static") && !strings.Contains(cfg, "pages") {
		b.produce("build")
		return true
	}
	b.mayHave(madeAny)
	return true
}

// angularOutputs records what `ng build` writes for angular.json's one
// project: the application builder (Angular 17+) its browser files under
// outputPath's browser/ (the object form's base and browser), the older
// browser builders into outputPath itself. false (the folder and the
// config's rule) for anything else: no angular.json, another builder, more
// than one project, a form it does not read.
func angularOutputs(b *buildSim, _ []string) bool {
	src, ok := b.readConfig("angular")
	if !ok {
		return false
	}
	out := AngularOutput(src)
	if out == "" {
		return false
	}
	b.produce(out)
	return true
}

// nestOutputs records what `nest build` emits: tsc's outputs for
// tsconfig.build.json (else tsconfig.json), unless nest-cli.json switches
// the builder or the project (webpack, swc, a monorepo), whose outputs are
// then unknown.
func nestOutputs(b *buildSim, _ []string) bool {
	if b.files == nil {
		b.mayHave(madeAny)
		return true
	}
	if b.files.Has(path.Join(b.cwd, "nest-cli.json")) {
		src, ok := b.readFile("nest-cli.json")
		if !ok || strings.Contains(src, "webpack") || strings.Contains(src, "builder") || strings.Contains(src, "tsConfigPath") ||
			strings.Contains(src, "monorepo") || strings.Contains(src, "projects") {
			b.produce("dist")
			b.mayHave(madeAny)
			return true
		}
	}
	proj := "tsconfig.json"
	if b.files.Has(path.Join(b.cwd, "tsconfig.build.json")) {
		proj = "tsconfig.build.json"
	}
	b.tscOutputs([]string{"tsc", "-p", proj})
	return true
}

// nestTypeChecks reports whether `nest build` (args after nest) checks
// types: its tsc and webpack builders do; SWC only with --type-check or
// nest-cli.json's typeCheck.
func (b *buildSim) nestTypeChecks(args []string) bool {
	if slices.Contains(args, "--type-check") {
		return true
	}
	if slices.Contains(args, "swc") || slices.Contains(args, "--builder=swc") {
		return false
	}
	src, _ := b.readFile("nest-cli.json")
	return !strings.Contains(src, "swc") || strings.Contains(src, "typeCheck")
}

// hugoRecord is Hugo's site build: public/.
func hugoRecord() *tool {
	return &tool{name: "hugo", names: []string{"hugo"}, outputs: []toolOutput{{cmd: " hugo ", out: "public"}}}
}
