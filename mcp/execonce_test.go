package mcp_test

import (
	"strings"
	"testing"
)

// zsc execOnce takes a key before `--`: without one the form is broken,
// and a fixed key on a migration runs it once for the service's life, so
// later deploys never migrate; validate warns of both with the key to
// give, and leaves the recipes' forms alone (walk 13: the Nette recipe's
// `zsc execOnce $appVersionId -- php bin/console migrations:continue`
// with the key dropped validated clean and deployed live).
func TestValidate_ZscExecOnceKey(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	tests := []struct {
		name, init, want string
	}{
		{"no key", "zsc execOnce -- php bin/console migrations:continue", "has no key before `--`"},
		{"fixed key on a migration", "zsc execOnce migrate -- npm run migrate", "Key it by the deploy: zsc execOnce ${appVersionId} -- npm run migrate."},
		{"per deploy", "zsc execOnce $appVersionId -- php bin/console migrations:continue", ""},
		{"per deploy with an option", "zsc execOnce --retryUntilSuccessful ${appVersionId} -- npm run migrate", ""},
		{"fixed key on a seed", "zsc execOnce initialize -- php artisan db:seed --force", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			yml := strings.Replace(demoZeropsYml, "      start: node index.js\n", "      start: node index.js\n      initCommands:\n        - "+tt.init+"\n", 1)
			res, _ := h.call(t, "zerops_validate", map[string]any{"content": yml})
			out := text(res)
			warned := strings.Contains(out, "run.initCommands[0]")
			if tt.want == "" && warned || tt.want != "" && (!warned || !strings.Contains(out, tt.want)) {
				t.Errorf("want %q (none if empty): %s", tt.want, out)
			}
		})
	}
}
