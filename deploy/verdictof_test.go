package deploy

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

// TestVerdictOf_NotDeployedAfterAPush: a push that ended while the platform
// lists no version of it yet is no failing app: the deploy's verdict is
// deployed, with verify as the next step, not a deploy again.
func TestVerdictOf_NotDeployedAfterAPush(t *testing.T) {
	t.Parallel()
	h := &ops.ServiceHealth{Service: "app", Verdict: platform.VerdictNotDeployed, Reason: "app is not deployed: no code has been deployed to it yet",
		Next: platform.Call("zerops_deploy", "targetService=app")}
	v, c := verdictOf(h)
	if v != platform.VerdictDeployed {
		t.Fatalf("verdict %s, want deployed", v)
	}
	if strings.Contains(c.Reason, "not deployed") {
		t.Errorf("reason %q says the pushed code is not deployed", c.Reason)
	}
	calls := c.Next.Calls()
	if len(calls) != 1 || calls[0].Tool != "zerops_verify" {
		t.Errorf("next %s, want zerops_verify alone", c.Next.Prose())
	}
}
