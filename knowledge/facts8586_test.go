package knowledge

import "testing"

// TestFacts_TunedMisses8586 keeps the facts written for batches 85-86
// (kbtune23b): what the section an agent is shown now states.
func TestFacts_TunedMisses8586(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"env/cross-service-references", "hostnames hold only lowercase letters and digits, so a reference has no dash to escape", "A hostname holds only lowercase letters and digits \\(no `-`, `_` or capitals; the platform refuses them with `serviceStackNameInvalid`\\), so hostnames contain no dashes"},
		{"runtimes/nodejs", "a Node app serves plain HTTP: the balancer ends TLS, no certificate in the app", "The app serves HTTP, not HTTPS: the balancer ends TLS with a certificate Zerops provides and passes plain HTTP to this port"},
		{"tools/zcli", "zcli sets variables only at service create; no command changes those of an existing service or project", "it has no command that sets or changes a variable of an existing service or project: use `zerops_env action=set`"},
		{"runtimes/static", "a static service's Nginx serves HTTP on port 80; no port is declared", "Its Nginx serves HTTP on port 80, where the balancer sends plain HTTP"},
		{"networking/websockets-balancer", "the balancer routes by domain and, on a custom domain, by public path to a service's port", "routes by domain \\(on a custom domain also by path: a routing rule the user sets in the GUI sends a public path such as `/api` to one service's port"},
		{"pitfalls/https-between-services", "http to https: no balancer switch is documented; check with curl, else redirect in the app on X-Forwarded-Proto http", "the docs name no balancer switch for it; if `curl -sI http://<domain>/` gets no `301` to `https://`, redirect in the app, answering `X-Forwarded-Proto: http` with a `301`"},
		{"operations/dev-container-workflow", "the dev loop starts the server detached with nohup and restarts it with pkill -f (moved from dev-stage-pattern)", "(?s)nohup npm run dev > /tmp/dev\\.log 2>&1 &.{0,120}pkill -f 'npm run dev'.{0,80}`nohup … &` lets the server outlive the SSH session"},
		{"platform/containers-and-ssh", "a foreground SSH process ends with the session; a dev server starts detached with nohup", "A foreground process ends with the SSH session; run a dev server detached: `nohup npm run dev > /tmp/dev\\.log 2>&1 &`"},
		{"operations/zcp-service", "the zcp service reaches siblings by hostname on the private network and mounts no runtime files", "Inside its own project the `zcp` service is on the private network: it reaches every service by hostname .{0,80}It mounts no runtime files: a dev service's code stays in that container, read and edited over SSH"},
		{"troubleshooting/database-connections", "x509 unknown authority towards an outside https host: incomplete chain or private CA, give the client the CA", "Towards an outside host over `https://` \\(an API, not a database port\\), the same error means that host's chain is incomplete or signed by a private CA"},
		{"config/zerops-yml-env-variables", "every service carries a generated, read-only hostname variable", "every service carries `hostname` \\(its own hostname, read-only\\)"},
		{"troubleshooting/database-connections", "on a laptop no reference is set: zcli vpn up and a local .env with the db host", "On a laptop \\(the app run locally\\) no reference is set, so the host falls back to localhost too: run `zcli vpn up <project-id>` and give the values in a local `\\.env`"},
	})
}
