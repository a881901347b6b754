package knowledge

import "testing"

// TestFacts_TunedMisses6768 keeps the facts written for batches 67 and 68
// (kbtune15): what the section an agent is shown now states.
func TestFacts_TunedMisses6768(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"networking/public-access", "the opening says how to turn the subdomain on: zerops_subdomain action=enable on a deployed service", "A subdomain URL exists after `zerops_subdomain action=enable serviceHostname=<service>` on a deployed service"},
		{"troubleshooting/build-failures", "the opening names where the whole build log of a failed version is: zerops_logs with its buildId", "The whole build log of a failed version: `zerops_logs` with its `buildId` \\(from `zerops_events`\\); from a terminal `zcli service log <service> --show-build-logs`"},
		{"operations/log-forwarding-metrics", "reading a build log needs no forwarding: zerops_logs with the buildId", "Reading a build log needs no forwarding: `zerops_logs` with the version's `buildId` \\(from `zerops_events`\\) shows it, a failed build included"},
		{"config/import-yml-scaling", "the opening: scaling down is automatic back to the minimums; a raised minRam stays billed, lower it the same way", "Scaling down needs nothing: once load drops, Zerops shrinks containers back to `minRam`/`minCpu` by itself \\(after about 60 s for CPU, 120 s for RAM.*A `minRam` raised for a spike stays billed while idle: lower it again"},
		{"operations/rollback-metrics-export", "CPU autoscales up to maxCpu per container, then by containers up to maxContainers", "CPU autoscales only up to `maxCpu` cores per container and then, for a runtime, by adding containers up to `maxContainers`"},
		{"operations/apply-env-changes", "an unasked restart is a process that ended; its exit code is in zerops_logs", "A restart nobody asked for is a process that ended \\(a crash, a kill for memory, a failing health check\\): its exit code is in `zerops_logs`"},
		{"troubleshooting/mariadb-errors", "PDO [2002] Connection refused is most often 127.0.0.1, a PHP default host when DB_HOST is unset", "`\\[2002\\] Connection refused` is most often `127\\.0\\.0\\.1`, the default host of many PHP configs \\(Laravel's too\\) when `DB_HOST` is unset"},
		{"config/zerops-yml-deploy", "Roll back lists why a readiness check fails", "(?s)## Roll back\\n.*A deploy that fails its readiness check needs no rollback.*Why it failed: the app exited at start, `port` or `path` answers no 2xx, a host check refuses localhost, or the start takes longer than `failureTimeout`"},
		{"decisions/choose-database", "MySQL as such: MariaDB, connect with ${db_connectionString} or the parts", "\\*\\*MySQL\\*\\* as such: use MariaDB 10\\.6; clients speak the same protocol\\. Connect with the generated `\\$\\{db_connectionString\\}` \\(a `mysql://` URL\\)"},
		{"platform/service-statuses", "Stuck? explains DEPLOYING: the version waits on the readiness check until failureTimeout", "`DEPLOYING` is the app version's status \\(`zerops_events`\\), not the service's: the new containers get no traffic until `deploy\\.readinessCheck` passes, retried every `retryPeriod` up to `failureTimeout`"},
	})
}
