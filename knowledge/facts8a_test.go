package knowledge

import "testing"

// TestFacts_CoverageAudit8a keeps the facts kbgaps8a added from the official
// docs' guides, features, help, quickstart and reference pages: what the
// section an agent lands on now states.
func TestFacts_CoverageAudit8a(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertGone(t, all, []goneFact{
		{"the quickstart names sign-up credit, so the docs do name one", `docs name no trial credit`},
	})
	assertKept(t, all, []keptFact{
		{"operations/connect-to-managed-services", "containers trust the Zerops CA; its file is /etc/zerops-zembed/ca.crt", "already in the system trust store, and as a file at `/etc/zerops-zembed/ca\\.crt`"},
		{"operations/connect-to-managed-services", "outside Zerops the CA comes from app.zerops.io/ca", "curl -L -o zerops-ca\\.pem https://app\\.zerops\\.io/ca"},
		{"operations/connect-to-managed-services", "the CA is not needed for zerops.app or custom domains", "Not needed for HTTPS on `\\*\\.zerops\\.app` or your own domains"},
		{"platform/gui-account-api", "the dashboard is app.zerops.io", "The Zerops GUI is at `https://app\\.zerops\\.io`"},
		{"platform/gui-account-api", "REST API base URL and bearer token", "(?s)Base URL: `https://api\\.app-prg1\\.zerops\\.io/api/rest/public`.{0,400}`Authorization: Bearer <token>`"},
		{"platform/gui-account-api", "services are service-stack, env variables user-data in API paths", "\\*\\*service\\*\\* is a `service-stack` in paths.{0,80}\\*\\*environment variables\\*\\* are `user-data`"},
		{"platform/gui-account-api", "changing the login email: add a new user with that address", "add a new user with the new address to your team"},
		{"platform/pricing", "sign-up credit per the quickstart: $15, $50 more after a $10 payment", "\\$15 promo credit at sign-up, \\$50 more after a \\$10 verification payment"},
		{"platform/team-roles", "NO_ACCESS and BASIC_USER/READ_ONLY exist only in the API", "project override of `NO_ACCESS` hides one project.{0,300}`BASIC_USER`.{0,250}`READ_ONLY`"},
	})
}
