package mcp_test

import (
	"fmt"
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
		{name: "another name", files: app("./bin", "./app"), verdict: notLive, next: []string{"`./bin/server`", "`./bin/~/server`"},
			then: []deployCase{fixed("./bin", "./bin/server"), fixed("./bin/~/server", "./server")}},
		{name: "the folder kept", files: app("./bin", "./server"), verdict: notLive, next: []string{"`./bin/server`", "`./bin/~/server`"},
			then: []deployCase{fixed("./bin", "./bin/server"), fixed("./bin/~/server", "./server")}},
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
	app := func(props, dll string) map[string]string {
		return map[string]string{
			"zerops.yml":    fmt.Sprintf(yml, dll),
			"netapi.csproj": `<Project Sdk="Microsoft.NET.Sdk.Web"><PropertyGroup><TargetFramework>net8.0</TargetFramework>` + props + `</PropertyGroup></Project>`,
			"Program.cs":    "var app = WebApplication.CreateBuilder(args).Build();\napp.MapGet(\"/\", () => \"ok\");\napp.Run();\n",
		}
	}
	// A start naming another dll fails on the .NET host's line.
	missing := func(name, props, dll string) deployCase {
		return deployCase{name: name, files: app(props, dll), verdict: "not-answering", signal: "start-file-missing",
			says: []string{"The application '" + dll + "' does not exist."}}
	}
	const assembly = "<AssemblyName>Shop.Api</AssemblyName>"
	runDeployCases(t, []deployCase{
		{name: "the project's name", files: app("", "netapi.dll"), verdict: "live"},
		missing("another case", "", "NetApi.dll"),
		{name: "AssemblyName", files: app(assembly, "Shop.Api.dll"), verdict: "live"},
		missing("the file's name despite AssemblyName", assembly, "netapi.dll"),
	})
}
