package knowledge

import "testing"

// TestFacts_Gaps11 keeps the facts added in the kbgaps11 checklist pass over
// the data-service, operations and platform pages: each states a key, a
// command or a value an agent asks for, checked in zeropsio/docs.
func TestFacts_Gaps11(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"services/kafka", "no public access to Kafka: direct ports only for runtimes and PostgreSQL; VPN from a laptop", "No public access: the platform opens direct public ports only for runtime services and PostgreSQL, and Kafka gets no subdomain\\. From a laptop, run `zcli vpn up`"},
		{"services/elasticsearch", "no public access to Elasticsearch; curl over the VPN, browsers through the backend", "No public access: the platform opens direct public ports only for runtime services and PostgreSQL, and the Elasticsearch docs give it no subdomain"},
		{"services/nats", "no public access to NATS; healthz and the CLI over the VPN", "No public access: the platform opens direct public ports only for runtime services and PostgreSQL, and NATS gets no subdomain"},
		{"services/clickhouse", "ClickHouse faces the internet only by its HTTP interface on a domain, 443 with TLS; JDBC ssl=true&sslmode=NONE", "Public: the HTTP interface \\(8123\\) is the only one that can face the internet.*`jdbc:clickhouse:https://<domain>:443/\\?ssl=true&sslmode=NONE`\\)\\. The native, MySQL and PostgreSQL ports have no public access"},
		{"services/clickhouse", "ClickHouse auth failure 516: user zerops with ${host_password}, or super", "`Code: 516 \\.\\.\\. Authentication failed: password is incorrect, or there is no user with such name`: the user is `zerops` \\(or `super`\\), the password `\\$\\{analytics_password\\}`"},
		{"services/clickhouse", "Versions: the import type strings, and the live catalog decides through zerops_validate or a dry-run import", "(?s)## Versions\n.{0,200}`type: clickhouse:single@25\\.3` or `type: clickhouse:ha@25\\.3`.{0,200}The live catalog decides: `zerops_validate` \\(or `zerops_import` with `dryRun: true`\\) checks the type against it"},
		{"services/mariadb", "Versions: the import type strings, and the live catalog decides through zerops_validate or a dry-run import", "(?s)## Versions\n.{0,200}`type: mariadb:single@10\\.6` or `type: mariadb:ha@10\\.6`.{0,200}The live catalog decides: `zerops_validate` \\(or `zerops_import` with `dryRun: true`\\) checks the type against it"},
		{"services/nats", "Versions: the import type strings, and the live catalog decides through zerops_validate or a dry-run import", "(?s)## Versions\n.{0,200}`type: nats:single@2\\.12` or `type: nats:ha@2\\.12`.{0,200}The live catalog decides: `zerops_validate` \\(or `zerops_import` with `dryRun: true`\\) checks the type against it"},
		{"services/qdrant", "Versions: the import type strings, and the live catalog decides through zerops_validate or a dry-run import", "(?s)## Versions\n.{0,200}`type: qdrant:single@1\\.12` or `type: qdrant:ha@1\\.12`.{0,200}The live catalog decides: `zerops_validate` \\(or `zerops_import` with `dryRun: true`\\) checks the type against it"},
		{"services/elasticsearch", "Versions: the import type strings, and the live catalog decides through zerops_validate or a dry-run import", "(?s)## Versions\n.{0,200}`type: elasticsearch:single@9\\.2` or `type: elasticsearch:ha@9\\.2`.{0,200}The live catalog decides: `zerops_validate` \\(or `zerops_import` with `dryRun: true`\\) checks the type against it"},
		{"services/mariadb", "lower_case_table_names is set under envSecrets at creation and cannot change; no setting for other server variables", "`envSecrets: \\{lower_case_table_names: \"1\"\\}`.{0,120}It cannot change once the database exists: a new service and a data move.{0,80}The docs give no setting for other variables"},
		{"services/typesense", "Typesense 401: header missing or not this service's key; send ${search_apiKey} from the backend", "`401 Forbidden - a valid x-typesense-api-key header must be sent`: the header is missing or its key is not this service's.{0,120}`X-Typesense-Api-Key: \\$\\{search_apiKey\\}`"},
		{"services/typesense", "Typesense 404 on a collection: none exist on a new service, the app creates them", "`404 Could not find a collection with name \\.\\.\\.`: collections are made by your app, none exist on a new service"},
		{"services/typesense", "HA Typesense behind its HTTPS address: a Zerops nginx layer spreads requests over the three nodes", "On HA, that HTTPS address goes through a Zerops nginx layer that spreads requests over the three nodes"},
		{"services/valkey", "Valkey versions: not-listed ones named as such, no Redis service, the live catalog decides", "`redis@7` are in none of the platform's lists \\(2026-06\\); there is no Redis service, Valkey is the Redis-compatible one\\. The live catalog decides"},
		{"services/keydb", "KeyDB version: keydb@6 in the docs' list, the live catalog decides", "The docs' list \\(2026-06\\) has one version, `keydb@6`; none newer is listed\\. The live catalog decides"},
		{"services/meilisearch", "Meilisearch versions: import type meilisearch@1.20 as the docs list it, the live catalog decides", "written in import.yml as `type: meilisearch@1\\.20` \\(the docs list no `:single`/`:ha` form for it, only for PostgreSQL\\)\\. Only single-node mode exists\\. The live catalog decides"},
		{"services/qdrant", "automaticClusterReplication: the docs name no key or field to set it; collection settings go through Qdrant's API", "name no import key or GUI field for it.{0,80}\\n- Settings: the docs list no other server setting\\. Per-collection choices \\(`shard_number`, `replication_factor`"},
		{"services/typesense", "a version outside the list is 'in no list', not 'does not exist'", "`typesense@26`: in no list \\(2026-06\\); take a version the live catalog shows"},
		{"services/postgresql", "PostgreSQL versions outside the docs' list are named as such, not as non-existent", "No other is in the docs' list \\(2026-06: no `postgresql@15`"},
	})
}

// TestFacts_Gaps11Operations keeps the kbgaps11 facts of the operations
// and platform pages: what the platform offers there, and what it does not.
func TestFacts_Gaps11Operations(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"platform/scaling", "autoscaling follows only CPU, RAM and disk; no request-rate, queue, custom-metric or scheduled scaling; raise minimums before a peak", "## What autoscaling reacts to\\nAutoscaling follows only each container's own resource use, sampled every 10 s.{0,200}The docs describe no scaling on request rate, queue length, a custom metric or a schedule\\. For a known peak.{0,60}raise the minimums beforehand with `zerops_manage action=scale serviceHostname=<service>`"},
		{"operations/ci-cd", "the repository trigger is documented for GitHub and GitLab only; other hosts deploy with zcli push from their CI", "The docs name two hosts for this trigger, GitHub and GitLab, and describe none other \\(no Bitbucket, Gitea or self-hosted Git\\): from such a host, deploy with way 2, `zcli push`"},
	})
}
