package knowledge

import "testing"

// TestFacts_TunedMisses9598a keeps the facts written for judged misses of
// batches 86-94 (kbtune27a): the split of the dev and stage pattern into the
// pattern and the daily work in the dev container, and what the page an
// agent lands on now states.
func TestFacts_TunedMisses9598a(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"operations/dev-container-workflow", "no mount of a container's filesystem on your machine: edit over SSH, remote-SSH editors through zcli vpn up", "(?s)`zcli vpn up <project-id>`, then `ssh appdev`; an editor's remote-SSH mode \\(VS Code Remote SSH.{0,200}Zerops does not mount a container's filesystem on your machine"},
		{"operations/dev-container-workflow", "hot reload is the dev script's watch mode on files saved in the container, run detached with nohup", "(?s)nohup npm run dev.{0,600}Hot reload is the dev script's own watch mode.{0,120}a file saved in `/var/www` is in the same container"},
		{"operations/dev-container-workflow", "SSH from one service into another is refused under the default sshIsolation vpn; vpn project allows it", "SSH from `appdev` into `appstage` is refused unless the project variable `sshIsolation` allows it: the default `vpn` lets VPN users in but no service into another"},
		{"operations/dev-container-workflow", "stage database into dev: pg_dump -Fc from one, pg_restore --clean --no-owner into the other, over the VPN", "(?s)copy stage into dev from your machine over `zcli vpn up <project-id>`.{0,200}pg_dump -Fc -d \"<dbstage connection string>\".{0,60}pg_restore --clean --no-owner -d \"<db connection string>\""},
		{"operations/dev-stage-pattern", "a secret of one service is not seen by the others: zerops_env on appstage only", "A value for one service only: a secret of that service, `zerops_env action=set serviceHostname=appstage"},
		{"operations/dev-stage-pattern", "the loop names how appdev reaches appstage: HTTP by hostname, SSH with sshIsolation vpn project", "`http://appstage:3000` answers, and SSH into `appstage` needs the project's `sshIsolation` at `vpn project`"},
		{"operations/dev-stage-pattern", "links the dev container's daily work both ways", "\\(zerops://docs/operations/dev-container-workflow\\)"},
		{"operations/dev-container-workflow", "links back to the pattern", "\\(zerops://docs/operations/dev-stage-pattern\\)"},
		{"operations/apply-env-changes", "a secret set in the GUI reaches the running app only with a restart; a reload does not help; a new SSH session's printenv may already show the new value", "(?s)set or deleted in the GUI's \\*\\*Environment variables\\*\\*.{0,80}\\| restart of that service.{0,900}the running app keeps the environment it started with, and a reload of the web server or PHP-FPM does not help.{0,120}`printenv` in a new SSH session can show the new value while the app still runs with the old one"},
		{"services/valkey", "an app run locally reaches the cache over zcli vpn up with values in a local .env: references resolve only inside Zerops", "An app run locally, on your own machine, against this cache and the project's database: `zcli vpn up <project-id>`.{0,160}the `\\$\\{…\\}` references are resolved only inside Zerops"},
	})
}

// TestDocs_DevPagesShownWhole keeps the two dev pages and the 502 checklist
// under the size from which a search shows sections instead of the whole
// page: one line more on the dev and stage pattern once switched it to
// sections and cost seven tuned answers; one more on the 502 checklist
// left its first step (bind to 0.0.0.0) out of thirty-odd 502 answers.
func TestDocs_DevPagesShownWhole(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"zerops://docs/operations/dev-stage-pattern": true, "zerops://docs/operations/dev-container-workflow": true,
		"zerops://docs/operations/troubleshoot-502": true}
	for _, d := range docs {
		if want[d.URI] {
			delete(want, d.URI)
			if len(d.Content) >= wholeDocBelow {
				t.Errorf("%s is %d bytes, shown by sections from %d: move a part to another page", d.URI, len(d.Content), wholeDocBelow)
			}
		}
	}
	for uri := range want {
		t.Errorf("%s: missing", uri)
	}
}
