package knowledge

import "testing"

// TestFacts_TunedMisses7374 keeps the facts written for batches 73/74
// (kbtune18a): what the section an agent is shown now states.
func TestFacts_TunedMisses7374(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"troubleshooting/build-failures", "npm: not found after a build that passed: run.base has no Node.js", "The same `npm: not found` after a build that passed comes from `run\\.start` \\(`npm start`\\): `run\\.base` has no Node\\.js"},
	})
}
