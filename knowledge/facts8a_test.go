package knowledge

import "testing"

// TestFacts_CoverageAudit8a keeps the facts kbgaps8a added from the official
// docs' guides, features, help, quickstart and reference pages (CA, REST API,
// account, roles, metrics, SMTP, VPN, public access, scaling, import): what
// the section an agent lands on now states.
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
		{"operations/log-forwarding-metrics", "built-in metrics: scaling, PostgreSQL (HAProxy in HA), MariaDB, Valkey", "scaling and resource use of every service, PostgreSQL \\(with the HAProxy balancer's in HA\\), MariaDB and Valkey"},
		{"operations/log-forwarding-metrics", "some PostgreSQL metrics need pg_stat_statements and a restart", "`CREATE EXTENSION IF NOT EXISTS pg_stat_statements;` as the superuser, then restart the database service"},
		{"operations/log-forwarding-metrics", "prometheuslight forwards a project's metrics to a central Prometheus", "`prometheuslight` forwarder in each source project.{0,120}remote write over HTTPS"},
		{"networking/smtp", "provider SMTP hosts on 587, Amazon SES included", "Amazon SES `email-smtp\\.<region>\\.amazonaws\\.com`"},
		{"operations/ci-cd", "repository code is not stored after the build", "not stored by Zerops after it"},
		{"operations/vpn-local-development", "WSL2 needs systemd for the VPN daemon; both spellings", "`systemd=true` under `\\[boot\\]` in `/etc/wsl\\.conf` \\(the official VPN page spells the key `system=true`"},
		{"networking/public-access", "the dedicated IPv4 cannot be paid with promo credit", "payable only from real credit, not promo credit"},
		{"services/object-storage", "public object URL: apiUrl/bucketName/key", "`\\$\\{storage_apiUrl\\}/\\$\\{storage_bucketName\\}/images/logo\\.png`"},
		{"platform/scaling", "spikes faster than autoscaling need a minRam floor", "autoscaling needs 10–20 s.{0,200}`minRam` that covers the tool's peak"},
		{"troubleshooting/resources-limits", "an OOM from a spike faster than autoscaling: raise minRam", "a spike faster than autoscaling \\(which reacts in 10–20 s\\).{0,160}raise `minRam`"},
		{"decisions/choose-database", "oltp-hobby is the cheapest PostgreSQL profile; HA defaults to oltp-production", "`oltp-hobby` is the cheapest, for a development database \\(single only\\); without one, single gets `oltp-staging` and HA `oltp-production`"},
		{"config/import-yml-services", "override: true redeploys an existing runtime; ZCP takes it, refuses it on managed", "(?s)`override: true` \\(runtimes only\\): per the official import reference.{0,200}replaces it by triggering a redeploy.{0,400}ZCP's `zerops_import` takes it.{0,300}managed service.{0,80}stays refused"},
		{"platform/projects-and-services", "a taken runtime hostname: override: true", "a runtime only: add `override: true` to its entry"},
		{"platform/projects-and-services", "services join an existing project with zcli project service-import", "`zcli project service-import <file>`"},
		{"decisions/choose-runtime-base", "Docker runs in a VM because it would need privileged mode in a container", "Docker inside a shared container would need privileged mode"},
	})
}
