package appsim

import (
	"errors"
	"fmt"
	"github.com/zeropsio/zcp/platform/lazyregexp"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"path"
	"slices"
	"sort"
	"strings"
)

// Go compile errors the sandbox is sure of: a build of Go code that cannot
// compile must fail as on Zerops, not deploy as live (walk 75: an unused
// import and an undefined name both went live). Only what the source alone
// proves is judged, with the standard library's parser: a syntax error, an
// unused import of the standard library, a name no file of the package
// declares. Anything it cannot be sure of (a file it cannot read, a build
// constraint, a dot import, a package it cannot name) passes.

// goMaxErrors is how many errors the go command prints before "too many
// errors".
const goMaxErrors = 10

// goCompile fails the go command of args (build, install, vet) as the
// compiler does when a local package it names holds an error goCompileErrors
// is sure of: `# pkg`, then `./main.go:9:14: undefined: greeting`, exit 1.
// Patterns (./...) and import paths are not judged, nor anything after a
// command whose outputs are unknown.
func (b *buildSim) goCompile(args []string, module string) int {
	if b.files == nil || !slices.Contains([]string{"build", "install", "vet"}, args[0]) || b.mayHaveMade() {
		return 0 // a command before whose outputs are unknown (go generate, templ, sqlc) may have written Go files
	}
	pos := goPositional(args)
	var files []string
	for _, a := range pos {
		if strings.HasSuffix(a, ".go") {
			files = append(files, a)
		}
	}
	if len(files) > 0 { // named files: one package, command-line-arguments
		if len(files) != len(pos) {
			return 0
		}
		return b.goReport("command-line-arguments", files)
	}
	if len(pos) == 0 {
		pos = []string{"."}
	}
	for _, a := range pos {
		if a != "." && !strings.HasPrefix(a, "./") || strings.Contains(a, "...") || b.outside(a) {
			continue
		}
		names, ok := b.files.goFiles(b.rel(a))
		if !ok || len(names) == 0 {
			continue
		}
		rel := make([]string, len(names))
		for i, n := range names {
			rel[i] = path.Join(a, path.Base(n))
		}
		pkg := "command-line-arguments"
		if module != "" {
			pkg = path.Join(module, strings.TrimPrefix(path.Clean(a), "."))
		}
		if code := b.goReport(pkg, rel); code != 0 {
			return code
		}
	}
	return 0
}

// goReport prints the compile errors of the package of files (relative to
// the current directory) under its name pkg; 1 when there are any.
func (b *buildSim) goReport(pkg string, files []string) int {
	errs := goCompileErrors(files, func(n string) (string, bool) { return b.files.Read(b.rel(n)) })
	if len(errs) == 0 {
		return 0
	}
	b.err("# " + pkg)
	for _, e := range errs {
		b.err(e)
	}
	return 1
}

// goFiles are the .go files (not _test.go) directly in dir, sorted; ok is
// false when one of them was too large to keep (its content unknown).
func (fs *Files) goFiles(dir string) (names []string, ok bool) {
	dir = CleanRel(dir)
	for p := range fs.paths {
		d := path.Dir(p)
		if d == "." {
			d = ""
		}
		if d != dir || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || fs.isDir(p) {
			continue
		}
		if _, kept := fs.Read(p); !kept {
			return nil, false
		}
		names = append(names, p)
	}
	sort.Strings(names)
	return names, true
}

// isDir reports whether p is a directory of the upload: a path beneath it
// is recorded.
func (fs *Files) isDir(p string) bool {
	if _, file := fs.text[p]; file {
		return false
	}
	for q := range fs.paths {
		if strings.HasPrefix(q, p+"/") {
			return true
		}
	}
	return false
}

// goPredeclared are the Go spec's predeclared identifiers.
var goPredeclared = strings.Fields(`any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string
	uint uint8 uint16 uint32 uint64 uintptr true false iota nil append cap clear close complex copy delete imag len make max min new panic print println real recover`)

