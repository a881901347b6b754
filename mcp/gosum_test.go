package mcp_test

import "testing"

// A go build of a package importing a module go.mod requires, with no
// go.sum uploaded or written before, fails as the go command does
// (walk11b: a gin app without go.sum was answered live); go mod tidy, go
// get or -mod=mod before it, an uploaded go.sum, or a vendor directory
// build. The answer gives Go's fix alone: go mod tidy, not "fix the
// reported file and line" beside it. Named files are built in the module
// too (walk 11: skipped), and GOFLAGS holds the go command's default
// flags (walk 11: the variable in build.envVariables was not read).
func TestDeploy_GoBuildWithoutGoSum(t *testing.T) {
	t.Parallel()
	gomod := "module example.com/shop\n\ngo 1.22\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.10.0 // direct\n)\n"
	main := "package main\n\nimport (\n\t\"os\"\n\n\t\"github.com/gin-gonic/gin\"\n)\n\nfunc main() {\n\tr := gin.Default()\n\t_ = os.Getenv(\"X\")\n\tr.Run(\":8080\")\n}\n"
	app := func(s setupYml, extra map[string]string) map[string]string {
		s.base, s.deploy, s.start = "go@1", "./bin", "./bin/server"
		files := map[string]string{"zerops.yml": s.String(), "go.mod": gomod, "main.go": main}
		for k, v := range extra {
			files[k] = v
		}
		return files
	}
	cmds := func(c ...string) setupYml { return setupYml{build: c} }
	// One cause, Go's fix: no "fix the reported file and line" beside it,
	// no other ecosystem's lock commands, no warning.
	failed := func(name string, s setupYml, extra map[string]string, want ...string) deployCase {
		return deployCase{name: name, files: app(s, extra), verdict: "build-failed", says: append(want, "`go mod tidy`"),
			lacks: []string{"Fix the reported file", "poetry lock", "warnings"}}
	}
	live := func(name string, s setupYml, extra map[string]string) deployCase {
		return deployCase{name: name, files: app(s, extra), verdict: "live"}
	}
	build := cmds("go build -o bin/server .")
	runDeployCases(t, []deployCase{
		failed("no go.sum", build, nil,
			"main.go:6:2: missing go.sum entry for module providing package github.com/gin-gonic/gin (imported by example.com/shop)"),
		failed("no go.sum, package in a folder", cmds("go build -o bin/server ./cmd/server"), map[string]string{"cmd/server/main.go": main},
			"cmd/server/main.go:6:2: missing go.sum entry for module providing package github.com/gin-gonic/gin (imported by example.com/shop/cmd/server)"),
		live("go mod tidy first", cmds("go mod tidy", "go build -o bin/server ."), nil),
		live("go get first", cmds("go get github.com/gin-gonic/gin", "go build -o bin/server ."), nil),
		live("-mod=mod", cmds("go build -mod=mod -o bin/server ."), nil),
		live("go.sum uploaded", build, map[string]string{"go.sum": "github.com/gin-gonic/gin v1.10.0 h1:x=\n"}),
		live("vendored", build, map[string]string{"vendor/modules.txt": "# github.com/gin-gonic/gin v1.10.0\n"}),
		// Named files' imports have no importer package: go names the
		// module to download.
		failed("no go.sum, main.go named", cmds("go build -o bin/server main.go"), nil,
			"main.go:6:2: missing go.sum entry for module providing package github.com/gin-gonic/gin; to add:", "go mod download github.com/gin-gonic/gin"),
		live("GOFLAGS=-mod=mod in build.envVariables", setupYml{build: build.build, buildEnv: map[string]string{"GOFLAGS": "-mod=mod"}}, nil),
		live("GOFLAGS with -mod=mod among others", setupYml{build: build.build, buildEnv: map[string]string{"GOFLAGS": "-trimpath -mod=mod"}}, nil),
		live("GOFLAGS on the command line", cmds("GOFLAGS=-mod=mod go build -o bin/server ."), nil),
		live("GOFLAGS exported before", cmds("export GOFLAGS=-mod=mod && go build -o bin/server ."), nil),
		failed("GOFLAGS=-mod=mod in run.envVariables only", setupYml{build: build.build, env: map[string]string{"GOFLAGS": "-mod=mod"}}, nil,
			"main.go:6:2: missing go.sum entry for module providing package github.com/gin-gonic/gin (imported by example.com/shop)"),
	})
}
