package knowledge

import "testing"

// TestFacts_TunedMisses4950 keeps the facts written for batches 49/50
// (kbtune7): what the section an agent is shown now states.
func TestFacts_TunedMisses4950(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"platform/scaling", "more CPU cores: raise maxCpu with zerops_manage, no redeploy", "raise `maxCpu` \\(whole cores: `zerops_manage action=scale serviceHostname=app maxCpu=4`, no redeploy\\)"},
		{"platform/scaling", "OOM is no service status: the service stays ACTIVE, the container restarts", "\"OOM\" is no service status: the service stays `ACTIVE` and the killed container restarts"},
		{"platform/pricing", "no trial credit is documented; the Lightweight core is free, resources are not", "Lightweight core is free, its services' resources are not; the docs name no trial credit"},
		{"platform/pricing", "billed: each container's CPU, RAM and disk per minute; the build container is free", "Billed: each container's CPU, RAM and disk per minute, not requests; the build container is free"},
		{"platform/pricing", "a Node.js runtime and a single PostgreSQL at 1 CPU/1 GB/5 GB: $8.20", "a Node\\.js runtime plus a single PostgreSQL, each at that size: 2 × \\$4\\.10 = \\$8\\.20 per 30 days"},
		{"platform/pricing", "build time draws on the plan's build hours, then $0.50 per 15 hours", "builds draw on the plan's included build hours \\(table above\\), not on the build container's CPU and RAM; beyond them, \\$0\\.50 per 15 hours"},
	})
}
