package knowledge

import "testing"

// TestFacts_CoverageAudit8b keeps the facts kbgaps8b added from the official
// docs' runtime, managed-service and company pages (runtime scaling, deploy
// process, customize runtime, file browser, MariaDB, Valkey, shared storage,
// object storage, top-ups): what the section an agent lands on now states.
func TestFacts_CoverageAudit8b(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"services/mariadb", "the first database and user are named after the hostname, utf8mb4", "take the service hostname as their name.{0,80}created with the `utf8mb4` character set"},
		{"services/mariadb", "zps is the platform's maintenance user: leave it alone", "`zps`, with every privilege, is the platform's own maintenance user"},
		{"services/valkey", "Valkey exports Prometheus metrics on 9121", "Prometheus-format metrics by default on port 9121"},
		{"services/shared-storage", "one runtime can mount several storages", "one runtime can mount several storages at once, each at its own path"},
		{"services/object-storage", "object storage hostname: at most 25 characters", "lowercase letters and digits, starting with a letter, at most 25 characters"},
	})
}
