package mcp_test

import (
	"strings"
	"testing"
)

// Go code that does not compile fails the build as on Zerops, with the
// compiler's line and the fix in the source (walk 75: an unused import
// and an undefined name were both deployed and answered live). Code that
// compiles, and names the sandbox cannot judge (a module's package, one
// declared in another file), stay live.
func TestDeploy_GoCodeThatDoesNotCompile(t *testing.T) {
	t.Parallel()
	gomod := "module example.com/hello\n\ngo 1.22\n"
	app := func(build string, files map[string]string) map[string]string {
		s := setupYml{base: "go@1", deploy: "./app", start: "./app", port: 8080, build: []string{build}}
		out := map[string]string{"zerops.yml": s.String(), "go.mod": gomod}
		for k, v := range files {
			out[k] = v
		}
		return out
	}
	serve := "func main() {\n\thttp.HandleFunc(\"/\", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, greeting) })\n\thttp.ListenAndServe(\":8080\", nil)\n}\n"
	imports := "package main\n\nimport (\n\t\"fmt\"\n\t\"net/http\"\n)\n\n"
	runDeployCases(t, []deployCase{
		{name: "unused import", files: app("go build -o app .", map[string]string{"main.go": "package main\n\nimport (\n\t\"fmt\"\n\t\"net/http\"\n\t\"os\"\n)\n\nconst greeting = \"hi\"\n\n" + serve}),
			verdict: "build-failed", says: []string{`./main.go:6:2: \"os\" imported and not used`, `"signal":"compile-error"`}},
		{name: "undefined name, files named", files: app("go build -o app main.go", map[string]string{"main.go": imports + serve}),
			verdict: "build-failed", says: []string{"./main.go:9:86: undefined: greeting", `"signal":"compile-error"`}},
		{name: "declared in another file", files: app("go build -o app .", map[string]string{"main.go": imports + serve, "greet.go": "package main\n\nconst greeting = \"hi\"\n"}),
			verdict: "live"},
		// A generator before the build may write the declaration: not judged.
		{name: "generated before the build", files: func() map[string]string {
			f := app("go build -o app .", map[string]string{"main.go": imports + serve})
			f["zerops.yml"] = strings.Replace(f["zerops.yml"], "- go build -o app .", "- go generate ./...\n        - go build -o app .", 1)
			return f
		}(), verdict: "live"},
		{name: "compiles", files: app("go build -o app .", map[string]string{"main.go": imports + "const greeting = \"hi\"\n\n" + serve}), verdict: "live"},
	})
}
