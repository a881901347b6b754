package knowledge

import "testing"

// TestFacts_TunedMisses9598b keeps the facts written for the judged misses of
// batches 83-94 answered by kbtune27b: what the section an agent is shown now
// states.
func TestFacts_TunedMisses9598b(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"troubleshooting/resources-limits", "gunicorn WORKER TIMEOUT is a time limit (--timeout, 30 s default), not memory", "Gunicorn.s `WORKER TIMEOUT` is not memory: a request outlasted gunicorn.s `--timeout` \\(30 s by default\\)"},
		{"troubleshooting/build-failures", "npm ENOTFOUND registry.npmjs.org in the build is no missing package: public registries are reachable, run the build again", "The registry's own name not resolving \\(npm `getaddrinfo ENOTFOUND registry\\.npmjs\\.org`\\) is no missing package: the build container reaches public registries over HTTPS, so run the build again"},
		{"troubleshooting/nats-kafka-errors", "a refused localhost:5672: the broker is its own service, connect to its hostname with its generated credentials", "A refused connection to `localhost:5672` \\(a client's default `amqp://guest:guest@localhost:5672`\\): the broker runs in its own service, not in the app's container\\. Connect to the broker's hostname"},
		{"config/import-yml-services", "no service-level envVariables: each setup carries its own run/build envVariables, the one zeropsSetup picks brings them", "Variables per setup live in zerops\\.yml: each `setup` has its own `run\\.envVariables` \\(and `build\\.envVariables`\\), so the setup `zeropsSetup` picks brings its own"},
		{"runtimes/nodejs", "a listed version refused as not supported: check with zerops_validate against the live catalog; listed as written means a stale list", "A listed version refused as not supported: check the value with `zerops_validate` against the live catalog; if it lists it as written, the list read before is stale"},
		{"decisions/choose-runtime-base", "buildCommands run once per deploy in the build container; initCommands at every container start in /var/www", "So `build\\.buildCommands` run once per deploy, in the build container \\(install, compile\\); `run\\.initCommands` run in `/var/www` at every container start"},
		{"decisions/choose-queue", "PHP has no run base php@X: Laravel drains its queue inside the web service from run.crontab with queue:work --stop-when-empty --max-time=50", "PHP differs: `php@8\\.4` is a build base only, so Laravel drains its queue inside the web service, from `run\\.crontab` each minute: `php artisan queue:work --stop-when-empty --max-time=50`"},
		{"operations/ci-cd", "a git push alone builds nothing: the repository trigger or a CI with zcli push must be set up", "A git push alone builds nothing on Zerops: one of two ways must be set up to deploy on every push"},
		{"troubleshooting/slow-deploys", "readinessCheck failureTimeout and retryPeriod are seconds with no documented default: set them explicitly", "Both are seconds, and the docs give neither a default: set them explicitly"},
	})
}
