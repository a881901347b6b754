package knowledge

import "testing"

// TestFacts_Frameworks9b keeps the facts kbgaps9b added from the official
// recipes (Directus, Strapi, Payload, Medusa, WordPress) and for the open
// misses on workers after a deploy and the app's own debug flag: what the
// section an agent lands on now states.
func TestFacts_Frameworks9b(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"frameworks/laravel", "a deploy replaces worker processes: no queue:restart or horizon:terminate", "nothing to restart.{0,300}`php artisan queue:restart` or `horizon:terminate` has no job to do"},
		{"frameworks/laravel", "Horizon under php-nginx is not documented: warn, try on dev", "whether a `startCommands` entry for `php artisan horizon` is accepted there is not stated"},
		{"frameworks/laravel", "Octane: no recipe, no documented way on php-nginx", "Laravel Octane: no official recipe uses it.{0,300}describe no way to run that on `php-nginx`"},
		{"pitfalls/unsupported-services", "a CMS with a MongoDB adapter switches to its PostgreSQL one", "Payload CMS, Strapi 3\\): switch it to its PostgreSQL adapter"},
		{"operations/debug-mode", "the platform's debug mode is not the app's APP_DEBUG", "Not the app's own debug mode: Laravel's `APP_DEBUG`"},
		{"operations/backups", "backups cover databases among managed services", "backs up databases and the other managed services"},
		{"frameworks/cms", "Directus listens on 8055 and bootstraps once", "(?s)listening on \\*\\*8055\\*\\*.{0,900}zsc execOnce bootstrap -- directus bootstrap"},
		{"frameworks/cms", "Directus storage in object storage with path-style", "STORAGE_S3_FORCE_PATH_STYLE: true"},
		{"frameworks/cms", "Strapi builds its admin panel in the build and listens on 1337", "compiles the \\*\\*admin panel\\*\\*.{0,500}`0\\.0\\.0\\.0:1337`"},
		{"frameworks/cms", "Payload's build reads runtime values with the RUNTIME_ prefix", "PAYLOAD_SECRET: \\$\\{RUNTIME_PAYLOAD_SECRET\\}"},
		{"frameworks/cms", "Payload migrates in the build: schema changes even if the deploy fails", "migrates in the \\*\\*build\\*\\*.{0,200}schema changes even when the deploy that follows fails"},
		{"frameworks/cms", "Medusa migrates per release, seeds once", "zsc execOnce \\$\\{appVersionId\\}_migration -- yarn migrate"},
		{"frameworks/cms", "Medusa health on 9000 /health", "port \\*\\*9000\\*\\*.{0,300}path `/health`"},
		{"frameworks/cms", "Medusa's workerMode splits server and jobs", "`workerMode` \\(`shared`, `server`, `worker`\\)"},
		{"decisions/choose-runtime-base", "recipe-wordpress: s3-uploads plugin, wp-cli, execOnce initialize", "`humanmade/s3-uploads` plugin.{0,200}`wp-cli` installed in `run\\.prepareCommands`"},
	})
}
