package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A Gleam app whose mist server binds localhost does not answer, and the
// answer names the bind in its module (walk 10: `mist.bind("localhost")`
// answered unverified, "where `gleam run` listens", naming nothing); one
// that binds every address answers; one with no mist.bind is unverified,
// naming mist's localhost default.
func TestDeploy_GleamMistBind(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: gl
    build:
      base: gleam@1.5
      buildCommands:
        - gleam export erlang-shipment
      deployFiles:
        - build/erlang-shipment/~
    run:
      base: gleam@1.5
      ports:
        - port: 8000
          httpSupport: true
      start: %s
`
	main := "import mist\n\npub fn main() {\n  let assert Ok(_) =\n    handler\n    |> mist.new\n%s    |> mist.port(8000)\n    |> mist.start_http\n  process.sleep_forever()\n}\n"
	tests := []struct {
		name, start, bind, verdict string
		says                       []string
	}{
		{"LocalhostShipment", "./entrypoint.sh run", "    |> mist.bind(\"localhost\")\n", "not-answering",
			[]string{"Listening on http://127.0.0.1:8000", "src/hello.gleam, line 7: `|> mist.bind(\\\"localhost\\\")`"}},
		{"LoopbackGleamRun", "gleam run", "    |> mist.bind(\"127.0.0.1\")\n", "not-answering",
			[]string{"src/hello.gleam, line 7", "mist.bind"}},
		{"EveryAddress", "./entrypoint.sh run", "    |> mist.bind(\"0.0.0.0\")\n", "live", nil},
		{"NoBind", "./entrypoint.sh run", "", "unverified", []string{"calls no `mist.bind`", "mist binds localhost"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: gl\n    type: gleam@1.5\n"}, "import"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			y := strings.Replace(yml, "%s", tt.start, 1)
			if tt.start == "gleam run" {
				y = strings.Replace(strings.Replace(y, "gleam export erlang-shipment", "gleam build", 1), "build/erlang-shipment/~", "./", 1)
			}
			h.ownApp(t, map[string]string{
				"zerops.yml":      y,
				"gleam.toml":      "name = \"hello\"\nversion = \"1.0.0\"\n\n[dependencies]\nmist = \">= 1.2.0 and < 2.0.0\"\n",
				"src/hello.gleam": strings.Replace(main, "%s", tt.bind, 1),
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "gl"}, "gleam")
			answer := text(res)
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, answer)
			}
			for _, w := range tt.says {
				if !strings.Contains(answer, w) {
					t.Errorf("the answer lacks %q: %s", w, answer)
				}
			}
		})
	}
}
