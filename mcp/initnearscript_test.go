package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestDeploy_InitScriptTypoNamesTheScript: `npm run migrat` in
// run.initCommands beside a package.json with `migrate` fails the deploy
// with npm's line as evidence and a fix naming `migrate`; on a static run
// base the fix moves it out of the init commands, corrected, not to run as
// written elsewhere (walk 86 P2).
func TestDeploy_InitScriptTypoNamesTheScript(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	pkg := `{"name": "demo", "version": "1.0.0", "scripts": {"start": "node index.js", "migrate": "node migrate.js"}}` + "\n"
	node := strings.ReplaceAll(demoZeropsYml, "      start: node index.js", "      initCommands: [npm run migrat]\n      start: node index.js")
	static := strings.ReplaceAll(node, "      base: nodejs@22\n      ports: [{port: 3000, httpSupport: true}]\n      initCommands: [npm run migrat]\n      start: node index.js",
		"      base: static\n      initCommands: [npm run migrat]")
	deno := "zerops:\n  - setup: appstage\n    build:\n      base: deno@1\n      buildCommands: [deno task build]\n      deployFiles: [dist/~, package.json, scripts]\n" +
		"    run:\n      base: static\n      initCommands: [npm run migrat]\n"
	for _, tt := range []struct {
		name, yml, evidence, fix string
	}{
		// walk 86: a Deno-built site; package.json was read only for a
		// Node build or run base.
		{"static built by deno", deno, "npm: not found", "run `npm run migrate` (package.json's \"scripts\" has `migrate`, not `migrat`) in `build.buildCommands` instead"},
		{"nodejs", node, "Missing script: ", "run `migrate` in place of `migrat`"},
		{"static", static, "npm: not found", "run `npm run migrate` (package.json's \"scripts\" has `migrate`, not `migrat`) in `build.buildCommands` instead"},
	} {
		if !strings.Contains(tt.yml, "initCommands") || tt.name != "nodejs" && !strings.Contains(tt.yml, "base: static") {
			t.Fatalf("%s: the zerops.yml was not rewritten:\n%s", tt.name, tt.yml)
		}
		files := map[string]string{"zerops.yml": tt.yml, "package.json": pkg, "migrate.js": "console.log('migrated')\n"}
		writeApp(t, h.workDir(t), files)
		res, m := h.callWith(t, ctx, "zerops_deploy", args, tt.name)
		out := text(res)
		if !res.IsError {
			t.Fatalf("%s: the init command did not fail the deploy: %s", tt.name, out)
		}
		if s := str(m["suggestion"]); !strings.Contains(s, tt.fix) || strings.Contains(s, "Run `npm run migrat` from a service") {
			t.Errorf("%s: suggestion %q lacks %q", tt.name, s, tt.fix)
		}
		if !strings.Contains(out, `"evidence":`) || !strings.Contains(out, tt.evidence) || strings.Contains(out, `"evidence":"RUN.INIT`) {
			t.Errorf("%s: the evidence is not the line that says why: %s", tt.name, out)
		}
	}
}
