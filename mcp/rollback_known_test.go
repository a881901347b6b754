package mcp_test

import (
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
	r := newRollbackRig(t)
	h, ctx, v1 := r.harness, r.ctx, r.v1
	r.removeStart(t)
	var broken []string
	for _, tok := range []string{"v2", "v3"} {
		res, m := r.deploy(t, tok)
		if m["verdict"] != string(platform.VerdictNotAnswering) {
			t.Fatalf("%s without its start file answers: %s", tok, text(res))
		}
		broken = append(broken, appVersionOf(m))
	}
	res, m := r.rollback(t, "back1")
	wantOK(t, res)
	if appVersionOf(m) != v1 {
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
	if appVersionOf(m) != broken[0] {
		t.Errorf("appVersionId did not redeploy v2 (%s): %s", broken[0], text(res))
	}
}
