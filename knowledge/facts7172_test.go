package knowledge

import "testing"

// TestFacts_TunedMisses7172 keeps the facts written for batches 71/72
// (kbtune17): what the section an agent is shown now states.
func TestFacts_TunedMisses7172(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"config/zerops-yml-ports", "a process that answers no requests leaves ports out and needs only run.start", "A process that answers no requests leaves `ports` out; its setup needs only `run\\.start`"},
		{"config/zerops-yml-crontab", "a job that never runs: the deploy, the quoted five-field timing, the runtime log", "A job that never seems to run: check that the deploy carrying the entry has finished \\(not just a restart\\), that `timing` is quoted with five fields, and the runtime log"},
		{"platform/containers-and-ssh", "a package the build needs goes in build.prepareCommands, apt-get there with os: ubuntu", "A package the build needs goes in `build\\.prepareCommands` instead; `apt-get` there needs `os: ubuntu` in `build`"},
		{"tools/zcli", "unauthorized on a push: the token is no longer valid", "`unauthorized` on a push: the token is no longer valid \\(see Log in\\)"},
		{"tools/mailpit", "production mail goes to a real provider such as SendGrid, Mailgun, SES or Postmark on 587", "a real provider \\(Zerops runs no mail server; SendGrid, Mailgun, Amazon SES or Postmark, for example\\) on port 587"},
	})
}