// goCompileErrors are the errors, as the go command prints them ("./main.go:
// 4:2: \"os\" imported and not used"), the compiler is sure to report for
// the package of files (names as given, relative to the current
// directory), read by read: syntax errors, else unused standard library
// imports and names neither the package nor its imports declare. None when
// a file cannot be read or carries a build constraint, or the files are
// of more than one package.
func goCompileErrors(files []string, read func(string) (string, bool)) []string {
	fset := token.NewFileSet()
	var parsed []*ast.File
	var out []string
	for _, n := range files {
		src, ok := read(n)
		if !ok || goConstrained(n, src) {
			return nil
		}
		f, err := parser.ParseFile(fset, path.Clean(n), src, parser.AllErrors)
		var list scanner.ErrorList
		if errors.As(err, &list) {
			list.Sort() // the compiler stops a file at its first syntax error
			first := list[0]
			if strings.HasSuffix(first.Msg, "found 'EOF'") {
				// A block left open: go/parser first misses a semicolon
				// the compiler does not, then the brace it reports.
				for _, e := range list {
					if e.Msg == "expected '}', found 'EOF'" {
						first = e
						break
					}
				}
			}
			pos := first.Pos
			if strings.HasSuffix(first.Msg, "found 'EOF'") && strings.HasSuffix(src, "\n") {
				pos.Line, pos.Column = strings.Count(src, "\n")+1, 1 // the compiler places EOF past the last line
			}
			out = append(out, goErrorLine(pos, "syntax error: "+gcSyntax(first.Msg, srcLine(src, first.Pos.Line))))
			continue
		} else if err != nil {
			return nil
		}
		parsed = append(parsed, f)
	}
	if len(out) > 0 {
		return out[:min(len(out), goMaxErrors)]
	}
	declared, ok := goDeclared(parsed)
	if !ok {
		return nil
	}
	var errs []goFound
	for _, f := range parsed {
		errs = append(errs, goFileErrors(f, declared)...)
	}
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].pos < errs[j].pos }) // files are added in order
	for _, e := range errs[:min(len(errs), goMaxErrors)] {
		out = append(out, goErrorLine(fset.Position(e.pos), e.msg))
	}
	return out
}

// goErrorLine is msg at p as the go command prints it, the file relative
// to the current directory: ./main.go:4:2: msg.
func goErrorLine(p token.Position, msg string) string {
	name := p.Filename
	if !strings.HasPrefix(name, "./") && !strings.HasPrefix(name, "../") && !strings.HasPrefix(name, "/") {
		name = "./" + name
	}
	return fmt.Sprintf("%s:%d:%d: %s", name, p.Line, p.Column, msg)
}

// goDeclared are the names the package of files declares at its top level
// (methods and init are none); false when the files are of more than one
// package, which go build refuses on its own.
func goDeclared(files []*ast.File) (map[string]bool, bool) {
	declared := map[string]bool{}
	for _, f := range files {
		if f.Name.Name != files[0].Name.Name {
			return nil, false
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.Name != "init" {
					declared[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						declared[sp.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							declared[n.Name] = true
						}
					}
				}
			}
		}
	}
	return declared, true
}

// goFound is an error at a position.
type goFound struct {
	pos token.Pos
	msg string
}

// goFileErrors are f's unused standard library imports and the names it
// uses that neither the package (declared), its imports nor the language
// declare. A file with a dot import is not judged; where an import's name
// cannot be told, a name used as a selector's operand may be it.
func goFileErrors(f *ast.File, declared map[string]bool) []goFound {
	imported, unknown, dot := goImportNames(f)
	if dot {
		return nil
	}
	used := map[string]bool{}
	selX := map[*ast.Ident]bool{} // used as a selector's operand: a package, if any
	keys := map[*ast.Ident]bool{} // keys of composite literals: field names, left unresolved
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit:
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						keys[id] = true
					}
				}
			}
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok {
				used[id.Name], selX[id] = true, true
			}
		}
		return true
	})
	var errs []goFound
	names := map[string]bool{}
	for imp, in := range imported {
		names[in.name] = true
		if !in.std || in.name == "_" || used[in.name] {
			continue
		}
		p := strings.Trim(imp.Path.Value, "\"`")
		msg := fmt.Sprintf("%q imported and not used", p)
		if imp.Name != nil {
			msg = fmt.Sprintf("%q imported as %s and not used", p, in.name)
		}
		errs = append(errs, goFound{imp.Pos(), msg})
	}
	for _, id := range f.Unresolved {
		if keys[id] || declared[id.Name] || names[id.Name] || id.Name == "_" || slices.Contains(goPredeclared, id.Name) || unknown && selX[id] {
			continue
		}
		errs = append(errs, goFound{id.Pos(), "undefined: " + id.Name})
	}
	return errs
}

