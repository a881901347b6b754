package knowledge

import "testing"

// TestFacts_TunedMisses9192 keeps the facts written for batches 91-92
// (kbtune26a): what the section an agent is shown now states.
func TestFacts_TunedMisses9192(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"config/zerops-yml-env-variables", "a value changed without a deploy: a service variable set with zerops_env and restart=true", "To change a value without a deploy, make it a service variable instead: `zerops_env action=set serviceHostname=<service> variables=<KEY=value> restart=true` sets it and restarts the service"},
		{"operations/logs", "deployed, never starts, no log line: start ended at once or put the server in the background", "Deployed, never starts, no line at all: `start` ended at once \\(a one-off step, or it put the server in the background: `pm2 start`"},
		{"runtimes/nodejs", "a first Node.js deploy: zerops_import the service, zerops.yml in the repository root, then zerops_deploy (or zcli push)", "A first deploy takes three steps: create the service with the import\\.yml below \\(`zerops_import`\\), put the zerops\\.yml below in the root of the repository, then deploy the code with `zerops_deploy`"},
		{"networking/private-network", "nothing from outside gets into the private network: a port answers the project's services and the VPN until public access is given", "Nothing from outside gets in: a port answers the project's own services \\(and a laptop on `zcli vpn up`\\) and no one else until the service is given public access"},
		{"runtimes/go", "go: command not found in the build: Go is not installed in the build base, set build.base: go@1", "`go: command not found` \\(`sh: go: not found`\\) in the build: Go is not installed in the build base, because `build\\.base` names another runtime or a bare OS image: set `build\\.base: go@1`"},
		{"config/zerops-yml-cache", "which prepare command failed: run.prepareCommands in the prepare runtime log (GUI), build.prepareCommands in the build log", "Which command failed: a failing `run\\.prepareCommands` ends the version `PREPARING_RUNTIME_FAILED` \\(the running version keeps serving\\), and the command with its output is in the prepare runtime log"},
		{"pitfalls/build-vs-run-containers", "which prepare step failed: BUILD_FAILED is the build, PREPARING_RUNTIME_FAILED is run.prepareCommands", "Which one failed: `BUILD_FAILED` is the build, its command in the build log; `PREPARING_RUNTIME_FAILED` is `run\\.prepareCommands`, its output in the prepare runtime log"},
		{"services/valkey", "a connection timeout to the cache: it is stopped, starting or failed, or the laptop VPN is down", "A connection timeout from the app, not a refusal: the hostname resolved but nothing answered\\. The cache is stopped, starting or failed"},
	})
}
