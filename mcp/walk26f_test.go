package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestImport_BuildFromGitInTheSandboxWalk26f: the medama recipe imports
// its app with buildFromGit. The answer said the platform builds and
// deploys it, "no zerops_deploy needed": true on Zerops, but the sandbox
// builds nothing from git, and zerops_verify then answered not-deployed.
// In the sandbox the answer says so and how to try the app there (a local
// copy pushed with zerops_deploy); on the platform it stays as it was. The
// export's next step likewise.
func TestImport_BuildFromGitInTheSandboxWalk26f(t *testing.T) {
	t.Parallel()
	imp := "services:\n  - hostname: app\n    type: go@1\n    buildFromGit: https://github.com/zeropsio/recipe-medama\n"
	for _, tc := range []struct {
		name               string
		sandbox            bool
		says, exported     []string
		lacks, notExported []string
	}{
		{"sandbox", true, []string{"sandbox builds nothing from git", "zerops_deploy targetService=app, the folder as workingDir"}, []string{"when imported on Zerops", "deploy a local copy"},
			[]string{"no zerops_deploy needed"}, nil},
		{"platform", false, []string{"the platform builds and deploys it after the import, no zerops_deploy needed"}, []string{"app builds from its buildFromGit repository when imported: no deploy needed."},
			[]string{"sandbox"}, []string{"sandbox"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: tc.sandbox})
			res, m := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": imp}, "imp")
			wantOK(t, res)
			next := str(m["next"])
			for _, w := range tc.says {
				if !strings.Contains(next, w) {
					t.Errorf("import's next lacks %q: %s", w, next)
				}
			}
			for _, w := range tc.lacks {
				if strings.Contains(next, w) {
					t.Errorf("import's next has %q: %s", w, next)
				}
			}
			res, m = h.call(t, "zerops_export", map[string]any{})
			wantOK(t, res)
			next = str(m["next"])
			for _, w := range tc.exported {
				if !strings.Contains(next, w) {
					t.Errorf("export's next lacks %q: %s", w, next)
				}
			}
			for _, w := range tc.notExported {
				if strings.Contains(next, w) {
					t.Errorf("export's next has %q: %s", w, next)
				}
			}
		})
	}
}
