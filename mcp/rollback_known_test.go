package mcp_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// A default rollback never goes back to a version whose own deploy ZCP saw
// not answer: v1 live, v2 and v3 crash, a rollback skips v2 (live before
// v3) for v1; a second one finds only v2 and v3, both known broken, and is
// refused naming them and v1, which runs already; the appVersionId form
// still takes one.
func TestRollback_SkipsVersionsKnownNotToAnswer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	wd := h.workDir(t)
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	back := map[string]any{"rollback": true, "targetService": "appstage"}
	ctx := context.Background()

	res, m := h.callWith(t, ctx, "zerops_deploy", args, "v1")
	if m["verdict"] != string(platform.VerdictLive) {
		t.Fatalf("v1 is not live: %s", text(res))
	}
	v1 := m["build"].(map[string]any)["appVersionId"].(string)
	must(t, os.Remove(filepath.Join(wd, "index.js")))
	var broken []string
	for _, tok := range []string{"v2", "v3"} {
		res, m = h.callWith(t, ctx, "zerops_deploy", args, tok)
		if m["verdict"] != string(platform.VerdictNotAnswering) {
			t.Fatalf("%s without its start file answers: %s", tok, text(res))
		}
		broken = append(broken, m["build"].(map[string]any)["appVersionId"].(string))
	}
	res, m = h.callWith(t, ctx, "zerops_deploy", back, "back1")
	wantOK(t, res)
	if m["build"].(map[string]any)["appVersionId"] != v1 {
		t.Fatalf("the rollback did not skip v2, known not to answer, for v1 (%s): %s", v1, text(res))
	}

	// The same arguments again within the replay window mean a second
	// rollback only with repeat: true (docs/policy.md).
	res, m = h.call(t, "zerops_deploy", map[string]any{"rollback": true, "targetService": "appstage", "repeat": true})
	wantError(t, res, m, platform.ErrNotFound)
	all := text(res)
	for _, want := range append([]string{"already runs " + v1}, broken...) {
		if !strings.Contains(all, want) {
			t.Errorf("the refusal lacks %q: %s", want, all)
		}
	}
	res, m = h.callWith(t, ctx, "zerops_deploy", map[string]any{"rollback": true, "targetService": "appstage", "appVersionId": broken[0]}, "again")
	wantOK(t, res)
	if m["build"].(map[string]any)["appVersionId"] != broken[0] {
		t.Errorf("appVersionId did not redeploy v2 (%s): %s", broken[0], text(res))
	}
}
