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
		{"platform/pricing", "a manual top-up is at least $10", "manual top-up is at least \\$10"},
		{"platform/pricing", "three failed automatic charges switch auto top-up off", "Three failed charges in a row switch automatic top-ups off"},
		{"platform/projects-and-services", "another project's service only through its public access", "reaches a service of another only through that service's public access"},
		{"platform/scaling", "an added container runs on another host from the same artefact", "runs on another physical host and starts from the same deployed artefact"},
		{"config/import-yml-scaling", "docker takes fixed sizes, not ranges", "docker \\(a VM\\) \\| \\*\\*fixed\\*\\* sizes, not ranges"},
		{"config/import-yml-scaling", "slow boot: raise startCpuCoreCount", "default 2; raise it for an app that is slow to boot"},
		{"config/zerops-yml-deploy", "an old version's artefact can be downloaded from its pipeline detail", "lets you download its build artefact"},
		{"platform/containers-and-ssh", "an SSH install is temporary; run.prepareCommands makes it permanent", "stays only in that container until it is replaced.{0,120}`run\\.prepareCommands`"},
		{"platform/containers-and-ssh", "the app's code stays out of the runtime image", "packages only: the app's code reaches each container with the deploy, not through that image"},
		{"troubleshooting/build-failures", "run.prepareCommands output is the prepare runtime log", "Its output is the prepare runtime log, in the GUI's pipeline detail"},
		{"operations/copy-files", "the GUI's File browser looks into a running container", "\\*\\*File browser\\*\\* for a running container"},
		{"networking/ports", "a custom nginx block listens on 80 plain HTTP, never 443 ssl", "listens in plain HTTP on 80 \\(or a port also in `run\\.ports`\\), never `listen 443 ssl`: TLS ends at the balancer"},
	})
}
