package knowledge

import "testing"

// TestFacts_Gaps12 keeps the facts added in the kbgaps12 checklist pass over
// the config, env, networking, pitfalls and tools pages: each states a key, a
// value, an error as printed or a fix an agent asks for, checked in
// zeropsio/docs or in what zerops_validate prints.
func TestFacts_Gaps12(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"config/zerops-yml-ports", "no documented PORT variable set from ports: an app reading $PORT falls back to its own default", "The Zerops docs name no `PORT` variable that the platform sets from `ports`: an app reading `\\$PORT` with nothing set falls back to its own default"},
		{"config/zerops-yml-ports", "httpSupport default: the reference says false, runtime pages true; write it explicitly", "the zerops\\.yml reference says `false`, the per-runtime build pages say `true` for TCP\\. Write `httpSupport: true` on every port a web server answers on"},
		{"pitfalls/common-mistakes", "missing run.start: the zerops_validate message as printed, and the fix (foreground command or zsc noop --silent)", "`zerops_validate` prints `missing: run\\.start is required for nodejs@22 \\(it says how to start the app\\)`\\. Add the foreground command under `run:`; a container with nothing of its own to run takes `start: zsc noop --silent`"},
		{"config/zerops-yml-monorepo", "setup not found: the zerops_validate message, and the fix on either side (rename setup or name it in the push)", "`zerops_validate` prints `no setup named \"api\": the push needs it; the file has \"app\", \"web\"`\\. Fix one side: rename `setup:` to the hostname, or name the setup in the push"},
		{"env/secrets-and-sensitive", "a service secret is not in the build: forward it with ${RUNTIME_KEY}; a change applies after a restart", "In the build a service secret is not in the environment: forward it with `build\\.envVariables: NPM_TOKEN: \\$\\{RUNTIME_NPM_TOKEN\\}`.{0,120}A new or changed secret reaches the app only after a restart of the service, not a reload; no redeploy"},
		{"config/zerops-yml-ports", "noSubdomainPorts: no deployed httpSupport port yet; deploy with one, retry briefly after a fresh deploy", "Enabling the subdomain answers `noSubdomainPorts`: no deploy has registered an `httpSupport: true` port yet\\. Deploy with one, then enable it; right after a fresh deploy, retry for a few seconds"},
		{"config/import-yml-services", "import error codes name <hostname>.<key>: mode on object storage, a database without mode, YAML syntax line N; whole import refused", "`projectImportInvalidParameter` on `files\\.mode` is a `mode` given to object storage \\(delete the line\\); `projectImportMissingParameter` on `db\\.mode` is a database without an HA choice.{0,120}`yamlValidationInvalidYaml` with `line N:` is YAML syntax at or above that line.{0,80}The whole import is refused; nothing is created"},
		{"env/generated-variables", "project-generated variables by bare name (zeropsSubdomainHost, CDN URLs); no PORT, no bare sibling variables", "`zeropsSubdomainHost` \\(there from the project's creation.{0,160}`storageCdnUrl`, `staticCdnUrl`, `apiCdnUrl`\\. Not generated: a `PORT` variable \\(the docs name none.{0,160}reference them: `\\$\\{db_hostname\\}`"},
		{"networking/public-access", "custom domain certificate: free Let's Encrypt once DNS resolves; propagation 5-10 min, up to 24 h; no issuance time in the docs", "Zerops issues and renews Let's Encrypt certificates automatically and free, once DNS resolves to the project: propagation typically takes 5–10 minutes, up to 24 hours; the docs give no issuance time of its own"},
		{"networking/ports", "httpSupport written out: the docs disagree on its default", "mark HTTP ones `httpSupport: true`, written out: the docs disagree on its default \\(`false` in the zerops\\.yml reference, `true` for TCP on the per-runtime pages\\)"},
		{"config/zerops-yml-env-variables", "no PORT set from run.ports; set PORT in run.envVariables equal to the declared port", "Not from `run\\.ports`: the docs name no `PORT` variable that Zerops sets, so an app that reads `PORT` needs `PORT: \"3000\"` here, equal to the declared port"},
		{"networking/public-access", "own certificate: no upload described, 443 is the balancer's; support or a proxy such as Cloudflare in front", "(?s)## Your own certificate\nAn OV/EV certificate or one from a corporate CA: the docs describe no upload, only the certificates Zerops issues, and a direct public port cannot be 443 \\(the balancer holds it\\)\\. Ask Zerops support, or put a proxy such as Cloudflare in front"},
		{"networking/outbound-restrictions", "outgoing IPv6 undocumented; check from the container with curl -6", "Outgoing IPv6: the docs say nothing either, neither whether a container reaches IPv6-only hosts nor from which IPv6 address; check from the container \\(`curl -6 -s https://ifconfig\\.me`"},
		{"networking/public-access", "path routing: Source path to Destination service+port in the GUI; prefix stripping undocumented; subdomains have none, nginx proxy_pass in front", "(?s)## Path routing: /api and / on one domain\n.{0,200}a \\*\\*Source\\*\\*, the public path.{0,100}a \\*\\*Destination\\*\\*, a service and its `httpSupport: true` port\\. The docs do not say whether the balancer strips the path.{0,160}A `\\*\\.zerops\\.app` subdomain has no path rules"},
	})
}
