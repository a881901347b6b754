package knowledge

import "testing"

// TestFacts_Gaps10 keeps the facts of the kbgaps10 checklist pass: what
// agents ask of every stack and of the platform, stated where the section
// an agent is shown can carry it.
func TestFacts_Gaps10(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"platform/team-roles", "no deploy-only token: a deploying CI token is custom per project on full access", "There is no deploy-only, service-level or variable-level token.*The narrowest token that can deploy .* is therefore custom per project with that one project on full access"},
	})
}
