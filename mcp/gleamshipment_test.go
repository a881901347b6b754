package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// `gleam export erlang-shipment` writes build/erlang-shipment/entrypoint.sh:
// deployed without `~`, `./entrypoint.sh run` is not found, and the answer
// names where the deploy put it and the `~` that moves it (walk 10: the
// generic "make run.start name a file the build produces").
func TestDeploy_GleamShipmentWithoutTilde(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: gl\n    type: gleam@1.5\n"}, "import"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	h.ownApp(t, map[string]string{
		"zerops.yml": `zerops:
  - setup: gl
    build:
      base: gleam@1.5
      buildCommands:
        - gleam deps download
        - gleam export erlang-shipment
      deployFiles:
        - build/erlang-shipment
    run:
      base: gleam@1.5
      ports:
        - port: 8000
          httpSupport: true
      start: ./entrypoint.sh run
`,
		"gleam.toml":      "name = \"hello\"\nversion = \"1.0.0\"\n",
		"src/hello.gleam": "pub fn main() { Nil }\n",
	})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "gl"}, "gleam")
	answer := text(res)
	if m["verdict"] != "not-answering" {
		t.Fatalf("want not-answering: %s", answer)
	}
	next := str(m["next"])
	for _, w := range []string{"./build/erlang-shipment/entrypoint.sh` in place of `./entrypoint.sh`, its arguments unchanged", "build/erlang-shipment/~"} {
		if !strings.Contains(next, w) {
			t.Errorf("next %q lacks %s", next, w)
		}
	}
}
