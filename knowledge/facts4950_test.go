package knowledge

import "testing"

// TestFacts_TunedMisses4950 keeps the facts written for batches 49/50
// (kbtune7): what the section an agent is shown now states.
func TestFacts_TunedMisses4950(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"platform/scaling", "more CPU cores: raise maxCpu with zerops_manage, no redeploy", "raise `maxCpu` \\(whole cores: `zerops_manage action=scale serviceHostname=app maxCpu=4`, no redeploy\\)"},
		{"platform/scaling", "OOM is no service status: the service stays ACTIVE, the container restarts", "\"OOM\" is no service status: the service stays `ACTIVE` and the killed container restarts"},
		{"platform/pricing", "the Lightweight core is free, resources are not; credit is prepaid (sign-up credit: facts8a)", "Lightweight core is free, its services' resources are not; Zerops runs on prepaid credit"},
		{"platform/pricing", "billed: each container's CPU, RAM and disk per minute; a build's are not, it draws on build hours", "Billed: each container's CPU, RAM and disk per minute, not requests; the build container's CPU and RAM are not billed \\(builds draw on the plan's build hours"},
		{"platform/pricing", "a Node.js runtime and a single PostgreSQL at 1 CPU/1 GB/5 GB: $8.20", "a Node\\.js runtime plus a single PostgreSQL, each at that size: 2 × \\$4\\.10 = \\$8\\.20 per 30 days"},
		{"platform/pricing", "build time draws on the plan's build hours, then $0.50 per 15 hours", "builds draw on the plan's included build hours \\(table above\\), not on the build container's CPU and RAM; beyond them, \\$0\\.50 per 15 hours"},
		{"pitfalls/build-vs-run-containers", "build.prepareCommands: OS packages and tools the build needs", "OS packages and tools the build needs \\(`apk add`, a global CLI\\): `build\\.prepareCommands`, run before `build\\.buildCommands`"},
		{"runtimes/php", "documentRoot goes under run:, relative to /var/www", "`run\\.documentRoot` is the web root relative to `/var/www`, set under `run:` beside `base: php-nginx@8\\.4` or `php-apache@8\\.4`"},
		{"platform/projects-and-services", "a service's type family cannot change (nodejs to bun)", "\\| type family \\(postgresql → mariadb, nodejs → bun\\) \\| no — a new service of the other type"},
		{"runtimes/bun", "an existing nodejs service cannot become bun", "an existing `nodejs` service cannot become `bun` \\(nor back\\); import a new `bun@1\\.3` service beside it"},
		{"troubleshooting/build-failures", "a deadline error after about an hour is the 60-minute build limit", "a build that ends in a timeout or deadline error \\(`context deadline exceeded`\\) after about an hour hit this limit"},
		{"troubleshooting/slow-deploys", "a fresh runtime image: Clear runtime prepare image in the GUI", "\\*\\*Clear runtime prepare image\\*\\* under the service's \\*\\*Pipelines & CI/CD settings\\*\\*"},
		{"platform/scaling", "several containers: round-robin, no sticky sessions", "requests are spread round-robin, with no sticky sessions to keep a user on one container"},
		{"config/import-yml-scaling", "no RAM figure per framework: start at the floor with autoscaling room, read zerops_metrics", "The docs give no RAM figure per framework: a PHP or Node app may start at the 0\\.25 or 0\\.5 GB floor when `maxRam` leaves autoscaling room above it"},
		{"platform/scaling", "minContainers/maxContainers: 1–10, runtimes only", "`minContainers`, `maxContainers` \\| horizontal range, 1–10 containers \\(runtimes only\\)"},
		{"config/import-yml-structure", "objectStorageSize 1–100 GB and the five objectStoragePolicy values", "`objectStorageSize`, the bucket quota in whole GB from 1 to 100, and `objectStoragePolicy`, one of `private`, `public-objects-read`, `public-read`, `public-write`, `public-read-write`"},
		{"troubleshooting/resources-limits", "maxDisk is at most 250 GB per container", "at most 250 GB per container\\) when the data is legitimate"},
		{"troubleshooting/resources-limits", "--max-old-space-size is fixed at start, does not follow autoscaling", "a fixed number of MB read at start, so it does not follow the container's RAM as autoscaling changes it: keep it below `maxRam`"},
		{"services/postgresql", "a listed version refused at import: read the live list", "A listed version refused at import \\(`not supported`, `serviceStackTypeNotFound`\\) means the live catalog no longer offers it as written"},
		{"troubleshooting/build-failures", "mapping values are not allowed: a key: value where a value was expected", "`mapping values are not allowed in this context` is a `key: value` where a plain value was expected"},
		{"pitfalls/build-vs-run-containers", "exec node not found at run time: run.base lacks Node", "At start, `exec: \"node\": executable file not found in \\$PATH`: the base lacks that language too, `run\\.base` is not a Node base"},
		{"platform/projects-and-services", "LIGHT vs SERIOUS: what each includes", "`LIGHT` \\(the default, free: 15 build hours, 5 GB backups, 100 GB egress a month\\) or `SERIOUS` \\(\\$10 per 30 days: 150 build hours, 25 GB backups, 3 TB egress"},
		{"troubleshooting/runtime-crashes", "127 in the build: the install skipped dev dependencies", "during the build \\(a package script exiting with 127\\), the dependency install before it skipped dev dependencies or never ran"},
		{"troubleshooting/mariadb-errors", "ERROR 1114 table is full: the disk reached maxDisk, raise it", "`ERROR 1114 \\(HY000\\): The table 'sessions' is full` on a Zerops MariaDB means its disk reached `maxDisk`, not a table limit\\. Raise `maxDisk`"},
	})
}
