package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A Python server's command comes from its pip package, which the build
// installed in the build container only: without an install in the run
// container (run.prepareCommands) it is sh's "not found" and a crash loop,
// whose fix ships requirements.txt and installs it there (walk 10:
// `litestar --app app:app run --host 0.0.0.0 --port 8000` answered live).
func TestDeploy_PythonServerCLINotInRunContainer(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: python@3.12
      buildCommands:
        - pip install -r requirements.txt
      deployFiles:
        - app.py%s
    run:
      base: python@3.12%s
      ports:
        - port: 8000
          httpSupport: true
      start: %s
`
	prep := "\n      prepareCommands:\n        - pip install -r requirements.txt"
	tests := []struct {
		name, start, add, prep string
		crash                  bool
	}{
		{"Litestar", "litestar --app app:app run --host 0.0.0.0 --port 8000", "", "", true},
		{"Granian", "granian --interface asgi --host 0.0.0.0 --port 8000 app:app", "", "", true},
		{"Sanic", "sanic app:app --host 0.0.0.0 --port 8000", "", "", true},
		{"LitestarInstalled", "litestar --app app:app run --host 0.0.0.0 --port 8000", "\n      addToRunPrepare:\n        - requirements.txt", prep, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml":       strings.Replace(strings.Replace(strings.Replace(yml, "%s", tt.add, 1), "%s", tt.prep, 1), "%s", tt.start, 1),
				"requirements.txt": "litestar[standard]==2.13.0\ngranian==1.6.0\nsanic==24.6.0\n",
				"app.py":           "from litestar import Litestar, get\n\n@get(\"/\")\nasync def index() -> str:\n    return \"hi\"\n\napp = Litestar(route_handlers=[index])\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "py")
			answer := text(res)
			tool := strings.Fields(tt.start)[0]
			if !tt.crash {
				if strings.Contains(answer, tool+": not found") {
					t.Fatalf("installed in run.prepareCommands, %s is not found: %s", tool, answer)
				}
				return
			}
			if m["verdict"] != "not-answering" || !strings.Contains(answer, "/bin/sh: "+tool+": not found") {
				t.Fatalf("verdict %v, want not-answering with sh's `%s: not found`: %s", m["verdict"], tool, answer)
			}
			if next := str(m["next"]); !strings.Contains(next, "requirements.txt") || strings.Contains(next, "List `"+tool+"`") {
				t.Errorf("next %q does not install requirements.txt in the run container, or tells to list %s, which requirements.txt lists", next, tool)
			}
		})
	}
}
