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
	app := func(deploy, start string) map[string]string {
		return map[string]string{
			"zerops.yml": setupYml{base: "go@1", build: []string{"go build -o bin/server ."}, deploy: deploy, start: start}.String(),
			"go.mod":     "module example.com/app\n\ngo 1.22\n",
			"main.go":    "package main\n\nimport \"net/http\"\n\nfunc main() {\n\thttp.ListenAndServe(\":8080\", nil)\n}\n",
		}
	}
	// Each fix the answer names, applied literally, is live.
	fixed := func(deploy, start string) deployCase {
		return deployCase{name: "deployFiles " + deploy + ", start " + start, files: app(deploy, start), verdict: "live"}
	}
	notLive := "not-answering|deploy-failed|build-failed|unverified|degraded"
	runDeployCases(t, []deployCase{
		{name: "another name", files: app("./bin", "./app"), verdict: notLive, next: []string{"`./bin/server`", "`bin/~`"},
			then: []deployCase{fixed("./bin", "./bin/server"), fixed("./bin/~", "./server")}},
		{name: "the folder kept", files: app("./bin", "./server"), verdict: notLive, next: []string{"`./bin/server`", "`bin/~`"},
			then: []deployCase{fixed("./bin", "./bin/server")}},
	})
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
