package knowledge

import "testing"

// TestFacts_TunedMisses9798 keeps the facts written for the judged misses of
// batches 95-98 answered by kbtune28b: what the section an agent is shown now
// states.
func TestFacts_TunedMisses9798(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"services/mariadb", "other services read MariaDB's generated variables through ${hostname_key} references", "Every other service of the project reads these through a reference with the MariaDB service's hostname before the underscore"},
		{"runtimes/php", "artisan migrate failing in buildCommands: migrations belong in run.initCommands with zsc execOnce; the build has no run.envVariables", "`php artisan migrate` in `build\\.buildCommands` failing \\(`php_network_getaddresses: getaddrinfo for db failed`, `Connection refused`\\): Migrations belong in `run\\.initCommands`"},
		{"platform/projects-and-services", "services of a project reach each other by hostname and internal port on the private network", "one private network shared by its services, on which each service is reached by its hostname and internal port, unencrypted \\(`http://api:3000` for a web service"},
		{"networking/public-access", "the subdomain at creation is enableSubdomainAccess: true in the import YAML; zerops.yml has no such key", "to ask for it at creation, put `enableSubdomainAccess: true` on the service in the import YAML; the route goes live with the first deploy\\. zerops\\.yml has no such key"},
		{"troubleshooting/object-storage-errors", "SignatureDoesNotMatch: the key is known but the request was signed with another secret or changed after signing", "the server knows the access key, but the request was signed with another secret or changed after it was signed"},
		{"networking/private-network", "VPN up and hostname.zerops not resolving: the VPN joins one project at a time, reconnect to the service's project", "On a laptop whose VPN is up and `api\\.zerops` fails too: the VPN joins one project at a time, so reconnect to the service's project"},
		{"env/project-variables", "GUI: project detail, Project environment variables, one by one or in the .env bulk editor", "In the \\*\\*GUI\\*\\*: the project detail's \\*\\*Project environment variables\\*\\*, one by one or in the bulk editor"},
		{"operations/rollback-metrics-export", "the GUI draws resource history graphs: CPU per container, RAM, disk, container count", "the Zerops GUI draws resource history graphs: CPU per container, RAM, disk and the container count over time"},
	})
}
