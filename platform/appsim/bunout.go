package appsim

import (
	"encoding/json"
	"path"
	"slices"
	"strings"
)

// `bun build`'s outputs, as Bun names them (docs/bundler/index.md): one
// bundle per entry, `--outfile FILE` for one entry, else under `--outdir
// DIR` by the entry naming `[dir]/[name].[ext]`, where [dir] is the entry's
// folder relative to the root (`--root`, else the entries' common folder:
// a single entry's own) and [ext] is js for a JavaScript or TypeScript
// entry. Without either flag a single bundle goes to stdout.

// bunBuildNaming are `bun build`'s flags that take a value and name its
// bundles (or its entries).
var bunBuildNaming = map[string]bool{"--outdir": true, "--outfile": true, "--root": true, "--entry-naming": true,
	"--target": true, "--entrypoints": true}

// bunBuildValued are `bun build`'s flags that take a value (the next word,
// or after =) and leave the output's name alone.
var bunBuildValued = map[string]bool{"--format": true, "--external": true, "-e": true, "--packages": true,
	"--public-path": true, "--define": true, "-d": true, "--loader": true, "-l": true, "--banner": true, "--footer": true,
	"--drop": true, "--conditions": true, "--env": true, "--jsx-factory": true, "--jsx-fragment": true,
	"--jsx-import-source": true, "--jsx-runtime": true, "--chunk-naming": true, "--asset-naming": true, "--tsconfig-override": true}

// bunBuildBool are its flags without a value that leave the output's name
// alone (--sourcemap may take one of bunSourcemaps).
var bunBuildBool = map[string]bool{"--minify": true, "--minify-syntax": true, "--minify-whitespace": true,
	"--minify-identifiers": true, "--keep-names": true, "--splitting": true, "--watch": true, "--no-clear-screen": true,
	"--production": true, "--bytecode": true, "--sourcemap": true, "--emit-dce-annotations": true,
	"--ignore-dce-annotations": true, "--css-chunking": true, "--no-macros": true, "--compile": true}

var bunSourcemaps = map[string]bool{"none": true, "linked": true, "inline": true, "external": true}

// bunBundle is one bundle a `bun build` writes: its entry and the file,
// both relative to the directory the command runs in.
type bunBundle struct{ entry, out string }

// bunBuildArgs reads `bun build`'s args (after `build`): the bundles it
// writes (none when it prints one to stdout), or, when the sandbox cannot
// tell what it names them, why (a flag or value it does not model).
func bunBuildArgs(args []string) (out []bunBundle, why string) {
	entries, opt, why := bunBuildFlags(args)
	if why != "" {
		return nil, why
	}
	if t := opt["--target"]; t != "" && t != "bun" && t != "browser" {
		// --target node: Bun has written .js, its docs say .mjs.
		return nil, "`--target " + t + "`, whose bundles' extension the sandbox does not know"
	}
	if f := opt["--outfile"]; f != "" {
		if len(entries) != 1 {
			return nil, "`--outfile` with more than one entry"
		}
		return []bunBundle{{entries[0], CleanRel(f)}}, ""
	}
	switch {
	case opt["--compile"] != "":
		return nil, "`--compile` without `--outfile`"
	case opt["--outdir"] == "" && len(entries) > 1:
		return nil, "several entries without `--outdir`"
	case opt["--outdir"] == "":
		return nil, "" // the bundle goes to stdout
	}
	return bunOutdirNames(entries, opt)
}

// bunBuildFlags splits `bun build`'s args into its entries (relative to
// where it runs) and the flags that name its bundles; why is what it
// cannot read: a flag it does not model, a value it does not expand.
func bunBuildFlags(args []string) (entries []string, opt map[string]string, why string) {
	opt = map[string]string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			entries = append(entries, a)
			continue
		}
		flag, val, hasVal := strings.Cut(a, "=")
		switch {
		case bunBuildNaming[flag] || bunBuildValued[flag]:
			if !hasVal {
				if i+1 >= len(args) {
					return nil, nil, "`" + flag + "` without its value"
				}
				i++
				val = args[i]
			}
			if flag == "--entrypoints" {
				entries = append(entries, val)
			} else if bunBuildNaming[flag] {
				opt[flag] = val
			}
		case flag == "--sourcemap" && !hasVal && i+1 < len(args) && bunSourcemaps[args[i+1]]:
			i++
		case bunBuildBool[flag] && !hasVal:
			if flag == "--compile" {
				opt[flag] = "1"
			}
		case flag == "--sourcemap":
		default:
			return nil, nil, "`" + flag + "`, which the sandbox does not model"
		}
	}
	for _, v := range append(slices.Clone(entries), opt["--outdir"], opt["--outfile"], opt["--root"], opt["--entry-naming"]) {
		if strings.ContainsAny(v, "$`*?{") {
			return nil, nil, "`" + v + "`, a value the sandbox does not expand"
		}
	}
	if len(entries) == 0 {
		return nil, nil, "no entry point"
	}
	for i, e := range entries {
		entries[i] = CleanRel(e)
	}
	return entries, opt, ""
}

