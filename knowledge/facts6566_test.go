package knowledge

import "testing"

// TestFacts_TunedMisses6566 keeps the facts written for batches 65 and 66
// (kbtune14): what the section an agent is shown now states.
func TestFacts_TunedMisses6566(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"config/zerops-yml-build", "several deployFiles folders go in a YAML list, one path per item", "Several folders and files go in a YAML list, one path per item \\(`deployFiles: \\[dist, node_modules, package\\.json\\]`\\), which deploys only those paths"},
		{"config/zerops-yml-build", "~ is the only deployFiles wildcard the docs describe; no shell globs", "`~` is the only wildcard the Zerops docs describe for `deployFiles`; they describe no shell globs \\(`dist/\\*\\*`, `\\*\\.js`\\)"},
		{"troubleshooting/build-failures", "a deployFiles glob such as dist/** is no documented wildcard: name the folder", "(?m)^## A deployFiles pattern that matches nothing\\n.*`~` as the only wildcard of `deployFiles`; they describe no shell globs such as `dist/\\*\\*`"},
		{"troubleshooting/host-and-proxy-errors", "neither balancer sets CORS headers on an app's responses; the API must", "Zerops adds no CORS headers; the API must \\(neither balancer sets them on an app's responses\\)"},
		{"networking/public-access", "a dedicated IPv4 costs $3.00 per 30 days, stated where the custom-domain steps are shown", "\\*\\*Dedicated IPv4\\*\\*: at most one per project, a paid add-on .*\\(\\$3\\.00 per 30 days, see \\[Pricing\\]"},
		{"platform/containers-and-ssh", "data kept on the container's own disk may be gone after a restart and is gone after a deploy", "(?s)## What persists\\n.*So data your app keeps on the container's own disk .* may be gone after a restart and is gone after a deploy or on a new container: keep data in a database, object storage or a shared storage mount"},
		{"services/postgresql", "over the VPN a db that does not resolve: try db.zerops", "likewise over `zcli vpn up`, without TLS on 5432 \\(if `db` does not resolve over the VPN, try `db\\.zerops`\\)"},
		{"troubleshooting/mariadb-errors", "a dump import over max_allowed_packet may print gone away", "bytes` \\(a dump import may print `gone away` instead, as the server drops the connection\\): one statement or row is larger than the server accepts"},
		{"services/object-storage", "uploads: object storage over shared storage, which is for software needing one POSIX folder", "Prefer it over local disk for anything users upload, and over shared storage too, which is for software that must see one POSIX folder in every container"},
		{"services/elasticsearch", "no RAM figure beyond 0.25 GB: the heap is HEAP_PERCENT (default 50) of the container's RAM", "The Zerops docs set no figure beyond the 0\\.25 GB minimum: the JVM heap takes `HEAP_PERCENT` of the container's RAM \\(default 50\\), so a node with 2 GB has a 1 GB heap"},
		{"platform/projects-and-services", "a dev/stage pair lives in one project: dev over SSH, stage built deploys, one db unless stage needs its own", "Such a pair lives in one project: the dev service is edited and run over SSH, the stage one gets built deploys as production would, and both may reference the same `db` unless stage needs its own data"},
		{"platform/scaling", "the opening: never below one container, no scale to zero, stop an idle service", "When load drops, it scales back down to the minimums, never below one container: there is no scale to zero, so stop an idle service instead \\(a stopped service is billed only for its disk"},
	})
}
