package knowledge

import "testing"

// TestFacts_TunedMisses5354 keeps the facts written for batches 53/54
// (kbtune9): what the section an agent is shown now states.
func TestFacts_TunedMisses5354(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"config/zerops-yml-build", "deployFiles ./ ships the whole working tree; a list only its paths", "A list \\(`dist`, `node_modules`, `package.json`\\) deploys only those paths and nothing else"},
		{"pitfalls/build-vs-run-containers", "./ packs all of /build/source; a list just those paths", "`\\./` packs all of `/build/source`"},
		{"services/kafka", "topic auto-creation is not documented: create topics with the admin client", "do not rely on it: create each topic from the app at start, or once by hand, with the admin client"},
		{"troubleshooting/networking-ports", "refused broker: ACTIVE, address from references, Kafka also SASL", "Check with `zerops_discover` that the broker service is `ACTIVE`, not stopped or starting"},
		{"troubleshooting/dependency-install", "npm ci installs devDependencies unless NODE_ENV=production in the build", "install `devDependencies` too .*unless `NODE_ENV: production` sits in `build\\.envVariables`"},
		{"troubleshooting/ruby-elixir-dotnet-deno-build-errors", "no SCM for a hex dependency: install Hex first", "`\\*\\* \\(Mix\\) Could not find an SCM for dependency :phoenix`"},
		{"runtimes/java", "old Gradle cannot parse the JDK version: upgrade the wrapper", "Gradle's `Could not determine java version from '21\\.0\\.2'` .*upgrade the wrapper"},
		{"runtimes/java", "./gradlew: Permission denied: mark the wrapper executable in git", "`\\./gradlew: Permission denied` in the build log is this"},
		{"troubleshooting/build-failures", "Poetry's missing pyproject.toml: the command ran in the wrong directory", "Poetry's missing `pyproject\\.toml`: the command ran where the project is not"},
		{"platform/projects-and-services", "a second app in another language is one more runtime service with its own setup", "A second app, in the same language or another one, is one more runtime service of its own type"},
		{"config/import-yml-secrets", "zcli sets secrets only when it creates the service; zerops_env for existing ones", "zcli has no command that sets or changes a secret of an existing service"},
		{"config/zerops-yml-health-checks", "a worker on no port fails httpGet: exec check or none", "A background worker\\*\\* \\(queue consumer, bot\\) that listens on no port fails any `httpGet` check"},
		{"services/postgresql", "a web UI for postgres: the Adminer recipe, opened over the VPN, server db", "the Adminer recipe, added by import as a `php-apache@8\\.5` service with `buildFromGit: https://github\\.com/zeropsio/recipe-adminer`"},
	})
}
