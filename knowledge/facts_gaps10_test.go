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
		{"networking/subdomains", "a fresh subdomain answering 404: the enable process must finish and the service be deployed with an http port", "404 or a Zerops error page just after enabling \\| first see that the enable process has finished \\(`zerops_events`; the docs name no delay"},
	})
}
