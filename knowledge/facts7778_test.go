package knowledge

import "testing"

// TestFacts_TunedMisses7778 keeps the facts written for batches 77/78
// (kbtune19): what the section an agent is shown now states.
func TestFacts_TunedMisses7778(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"runtimes/nodejs", "a Node app reaches another service by its hostname in plain http, from ${db_hostname}-style references", "Another service of the project is reached by its hostname over the private network, in plain `http` on its own port \\(`http://api:3000`\\)\\. Take such values from references like `DB_HOST: \\$\\{db_hostname\\}`"},
		{"pitfalls/binding-localhost", "a bundle calling localhost: VITE_API_URL is written in at build, so it belongs in build.envVariables", "Vite writes `VITE_\\*` values into the bundle when it builds, so `VITE_API_URL` belongs in `build.envVariables`, set to the API's public URL"},
		{"tools/adminer", "a public database: only PostgreSQL has a port, through pgBouncer with TLS, behind an allow-list; others the VPN", "only PostgreSQL has a public port \\(\\*\\*Direct access through IP address\\*\\*, through pgBouncer `6432` with TLS\\); if you open one, give it a firewall allow-list of your own addresses\\. Other databases have none documented: use the VPN"},
		{"runtimes/bun", "bun: command not found means that container's base has no Bun; build.base and run.base both bun@1.3", "`bun: command not found` \\(`/bin/sh: bun: not found`\\) in the build or at start: that container's base has no Bun.*set `build\\.base: bun@1\\.3`, and `run\\.base: bun@1\\.3` too when `start` calls `bun`"},
		{"troubleshooting/build-failures", "E: Unable to locate package: run apt-get update first, a fresh image has empty package lists", "`apk: command not found` means that OS\\. Run an `apt-get update` before the install: a fresh image has empty package lists"},
		{"runtimes/alpine", "a package only the build needs goes with sudo apk add in build.prepareCommands, not into the run container", "A package only the build needs \\(a compiler, `git`, `-dev` headers\\) goes the same way in `build\\.prepareCommands`; the run container does not get it"},
		{"troubleshooting/resources-limits", "PHP's memory_limit is raised with PHP_INI_memory_limit in run.envVariables", "PHP's `memory_limit` in `run\\.envVariables` \\(PHP: `PHP_INI_memory_limit: 512M` on php-nginx and php-apache"},
		{"platform/projects-and-services", "hostname rules say the hostname cannot be changed once the service exists", "at most 25 characters\\. The hostname cannot be changed once the service exists: a new name means a new service"},
		{"networking/websockets-balancer", "past the 60 s upstream wait: write before 60 s of silence, or answer with a job id and poll", "A request that needs longer has two ways through: let the app write something before 60 s of silence pass \\(stream the answer, or send early bytes\\), or answer at once with a job id"},
		{"runtimes/static", "one domain for frontend and API: the user's GUI routing rules send /api to the API's port and / to the static service", "with routing rules \\(set by the user in the GUI's domain access\\) sending the public path `/api` to the API service's port and `/` to this service"},
		{"config/zerops-yml-structure", "a yaml line number without unmarshal is a syntax error: indentation, a tab, an open quote", "A line number without `unmarshal` is a syntax error: a line indented unlike its neighbours, a tab, or a quote left open at or above it"},
		{"operations/deploy-with-zcli", "a failed deploy's build log: zerops_logs with the version's buildId from zerops_events, or zcp diagnose --build", "Build output: `zerops_logs` with the failed version's `buildId` \\(from `zerops_events`\\), or `zcp diagnose --build`"},
		{"frameworks/rails", "the database refuses though the host is db: not ACTIVE yet, or the wrong port, take ${db_port}", "The database will not take the connection though `host` is `db`: it is not `ACTIVE` yet \\(stopped or starting: `zerops_discover`\\), or the port is wrong: take it from `\\$\\{db_port\\}`"},
		{"operations/troubleshoot-502", "the 0.0.0.0 fixes name Nuxt's HOST, unset or 0.0.0.0", "`--bind 0\\.0\\.0\\.0:8000`, Nuxt `HOST` unset or `0\\.0\\.0\\.0`\\)"},
		{"platform/service-statuses", "a deploy stuck on its readiness check: start exits, wrong port or path, or not 2xx", "Usual causes: the start command exits at once \\(a wrong path, a missing file\\), the check's port or path is not what the app serves, or it answers other than 2xx"},
	})
}
