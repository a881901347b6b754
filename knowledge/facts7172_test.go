package knowledge

import "testing"

// TestFacts_TunedMisses7172 keeps the facts written for batches 71/72
// (kbtune17): what the section an agent is shown now states.
func TestFacts_TunedMisses7172(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"config/zerops-yml-ports", "a process that answers no requests leaves ports out and needs only run.start", "A process that answers no requests leaves `ports` out; its setup needs only `run\\.start`"},
	})
}
