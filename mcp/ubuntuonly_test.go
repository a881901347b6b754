package mcp_test

import (
	"strings"
	"testing"
)

// A base with no Alpine image in build and run is one warning whose fix,
// which says both, is stated once (walk 7: a Deno app's zerops.yml got
// "Write os: ubuntu in build and run" twice, for build.base and run.base).
// Deno with no os runs on its Ubuntu default (the docs; the official deno
// recipes): the warning is for os: alpine written.
func TestValidate_UbuntuOnlyBaseFixOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := "zerops:\n  - setup: finder\n    build:\n      base: deno@2\n      os: alpine\n      deployFiles: main.ts\n    run:\n      base: deno@2\n      os: alpine\n" +
		"      ports:\n        - port: 8000\n          httpSupport: true\n      start: deno run --allow-net main.ts\n"
	res, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
	wantOK(t, res)
	if n := strings.Count(text(res), "Write os: ubuntu"); n != 1 {
		t.Errorf("the os fix is stated %d times; want once: %s", n, text(res))
	}
	if w, _ := m["warnings"].([]any); len(w) != 1 || !strings.Contains(text(res), "build.os and run.os are alpine") {
		t.Errorf("want one warning naming build.os and run.os: %s", text(res))
	}
}
