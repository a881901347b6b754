package appsim

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestGoCompileErrors_SureOnesOnly: a syntax error, an unused standard
// library import and an undefined name are reported as the go command
// prints them; code that compiles (fields in literals, labels, generics,
// names declared in another file, a module's package, a dot import, a
// constrained file) is never reported.
func TestGoCompileErrors_SureOnesOnly(t *testing.T) {
	t.Parallel()
	const server = "package main\n\nimport (\n\t\"fmt\"\n\t\"net/http\"\n)\n\nfunc main() {\n\thttp.HandleFunc(\"/\", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, greeting) })\n\thttp.ListenAndServe(\":8080\", nil)\n}\n"
	tests := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"unused import", map[string]string{"main.go": "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() { fmt.Println(\"hi\") }\n"},
			[]string{`./main.go:5:2: "os" imported and not used`}},
		{"unused import with a name", map[string]string{"main.go": "package main\n\nimport str \"strings\"\n\nfunc main() {}\n"},
			[]string{`./main.go:3:8: "strings" imported as str and not used`}},
		{"undefined", map[string]string{"main.go": server}, []string{"./main.go:9:84: undefined: greeting"}},
		{"declared in another file", map[string]string{"main.go": server, "greet.go": "package main\n\nconst greeting = \"hi\"\n"}, nil},
		{"declared only in a constrained file", map[string]string{"main.go": server, "greet_windows.go": "package main\n\nconst greeting = \"hi\"\n"}, nil},
		{"syntax", map[string]string{"main.go": "package main\n\nfunc main() {\n\tx := \n}\n"}, []string{"./main.go:5:1: syntax error: unexpected }, expected expression"}},
		{"a brace left open", map[string]string{"main.go": "package main\n\nfunc main() {\n\tprintln(1)\n"}, []string{"./main.go:5:1: syntax error: unexpected EOF, expected }"}},
		// As go build prints them (go1.26).
		{"a call left open", map[string]string{"main.go": "package main\n\nfunc main() {\n\tprintln(1\n}\n"}, []string{"./main.go:4:11: syntax error: unexpected newline in argument list; possibly missing comma or )"}},
		{"an if without its brace", map[string]string{"main.go": "package main\n\nfunc main() {\n\tif x := 1; x > 0 \n\tprintln(x)\n}\n"}, []string{"./main.go:4:19: syntax error: unexpected newline, expected { after if clause"}},
		{"a literal left open", map[string]string{"main.go": "package main\n\nfunc main() {\n\tx := []int{1, 2\n\t_ = x\n}\n"}, []string{"./main.go:4:17: syntax error: unexpected newline in composite literal; possibly missing comma or }"}},
		{"compiles", map[string]string{"main.go": `package main

import (
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"os"
	"sync"
)

type config struct {
	Port string ` + "`json:\"port\"`" + `
	mu   sync.Mutex
}

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func handler(w http.ResponseWriter, r *http.Request) {
	c := config{Port: os.Getenv("PORT")}
	_ = json.NewEncoder(w).Encode(map[string]any{"port": c.Port})
}

func main() {
	var s Stack[int]
	s.Push(1)
outer:
	for i := range 3 {
		for j := 0; j < 2; j++ {
			if i == j {
				continue outer
			}
		}
	}
	go func() { fmt.Println(len(s.items), min(1, 2)) }()
	http.HandleFunc("/", handler)
	log.Fatal(http.ListenAndServe(":8080", nil))
}
`}, nil},
		{"module package by its own name", map[string]string{"main.go": "package main\n\nimport (\n\t\"github.com/go-chi/chi/v5\"\n\t\"net/http\"\n)\n\nfunc main() { http.ListenAndServe(\":8080\", chi.NewRouter()) }\n"}, nil},
		{"module package, undefined plain name", map[string]string{"main.go": "package main\n\nimport \"github.com/gin-gonic/gin\"\n\nfunc main() { r := gin.Default(); r.Run(addr) }\n"},
			[]string{"./main.go:5:41: undefined: addr"}},
		{"a major version's package, grouped generic types", map[string]string{"main.go": "package main\n\nimport \"math/rand/v2\"\n\ntype (\n\tpick[T any] func([]T) T\n)\n\nfunc first[T any](p pick[T], xs []T) T { return p(xs) }\n\nfunc main() { _ = first(func(xs []int) int { return xs[rand.IntN(len(xs))] }, []int{1}) }\n"}, nil},
		{"dot import", map[string]string{"main.go": "package main\n\nimport . \"fmt\"\n\nfunc main() { Println(\"x\") }\n"}, nil},
		{"blank and cgo", map[string]string{"main.go": "package main\n\n// #include <stdio.h>\nimport \"C\"\nimport _ \"embed\"\n\nfunc main() { C.puts(nil) }\n"}, nil},
		{"build constraint", map[string]string{"main.go": "//go:build ignore\n\npackage main\n\nimport \"os\"\n\nfunc main() {}\n"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var names []string
			for n := range tt.files {
				names = append(names, n)
			}
			slices.Sort(names)
			got := goCompileErrors(names, func(n string) (string, bool) { s, ok := tt.files[n]; return s, ok })
			if !slices.Equal(got, tt.want) {
				t.Errorf("errors = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestGoCompileErrors_StandardLibraryCompiles: the Go installation's own
// source compiles, so no package of it is reported (real code: generic
// type groups, math/rand/v2's name, constrained files, cgo). Test data
// and test files are left out, as a build leaves them.
func TestGoCompileErrors_StandardLibraryCompiles(t *testing.T) {
	t.Parallel()
	root := filepath.Join(build.Default.GOROOT, "src")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("no Go source here: %v", err)
	}
	dirs := map[string][]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			dirs[filepath.Dir(p)] = append(dirs[filepath.Dir(p)], p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) < 100 {
		t.Fatalf("only %d packages under %s", len(dirs), root)
	}
	for dir, files := range dirs {
		read := func(f string) (string, bool) { b, err := os.ReadFile(f); return string(b), err == nil }
		if errs := goCompileErrors(files, read); len(errs) > 0 {
			t.Errorf("%s compiles, yet: %q", dir, errs[:min(3, len(errs))])
		}
	}
}
