package knowledge

import "testing"

// TestFacts_TunedMisses6970 keeps the facts written for batches 69 and 70
// (kbtune16): what the section an agent is shown now states.
func TestFacts_TunedMisses6970(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"troubleshooting/nats-kafka-errors", "RabbitMQ ACCESS_REFUSED: the broker rejected the credentials; read the generated ones with zerops_discover", "(?s)## RabbitMQ: `ACCESS_REFUSED`\\n.*the broker rejected the user and password the client sent.*list what the service generated with `zerops_discover includeEnvs=true`"},
		{"platform/projects-and-services", "Naming conventions states the hostname rule next to the rejected examples", "(?s)## Naming conventions that work\\n.*rejected with `serviceStackNameInvalid`.*a lowercase letter first, then lowercase letters and digits only, at most 25 characters"},
		{"platform/containers-and-ssh", "SSH from a laptop: zcli vpn up then ssh <hostname>; zcli service shell named by a quickstart; web terminal without VPN", "`zcli vpn up` first \\(the `docker exec -it` shell\\), then `ssh <hostname>`.*`zcli service shell <service>`.*the web terminal on the service's page"},
		{"troubleshooting/build-failures", "compile-error: Cannot find module 'typescript' in a build is a skipped devDependency (NODE_ENV production in the build)", "(?s)## compile-error\\n.*`Cannot find module 'typescript'`.*while building: a dev dependency the build needs was not installed\\. `NODE_ENV: production` in `build\\.envVariables` makes `npm ci`, yarn and pnpm skip `devDependencies`"},
		{"services/object-storage", "import.yml opens with how a bucket is created: import an object storage service", "(?s)## import.yml\\nA bucket is created by importing an object storage service \\(`zerops_import`\\); it gets one bucket of its own:\\n```yaml"},
		{"services/postgresql", "import.yml opens with how a database is added: a service with type postgresql:single@18, no project block for an existing project", "(?s)## import.yml\\nA PostgreSQL database is added to a project by importing a service with `hostname: db` and `type: postgresql:single@18`.*into an existing project, leave out the `project:` block"},
		{"services/postgresql", "Generated env variables: where to read a value, GUI Peek access details; zerops_discover masks sensitive values", "(?s)## Generated env variables\\n.*The values \\(the password too\\): GUI, service detail, \\*\\*Peek access details\\*\\*; `zerops_discover includeEnvs=true` masks the sensitive ones"},
		{"platform/projects-and-services", "Adding services: service-import adds to this project; project-import makes a new project from a file with a project block", "(?s)## Adding services to an existing project\\n.*`zcli project service-import <file>`.*Its counterpart `zcli project project-import <file>` \\(the subcommand is `project-import`\\) takes a file with a `project:` block and creates a new project"},
		{"platform/projects-and-services", "core package vs a database's HA: LIGHT's single core container; HA per service, legacy mode: HA still accepted", "(?s)## Project\\n.*The package is the project core's \\(balancer and proxy: one container under LIGHT\\); a database's HA is its own \\(`postgresql:ha@18`, or `postgresql@16` with the legacy `mode: HA`, still accepted\\)"},
		{"config/zerops-yml-env-variables", "a service secret is not in the build; forward it with the RUNTIME_ prefix", "(?s)## Where else variables come from\\n.*\\*\\*Secrets\\*\\* set on the service.*The build does not see it: forward it with `build\\.envVariables: KEY: \\$\\{RUNTIME_KEY\\}`"},
	})
}
