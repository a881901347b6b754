package mcp_test

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// stepCall is a tool call a typed next step names in the source: the tool
// and the keys of its arguments, "" for an argument the scan cannot read.
type stepCall struct {
	pos  string
	tool string
	keys []string
}

// TestSteps_CallRegisteredToolsWithTheirArgs reads every platform.Step call
// (platform.Call, and a Step's Call) that platform/ops and deploy build:
// each names a registered tool, and each of its arguments is one of that
// tool's input schema's properties.
func TestSteps_CallRegisteredToolsWithTheirArgs(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	list, err := h.cs.ListTools(context.Background(), nil)
	must(t, err)
	props := map[string]map[string]any{}
	for _, tool := range list.Tools {
		schema, _ := tool.InputSchema.(map[string]any)
		p, _ := schema["properties"].(map[string]any)
		props[tool.Name] = p
	}
	var calls []stepCall
	for _, dir := range []string{"../platform/ops", "../deploy"} {
		calls = append(calls, stepCalls(t, dir)...)
	}
	if len(calls) < 30 {
		t.Fatalf("only %d step calls found: the scan broke", len(calls))
	}
	for _, c := range calls {
		p, ok := props[c.tool]
		if !ok {
			t.Errorf("%s: %s is not a tool", c.pos, c.tool)
			continue
		}
		for _, k := range c.keys {
			if k == "" {
				t.Errorf("%s: an argument of %s is not a literal key=value: write its key in the source", c.pos, c.tool)
			} else if _, ok := p[k]; !ok {
				t.Errorf("%s: %s has no argument %s", c.pos, c.tool, k)
			}
		}
	}
}

// stepCalls parses dir's non-test Go files and returns the step calls in
// them: a call of a Call method or function whose first argument is a
// literal zerops_ tool name.
func stepCalls(t *testing.T, dir string) []stepCall {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	must(t, err)
	fset := token.NewFileSet()
	var out []stepCall
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		must(t, err)
		vars := assigned(f)
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Call" {
				return true
			}
			tool := literal(call.Args[0], vars)
			if !strings.HasPrefix(tool, "zerops_") {
				return true
			}
			c := stepCall{pos: fset.Position(call.Pos()).String(), tool: tool}
			for _, a := range call.Args[1:] {
				k, _, ok := strings.Cut(literal(a, vars), "=")
				if !ok {
					k = ""
				}
				c.keys = append(c.keys, k)
			}
			out = append(out, c)
			return true
		})
	}
	return out
}

// assigned maps each name a file sets with := to the expression it sets
// first: a step's argument held in a variable (host := "serviceHostname=" + name).
func assigned(f *ast.File) map[string]ast.Expr {
	vars := map[string]ast.Expr{}
	ast.Inspect(f, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
			for i, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					if _, seen := vars[id.Name]; !seen {
						vars[id.Name] = as.Rhs[i]
					}
				}
			}
		}
		return true
	})
	return vars
}

// literal is the leading literal text of e: a string literal, the left
// end of a concatenation, a fmt.Sprintf format, a variable's first value;
// "" for anything else.
func literal(e ast.Expr, vars map[string]ast.Expr) string {
	switch e := e.(type) {
	case *ast.BasicLit:
		if s, err := strconv.Unquote(e.Value); err == nil {
			return s
		}
	case *ast.BinaryExpr:
		return literal(e.X, vars)
	case *ast.CallExpr:
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Sprintf" && len(e.Args) > 0 {
			return literal(e.Args[0], vars)
		}
	case *ast.Ident:
		if v, ok := vars[e.Name]; ok {
			delete(vars, e.Name) // no loop through a self-reference
			s := literal(v, vars)
			vars[e.Name] = v
			return s
		}
	}
	return ""
}
