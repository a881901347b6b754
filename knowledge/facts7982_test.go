package knowledge

import "testing"

// TestFacts_TunedMisses7982 keeps the facts written for batches 79-82
// (kbtune21): what the section an agent is shown now states.
func TestFacts_TunedMisses7982(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"runtimes/nodejs", "no port is handed to a Node app: process.env.PORT is undefined unless run.envVariables sets it", "Zerops hands the app no port the way Heroku does: `process\\.env\\.PORT` is undefined unless `run\\.envVariables` sets it"},
		{"env/env-file", "Heroku's PORT has no Zerops counterpart: set PORT in run.envVariables with the port of run.ports", "Heroku's `PORT` has no Zerops counterpart: no port variable is set for you, so put `PORT` in `run\\.envVariables`"},
		{"troubleshooting/runtime-crashes", "no zerops.yml key sets run.start's working directory: cd in the command, or deploy a folder's contents with ~", "zerops\\.yml has no key that sets the working directory of `run\\.start`: change it in the command \\(`start: cd app && dotnet app\\.dll`"},
		{"troubleshooting/runtime-crashes", "a Node app deploys what start loads: build output, node_modules and package.json", "Either the build wrote it elsewhere or `deployFiles` left it out\\. Node: `deployFiles: \\[dist, node_modules, package\\.json\\]`"},
		{"operations/zcp-service", "the agent reads a service's runtime log with zerops_logs serviceHostname, narrowed by severity, since, search", "`zerops_logs serviceHostname=<hostname>` reads that service's runtime log \\(what the app writes to stdout and stderr\\), 100 lines by default; `severity=error`, `since=30m` or `search=<text>` narrow it"},
		{"services/postgresql", "another service reads the generated variables as ${db_<variable>} in run.envVariables", "Another service reads each one as `\\$\\{db_<variable>\\}` in its `run\\.envVariables`, e\\.g\\. `DB_PASSWORD: \\$\\{db_password\\}`"},
		{"services/postgresql", "more PostgreSQL containers only with HA: single runs one, HA three", "Changing `NON_HA` to `HA` later: impossible; plan it at creation\\. It is also the only way to more containers: single runs one, HA three\\."},
		{"services/postgresql", "the import example holds postgres, a valkey cache and a node app in one project", "(?s)Here with a Valkey cache and a Node app in a new project:.{0,140}type: postgresql:single@18\\s+- hostname: cache\\s+type: valkey:single@7\\.2\\s+- hostname: app\\s+type: nodejs@22"},
		{"platform/projects-and-services", "a project import: a project: block with its name, then the services list", "(?s)creates a new project with those services\\.\\s+```yaml\\s+project:\\s+name: shop\\s+services:\\s+- hostname: db"},
		{"platform/service-statuses", "an unrequested finished scaling event with RAM or CPU going up is vertical autoscaling within the range", "A finished scaling event that nobody asked for, RAM or CPU going up \\(e\\.g\\. 1 GB → 3 GB\\), is vertical autoscaling"},
		{"networking/public-access", "HTTPS needs no setup: the balancer ends TLS with a certificate Zerops provides, the app gets plain HTTP", "HTTPS needs no setup on either HTTP way: the balancer ends TLS with a certificate Zerops provides \\(on a custom domain Let's Encrypt, issued and renewed automatically\\) and passes plain HTTP to the app"},
		{"operations/ci-cd", "a Heroku pipeline's staging and production: two services or two projects, each with its own trigger or CI job", "That is the shape of a Heroku pipeline too: staging and production are two services \\(or two projects, as the docs advise for production\\), each with its own trigger or CI job"},
		{"tools/zcli", "a zcli command before any login or after logout is refused until zcli login", "A command run before any `zcli login` \\(or after `zcli logout`\\) is refused as unauthenticated until you log in\\."},
		{"config/zerops-yml-run", "static serves /var/www, deploy the build's contents with dist/~; routing is static-only, with a redirect example", "(?s)`static` serves `/var/www` as its root, so deploy the build's contents there \\(`dist/~`\\).*\\*\\*static only\\*\\*: `routing: \\{redirects: \\[\\{from: /old, to: /new, status: 301\\}\\]\\}`"},
		{"config/zerops-yml-schema", "setup \"api\" not found: a push reads the entry named after the service unless --setup names another", "a push to service `api` reads the entry `setup: api` unless `--setup <name>` names another, so `setup \"api\" not found` means the file read holds no such entry"},
		{"runtimes/static", "a Vercel or Netlify rewrite of /api/* to a backend has no run.routing form: rewrites are relative only", "The docs give rewrites between relative paths only, so a Vercel or Netlify rewrite of `/api/\\*` to a backend has no `run\\.routing` form"},
		{"operations/deploy-with-zcli", "ACTIVE yet the old version shows: pushed to another service, setup or directory, or a browser or CDN cache", "`ACTIVE`, yet the old version shows: the push went to another service, setup or directory \\(`zerops_events` for this service lists its new version, or not\\), or a browser or CDN cache"},
	})
}
