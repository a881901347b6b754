package knowledge

import "testing"

// TestFacts_TunedMisses8384 keeps the facts written for batches 83-84
// (kbtune23a): what the section an agent is shown now states.
func TestFacts_TunedMisses8384(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"platform/scaling", "the cpuMode row of zerops_manage scale says what SHARED and DEDICATED mean and cost", "`SHARED` \\(a physical core shared with up to 10 other apps, so its power varies with theirs; \\$0\\.60 per core per 30 days\\) / `DEDICATED` \\(whole cores of its own; \\$6\\.00 per core\\)"},
		{"platform/pricing", "builds are billed by build hours: 15 a month on Lightweight, 150 on Serious, then $0.50 per 15 hours", "builds draw on the plan's build hours: 15 a month on Lightweight, 150 on Serious; time beyond them costs \\$0\\.50 per 15 hours"},
		{"config/zerops-yml-env-variables", "NODE_ENV: production in build.envVariables drops devDependencies: set it in run.envVariables only", "`NODE_ENV: production` in `build\\.envVariables`\\*\\*: `npm ci`, yarn and pnpm then leave out `devDependencies`.{0,80}Set it in `run\\.envVariables` only"},
		{"troubleshooting/runtime-crashes", "status 127 for the interpreter itself: run.base lacks it, set run.base to the app's language", "the language's interpreter itself: `run\\.base` lacks it \\(a `static` or `alpine` base under a start that calls it\\); set `run\\.base` to the app's language and version"},
		{"troubleshooting/runtime-crashes", "a crashed app is started again with zerops_manage action=restart; a code error returns until a fix is deployed", "To start it again by hand: `zerops_manage action=restart serviceHostname=<service>` \\(the same version; an error in the code comes back until a fixed version is deployed\\)"},
		{"troubleshooting/build-failures", "npm's code ENOMEM in the build is the build running out of memory", "npm's `code ENOMEM` \\(no memory left to start a process\\), a bare `Killed`"},
		{"config/zerops-yml-health-checks", "a deploy failed after 5 minutes of checks is the no-answer case: nothing answers on that port", "a restart loop, a deploy that failed after 5 minutes of checks\\): nothing answers on that port"},
		{"services/postgresql", "an HA failover ends open connections: pool with a check before use (pool_pre_ping) and retry", "though a failover ends open connections: pool with a check before use, `pool_pre_ping=True`, and retry"},
		{"troubleshooting/build-failures", "what the build makes reaches the runtime only through deployFiles, landing in /var/www", "What the build makes stays in the build container unless `build\\.deployFiles` lists it; the listed files land in `/var/www` of the runtime"},
		{"config/zerops-yml-health-checks", "a check with no answer: the app crashed at start, its exit code in zerops_logs says why", "The app crashed at start \\(the exit code in `zerops_logs` says why: \\[runtime crashes\\]"},
	})
}
