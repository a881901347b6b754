package knowledge

import "testing"

// TestFacts_TunedMisses5556 keeps the facts written for batches 55/56
// (kbtune10): what the section an agent is shown now states.
func TestFacts_TunedMisses5556(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"platform/containers-and-ssh", "from a laptop: zcli vpn up, then ssh <hostname> (the docker exec shell)", "From a laptop: `zcli vpn up` first \\(the `docker exec -it` shell\\)"},
		{"pitfalls/build-vs-run-containers", "a multi-stage Dockerfile maps onto build, deployFiles and run", "A multi-stage Dockerfile maps onto this: its first stage becomes the `build` section, `COPY --from` becomes `deployFiles`"},
		{"config/zerops-yml-build", "Dockerfile ARG values go in build.envVariables", "variables visible only during the build \\(where a Dockerfile's `ARG` / `--build-arg` values go\\)"},
		{"config/zerops-yml-run", "no sidecar containers: one more startCommands entry or a service", "No sidecar containers: a helper process is one more `startCommands` entry, or its own service"},
		{"operations/logs", "log files are not collected: log to stdout/stderr", "Log to stdout/stderr, an event a line; JSON is fine\\. Log files are not collected\\."},
		{"platform/scaling", "RAM range 0.125-48 GB, CPU whole cores 1-8", "`minRam`, `maxRam` \\| RAM range in GB, 0\\.125–48"},
		{"platform/overview", "k8s limits: RAM in GB from 0.125, CPU whole cores, no 500m", "CPU in whole cores, so no `500m`: one shared core is the least"},
		{"config/zerops-yml-health-checks", "readinessProbe is deploy.readinessCheck, livenessProbe run.healthCheck", "a `readinessProbe` becomes `deploy\\.readinessCheck` .*a `livenessProbe` becomes `run\\.healthCheck`"},
		{"troubleshooting/build-failures", "composer: not found is a build base without PHP; php bases carry composer", "`composer: not found` is the reverse, a build base without PHP \\(the `php` bases carry composer\\)"},
		{"services/object-storage", "uploads go to the bucket through an S3 client, not the container disk", "Storing uploads on the runtime container disk: lost on redeploy and not shared between containers\\. Have the app write them to the bucket"},
		{"runtimes/php", "a PHP version bump sets build.base and run.base, then a deploy", "Change \\(bump\\) the PHP version, e\\.g\\. from 8\\.4 to 8\\.5: set `build\\.base` \\(`php@8\\.5`\\) and `run\\.base` \\(`php-nginx@8\\.5`\\)"},
		{"frameworks/nextjs", "static export to SSR: a new nodejs service (type cannot change), npm start runs next start", "Moving to server rendering: drop `output: 'export'`, import a new `nodejs@22` service \\(a service's type cannot change\\)"},
		{"troubleshooting/runtime-crashes", "exec format error on a docker service: image built for another CPU architecture", "On a `docker` service the image's own entrypoint fails the same way .* when the image was built for another CPU architecture"},
		{"troubleshooting/valkey-errors", "an unresolved cache host is a hostname no service has: use ${cache_hostname}; VPN first on a laptop", "is a hostname no service of this project has: use `\\$\\{cache_hostname\\}`, the name exactly as created"},
		{"config/import-yml-structure", "a recipe's import file names the new project in its project block", "An official recipe's import file opens with such a block: its `name` is the new project's name"},
		{"services/valkey", "Laravel on Valkey also sets CACHE_STORE, SESSION_DRIVER, QUEUE_CONNECTION to redis", "Laravel adds `CACHE_STORE`, `SESSION_DRIVER` and `QUEUE_CONNECTION` set to `redis`"},
		{"troubleshooting/resources-limits", "RAM 0.125-48 GB in GB, CPU whole cores 1-8, no 500m", "RAM 0\\.125–48 GB, set in GB rather than `Mi`; CPU in whole cores 1–8, no fractions like `500m`"},
	})
}
