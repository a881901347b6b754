package appsim

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// tscRecord is TypeScript's compiler: a .js file per source (tscOutputs).
func tscRecord() *tool {
	made := func(b *buildSim, words []string) bool {
		b.tscOutputs(words)
		return true
	}
	// vue-tsc is tsc for Vue's single-file components, with its options.
	return &tool{name: "tsc", names: []string{"tsc", "vue-tsc"}, outputs: []toolOutput{{cmd: " tsc ", made: made}, {cmd: " vue-tsc ", made: made}},
		build: func(b *buildSim, name string, args []string, _ int) (int, bool, bool) {
			code := 0
			if name == "tsc" { // .vue files import through the compiler's own resolution
				code = b.tscMissingModule(args)
			}
			if code == 0 {
				b.typesUnchecked(name, args)
			}
			return code, false, false
		}}
}

// typesUnchecked notes (b.unsure) that a compiler run (name, args after
// it) that type-checks was taken to pass: the sandbox reads imports
// (tscMissingModule), not types, and on Zerops a type error exits 2 and
// fails the build (walk: `const port: number = "3000"` built ACTIVE and
// the deploy's doubt named only where the start listens). A run asking
// only for the version, help or a new tsconfig checks nothing.
func (b *buildSim) typesUnchecked(name string, args []string) {
	if slices.ContainsFunc(args, func(a string) bool {
		return a == "-v" || a == "--version" || a == "-h" || a == "--help" || a == "--init" || a == "--showConfig" || a == "--all"
	}) {
		return
	}
	note := fmt.Sprintf("whether `%s` compiles: type errors are not checked here (on Zerops a type error fails the build; check its build log)",
		clip(strings.Join(append([]string{name}, args...), " "), 80))
	if !slices.Contains(b.unsure, note) {
		b.unsure = append(b.unsure, note)
	}
}

// tscConfig is what tsc reads of a tsconfig.json to place its outputs.
type tscConfig struct {
	Extends         any      `json:"extends"`
	Files           []string `json:"files"`
	Include         []string `json:"include"`
	Exclude         []string `json:"exclude"`
	References      []any    `json:"references"`
	CompilerOptions struct {
		OutDir  string `json:"outDir"`
		RootDir string `json:"rootDir"`
		NoEmit  bool   `json:"noEmit"`
		AllowJs bool   `json:"allowJs"`
		Jsx     string `json:"jsx"`
	} `json:"compilerOptions"`
}

// tscProject is the tsconfig file tsc's command words compile: -p or
// --project (a file, or the folder holding tsconfig.json), else
// tsconfig.json.
func tscProject(words []string) string {
	proj := orStr(valueAfter(words, "-p", "--project"), "tsconfig.json")
	if !strings.HasSuffix(proj, ".json") {
		proj = path.Join(proj, "tsconfig.json")
	}
	return proj
}

// tscOutputs records what tsc (-p or --project, else tsconfig.json) emits:
// a .js file in outDir for each TypeScript source, placed as the source is
// under rootDir (given, else the sources' common directory). A project
// read only in part (extends, files, references, allowJs, jsx preserved,
// sources not all kept) makes its outDir, content unknown; one it cannot
// read at all leaves its outputs unknown.
func (b *buildSim) tscOutputs(words []string) {
	if slices.Contains(words, "--noEmit") {
		return
	}
	proj := tscProject(words)
	src, ok := b.readFile(proj)
	var cfg tscConfig
	if !ok || json.Unmarshal([]byte(stripJSONComments(src)), &cfg) != nil {
		if m := outDirRe.FindStringSubmatch(src); m != nil {
			b.produce(m[1])
		} else {
			b.mayHave(madeAny)
		}
		return
	}
	cfg = b.tscExtends(proj, cfg)
	o := cfg.CompilerOptions
	switch {
	case o.NoEmit:
		return
	case o.OutDir == "":
		if cfg.Extends != nil { // its outputs sit beside the sources, or the base decides
			b.mayHave(madeAny)
		}
		return
	}
	dir := CleanRel(path.Join(b.cwd, path.Dir(proj)))
	out := CleanRel(path.Join(dir, o.OutDir))
	srcs, whole := b.tsSources(dir, out, cfg.Include, cfg.Exclude)
	if cfg.Extends != nil || cfg.Files != nil || cfg.References != nil || o.AllowJs || o.Jsx == "preserve" || !whole || len(srcs) == 0 {
		b.produce(path.Join(path.Dir(proj), o.OutDir))
		return
	}
	root := CleanRel(path.Join(dir, o.RootDir))
	if o.RootDir == "" {
		root = commonDir(srcs)
	}
	for _, s := range srcs {
		rel, ok := strings.CutPrefix(s, root+"/")
		if root == "" {
			rel, ok = s, true
		}
		if !ok {
			b.produce(path.Join(path.Dir(proj), o.OutDir)) // a source outside rootDir: tsc stops, the sandbox does not judge it
			return
		}
		b.produced[path.Join(out, jsName(rel))] = true
	}
}

