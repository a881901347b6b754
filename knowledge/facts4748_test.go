package knowledge

import "testing"

// TestFacts_TunedMisses4748 keeps the facts written for batches 47/48
// (kbtune6): what the section an agent is shown now states.
func TestFacts_TunedMisses4748(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"operations/logs", "a site down since a time: status, then events, then logs", "\"Down since this morning\" — `zerops_discover`.{0,120}`zerops_events`.{0,80}`zerops_logs`"},
		{"platform/scaling", "slowness after a launch: read metrics before scaling", "Slow since traffic grew.{0,40}`zerops_metrics`"},
		{"platform/scaling", "more RAM for good: raise minRam and maxRam with zerops_manage", "to add more RAM to an app for good: `zerops_manage action=scale serviceHostname=app minRam=2 maxRam=8`"},
		{"platform/overview", "Prague is in the EU", "Prague \\(Czech Republic, in the EU"},
		{"decisions/choose-runtime-base", "WordPress: php-nginx or php-apache with MariaDB, no special service", "(?s)## A WordPress site\nWordPress runs as a `php-nginx@8\\.4` service \\(or `php-apache@8\\.4`.{0,80}MariaDB database \\(`mariadb@10\\.6`\\); Zerops has no WordPress-specific"},
		{"decisions/choose-runtime-base", "WordPress: wp-config reads the database's generated variables", "`DB_HOST: \\$\\{db_hostname\\}`, `DB_USER: \\$\\{db_user\\}`, `DB_PASSWORD: \\$\\{db_password\\}`, `DB_NAME: \\$\\{db_dbName\\}`"},
		{"decisions/choose-runtime-base", "WordPress: uploads and wp-admin plugins vanish on deploy", "`wp-content/uploads` and plugins or themes installed from wp-admin vanish on the next deploy"},
		{"config/zerops-yml-deploy", "the default deploy starts new containers first: no downtime", "`false` \\(default\\): start new containers first, then stop old ones — no downtime"},
		{"networking/cloudflare-custom-domains", "a new domain's certificate takes 5–10 minutes", "4\\. Wait for the certificate, 5–10 minutes after the records point at the project"},
		{"networking/public-access", "www and apex both working: add both domains, then redirect one", "(?s)\\*\\*www to the apex domain\\*\\* \\(or back\\), the site working on both names: add both domains to the same routing"},
		{"operations/deploy-with-zcli", "a new version goes live with zcli push or zerops_deploy", "`zcli push` uploads a directory, then Zerops builds and deploys it"},
		{"frameworks/django", "SECURE_SSL_REDIRECT loops without SECURE_PROXY_SSL_HEADER", "without `SECURE_PROXY_SSL_HEADER` Django thinks requests are plain HTTP, so `SECURE_SSL_REDIRECT = True` redirects every request again and the browser stops with `ERR_TOO_MANY_REDIRECTS`"},
		{"decisions/choose-cache", "logged out after each deploy: sessions in the container", "Users logged out after every deploy.{0,200}point the framework's session store at Valkey or the database"},
		{"networking/cdn", "old content after a deploy: deploy, browser cache, then CDN purge", "Old content still shown after a deploy: check that the deploy finished \\(`zerops_events`: a failed build leaves the previous version running\\)"},
		{"troubleshooting/runtime-crashes", "a 500 with no details: read the log, not debug output", "(?s)## Server error \\(500\\) with no details\n.{0,400}`zerops_logs serviceHostname=<app> severity=error since=30m`"},
		{"troubleshooting/runtime-crashes", "only on Zerops: compare variables, files, network, system", "(?s)only on Zerops, compare the environment with your laptop:\n- Variables: a local `\\.env` is not read by Zerops"},
		{"troubleshooting/networking-ports", "dig +short empty: no DNS record yet", "`dig \\+short www\\.example\\.com` prints nothing\\): it has no DNS record yet"},
		{"operations/ci-cd", "CI cannot reach the database: migrate in initCommands with execOnce", "Database migrations from CI: the runner is outside the project's private network.{0,200}`zsc execOnce \\$\\{appVersionId\\} -- <migrate command>`"},
		{"env/generated-variables", "zeropsSubdomain is the app's own public URL", "`zeropsSubdomain`, its public `https://…zerops\\.app` URL: the variable for the app's own public URL"},
		{"config/zerops-yml-env-variables", "zeropsSubdomain among the generated variables", "a runtime with subdomain access has `zeropsSubdomain`, its public URL"},
		{"troubleshooting/database-connections", "refused on 27017: a self-run mongod on localhost", "Refused on 27017.{0,200}listens only on its own localhost unless started with `--bind_ip_all`"},
		{"pitfalls/unsupported-services", "mongod binds localhost by default", "`mongod` listens only on its own localhost by default; start it with `--bind_ip_all`"},
		{"troubleshooting/ssh-vpn-errors", "a WireGuard permission error: rerun zcli vpn up with admin rights", "A permission error from WireGuard at `zcli vpn up`: the tunnel needs admin rights"},
		{"networking/websockets-balancer", "basic auth and rate limits are set on the project balancer, not a zerops.app subdomain", "(?s)## Other balancer features \\(GUI\\)\nSet by the user on the project's HTTP balancer.{0,120}a `zerops\\.app` subdomain has none of these"},
		{"networking/websockets-balancer", "rate limit keys and 503", "Rate limiting \\(`503` when exceeded\\): keyed per IP \\(`binary_remote_addr`\\) or per domain \\(`server_name`\\)"},
		{"networking/websockets-balancer", "no DDoS protection documented beyond the limits", "DDoS: the docs name no DDoS protection beyond these limits"},
		{"operations/dev-container-workflow", "prod data into staging: dump and pg_restore (moved from dev-stage-pattern)", "(?s)pg_restore --clean --no-owner.{0,400}Production into stage the same way.{0,200}`pg_restore` each file into the target"},
		{"env/secrets-and-sensitive", "a leaked app key: rotate at the provider, set the secret, restart", "An app's own key that leaked.{0,80}revoke or rotate it at its provider first.{0,200}restart the service"},
		{"networking/outbound-restrictions", "curl's local-issuer error is the outside host's chain", "\\(curl: `\\(60\\) SSL certificate problem: unable to get local issuer certificate`\\).{0,200}certificate chain is incomplete or signed by a private CA"},
		{"networking/public-access", "changing a domain: the new one first, then remove the old", "Changing to another domain: add the new one first.{0,120}only then remove the old one"},
	})
}
