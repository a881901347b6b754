package knowledge

import "testing"

// TestFacts_TunedMisses6164 keeps the facts written for batches 61–64
// (kbtune13): what the section an agent is shown now states.
func TestFacts_TunedMisses6164(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"platform/scaling", "scaling up by hand is zerops_manage action=scale, raising the autoscaling range", "To scale up by hand, raise the autoscaling range: `zerops_manage action=scale serviceHostname=<service>`"},
		{"platform/scaling", "zerops_discover shows the range in force, zerops_metrics the use as a share of each limit", "What a service has right now: `zerops_discover` with its hostname shows the range in force, `zerops_metrics` the CPU, RAM and disk in use as a share of each limit"},
		{"platform/containers-and-ssh", "the SSH section is named for what agents ask: SSH into a running container", "(?m)^## SSH into a running container\\n(?s:.*)`ssh <hostname>` connects to a container of that service"},
		{"services/postgresql", "a public port's firewall allow-lists IPs or CIDRs", "Public IP access, when enabled, also goes through 6432; its firewall \\(GUI\\) allow-lists IPs or CIDRs"},
		{"services/postgresql", "a disk at 100 % has reached maxDisk: raise it, up to 250 GB", "A disk at 100 % has reached `maxDisk`\\. Read the maximum in force .{0,80}raise it above that, up to 250 GB: `zerops_manage action=scale serviceHostname=db maxDisk=<GB above the maximum in force>`; a lower value only lowers the ceiling"},
		{"operations/zcp-service", "zerops_manage restarts a service; a changed secret needs it", "a restart is `zerops_manage action=restart serviceHostname=<hostname>`, which a changed secret or project variable needs"},
		{"operations/zcp-service", "the agent's tools include zerops_metrics, zerops_verify and zerops_export", "`zerops_events`, `zerops_metrics`, `zerops_verify`, `zerops_export`, `zerops_process`"},
		{"runtimes/static", "old CSS or JS after a deploy: deploy finished, browser cache, CDN cache, versioned names", "Old CSS or JS in the browser after a deploy: first check that the deploy finished \\(`zerops_events`\\), then the browser's cache \\(a hard reload or a private window\\).*versioned names"},
		{"networking/outbound-restrictions", "incoming traffic: services are private by default; only what is made public is reachable", "Incoming traffic needs no firewall of yours: services are private by default, and only what you make public is reachable from the internet"},
		{"config/zerops-yml-deploy", "the service stays ACTIVE on the previous version: check the new one in zerops_events", "Old site still served: the service stays `ACTIVE` on the previous version, so check the new one in `zerops_events`"},
		{"troubleshooting/slow-deploys", "a running site that became slow is a resource question: zerops_metrics", "A running site that became slow is a resource or app question: `zerops_metrics` shows whether CPU, RAM or disk sit at their limit"},
		{"platform/pricing", "egress, backup space, build time and IPv4 are billed beside the resources", "Also billed: egress beyond the plan, backup space, build time, IPv4"},
		{"platform/pricing", "minContainers and maxContainers are 1–10: no scale to zero, stop the service instead", "`minContainers` and `maxContainers` are 1–10, so 0 is refused: there is no scale to zero, stopping the service"},
		{"networking/websockets-balancer", "the balancer sends plain HTTP to a port marked httpSupport: true", "as plain HTTP to a port marked `httpSupport: true` in `run\\.ports`"},
		{"networking/websockets-balancer", "X-Forwarded-Proto http behind Cloudflare: SSL mode Flexible; use Full (strict)", "`X-Forwarded-Proto: http` for HTTPS pages behind Cloudflare: its SSL mode Flexible reaches Zerops over plain HTTP; use Full \\(strict\\), never Flexible"},
		{"frameworks/nestjs", "Prisma: npx prisma migrate deploy; deploy the prisma folder and keep the CLI", "Prisma instead of TypeORM: the same line with `npx prisma migrate deploy`.*deploy the `prisma` folder \\(schema and migrations\\) and keep the `prisma` CLI in the deployed `node_modules`"},
		{"operations/log-forwarding-metrics", "a syslog-ng destination forwards logs to your own syslog server", "\\*\\*Your own syslog server or any syslog-ng compatible receiver\\*\\*: write a syslog-ng destination"},
		{"operations/rollback-metrics-export", "nothing alerts by itself on usage: Grafana alerting on the Prometheus setup", "nothing alerts by itself \\(the docs name only the spending-limit e-mail\\)\\. For an alert such as disk above 90 %, use Grafana alerting"},
		{"operations/ci-cd", "the CI secret holding the token, e.g. ZEROPS_TOKEN read by zcli login", "stored as a CI secret \\(e\\.g\\. `ZEROPS_TOKEN`, read by `zcli login`\\)"},
		{"services/mariadb", "ERROR 1040: every container's pool counts; lower pool size, close leaks, more resources", "`ERROR 1040 \\(HY000\\): Too many connections` \\(`max_connections` reached.*the total is pool size × processes × containers\\. Lower the pool size, close leaked connections, or give the database more resources"},
		{"config/import-yml-scaling", "logins loop or drop with several containers when sessions stay in one container", "break with more than one container: logins loop or drop as requests reach a container without the session"},
		{"troubleshooting/database-connections", "PHP's [2002] Connection timed out is no refusal: no answer came", "Nothing accepts the connection \\(PHP's `\\[2002\\] Connection timed out` is another case: no answer came, timed out below\\)"},
		{"platform/projects-and-services", "a deleted project's service backups are kept 7 more days", "ZCP cannot delete projects\\. Its services' backups are kept 7 more days, as a deleted service's are"},
		{"operations/backups", "import.yml has no backup key: the schedule is set in the GUI", "import\\.yml has no backup key \\(the import reference lists none\\), so a `backups:` or `frequency:` entry under a service is no setting"},
		{"platform/service-statuses", "CREATING or UPGRADING that does not move: no lever for an agent, Zerops support", "`CREATING` or `UPGRADING` that does not move for long while its process shows no failure.*contact Zerops support \\(support@zerops\\.io"},
	})
}
