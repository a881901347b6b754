package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A go build of a package directory or file the upload lacks fails as the
// go command does, `stat /build/source/cmd/server: directory not found`
// (walk 11: `go build -o bin/server ./cmd/server` of an app whose main.go
// sits at the top was answered live); one that exists, a pattern with
// `...` and a flag's value are not judged.
func TestDeploy_GoBuildOfMissingPackage(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: go@1
      buildCommands:
        - %s
      deployFiles: ./bin
    run:
      base: go@1
      ports:
        - port: 8080
          httpSupport: true
      start: ./bin/server
`
	tests := []struct {
		name, cmd string
		want      string // in the answer; "": live
	}{
		{"missing directory", "go build -o bin/server ./cmd/server", "stat /build/source/cmd/server: directory not found"},
		{"missing file", "go build -o bin/server ./server.go", "stat /build/source/server.go: directory not found"},
		{"top package", "go build -o bin/server .", ""},
		{"the file there", "go build -o ./bin/server main.go", ""},
		{"flags with values", "go build -ldflags \"-s -w\" -tags netgo -o ./bin/server ./", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml": strings.Replace(yml, "%s", tt.cmd, 1),
				"go.mod":     "module example.com/app\n\ngo 1.22\n",
				"main.go":    "package main\n\nimport \"net/http\"\n\nfunc main() { http.ListenAndServe(\":8080\", nil) }\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			answer := text(res)
			if tt.want == "" {
				if m["verdict"] != "live" {
					t.Errorf("verdict %v, want live: %s", m["verdict"], answer)
				}
				return
			}
			if m["verdict"] != "build-failed" || !strings.Contains(answer, tt.want) {
				t.Errorf("verdict %v, want build-failed with %q: %s", m["verdict"], tt.want, answer)
			}
		})
	}
}
