package mcp_test

import "testing"

// run.start runs in /var/www through a shell, so `cd app && ./server`
// starts where the deploy put app (the docs' .NET start is `cd app &&
// dotnet dnet.dll`); where it did not (walk 11: the answer gave the
// generic "name a file the build produces"), the answer names the cd and
// its fix: with `app/~` the cd goes, with the folder not deployed the cd
// goes and the start names where the build's file lands.
func TestDeploy_StartThatCdsNamesTheCd(t *testing.T) {
	t.Parallel()
	app := func(build, deploy string) map[string]string {
		return map[string]string{
			"zerops.yml": setupYml{base: "go@1", build: []string{build}, deploy: deploy, start: "cd app && ./server"}.String(),
			"go.mod":     "module example.com/app\n\ngo 1.22\n",
			"main.go":    "package main\n\nimport \"net/http\"\n\nfunc main() { http.ListenAndServe(\":8080\", nil) }\n",
		}
	}
	// The cd named, not the generic fix.
	cdFails := func(name, build, deploy string, next ...string) deployCase {
		return deployCase{name: name, files: app(build, deploy), verdict: "not-answering", next: next,
			says: []string{"`cd app`"}, lacks: []string{"name a file the build produces"}}
	}
	runDeployCases(t, []deployCase{
		{name: "the folder deployed", files: app("go build -o app/server .", "app"), verdict: "live"},
		{name: "the whole tree deployed", files: app("go build -o app/server .", "./"), verdict: "live"},
		cdFails("the folder's contents deployed", "go build -o app/server .", "app/~",
			"Drop `cd app &&` from `run.start`: `./server`", "without `~`"),
		cdFails("another folder deployed", "go build -o bin/server .", "bin/~",
			"Drop `cd app &&` from `run.start`: `./server`", "lands at /var/www/server", "deploy the folder `app`"),
	})
}
