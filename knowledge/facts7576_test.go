package knowledge

import "testing"

// TestFacts_TunedMisses7576 keeps the facts written for batches 75/76
// (kbtune18b): what the section an agent is shown now states.
func TestFacts_TunedMisses7576(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"config/import-yml-scaling", "a container is added only once the others are at their vertical maximum", "A new container comes only once the ones in place are at their vertical maximum \\(`maxCpu`/`maxRam`\\), up to `maxContainers`"},
		{"config/import-yml-scaling", "cpuMode: SHARED for dev and staging, DEDICATED for steady load and production", "`SHARED` \\(a core shared with up to 10 other apps: dev, staging\\) or `DEDICATED` \\(cores of its own for steady load: production\\)"},
		{"config/import-yml-scaling", "the maximums cap the bill; maxRam: 4 is at most $12 of RAM per container", "The maximums cap the bill: .*never above the maximums per container times `maxContainers`\\. `maxRam: 4` means at most 4 GB, \\$12 of RAM per container per 30 days"},
		{"config/zerops-yml-crontab", "the database backup schedule is not run.crontab but the GUI's Backups List & Configuration", "A database's automatic backups are not scheduled here: their schedule .* is set per service in the GUI, \\*\\*Backups List & Configuration\\*\\*"},
		{"operations/ci-cd", "no deploy-only token: custom per project with full access on the one project", "There is no deploy-only permission\\. The narrowest token that can deploy is \\*\\*Custom access per project\\*\\* with \\*\\*Full access\\*\\* on this one project"},
		{"tools/zcli", "a valid token can lack one project: a custom per-project token reaches only its listed projects", "A valid token can still lack access to one project: a \\*\\*Custom access per project\\*\\* token reaches only the projects listed in it"},
		{"operations/dev-stage-pattern", "production services beside stage get their own database, HA while stage's stays single", "give them their own database \\(HA while stage's stays single: the mode is per service\\)"},
		{"platform/projects-and-services", "project variables reach every service's containers, builds included, with no prefix", "project variables: every service's containers, builds included, get them as ordinary OS env variables, with no prefix and no declaration"},
		{"runtimes/alpine", "sudo not permitted: Zerops Alpine images give zerops passwordless sudo, so the command runs elsewhere", "`sudo` itself not permitted, or asking for a password: the Zerops Alpine images give the `zerops` user `sudo` with no password, so the command runs elsewhere"},
		{"config/zerops-yml-deploy", "old pages after a live deploy: the switch has no documented delay, a CDN keeps files until a purge", "cache holds the old files \\(the docs give the switch itself no delay; a CDN keeps them until a purge, on Zerops 30 days\\)"},
		{"operations/rollback-metrics-export", "a memory alert: one-click Prometheus and Grafana from Advanced Observability, a Grafana rule on RAM near maxRam", "the project's \\*\\*Advanced Observability\\*\\* section in the GUI deploys Prometheus and Grafana in one click.*add an alert rule on the service's RAM use near its `maxRam`"},
	})
}
