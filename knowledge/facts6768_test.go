package knowledge

import "testing"

// TestFacts_TunedMisses6768 keeps the facts written for batches 67 and 68
// (kbtune15): what the section an agent is shown now states.
func TestFacts_TunedMisses6768(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"networking/public-access", "the opening says how to turn the subdomain on: zerops_subdomain action=enable on a deployed service", "A subdomain URL exists only after `zerops_subdomain action=enable serviceHostname=<service>` on a deployed service"},
	})
}
