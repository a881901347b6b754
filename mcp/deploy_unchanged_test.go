package mcp_test

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// unchangedNote is what an answer says when the same upload failed the
// same way twice.
const unchangedNote = "Nothing changed since the last failed deploy of appstage"

// A deploy of the same files and zerops.yml that fails the same way as the
// last failed deploy of its target says so (an agent would loop on the
// same text), without refusing the deploy; a deploy after a change does
// not, nor does the first failure.
func TestDeploy_UnchangedUploadFailingAgainSaysSo(t *testing.T) {
	t.Parallel()
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	again := map[string]any{"sourceService": "appdev", "targetService": "appstage", "repeat": true}
	ctx := context.Background()
	t.Run("build failed", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, harnessOpts{sandboxPush: true})
		broken := maps.Clone(demoApp)
		maps.Copy(broken, noBuildScript)
		writeApp(t, h.workDir(t), broken)
		res, m := h.callWith(t, ctx, "zerops_deploy", args, "first")
		wantError(t, res, m, platform.ErrBuildFailed)
		if strings.Contains(text(res), unchangedNote) {
			t.Fatalf("the first failure claims a repeat: %s", text(res))
		}
		res, m = h.callWith(t, ctx, "zerops_deploy", args, "second")
		wantError(t, res, m, platform.ErrBuildFailed)
		sugg, _ := m["suggestion"].(string)
		if !strings.HasPrefix(sugg, unchangedNote) || strings.Count(sugg, "npm run build") > 1 {
			t.Errorf("the same upload failing the same way: suggestion %q lacks the note, or repeats the fix", sugg)
		}
		// A change (a comment in index.js) that fails the same way is a new attempt.
		writeApp(t, h.workDir(t), map[string]string{"index.js": demoApp["index.js"] + "// tried\n"})
		res, m = h.callWith(t, ctx, "zerops_deploy", args, "third")
		wantError(t, res, m, platform.ErrBuildFailed)
		if strings.Contains(text(res), unchangedNote) {
			t.Errorf("a changed upload is said to be unchanged: %s", text(res))
		}
	})
	t.Run("not answering", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, harnessOpts{sandboxPush: true})
		must(t, os.Remove(filepath.Join(h.workDir(t), "index.js")))
		res, m := h.callWith(t, ctx, "zerops_deploy", args, "first")
		if m["verdict"] != string(platform.VerdictNotAnswering) || strings.Contains(text(res), unchangedNote) {
			t.Fatalf("the first deploy without its start file: %s", text(res))
		}
		res, m = h.callWith(t, ctx, "zerops_deploy", again, "second")
		next, _ := m["next"].(string)
		if m["verdict"] != string(platform.VerdictNotAnswering) || !strings.HasPrefix(next, "Next: "+unchangedNote) {
			t.Errorf("the same upload not answering again: next lacks the note: %s", text(res))
		}
		// Fixed: live, and a later failure of the same files is a first again.
		writeApp(t, h.workDir(t), demoApp)
		if res, m = h.callWith(t, ctx, "zerops_deploy", args, "fixed"); m["verdict"] != string(platform.VerdictLive) {
			t.Fatalf("the fixed app is not live: %s", text(res))
		}
		must(t, os.Remove(filepath.Join(h.workDir(t), "index.js")))
		res, _ = h.callWith(t, ctx, "zerops_deploy", args, "broken again")
		if strings.Contains(text(res), unchangedNote) {
			t.Errorf("a failure after a live deploy is said to repeat the one before it: %s", text(res))
		}
	})
}
