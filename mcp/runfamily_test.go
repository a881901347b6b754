package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A run.base of another runtime than the type of the service the setup
// deploys to (appstage is nodejs@22): the docs describe run.base as a move
// to another version of the service's own runtime and say nothing of
// another runtime, so zerops_validate warns, naming both, and never
// refuses (walk9: silent). Another version of its own runtime is what the
// docs describe: no warning.
func TestValidate_RunBaseOfAnotherRuntime(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, setup, base string
		warn              bool
	}{
		{"python on a nodejs service", "appstage", "python@3.12", true},
		{"go on a nodejs service", "appstage", "go@1", true},
		{"another nodejs version", "appstage", "nodejs@20", false},
		{"a bare OS, as the elixir recipes run a release", "appstage", "alpine@latest", false},
		{"no such service", "newapp", "python@3.12", false},
	}
	h := newHarness(t, harnessOpts{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			content := "zerops:\n  - setup: " + tt.setup + "\n    build:\n      base: " + tt.base + "\n      deployFiles: ./\n" +
				"    run:\n      base: " + tt.base + "\n      ports: [{port: 8000, httpSupport: true}]\n      start: ./app\n"
			res, m := h.call(t, "zerops_validate", map[string]any{"content": content})
			wantOK(t, res)
			if m["valid"] != true {
				t.Fatalf("refused, want a warning at most: %s", text(res))
			}
			wantRunBaseWarning(t, m, text(res), tt.base, tt.warn)
		})
	}
}

// zerops_deploy warns of a run.base of another runtime than the target's
// type as zerops_validate does, from the same rule, and pushes all the
// same (walk 10: only zerops_validate warned); another version of the
// target's own runtime is not warned of.
func TestDeploy_RunBaseOfAnotherRuntimeWarned(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, base string
		warn       bool
	}{
		{"python on a nodejs service", "python@3.12", true},
		{"another nodejs version", "nodejs@20", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml": "zerops:\n  - setup: appstage\n    build:\n      base: " + tt.base + "\n      deployFiles: ./\n" +
					"    run:\n      base: " + tt.base + "\n      ports: [{port: 8000, httpSupport: true}]\n      start: python3 -m http.server 8000\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "base")
			if m["code"] == "INVALID_ZEROPS_YML" {
				t.Fatalf("refused, want a warning at most: %s", text(res))
			}
			wantRunBaseWarning(t, m, text(res), tt.base, tt.warn)
		})
	}
}

// wantRunBaseWarning checks the warnings of answer m (whole: answer) at
// zerops[0].run.base: with warn, one naming base and nodejs@22, the type
// of the service it deploys to; without, none.
func wantRunBaseWarning(t *testing.T, m map[string]any, answer, base string, warn bool) {
	t.Helper()
	var got string
	for _, w := range issuesOf(m, "warnings") {
		if w["path"] == "zerops[0].run.base" {
			got = w["problem"] + " " + w["fix"]
		}
	}
	switch {
	case warn && (!strings.Contains(got, base) || !strings.Contains(got, "nodejs@22")):
		t.Errorf("no warning at run.base naming %s and nodejs@22: %s", base, answer)
	case !warn && got != "":
		t.Errorf("unexpected warning at run.base: %s", got)
	}
}

// TestValidate_RunBaseFamilyFix: the run.base warning's fix keeps the
// service's runtime only where one app may run on either; a Rust app on a
// nodejs service is told to use a service of its own type alone (walk 86:
// "keep nodejs with a run.start that nodejs runs" for Rust).
func TestValidate_RunBaseFamilyFix(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for base, keep := range map[string]bool{"rust@stable": false, "python@3.12": false, "bun@1.2": true, "deno@2": true} {
		content := "zerops:\n  - setup: appstage\n    build:\n      base: " + base + "\n      deployFiles: ./\n" +
			"    run:\n      base: " + base + "\n      ports: [{port: 8000, httpSupport: true}]\n      start: ./app\n"
		res, _ := h.call(t, "zerops_validate", map[string]any{"content": content})
		wantOK(t, res)
		out := text(res)
		if !strings.Contains(out, "Deploy this setup to a service of "+strings.Split(base, "@")[0]+"'s type") ||
			strings.Contains(out, "keep run.base to a nodejs version") != keep {
			t.Errorf("%s: want the keep-nodejs option %v: %s", base, keep, out)
		}
	}
}
