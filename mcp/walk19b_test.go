package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A Go app started with `go run main.go …` while the build deploys only the
// binary it wrote (walk 19, the golang-maria-api recipe's files): the go
// command's `stat main.go: no such file or directory` was diagnosed as a
// generic crash, "read the stack trace's first frame", when there is no
// trace and the cause is the start: it names the binary to run instead.
func TestDeploy_GoRunOfSourcesNotDeployed(t *testing.T) {
	t.Parallel()
	main := "package main\n\nimport \"net/http\"\n\nfunc main() {\n\thttp.ListenAndServe(\":3000\", nil)\n}\n"
	runDeployCases(t, []deployCase{{
		name: "go run of an undeployed main.go",
		files: map[string]string{"go.mod": "module todo\n\ngo 1.22\n", "main.go": main,
			"zerops.yml": setupYml{base: "go@1", build: []string{"go build -o app main.go"}, deploy: "[ app ]", port: 3000,
				start: "go run main.go"}.String()},
		verdict: "not-answering",
		signal:  "start-file-missing",
		next:    []string{"`./app`"},
		lacks:   []string{"stack trace"},
	}})
}