// bunOutdirNames names the bundles of entries under --outdir by the entry
// naming: [dir] the entry's folder relative to the root, [name] its name,
// [ext] js.
func bunOutdirNames(entries []string, opt map[string]string) (out []bunBundle, why string) {
	root := CleanRel(opt["--root"])
	if opt["--root"] == "" {
		root = commonDir(entries)
	}
	naming := orStr(opt["--entry-naming"], "[dir]/[name].[ext]")
	if strings.Contains(naming, "[hash]") {
		return nil, "`--entry-naming " + naming + "`, whose [hash] the sandbox cannot know"
	}
	for _, e := range entries {
		switch path.Ext(e) {
		case ".ts", ".tsx", ".js", ".jsx", ".mts", ".cts", ".mjs", ".cjs":
		default:
			return nil, "the entry `" + e + "`, whose bundle's extension the sandbox does not know"
		}
		d := strings.TrimPrefix(path.Dir(e), ".")
		if d != root && !under(d, root) {
			return nil, "the entry `" + e + "` outside `--root " + root + "`"
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(d, root), "/")
		name := strings.NewReplacer("[dir]", rel, "[name]", strings.TrimSuffix(path.Base(e), path.Ext(e)), "[ext]", "js").Replace(naming)
		out = append(out, bunBundle{e, CleanRel(path.Join(opt["--outdir"], name))})
	}
	return out, ""
}

// bunBuiltins are bun's own commands, which `bun X` runs before a package
// script X.
var bunBuiltins = map[string]bool{"run": true, "build": true, "install": true, "i": true, "add": true, "a": true,
	"remove": true, "rm": true, "update": true, "outdated": true, "link": true, "unlink": true, "pm": true, "x": true,
	"test": true, "init": true, "create": true, "c": true, "upgrade": true, "publish": true, "patch": true,
	"exec": true, "ci": true, "repl": true, "why": true, "audit": true, "info": true, "help": true}

// bunBuild runs `bun build` (its bundles, named as Bun names them: a start
// of another name in their folder is then a missing file) and `bun run X`
// or `bun X` of a package.json script X (followed as npm's are). Anything
// else, and a `bun build` whose bundles' names the sandbox cannot tell,
// may make any path, as a command no record models.
func bunBuild(b *buildSim, name string, args []string, depth int) (int, bool, bool) {
	switch {
	case len(args) > 0 && args[0] == "build":
		outs, why := bunBuildArgs(args[1:])
		for _, o := range outs {
			if !b.exists(b.rel(o.entry)) {
				why = "an entry not uploaded" // Bun stops; not simulated
			}
		}
		if why == "" {
			for _, o := range outs {
				b.produce(o.out)
			}
			return 0, false, true
		}
	case len(args) > 1 && args[0] == "run" && !strings.HasPrefix(args[1], "-"):
		if code, ok := b.bunScript(args[1], depth); ok {
			return code, false, true
		}
	case len(args) > 0 && !bunBuiltins[args[0]] && !strings.HasPrefix(args[0], "-") && path.Ext(args[0]) == "":
		if code, ok := b.bunScript(args[0], depth); ok {
			return code, false, true
		}
	}
	if b.unrun == "" && !b.modelled(append([]string{b.argv0}, args...)) {
		b.unrun = strings.Join(append([]string{b.argv0}, args...), " ") // as step's for a command of no record
	}
	return otherBuildTool(b, name, args, depth)
}

// bunScript runs package.json's script name as `bun run` does, printing
// the line Bun prints before it; false when there is no such script (or
// package.json is not read), left to otherBuildTool. Pre and post scripts
// are not followed: with one, the outputs are unknown.
func (b *buildSim) bunScript(name string, depth int) (int, bool) {
	src, ok := b.readFile("package.json")
	var pkg packageJSON
	if !ok || json.Unmarshal([]byte(src), &pkg) != nil {
		return 0, false
	}
	text, has := pkg.Scripts[name]
	if !has {
		return 0, false
	}
	_, pre := pkg.Scripts["pre"+name]
	if _, post := pkg.Scripts["post"+name]; pre || post || depth >= 3 {
		b.mayHave(madeAny)
	}
	b.out = append(b.out, Line{6, "$ " + text})
	if depth >= 3 {
		return 0, true
	}
	return b.run(text, depth+1), true
}
