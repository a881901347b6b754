package mcp_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// An official recipe's import.yml sets project variables the app reads
// (Airflow's ADMIN_PASSWORD and webserver secret, Medusa's COOKIE_SECRET,
// JWT_SECRET and the store URLs). The fix "Remove the project: section"
// dropped them without a word, and the app started without them (walk 13).
// The fix names each variable and the zerops_env call that sets it on the
// project, a generated value included; the refusal says the fix once.
func TestImport_ProjectSectionNamesItsVariables(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	services := "services:\n  - hostname: api\n    type: python@3.12\n"
	tests := []struct {
		name, project string
		want          []string // in the project problem's fix
		not           []string
	}{
		{"variables and a generated secret", "#zeropsPreprocessor=on\nproject:\n  name: airflow\n  envVariables:\n    ADMIN_PASSWORD: <@generateRandomString(<12>)>\n    LOG_LEVEL: info\n",
			[]string{"ADMIN_PASSWORD", "LOG_LEVEL", "zerops_env action=set project=true", `"LOG_LEVEL=info"`, "random string of 12 characters"}, nil},
		{"envSecrets too", "project:\n  name: medusa\n  envVariables:\n    STORE_URL: https://x.example\n  envSecrets:\n    JWT_SECRET: <@generateRandomString(<32>)>\n",
			[]string{"STORE_URL", "JWT_SECRET", "zerops_env action=set project=true"}, nil},
		{"no variables", "project:\n  name: x\n", []string{"Remove the project: section"}, []string{"zerops_env"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			content := tt.project + services
			res, m := h.call(t, "zerops_import", map[string]any{"content": content, "dryRun": true})
			var fix string
			for _, p := range issuesOf(m, "problems") {
				if p["path"] == "project" {
					fix = p["fix"]
				}
			}
			for _, w := range tt.want {
				if !strings.Contains(fix, w) {
					t.Errorf("the project fix does not name %q: %q\n%s", w, fix, text(res))
				}
			}
			for _, w := range tt.not {
				if strings.Contains(fix, w) {
					t.Errorf("the project fix names %q: %q", w, fix)
				}
			}
			res, m = h.call(t, "zerops_import", map[string]any{"content": content})
			wantError(t, res, m, platform.ErrImportHasProject)
			if n := strings.Count(str(m["error"])+str(m["suggestion"]), "Remove the project: section"); n != 1 {
				t.Errorf("the refusal says the fix %d times, want once: %s", n, text(res))
			}
		})
	}
}
