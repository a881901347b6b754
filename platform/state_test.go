package platform_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// stateAllowed are the package-level variables outside tests that this
// check would flag but that hold no mutable state. Keep it short: each
// entry says why it is not state.
var stateAllowed = map[string]string{
	// A shared *http.Client: its transport pools connections, but it is
	// never reassigned and remembers nothing of a project.
	"platform/ops.defaultProbeClient": "a shared HTTP client, never written",
	// The embedded corpus, parsed once (sync.Once) and only read after.
	"knowledge.corpus": "parsed once from the embedded files, read-only after",
}

// TestPackageState_NoMutableVars: no package-level var outside tests holds
// mutable state. What ZCP remembers lives in values it owns (ops.Memory,
// the actors), never in package variables, so two projects, two servers or
// two parallel tests never share it. A var is state when its declaration
// names a sync or atomic type, takes the address of a value (&T{...}), or
// when a function outside tests writes it: assigns it, one of its elements
// or fields, increments it, or deletes from or clears it. Tables built at
// init and only read (maps, slices, regexps) are not state.
func TestPackageState_NoMutableVars(t *testing.T) {
	t.Parallel()
	fset := token.NewFileSet()
	pkgs, err := parseNonTest(fset, "..")
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	flag := func(pkg, name string, pos token.Pos, why string) {
		if _, ok := stateAllowed[pkg+"."+name]; ok {
			return
		}
		found = append(found, fset.Position(pos).String()+": package var "+name+" "+why)
	}
	for dir, p := range pkgs {
		p.declaredState(func(name string, pos token.Pos, why string) { flag(dir, name, pos, why) })
		for _, f := range p.files {
			for _, decl := range f.Decls {
				fn, ok := decl.(*ast.FuncDecl)
				if !ok || fn.Body == nil || (fn.Recv == nil && fn.Name.Name == "init") { // init builds tables
					continue
				}
				for name, pos := range writes(fn, p.vars) {
					flag(dir, name, pos, "is written by "+fn.Name.Name)
				}
			}
		}
	}
	sort.Strings(found)
	for _, f := range found {
		t.Error(f + ": keep it in a value that owns it (a struct passed in, an actor's state), or add it to stateAllowed saying why it is not state")
	}
}

// pkgFiles is one package's non-test files and the names of its
// package-level vars (filled by declaredState).
type pkgFiles struct {
	files []*ast.File
	vars  map[string]bool
}

// parseNonTest parses the non-test Go files under root, skipping hidden
// directories and testdata, by package directory relative to root.
func parseNonTest(fset *token.FileSet, root string) (map[string]*pkgFiles, error) {
	pkgs := map[string]*pkgFiles{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, root+"/")))
		if dir == root {
			dir = "."
		}
		p := pkgs[dir]
		if p == nil {
			p = &pkgFiles{vars: map[string]bool{}}
			pkgs[dir] = p
		}
		p.files = append(p.files, f)
		return nil
	})
	return pkgs, err
}

// declaredState records p's package-level vars in p.vars and calls flag for
// each one whose declaration makes it state.
func (p *pkgFiles) declaredState(flag func(name string, pos token.Pos, why string)) {
	for _, f := range p.files {
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if n.Name == "_" {
						continue
					}
					p.vars[n.Name] = true
					var val ast.Expr
					if i < len(vs.Values) {
						val = vs.Values[i]
					}
					if why := stateDecl(vs.Type, val); why != "" {
						flag(n.Name, n.Pos(), why)
					}
				}
			}
		}
	}
}

// stateDecl says why a var declared with typ and value val is state, or "".
func stateDecl(typ, val ast.Expr) string {
	var why string
	if u, ok := val.(*ast.UnaryExpr); ok && u.Op == token.AND {
		return "points at a value (&...)"
	}
	for _, e := range []ast.Expr{typ, val} {
		if e == nil {
			continue
		}
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && (x.Name == "sync" || x.Name == "atomic") {
					if !strings.HasPrefix(n.Sel.Name, "Once") { // OnceValue & co: computed once, read after
						why = "holds a " + x.Name + "." + n.Sel.Name
					}
				}
			case *ast.FuncLit:
				return false // a function's own locals are not the var's
			}
			return why == ""
		})
	}
	return why
}

// writes returns the package vars (of vars) that fn writes, with where.
// A name fn declares itself (a parameter, a local) shadows the package var
// in all of fn: coarse, but this check only has to find writes, not prove
// their absence.
func writes(fn *ast.FuncDecl, vars map[string]bool) map[string]token.Pos {
	local := map[string]bool{}
	declare := func(names ...*ast.Ident) {
		for _, n := range names {
			local[n.Name] = true
		}
	}
	if fn.Recv != nil {
		for _, f := range fn.Recv.List {
			declare(f.Names...)
		}
	}
	for _, fl := range []*ast.FieldList{fn.Type.Params, fn.Type.Results} {
		if fl != nil {
			for _, f := range fl.List {
				declare(f.Names...)
			}
		}
	}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						declare(id)
					}
				}
			}
		case *ast.ValueSpec:
			declare(n.Names...)
		case *ast.RangeStmt:
			if n.Tok == token.DEFINE {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if id, ok := e.(*ast.Ident); ok {
						declare(id)
					}
				}
			}
		case *ast.FuncLit:
			for _, f := range n.Type.Params.List {
				declare(f.Names...)
			}
		}
		return true
	})
	out := map[string]token.Pos{}
	hit := func(e ast.Expr) {
		if id := rootIdent(e); id != nil && vars[id.Name] && !local[id.Name] {
			out[id.Name] = id.Pos()
		}
	}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					hit(l)
				}
			}
		case *ast.IncDecStmt:
			hit(n.X)
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && (id.Name == "delete" || id.Name == "clear") && len(n.Args) > 0 {
				hit(n.Args[0])
			}
		}
		return true
	})
	return out
}

// rootIdent is the variable an lvalue writes into: x of x, x[i], x.f, *x.
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch v := e.(type) {
		case *ast.Ident:
			return v
		case *ast.IndexExpr:
			e = v.X
		case *ast.SelectorExpr:
			e = v.X
		case *ast.StarExpr:
			e = v.X
		case *ast.ParenExpr:
			e = v.X
		default:
			return nil
		}
	}
}
