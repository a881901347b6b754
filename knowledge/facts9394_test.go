package knowledge

import "testing"

// TestFacts_TunedMisses9394 keeps the facts written for the judged misses of
// batches 93-94 and older leftovers (kbtune26b): what the section an agent is
// shown now states.
func TestFacts_TunedMisses9394(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"operations/deploy-with-zcli", "zerops_deploy runs a plain zcli push: nothing to commit, a git repository, uncommitted and untracked files sent", "runs a plain `zcli push`: no commit needed, uncommitted and untracked files go, git-ignored ones do not \\(the dir must be a git repository\\)"},
		{"operations/deploy-with-zcli", "a public repository with no local clone: import the runtime with buildFromGit, built once after creation", "A public repository, not cloned locally: import the runtime with `buildFromGit: <URL>`; Zerops builds it once after creation"},
		{"operations/rollback-metrics-export", "disk: maxDisk only grows, allocated disk never shrinks even once less is used", "disk: `maxDisk`, which only grows: allocated disk never shrinks, even once less is used"},
		{"platform/ha-vs-single", "no change of mode after creation: single cannot become HA later, nor back", "\\*\\*The choice is fixed at creation\\.\\*\\* No change of mode afterwards: a service created single cannot be switched to HA later"},
		{"env/cross-service-references", "a reference may name a service the same import creates; priority creates the target first", "Both in one import: a reference may name a target the same import creates, as nothing resolves before a container starts; give it the higher `priority`"},
		{"env/precedence", "variable keys take letters of either case, digits and underscores, no digit first", "Keys match `\\[a-zA-Z_\\]\\[a-zA-Z0-9_\\]\\*`: letters of either case, digits and underscores, no digit first \\(`api_key` is valid\\)"},
		{"env/precedence", "a key absent from printenv was never declared: nothing injected from other services, reference it", "A key absent from `printenv` \\(`DB_PASSWORD`\\) was never declared for this service: nothing is injected from other services, so reference it \\(`DB_PASSWORD: \\$\\{db_password\\}` in `run\\.envVariables`"},
		{"services/object-storage", "boto3 NoCredentialsError: boto3 reads AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, not S3_* names", "boto3 `NoCredentialsError: Unable to locate credentials`: boto3 reads `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`, not `S3_\\*` names; pass the keys to the client"},
		{"runtimes/elixir", "the release needs the same libc at build and run: the official recipe runs it on alpine@latest, not necessarily run.base = build's", "build and run on the same libc\\. The official recipe builds on `elixir@1\\.16` \\(Alpine\\) and runs the release on a plain `alpine@latest` base"},
	})
}
