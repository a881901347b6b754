package knowledge

import "testing"

// TestFacts_TunedMisses9596 keeps the facts written for the judged misses of
// batches 95-96 answered by kbtune28a: what the section an agent is shown now
// states.
func TestFacts_TunedMisses9596(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"troubleshooting/build-failures", "pnpm: command not found in the build: the tool is missing from the build base, npm i -g pnpm in build.prepareCommands", "`/bin/sh: pnpm: command not found`, `bash: yarn: command not found`\\) means the tool is not installed in the build base: install it in `build\\.prepareCommands` \\(`npm i -g pnpm`\\)"},
		{"decisions/choose-runtime-base", "build.base and run.base can differ; run.base is optional and, left out, the service keeps the version it runs", "`build\\.base` and `run\\.base` can differ, as the table shows.*`run\\.base` is optional: left out, the service keeps the version it runs now"},
		{"decisions/choose-queue", "a worker needs start but no ports: run.ports is optional, a service with no HTTP port is allowed", "A worker needs `start` but no `ports` and no subdomain: `run\\.ports` is optional, so a service with no HTTP port is allowed"},
	})
}
