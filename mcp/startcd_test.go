package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// run.start runs in /var/www through a shell, so `cd app && ./server`
// starts where the deploy put app (the docs' .NET start is `cd app &&
// dotnet dnet.dll`); where it did not (walk 11: the answer gave the
// generic "name a file the build produces"), the answer names the cd and
// its fix: with `app/~` the cd goes, with the folder not deployed the cd
// goes and the start names where the build's file lands.
func TestDeploy_StartThatCdsNamesTheCd(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: go@1
      buildCommands:
        - %b
      deployFiles: %d
    run:
      base: go@1
      ports:
        - port: 8080
          httpSupport: true
      start: cd app && ./server
`
	tests := []struct {
		name, build, deploy string
		verdict             string
		want                []string // in next
	}{
		{"the folder deployed", "go build -o app/server .", "app", "live", nil},
		{"the whole tree deployed", "go build -o app/server .", "./", "live", nil},
		{"the folder's contents deployed", "go build -o app/server .", "app/~", "not-answering",
			[]string{"Drop `cd app &&` from `run.start`: `./server`", "without `~`"}},
		{"another folder deployed", "go build -o bin/server .", "bin/~", "not-answering",
			[]string{"Drop `cd app &&` from `run.start`: `./server`", "lands at /var/www/server", "deploy the folder `app`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{
				"zerops.yml": strings.NewReplacer("%b", tt.build, "%d", tt.deploy).Replace(yml),
				"go.mod":     "module example.com/app\n\ngo 1.22\n",
				"main.go":    "package main\n\nimport \"net/http\"\n\nfunc main() { http.ListenAndServe(\":8080\", nil) }\n",
			}
			target, files, _ := h.matchingTarget(t, files, nil)
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": target}, "v1")
			answer, next := text(res), str(m["next"])
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, answer)
			}
			for _, w := range tt.want {
				if !strings.Contains(next, w) {
					t.Errorf("next lacks %q: %s", w, answer)
				}
			}
			if tt.want != nil && (strings.Contains(answer, "name a file the build produces") || !strings.Contains(answer, "`cd app`")) {
				t.Errorf("the answer gives the generic fix or does not name the cd: %s", answer)
			}
		})
	}
}
