package mcp_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestRollback_FailedBuildOffersNoVersionSeenNotAnswering: v1 live, v2
// deployed but not answering, rolled back to v1; then v3's build fails.
// The refused default rollback names a way "back further" only to a
// version not seen failing: offering v2, the version just rolled away
// from, sends the agent back into the failure it undid (walk9b:
// SvelteKit's `vite preview` on localhost, rolled back, then a missing
// build script).
func TestRollback_FailedBuildOffersNoVersionSeenNotAnswering(t *testing.T) {
	t.Parallel()
	r := newRollbackRig(t)
	r.removeStart(t)
	_, m := r.deployBroken(t, "v2")
	v2 := appVersionOf(m)
	res, m := r.rollback(t, "back")
	wantOK(t, res)
	if appVersionOf(m) != r.v1 {
		t.Fatalf("the rollback did not go back to v1 %s: %s", r.v1, text(res))
	}
	writeApp(t, r.wd, noBuildScript)
	res, m = r.deploy(t, "v3")
	wantError(t, res, m, platform.ErrBuildFailed)

	res, m = r.rollback(t, "again")
	wantError(t, res, m, platform.ErrNotFound)
	if !strings.Contains(str(m["error"]), "never went live") {
		t.Errorf("the refusal does not say v3 never went live: %s", text(res))
	}
	if sugg := str(m["suggestion"]); strings.Contains(sugg, v2) {
		t.Errorf("the refusal offers v2 %s, which did not answer after its deploy: %s", v2, sugg)
	}
}
