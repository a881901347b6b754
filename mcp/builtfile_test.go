package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A Go build writes its binary with -o somewhere other than where
// run.start looks: the answer names the file the build writes and where
// the deploy puts it, so the agent's second try is not a guess (walk 6:
// `go build -o bin/server` with `deployFiles: ./bin` and `start: ./app`,
// then `./server`, both answered only "Make run.start name a file the build
// produces"); either fix it names, applied literally, is live.
func TestDeploy_StartNamesTheBuiltFile(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: go@1
      buildCommands:
        - go build -o bin/server .
      deployFiles: %s
    run:
      base: go@1
      ports:
        - port: 8080
          httpSupport: true
      start: %s
`
	tests := []struct {
		name, deploy, start string
		want                []string
		fixed               [][2]string // deployFiles, start: each fix the answer names
	}{
		{"another name", "./bin", "./app", []string{"`./bin/server`", "`bin/~`"}, [][2]string{{"./bin", "./bin/server"}, {"./bin/~", "./server"}}},
		{"the folder kept", "./bin", "./server", []string{"`./bin/server`", "`bin/~`"}, [][2]string{{"./bin", "./bin/server"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{
				"go.mod":  "module example.com/app\n\ngo 1.22\n",
				"main.go": "package main\n\nimport \"net/http\"\n\nfunc main() {\n\thttp.ListenAndServe(\":8080\", nil)\n}\n",
			}
			files["zerops.yml"] = strings.NewReplacer("deployFiles: %s", "deployFiles: "+tt.deploy, "start: %s", "start: "+tt.start).Replace(yml)
			wd := h.ownApp(t, files)
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "v1")
			next := str(m["next"])
			if m["verdict"] == "live" {
				t.Fatalf("live: %s", text(res))
			}
			for _, w := range tt.want {
				if !strings.Contains(next, w) {
					t.Errorf("next lacks %q: %s", w, next)
				}
			}
			for i, f := range tt.fixed {
				files["zerops.yml"] = strings.NewReplacer("deployFiles: %s", "deployFiles: "+f[0], "start: %s", "start: "+f[1]).Replace(yml)
				writeApp(t, wd, files)
				res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "fix"+string(rune('a'+i)))
				if m["verdict"] != "live" {
					t.Errorf("deployFiles %s, start %s: verdict %v, want live: %s", f[0], f[1], m["verdict"], text(res))
				}
			}
		})
	}
}

// `dotnet publish -o DIR` makes DIR/<assembly>.dll, the assembly named by
// the project file (or its <AssemblyName>): a start naming another dll
// (names are case-sensitive on Linux) fails as the .NET host does, and the
// diagnosis is the start's missing file (walk 7: `dotnet NetApi.dll` for
// netapi.csproj ran, listened and got the localhost fix).
func TestDeploy_DotnetPublishedAssembly(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: dotnet@8\n      buildCommands:\n        - dotnet publish -c Release -o app\n      deployFiles:\n        - app/~\n" +
		"    run:\n      base: dotnet@8\n      envVariables:\n        ASPNETCORE_URLS: http://0.0.0.0:8080\n      ports:\n        - port: 8080\n          httpSupport: true\n      start: dotnet %s\n"
	tests := []struct {
		name, project, props, dll, verdict string
	}{
		{"the project's name", "netapi.csproj", "", "netapi.dll", "live"},
		{"another case", "netapi.csproj", "", "NetApi.dll", "not-answering"},
		{"AssemblyName", "netapi.csproj", "<AssemblyName>Shop.Api</AssemblyName>", "Shop.Api.dll", "live"},
		{"the file's name despite AssemblyName", "netapi.csproj", "<AssemblyName>Shop.Api</AssemblyName>", "netapi.dll", "not-answering"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml": fmt.Sprintf(yml, tt.dll),
				tt.project:   `<Project Sdk="Microsoft.NET.Sdk.Web"><PropertyGroup><TargetFramework>net8.0</TargetFramework>` + tt.props + `</PropertyGroup></Project>`,
				"Program.cs": "var app = WebApplication.CreateBuilder(args).Build();\napp.MapGet(\"/\", () => \"ok\");\napp.Run();\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "net")
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, text(res))
			}
			if tt.verdict != "live" {
				if d := firstDiagnosis(firstCheck(m)); d["signal"] != "start-file-missing" || !strings.Contains(text(res), "The application '"+tt.dll+"' does not exist.") {
					t.Errorf("diagnosis %v, want start-file-missing on the .NET host's line: %s", d, text(res))
				}
			}
		})
	}
}
