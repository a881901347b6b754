package knowledge

import "testing"

// TestFacts_TunedMisses7374 keeps the facts written for batches 73/74
// (kbtune18a): what the section an agent is shown now states.
func TestFacts_TunedMisses7374(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"troubleshooting/build-failures", "npm: not found at start after a build that passed: run.base lacks Node.js", "After a build that passed, `npm: not found` at start means `run\\.base` lacks Node\\.js"},
		{"config/import-yml-structure", "after the import the runtimes wait for code: zerops_deploy each", "6\\. Then `zerops_deploy` code to each runtime\\."},
		{"platform/ha-vs-single", "HA bills each container: about three times single at the same size", "HA bills each of its containers, three for most services, so about three times the single version at the same size"},
		{"config/import-yml-services", "a zeropsSetup the zerops.yml does not hold fails the import", "a name that the zerops\\.yml \\(repository root, or `zeropsYaml`\\) does not hold fails the import"},
		{"troubleshooting/build-failures", "apk: command not found means the Ubuntu OS, where apt-get installs", "On `os: ubuntu`, use `apt-get install -y` with Ubuntu names \\(`E: Unable to locate package`\\); `apk: command not found` means that OS\\."},
		{"troubleshooting/build-failures", "did not find expected key: a line indented unlike its neighbours or an open quote or bracket", "`did not find expected key` is a line indented unlike its neighbours or a quote or bracket left open at or above it"},
		{"config/zerops-yml-build", "buildCommands output reaches the runtime only through the required deployFiles", "its output reaches the runtime only through `deployFiles`, required beside it"},
		{"services/postgresql", "a full disk refuses writes until maxDisk is raised", "serviceHostname=db maxDisk=<GB above the maximum in force>`.{0,200}Until then writes are refused\\."},
		{"frameworks/laravel", "from scratch: import the services first, as the recipes do", "## import\\.yml\\nFrom scratch, as the official recipes do, import the services first:"},
		{"services/postgresql", "a deleted service's backups stay 7 more days; no undelete", "file per schema, kept 7 more days after the service is deleted \\(no undelete\\)"},
	})
}
