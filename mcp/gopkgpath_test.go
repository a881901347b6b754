package mcp_test

import "testing"

// A go build of a package directory or file the upload lacks fails as the
// go command does, `stat /build/source/cmd/server: directory not found`
// (walk 11: `go build -o bin/server ./cmd/server` of an app whose main.go
// sits at the top was answered live); one that exists, a pattern with
// `...` and a flag's value are not judged.
func TestDeploy_GoBuildOfMissingPackage(t *testing.T) {
	t.Parallel()
	app := func(cmd string) map[string]string {
		return map[string]string{
			"zerops.yml": setupYml{base: "go@1", build: []string{cmd}, deploy: "./bin", start: "./bin/server"}.String(),
			"go.mod":     "module example.com/app\n\ngo 1.22\n",
			"main.go":    "package main\n\nimport \"net/http\"\n\nfunc main() { http.ListenAndServe(\":8080\", nil) }\n",
		}
	}
	failed := func(name, cmd, want string) deployCase {
		return deployCase{name: name, files: app(cmd), verdict: "build-failed", says: []string{want}}
	}
	live := func(name, cmd string) deployCase { return deployCase{name: name, files: app(cmd), verdict: "live"} }
	runDeployCases(t, []deployCase{
		failed("missing directory", "go build -o bin/server ./cmd/server", "stat /build/source/cmd/server: directory not found"),
		failed("missing file", "go build -o bin/server ./server.go", "stat /build/source/server.go: directory not found"),
		live("top package", "go build -o bin/server ."),
		live("the file there", "go build -o ./bin/server main.go"),
		live("flags with values", "go build -ldflags \"-s -w\" -tags netgo -o ./bin/server ./"),
	})
}
