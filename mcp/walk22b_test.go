package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// phoenixYml is recipe-phoenix's zerops.yml (a `mix release` started by
// its path) for setup web, with deployFiles and run.start as given.
func phoenixYml(deployFiles, start string) string {
	return "zerops:\n  - setup: web\n    build:\n      base: elixir@1.16\n      envVariables:\n        MIX_ENV: prod\n" +
		"      buildCommands:\n        - mix deps.get --only prod\n        - mix compile\n        - mix release --overwrite\n" +
		"      deployFiles: " + deployFiles + "\n    run:\n      base: alpine@latest\n      envVariables:\n        PORT: 4000\n        PHX_SERVER: true\n" +
		"      ports:\n        - port: 4000\n          httpSupport: true\n      start: " + start + "\n"
}

// TestDeploy_ReleaseStartUnderTildeFolder: a Phoenix release deployed as
// `_build/prod/rel/recipe_phoenix/~` lands as /var/www/bin/recipe_phoenix,
// so a run.start still naming `_build/prod/rel/recipe_phoenix/bin/…` finds
// nothing on Zerops. The sandbox took the unknown build (`mix release`) to
// have made even `_build/…/_build/…` and answered 200 "unverified: where it
// listens", hiding the one mistake it could see. After the fix the answer
// names (`bin/recipe_phoenix start`) the deploy is unverified, not looping.
func TestDeploy_ReleaseStartUnderTildeFolder(t *testing.T) {
	t.Parallel()
	const rel = "_build/prod/rel/recipe_phoenix"
	for _, tc := range []struct {
		name, deployFiles, start, verdict, says string
	}{
		{"recipe", "/", rel + "/bin/recipe_phoenix start", "unverified", ""},
		{"tilde", rel + "/~", rel + "/bin/recipe_phoenix start", "not-answering", "`bin/recipe_phoenix start`"},
		{"tilde fixed", rel + "/~", "bin/recipe_phoenix start", "unverified", ""},
		{"kept folder", rel, rel + "/bin/recipe_phoenix start", "unverified", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: web\n    type: elixir@1.16\n"}, "import"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			writeApp(t, h.workDir(t)+"/px", map[string]string{"zerops.yml": phoenixYml(tc.deployFiles, tc.start),
				"mix.exs":            "defmodule RecipePhoenix.MixProject do\n  use Mix.Project\n  def project, do: [app: :recipe_phoenix, version: \"0.1.0\"]\nend\n",
				"config/runtime.exs": "import Config\nport = String.to_integer(System.get_env(\"PORT\") || \"4000\")\n"})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": "px", "targetService": "web"}, "deploy")
			if m["verdict"] != tc.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tc.verdict, text(res))
			}
			next, _ := m["next"].(string)
			if tc.says != "" && !strings.Contains(next, tc.says) {
				t.Errorf("next does not name %s: %s", tc.says, next)
			}
		})
	}
}