// goImport is the name an import declares, and whether it is of the
// standard library (its path's first element has no dot), whose package
// name is its path's last element.
type goImport struct {
	name string
	std  bool
}

// goImportNames are the names f's imports declare, keyed by the import;
// an import of a module's package without a written name is left out: its
// package may be named unlike its path (unknown, then, is true). dot is
// true when f has a dot import, whose names cannot be told.
func goImportNames(f *ast.File) (names map[*ast.ImportSpec]goImport, unknown, dot bool) {
	names = map[*ast.ImportSpec]goImport{}
	for _, imp := range f.Imports {
		p := strings.Trim(imp.Path.Value, "\"`")
		std := !strings.Contains(strings.SplitN(p, "/", 2)[0], ".") && p != "C"
		switch {
		case imp.Name != nil && imp.Name.Name == ".":
			dot = true
		case imp.Name != nil:
			names[imp] = goImport{imp.Name.Name, std}
		case std:
			names[imp] = goImport{goStdName(p), true}
		default:
			unknown = true
		}
	}
	return names, unknown, dot
}

// goStdName is the package name of the standard library's import path p:
// its last element, the one before a major version's (math/rand/v2: rand).
func goStdName(p string) string {
	base := path.Base(p)
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" && path.Dir(p) != "." {
		return path.Base(path.Dir(p))
	}
	return base
}

// goConstrained reports whether the Go file name (src its content) is
// built only under a constraint: a //go:build or // +build line, or an
// _os or _arch suffix of its name. Such a file may not be in the build.
func goConstrained(name, src string) bool {
	for _, l := range strings.Split(src, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "package ") {
			break
		}
		if strings.HasPrefix(t, "//go:build") || strings.HasPrefix(t, "// +build") {
			return true
		}
	}
	base := strings.TrimSuffix(path.Base(name), ".go")
	parts := strings.Split(base, "_")
	for _, p := range parts[1:] {
		if slices.Contains(goOSArch, p) {
			return true
		}
	}
	return false
}

// goOSArch are the GOOS and GOARCH values a file name's suffix constrains
// it to.
var goOSArch = strings.Fields(`aix android darwin dragonfly freebsd illumos ios js linux netbsd openbsd plan9 solaris wasip1 windows
	386 amd64 arm arm64 loong64 mips mips64 mips64le mipsle ppc64 ppc64le riscv64 s390x wasm`)

// parserExpected is go/parser's "expected X, found Y".
var parserExpected = lazyregexp.New(`^expected (.+?), found (.+)$`)

// gcSyntax is go/parser's syntax error msg, on the source line line, in
// the compiler's words as `go build` prints them: "expected '}', found
// 'EOF'" is "unexpected EOF, expected }"; "missing ',' before newline in
// argument list" is "unexpected newline in argument list; possibly missing
// comma or )"; a message of another form is kept.
func gcSyntax(msg, line string) string {
	if m := parserMissingComma.FindStringSubmatch(msg); m != nil {
		closer := map[string]string{"argument list": ")", "composite literal": "}", "parameter list": ")"}[m[1]]
		if closer != "" {
			return "unexpected newline in " + m[1] + "; possibly missing comma or " + closer
		}
	}
	m := parserExpected.FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	want := strings.Trim(m[1], "'")
	switch want {
	case ";":
		want = "semicolon or newline"
	case ",":
		want = "comma"
	case "operand":
		want = "expression"
	case "{":
		if k := strings.Fields(line); len(k) > 0 && (k[0] == "if" || k[0] == "for" || k[0] == "switch") {
			want += " after " + k[0] + " clause"
		}
	}
	got := m[2]
	switch {
	case strings.HasPrefix(got, "'") && strings.HasSuffix(got, "'"):
		got = strings.Trim(got, "'")
	case got == "newline":
	case got != "" && (got[0] >= '0' && got[0] <= '9' || got[0] == '"' || got[0] == '`' || got[0] == '\''):
		got = "literal " + got
	default:
		got = "name " + got
	}
	return "unexpected " + got + ", expected " + want
}

// parserMissingComma is go/parser's "missing ',' before newline in X".
var parserMissingComma = lazyregexp.New(`^missing ',' before newline in (.+)$`)

// srcLine is line n (1-based) of src, "" past its end.
func srcLine(src string, n int) string {
	lines := strings.Split(src, "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}
