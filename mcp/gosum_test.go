package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A go build of a package importing a module go.mod requires, with no
// go.sum uploaded or written before, fails as the go command does
// (walk11b: a gin app without go.sum was answered live); go mod tidy, go
// get or -mod=mod before it, an uploaded go.sum, or a vendor directory
// build. The answer gives Go's fix alone: go mod tidy, not "fix the
// reported file and line" beside it.
func TestDeploy_GoBuildWithoutGoSum(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: go@1
      buildCommands:
%s
      deployFiles: ./bin%b
    run:
      base: go@1
      ports:
        - port: 8080
          httpSupport: true
      start: ./bin/server%r
`
	gomod := "module example.com/shop\n\ngo 1.22\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.10.0 // direct\n)\n"
	main := "package main\n\nimport (\n\t\"os\"\n\n\t\"github.com/gin-gonic/gin\"\n)\n\nfunc main() {\n\tr := gin.Default()\n\t_ = os.Getenv(\"X\")\n\tr.Run(\":8080\")\n}\n"
	// build.envVariables and run.envVariables, as the yaml writes them.
	buildEnv := func(k, v string) string { return "\n      envVariables:\n        " + k + ": \"" + v + "\"" }
	tests := []struct {
		name     string
		cmds     []string
		extra    map[string]string
		want     string // in the answer; "": live
		env, run string // build.envVariables, run.envVariables (buildEnv's form)
	}{
		{"no go.sum", []string{"go build -o bin/server ."},
			nil, "main.go:6:2: missing go.sum entry for module providing package github.com/gin-gonic/gin (imported by example.com/shop)", "", ""},
		{"no go.sum, package in a folder", []string{"go build -o bin/server ./cmd/server"},
			map[string]string{"cmd/server/main.go": main}, "cmd/server/main.go:6:2: missing go.sum entry for module providing package github.com/gin-gonic/gin (imported by example.com/shop/cmd/server)", "", ""},
		{"go mod tidy first", []string{"go mod tidy", "go build -o bin/server ."}, nil, "", "", ""},
		{"go get first", []string{"go get github.com/gin-gonic/gin", "go build -o bin/server ."}, nil, "", "", ""},
		{"-mod=mod", []string{"go build -mod=mod -o bin/server ."}, nil, "", "", ""},
		{"go.sum uploaded", []string{"go build -o bin/server ."}, map[string]string{"go.sum": "github.com/gin-gonic/gin v1.10.0 h1:x=\n"}, "", "", ""},
		{"vendored", []string{"go build -o bin/server ."}, map[string]string{"vendor/modules.txt": "# github.com/gin-gonic/gin v1.10.0\n"}, "", "", ""},
		// Named files are loaded in the module too (walk 11: skipped);
		// their imports have no importer package, so go names the module
		// to download.
		{"no go.sum, main.go named", []string{"go build -o bin/server main.go"},
			nil, "main.go:6:2: missing go.sum entry for module providing package github.com/gin-gonic/gin; to add:", "", ""},
		// GOFLAGS holds the go command's default flags (walk 11: the
		// variable in build.envVariables was not read).
		{"GOFLAGS=-mod=mod in build.envVariables", []string{"go build -o bin/server ."}, nil, "", buildEnv("GOFLAGS", "-mod=mod"), ""},
		{"GOFLAGS with -mod=mod among others", []string{"go build -o bin/server ."}, nil, "", buildEnv("GOFLAGS", "-trimpath -mod=mod"), ""},
		{"GOFLAGS on the command line", []string{"GOFLAGS=-mod=mod go build -o bin/server ."}, nil, "", "", ""},
		{"GOFLAGS exported before", []string{"export GOFLAGS=-mod=mod && go build -o bin/server ."}, nil, "", "", ""},
		{"GOFLAGS=-mod=mod in run.envVariables only", []string{"go build -o bin/server ."},
			nil, "main.go:6:2: missing go.sum entry for module providing package github.com/gin-gonic/gin (imported by example.com/shop)", "", buildEnv("GOFLAGS", "-mod=mod")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{
				"zerops.yml": strings.NewReplacer("%s", "        - "+strings.Join(tt.cmds, "\n        - "), "%b", tt.env, "%r", strings.ReplaceAll(tt.run, "\n      ", "\n      ")).Replace(yml),
				"go.mod":     gomod,
				"main.go":    main,
			}
			for k, v := range tt.extra {
				files[k] = v
			}
			target, files, _ := h.matchingTarget(t, files, nil)
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": target}, "v1")
			answer := text(res)
			if tt.want == "" {
				if m["verdict"] != "live" {
					t.Errorf("verdict %v, want live: %s", m["verdict"], answer)
				}
				return
			}
			if m["verdict"] != "build-failed" || !strings.Contains(answer, tt.want) || strings.Contains(tt.name, "named") && !strings.Contains(answer, "go mod download github.com/gin-gonic/gin") {
				t.Errorf("verdict %v, want build-failed with %q: %s", m["verdict"], tt.want, answer)
			}
			// One cause, Go's fix: no "fix the reported file and line"
			// beside it, no other ecosystem's lock commands, no warning.
			if !strings.Contains(answer, "`go mod tidy`") || strings.Contains(answer, "Fix the reported file") ||
				strings.Contains(answer, "poetry lock") || strings.Contains(answer, "warnings") {
				t.Errorf("the answer does not give Go's fix alone: %s", answer)
			}
		})
	}
}
