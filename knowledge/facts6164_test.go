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
		{"services/postgresql", "a disk at 100 % has reached maxDisk: raise it, up to 250 GB", "A disk at 100 % has reached `maxDisk`: raise it \\(GB, up to 250\\) with `zerops_manage action=scale`\\."},
		{"platform/pricing", "egress, backup space, build time and IPv4 are billed beside the resources", "Also billed: egress beyond the plan, backup space, build time, IPv4"},
		{"platform/pricing", "minContainers and maxContainers are 1–10: no scale to zero, stop the service instead", "`minContainers` and `maxContainers` are 1–10, so 0 is refused: there is no scale to zero, stopping the service"},
		{"operations/log-forwarding-metrics", "a syslog-ng destination forwards logs to your own syslog server", "\\*\\*Your own syslog server or any syslog-ng compatible receiver\\*\\*: write a syslog-ng destination"},
	})
}
