package appsim

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// tsc stops on an import of a package the project does not have (walk
// 75b: a tsc build importing dayjs, which package.json lacked, was built
// ACTIVE): `src/index.ts(3,19): error TS2307: Cannot find module 'dayjs'
// or its corresponding type declarations.`, exit 2. Only what the files
// prove is judged: a static import of a bare package name that neither
// package.json's dependencies (nor @types/ for it) nor an uploaded
// node_modules holds. Path aliases (paths, baseUrl), workspaces, Node's
// own modules and anything after a command whose outputs are unknown pass.

// tsImportRe is a static import or re-export's module: `from 'x'`,
// `import 'x'`, `import x = require('x')`.
var tsImportRe = lazyregexp.New(`(?m)(?:^\s*import\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?|^\s*export\s+(?:type\s+)?[\w*{}\s,$]+\s+from\s+|\brequire\s*\(\s*)['"]([^'"\n]+)['"]`)

// tscMissingModule fails tsc's command args (after its name) as the
// compiler does when a source of the project imports a package it does
// not have; 0 when none is sure.
func (b *buildSim) tscMissingModule(args []string) int {
	if b.files == nil || b.mayHaveMade() {
		return 0
	}
	proj := tscProject(args)
	src, ok := b.readFile(proj)
	var cfg tscConfig
	if !ok || json.Unmarshal([]byte(stripJSONComments(src)), &cfg) != nil || cfg.Extends != nil || cfg.Files != nil || cfg.References != nil ||
		strings.Contains(src, `"paths"`) || strings.Contains(src, `"baseUrl"`) {
		return 0
	}
	dir := CleanRel(path.Join(b.cwd, path.Dir(proj)))
	deps, ok := b.packageDeps(dir)
	if !ok {
		return 0
	}
	out := CleanRel(path.Join(dir, cfg.CompilerOptions.OutDir))
	if cfg.CompilerOptions.OutDir == "" {
		out = "\x00" // no outDir: nothing of the sources is output
	}
	srcs, whole := b.tsSources(dir, out, cfg.Include, cfg.Exclude)
	if !whole {
		return 0
	}
	var errs []string
	for _, s := range srcs {
		text, ok := b.files.Read(s)
		if !ok {
			return 0
		}
		for _, m := range tsImportRe.FindAllStringSubmatchIndex(text, -1) {
			spec := text[m[2]:m[3]]
			pkg := bareSpecifier(spec)
			if pkg == "" || nodeBuiltins[pkg] || deps[pkg] || deps["@types/"+typesName(pkg)] || b.files.Has(path.Join(dir, "node_modules", pkg)) {
				continue
			}
			line := strings.Count(text[:m[2]], "\n") + 1
			col := m[2] - strings.LastIndexByte(text[:m[2]], '\n')
			rel := strings.TrimPrefix(strings.TrimPrefix(s, dir), "/")
			errs = append(errs, fmt.Sprintf("%s(%d,%d): error TS2307: Cannot find module '%s' or its corresponding type declarations.", rel, line, col-1, spec))
		}
	}
	if len(errs) == 0 {
		return 0
	}
	for _, e := range errs[:min(len(errs), 10)] {
		b.err(e)
	}
	b.err(fmt.Sprintf("Found %d error%s.", len(errs), map[bool]string{true: "s"}[len(errs) > 1]))
	return 2
}

// packageDeps are the packages package.json in dir lists in any of its
// dependency fields; false when it cannot be read or names workspaces
// (whose packages sit elsewhere).
func (b *buildSim) packageDeps(dir string) (map[string]bool, bool) {
	text, ok := b.files.Read(path.Join(dir, "package.json"))
	if !ok {
		return nil, false
	}
	var pkg map[string]json.RawMessage
	if json.Unmarshal([]byte(text), &pkg) != nil || pkg["workspaces"] != nil {
		return nil, false
	}
	deps := map[string]bool{}
	for _, f := range []string{"dependencies", "devDependencies", "peerDependencies", "optionalDependencies"} {
		var m map[string]any
		if raw := pkg[f]; raw != nil && json.Unmarshal(raw, &m) == nil {
			for k := range m {
				deps[k] = true
			}
		}
	}
	return deps, true
}

// bareSpecifier is the package an import specifier names (`dayjs`,
// `@scope/pkg` of `@scope/pkg/sub`), "" for a relative or absolute path,
// a URL, a `node:` module or an alias-looking one (`~/x`, `@/x`, `#x`).
func bareSpecifier(spec string) string {
	if spec == "" || strings.ContainsAny(spec[:1], "./~#$") || strings.Contains(spec, ":") || strings.HasPrefix(spec, "@/") {
		return ""
	}
	parts := strings.SplitN(spec, "/", 3)
	if strings.HasPrefix(spec, "@") {
		if len(parts) < 2 {
			return ""
		}
		return parts[0] + "/" + parts[1]
	}
	return parts[0]
}

// typesName is the @types package name of pkg: @scope/name is
// scope__name.
func typesName(pkg string) string {
	if rest, ok := strings.CutPrefix(pkg, "@"); ok {
		return strings.Replace(rest, "/", "__", 1)
	}
	return pkg
}
