package knowledge

import "testing"

// TestFacts_TunedMisses5152 keeps the facts written for batches 51/52
// (kbtune8): what the section an agent is shown now states.
func TestFacts_TunedMisses5152(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"tools/zcli", "no project chosen: --project-id or zcli scope project <id>", "pass `--project-id`, or pick a default once with `zcli scope project <id>`"},
		{"tools/zcli", "--version-name labels the app version, e.g. the commit SHA", "`--version-name <name>` \\(a label for the app version it creates, e.g\\. the commit it was built from: `--version-name \"\\$GITHUB_SHA\"`"},
		{"operations/ci-cd", "CI: the token comes as an env variable, zcli login \"$ZEROPS_TOKEN\"", "the job gets it as an environment variable and logs in with `zcli login \"\\$ZEROPS_TOKEN\"`"},
		{"operations/deploy-with-zcli", "unknown flag --serviceName: flags are kebab-case, --service-id", "flags are kebab-case and no flag takes a service's name; pass `--service-id <id>`"},
		{"troubleshooting/runtime-crashes", "duplicate key on the migrations table: every container migrates, use execOnce", "a `duplicate key value violates unique constraint` on the migrations table, e.g\\. `schema_migrations_pkey`"},
		{"services/postgresql", "HA replicas on 5433 come with postgresql:ha@18", "read-only replicas, HA only \\(a service created as `postgresql:ha@18`: a primary and two standbys\\)"},
		{"services/postgresql", "psql timeout expired from a laptop: the VPN is down, or the database is not ACTIVE", "`timeout expired` or `Connection timed out` from `psql` on your own machine to `db`"},
		{"services/postgresql", "a backup now: zcli backup create db; nightly by itself", "it backs the database up every night by itself, `zcli backup create db` takes one now"},
		{"env/precedence", "per-environment values: each service's own secrets, the key left out of zerops.yml", "each keeps its own secrets: the same key, `API_URL` or `STRIPE_KEY`, holds a different value on each"},
		{"config/zerops-yml-health-checks", "readinessCheck runs during a deploy only, healthCheck for the container's life", "`readinessCheck` \\| `deploy:` \\| during a deploy only"},
		{"troubleshooting/slow-deploys", "no documented number of builds at once; long WAITING_TO_BUILD: ask support", "The Zerops docs give no number for builds running at once across services or projects"},
		{"config/zerops-yml-deploy", "several containers roll out in parallel, not one at a time", "Not one at a time: as many new containers as are running go through these steps in parallel"},
		{"platform/ha-vs-single", "a deploy keeps minContainers serving until the new ones are ready", "so a service at `minContainers: 2` never drops below two during a release"},
		{"troubleshooting/database-connections", "pg_hba SSL off: a plaintext login where TLS is required, sslmode=require", "`no pg_hba\\.conf entry for host \\.\\.\\., SSL off` \\(or `no encryption`\\) is that second case"},
		{"config/zerops-yml-cache", "old runtime image after a prepareCommands change: check what zerops.yml was pushed", "When a new push still uses the old image, check that the zerops\\.yml Zerops received holds the change"},
		{"env/project-variables", "who sees variables: project members; read-only sees sensitive ones as REDACTED", "With read-only access, sensitive ones \\(generated passwords, connection strings, flagged secrets\\) are masked as `REDACTED`"},
		{"platform/projects-and-services", "a deleted database's backups stay 7 more days", "Its backups are kept 7 more days, the only way back after a mistake"},
		{"operations/zsc", "a failing migration fails the deploy; the previous version keeps serving", "A failing migration fails the deploy, and the previous version keeps serving"},
	})
}