// tsSources are the TypeScript files tsc compiles in project dir dir
// (declarations, node_modules and outDir left out; include, when set, read
// as folders; exclude as folders, files and `**/*suffix` names); whole is
// false when one of them may not be in the upload's kept list, or an
// exclude pattern is of a form not read.
func (b *buildSim) tsSources(dir, out string, include, exclude []string) (srcs []string, whole bool) {
	if b.files == nil {
		return nil, false
	}
	skip, ok := tsExcluded(dir, exclude)
	if !ok {
		return nil, false
	}
	var roots []string
	for _, inc := range include {
		lit := inc
		if i := strings.IndexAny(inc, "*?"); i >= 0 {
			lit = inc[:i]
		}
		roots = append(roots, CleanRel(path.Join(dir, lit)))
	}
	for p := range b.files.paths {
		ext := path.Ext(p)
		if ext != ".ts" && ext != ".tsx" && ext != ".mts" && ext != ".cts" || strings.HasSuffix(p, ".d.ts") ||
			strings.Contains("/"+p+"/", "/node_modules/") || under(p, out) || !under(p, dir) {
			continue
		}
		in := len(roots) == 0
		for _, r := range roots {
			in = in || under(p, r) || p == r
		}
		if in && !skip(p) {
			srcs = append(srcs, p)
		}
	}
	sort.Strings(srcs)
	return srcs, true
}

// tsExcluded reads tsconfig's exclude in project dir dir: a path written
// out leaves out that file or folder, `**/*suffix` every file whose name
// ends so (nest's `**/*spec.ts`); ok is false for any other pattern.
func tsExcluded(dir string, exclude []string) (skip func(string) bool, ok bool) {
	var paths, suffixes []string
	for _, e := range exclude {
		e = strings.TrimSuffix(strings.TrimPrefix(e, "./"), "/")
		if rest, cut := strings.CutPrefix(e, "**/*"); cut && !strings.ContainsAny(rest, "*?[/") {
			suffixes = append(suffixes, rest)
			continue
		}
		if strings.ContainsAny(e, "*?[") {
			return nil, false
		}
		paths = append(paths, CleanRel(path.Join(dir, e)))
	}
	return func(p string) bool {
		for _, x := range paths {
			if p == x || under(p, x) {
				return true
			}
		}
		for _, x := range suffixes {
			if strings.HasSuffix(path.Base(p), x) {
				return true
			}
		}
		return false
	}, true
}

// under reports whether p lies under dir ("" is everything).
func under(p, dir string) bool { return dir == "" || strings.HasPrefix(p, dir+"/") }

// commonDir is the deepest directory holding every path of ps.
func commonDir(ps []string) string {
	dir := path.Dir(ps[0])
	for _, p := range ps[1:] {
		for dir != "." && !under(p, dir) {
			dir = path.Dir(dir)
		}
	}
	if dir == "." {
		return ""
	}
	return dir
}

// jsName is the file tsc emits for a source: .ts and .tsx make .js, .mts
// .mjs, .cts .cjs.
func jsName(src string) string {
	ext := path.Ext(src)
	return strings.TrimSuffix(src, ext) + map[string]string{".mts": ".mjs", ".cts": ".cjs"}[ext] +
		map[bool]string{true: ".js"}[ext == ".ts" || ext == ".tsx"]
}

// tscExtends is cfg (the project proj) merged with the config it extends
// when that is a file beside it ("./tsconfig.json"): the base's files,
// include, references and compiler options, each where cfg sets none.
// cfg itself (its extends unread) for a base elsewhere or unreadable.
func (b *buildSim) tscExtends(proj string, cfg tscConfig) tscConfig {
	ext, ok := cfg.Extends.(string)
	if !ok || !strings.HasPrefix(ext, "./") {
		return cfg
	}
	if !strings.HasSuffix(ext, ".json") {
		ext += ".json"
	}
	baseName := path.Join(path.Dir(proj), ext)
	src, ok := b.readFile(baseName)
	var base tscConfig
	if path.Dir(baseName) != path.Dir(proj) || !ok || json.Unmarshal([]byte(stripJSONComments(src)), &base) != nil {
		return cfg
	}
	out := base // its own extends, if any, still unread
	if cfg.Files != nil {
		out.Files = cfg.Files
	}
	if cfg.Include != nil {
		out.Include = cfg.Include
	}
	if cfg.Exclude != nil {
		out.Exclude = cfg.Exclude
	}
	if cfg.References != nil {
		out.References = cfg.References
	}
	o, c := &out.CompilerOptions, cfg.CompilerOptions
	o.OutDir, o.RootDir, o.Jsx = orStr(c.OutDir, o.OutDir), orStr(c.RootDir, o.RootDir), orStr(c.Jsx, o.Jsx)
	o.NoEmit, o.AllowJs = o.NoEmit || c.NoEmit, o.AllowJs || c.AllowJs
	return out
}

// compilerRe is a build running TypeScript's compiler, whose convention
// (dist/x.js from src/x.ts) builtSource follows.
var compilerRe = lazyregexp.New(`\b(?:tsc|nest build)\b`)

// unrunCompile is what the sandbox could not check of file, a start file
// the build made that it read by tsc's convention from its source, when no
// build command runs tsc and one it does not model may have made it ("":
// none).
func (r *runSim) unrunCompile(file string) string {
	if r.unknownBy == "" {
		return ""
	}
	pkg, _ := r.files.Read("package.json")
	if compilerRe.MatchString(strings.Join(r.d.BuildCommands, "\n") + "\n" + pkg) {
		return ""
	}
	return fmt.Sprintf("what makes %s: the sandbox does not run `%s` (build.buildCommands) and read where it listens from its source as tsc would compile it; check the build log and the runtime log on Zerops",
		clip(file, 80), clip(shownCommand(r.unknownBy), 100))
}
