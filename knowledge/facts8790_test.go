package knowledge

import "testing"

// TestFacts_TunedMisses8790 keeps the facts written for batches 87-90
// (kbtune24): what the section an agent is shown now states.
func TestFacts_TunedMisses8790(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertGone(t, all, []goneFact{
		// zerops.yml ports take 80 and 443 (the adminerevo recipe declares port 80); only a direct public port may not.
		{"run.ports takes 80 and 443; only a direct public port cannot", "(?i)`run\\.ports` takes[^\\n]{0,40}not 80 or 443"},
	})
	assertKept(t, all, []keptFact{
		{"troubleshooting/networking-ports", "run.ports takes 10-65435 with 80 and 443, only a direct public port cannot be 80 or 443", "`run\\.ports` takes any port from 10 to 65435, 80 and 443 included \\(only a direct public port cannot be 80 or 443"},
		{"runtimes/alpine", "a glibc binary on musl also fails with Error relocating ...: symbol not found", "or, when musl's loader gets as far as linking them, with `Error relocating \\./server: <name>: symbol not found` for a function only glibc has"},
		{"platform/pricing", "stopping every charge of a project: delete the project (GUI or zcli project delete), its services go with it", "A whole project no longer needed: delete the project, in the GUI or with `zcli project delete <project-id> --confirm`\\. That removes all its services and their data, so none of them is billed after it"},
		{"platform/gui-account-api", "Insufficient credit to start the process: the prepaid credit is used up, the user tops it up in the GUI", "`Insufficient credit to start the process` means the prepaid credit is used up: the user tops it up in the GUI \\(Organization, \\*\\*Credit & Spend Overview\\*\\*, \\*\\*Top up credit\\*\\*, at least \\$10\\)"},
		{"operations/import-existing-data", "a project is not moved between projects or regions: a new project, its services, then the data loaded", "\\*\\*Into another Zerops project or region\\*\\*: the docs describe no move of a running project and no region setting; create the new one with its services and load the data as below"},
		{"networking/public-access", "www to the apex (or back) has a section of its own: both names in the routing, a 301 Redirect URL on the balancer location", "(?s)## Redirect www to the apex domain \\(or back\\)\n\\*\\*www to the apex domain\\*\\* \\(or back\\), the site working on both names: add both domains to the same routing.{0,200}set Redirect URL `https://example\\.com`, code `301`"},
		{"platform/service-statuses", "an unrequested serviceStackStop: GUI, zcli stop from a script or CI schedule, or a token via the API; events name no one; spending limit stops nothing", "A stop nobody asked for \\(`serviceStackStop` finished in `zerops_events`\\) came through one of these ways: a team member in the GUI, `zcli service stop` from a script or a scheduled CI job, or any token through the API"},
		{"pitfalls/unsupported-services", "keeping an AMQP client means rabbitmq@3.9, whose variables and ports are undocumented: read them with zerops_discover", "Keeping the AMQP client means `rabbitmq@3\\.9`, whose variables \\(an AMQP URL or not\\) and ports are not documented: read them with `zerops_discover includeEnvs=true`"},
		{"services/postgresql", "single or HA, the app code does not change: same generated variables; HA adds replicas on 5433 and survives a node failure", "The app code does not change between modes: both give the same generated variables; HA adds read-only replicas on 5433 and keeps serving when a node fails"},
		{"troubleshooting/resources-limits", "JVM heap: MaxRAMPercentage follows the container's RAM, a fixed -Xmx does not", "the JVM's heap \\(`JAVA_TOOL_OPTIONS: -XX:MaxRAMPercentage=75` follows the container's RAM as it scales; a fixed `-Xmx` does not"},
		{"config/import-yml-scaling", "killed for memory at maxRam: autoscaling stops at the maximum, raise maxRam or use less", "Still killed for memory with RAM at `maxRam`: autoscaling stops at the maximum, so raise `maxRam` or make the app use less"},
	})
}
