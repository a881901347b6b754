package platform_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestStep_SharedStepKeepsItsParts: a Step built on by two callers keeps
// each one's parts apart, and a call's arguments are parsed in order.
func TestStep_SharedStepKeepsItsParts(t *testing.T) {
	t.Parallel()
	base := platform.Say("start it with ").Say("care, then ")
	a := base.Call("zerops_manage", "action=start", "serviceHostname=app")
	b := base.Say("wait")
	if got := a.Parts[2]; got.Tool != "zerops_manage" || len(got.Args) != 2 ||
		got.Args[0] != (platform.Arg{Key: "action", Value: "start"}) || got.Args[1] != (platform.Arg{Key: "serviceHostname", Value: "app"}) {
		t.Fatalf("call part %+v", got)
	}
	if b.Parts[2].Text != "wait" || len(base.Parts) != 2 || len(a.Calls()) != 1 || len(b.Calls()) != 0 {
		t.Fatalf("parts mixed: a %+v, b %+v, base %+v", a, b, base)
	}
	if got := a.Then(b).Prose(); got != "start it with care, then start it with care, then wait" {
		t.Fatalf("prose %q", got)
	}
	if !(platform.Step{}).IsZero() || !platform.Say("").IsZero() {
		t.Fatal("the zero Step, and one of empty prose, is no step")
	}
}

// nextMarker is how the mcp package introduces a step, spelled so that
// this file holds no such literal itself.
const nextMarker = "Next" + ": "

// TestStep_NoNextProseOutsideMCP: platform/ and deploy/ return next steps
// as data; no Go source outside tests writes how a step is introduced
// (nextMarker): the mcp package does.
func TestStep_NoNextProseOutsideMCP(t *testing.T) {
	t.Parallel()
	scanned := 0
	for _, root := range []string{".", "../deploy"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			scanned++
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if strings.Contains(string(src), `"`+nextMarker) {
				t.Errorf("%s holds %q: return a platform.Step; the mcp package says it", path, `"`+nextMarker)
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, src, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if s, err := strconv.Unquote(lit.Value); err == nil && strings.Contains(s, nextMarker) {
						t.Errorf("%s: a literal holds %q: return a platform.Step; the mcp package says it", path, platform.Clip(s, 80))
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if scanned < 100 {
		t.Fatalf("only %d files scanned: the walk broke", scanned)
	}
}
