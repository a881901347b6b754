package knowledge

import "testing"

// TestFacts_Kbtune38 keeps the facts written for held-apart misses of
// batches 107–110 (kbtune38): what the section an agent is shown states.
func TestFacts_Kbtune38(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"platform/scaling", "scaling is set at import or on a running service, not in zerops.yml", "zerops\\.yml has no scaling settings\\. At import, use `verticalAutoscaling`"},
		{"pitfalls/build-vs-run-containers", "a build failing on a missing required variable: forward it with RUNTIME_", "A build that fails with `Missing required environment variable`.{0,160}forward it the same way"},
		{"config/import-yml-preprocessor", "generateRandomString: length 1–1024, letters, digits and _ - .", "random string of the given length \\(1–1024\\), its characters letters, digits, `_`, `-` and `\\.`"},
		{"platform/scaling", "a raised RAM range stays permanently", "a raised floor and ceiling in GB that stay permanently"},
	})
}
