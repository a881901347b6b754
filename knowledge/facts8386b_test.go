package knowledge

import "testing"

// TestFacts_TunedMisses8386b keeps the facts written for the leftovers of
// batches 83-86 (kbtune25): what the section an agent is shown now states.
func TestFacts_TunedMisses8386b(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"operations/logs", "the docs give no retention period for request, build or runtime logs", "The docs state no retention period for these logs or build and runtime logs: \\[forward them\\]"},
		{"networking/public-access", "a custom TCP or UDP service opens to the internet only on a direct port", "SMTP of your own, a raw or custom TCP/UDP socket — as this is the only way to open such a port to the internet"},
		{"config/zerops-yml-ports", "a UDP port: protocol: UDP in run.ports, then a direct public port mapped to it in the GUI", "declare the port here \\(`protocol: UDP` for UDP\\), then the user opens a public port \\(10–65435, not 80 or 443\\) that forwards to it, in the GUI"},
		{"tools/zcli", "a Custom access per project token reaches no project until one is added: project list shows those or nothing", "reaches only the projects listed in it \\(none until one is added: `zcli project list` then shows those alone, or nothing\\)"},
		{"troubleshooting/ssh-vpn-errors", "a timeout over the VPN on an app port, like on SSH, points at a conflicting VPN: --mtu 1350", "the same timeout from `curl` or a client on an app's port \\(8080, 5432\\), or a session that freezes on large output: another VPN or network conflicts with the tunnel"},
	})
}
