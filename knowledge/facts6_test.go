package knowledge

import "testing"

// TestFacts_CoverageAudit6 keeps the facts kbgaps6 added from the official
// docs' pages (networking, zsc, zcli, services): what the section an
// agent lands on now states.
func TestFacts_CoverageAudit6(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"services/valkey", "TLS ports need the Zerops CA outside Zerops, downloaded from app.zerops.io/ca", "curl -L -o zerops-ca\\.pem https://app\\.zerops\\.io/ca`, then"},
		{"platform/containers-and-ssh", "one container of a service has its own SSH name", "`ssh node-id-1\\.runtime\\.app\\.zerops`"},
		{"platform/projects-and-services", "services cannot SSH to each other by default (sshIsolation vpn)", "by default only VPN users may SSH in and services cannot SSH to each other"},
		{"services/mariadb", "no public IP port for MariaDB: only runtimes and PostgreSQL have one", "a direct public IP port exists only for runtime services and PostgreSQL"},
		{"config/zerops-yml-run", "a container with nothing to run keeps going with start: zsc noop", "keeps going with `start: zsc noop`"},
		{"services/object-storage", "zsc object-storage backup keeps N archives with --truncate-count", "--name appdata --truncate-count 5"},
		{"services/object-storage", "object storage CDN links use the storageCdnUrl project variable", "`\\$\\{storageCdnUrl\\}/<bucket>/<path>`"},
		{"env/project-variables", "zcli project env prints variables, --export for a shell", "`zcli project env` prints the project's variables"},
		{"operations/ci-cd", "zcli in CI: ZEROPS_CLI_TERMINAL_MODE=disabled", "set `ZEROPS_CLI_TERMINAL_MODE=disabled`"},
		{"tools/zcli", "the docs name the repository config file both .zcli.yml and .zcli.yaml", "calls the file `\\.zcli\\.yml`, its configuration page `\\.zcli\\.yaml`"},
		{"platform/scaling", "PostgreSQL restarts on scaling only when RAM crosses a step", "restarts only when RAM crosses a step \\(256 MiB"},
	})
}
