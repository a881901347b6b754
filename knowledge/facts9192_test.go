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
	})
}
